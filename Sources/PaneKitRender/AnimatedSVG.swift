// Frames as one SVG that plays in a browser: a group per run of identical frames, shown in turn by SMIL, looping.

import PaneKit

/// One SVG file that plays the frames at their frame rate and loops (SMIL `animate` of `visibility`).
///
/// Consecutive frames whose nodes are equal share one group, so a scenario that rests for a second costs one
/// group, not sixty. Viewers without SMIL (rsvg-convert) show the first frame.
public struct AnimatedSVG: Sendable {
    /// The animated SVG writer; it has no options.
    public init() {}

    /// - Parameters:
    ///   - frames: the frames in order, one every 1/fps seconds.
    ///   - fps: the frame rate (> 0).
    ///   - title: the document's title.
    /// - Complexity: O(frames × nodes); one buffer.
    public func render(_ frames: [Frame], fps: Double, title: String) -> String {
        let size = frames.first?.size ?? Size(width: 375, height: 667)
        var runs: [(start: Int, end: Int)] = []
        for (i, frame) in frames.enumerated() {
            if let last = runs.last, frames[last.start].nodes == frame.nodes {
                runs[runs.count - 1].end = i + 1
            } else {
                runs.append((i, i + 1))
            }
        }
        let count = Double(frames.count)
        var out = TextBuffer(capacity: 1024 + runs.count * 2000)
        SVGRenderer.appendHeader(width: size.width, height: size.height, to: &out)
        out.append("<title>")
        out.append(xml: title)
        out.append("</title>\n")
        SVGRenderer.appendDefinitions(blurs: SVGRenderer.blurRadii(frames), size: size, to: &out)
        SVGRenderer.appendBackground(Rect(origin: .zero, size: size), to: &out)
        let renderer = SVGRenderer()
        for (r, run) in runs.enumerated() {
            out.append(r == 0 ? "<g>\n" : "<g visibility=\"hidden\">\n")
            if runs.count > 1 {
                // Discrete keyTimes: each value holds from its key time to the next one.
                out.append("<animate attributeName=\"visibility\" calcMode=\"discrete\" repeatCount=\"indefinite\" dur=\"")
                out.append(number: count / fps)
                out.append("s\" values=\"")
                let begin = Double(run.start) / count, end = Double(run.end) / count
                if run.start == 0 {
                    out.append("visible;hidden\" keyTimes=\"0;")
                    out.append(number: end)
                } else if run.end == frames.count {
                    out.append("hidden;visible\" keyTimes=\"0;")
                    out.append(number: begin)
                } else {
                    out.append("hidden;visible;hidden\" keyTimes=\"0;")
                    out.append(number: begin)
                    out.append(";")
                    out.append(number: end)
                }
                out.append("\"/>\n")
            }
            renderer.appendBody(frames[run.start], idPrefix: "r\(r)-", to: &out)
            out.append("</g>\n")
        }
        out.append("</svg>\n")
        return out.string
    }
}
