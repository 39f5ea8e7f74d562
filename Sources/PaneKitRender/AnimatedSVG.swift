// Frames as one SVG that plays in a browser: a group per run of identical frames, shown in turn by SMIL, looping.

import PaneKit

/// One SVG file that plays the frames at their frame rate, or at their own times, and loops (SMIL `animate` of
/// `visibility`).
///
/// Consecutive frames whose nodes are equal share one group, so a scenario that rests for a second costs one
/// group, not sixty. Viewers without SMIL (rsvg-convert) show the first frame.
public struct AnimatedSVG: Sendable {
    /// Draws each run of equal frames (theme and appearance).
    public var renderer: SVGRenderer

    /// An animated SVG drawn by `renderer` (its theme and appearance).
    public init(renderer: SVGRenderer = SVGRenderer()) { self.renderer = renderer }

    /// - Parameters:
    ///   - frames: the frames in order. Frames one every 1/fps seconds play at that rate; frames at other times
    ///     (a scenario's `frameTimes`: dropped frames, variable refresh) each show from their own time to the
    ///     next frame's, and the last one for as long as the interval before it.
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
        let timing = Self.timing(frames, fps: fps)
        var out = TextBuffer(capacity: 1024 + runs.count * 2000)
        SVGRenderer.appendHeader(width: size.width, height: size.height, to: &out)
        out.append("<title>")
        out.append(xml: title)
        out.append("</title>\n")
        SVGRenderer.appendDefinitions(blurs: SVGRenderer.blurRadii(frames), size: size, to: &out)
        renderer.appendImageDefinitions(to: &out)
        SVGRenderer.appendBackground(Rect(origin: .zero, size: size), color: renderer.theme.background, to: &out)
        for (r, run) in runs.enumerated() {
            out.append(r == 0 ? "<g>\n" : "<g visibility=\"hidden\">\n")
            if runs.count > 1 {
                // Discrete keyTimes: each value holds from its key time to the next one.
                out.append("<animate attributeName=\"visibility\" calcMode=\"discrete\" repeatCount=\"indefinite\" dur=\"")
                out.append(number: timing.duration)
                out.append("s\" values=\"")
                let begin = timing.fraction(run.start), end = timing.fraction(run.end)
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

    /// The loop's length in seconds and where each frame starts in it, as a fraction (SMIL `keyTimes`).
    private struct Timing {
        var duration: Double
        /// The start of each frame and the loop's end, in seconds from the first frame; nil for frames evenly
        /// spaced at 1/fps, whose fractions are index / count.
        var starts: [Double]?
        var count: Int

        func fraction(_ frame: Int) -> Double {
            guard let starts else { return Double(frame) / Double(count) }
            return starts[frame] / duration
        }
    }

    /// Evenly spaced frames keep the index-based fractions (and so the same bytes as always); frames at their
    /// own times are placed at those times.
    private static func timing(_ frames: [Frame], fps: Double) -> Timing {
        let count = frames.count
        let first = frames.first?.time ?? 0
        let even = frames.indices.allSatisfy { abs(frames[$0].time - first - Double($0) / fps) <= 1e-9 * max(1, frames[$0].time) }
        guard !even, count > 1 else { return Timing(duration: Double(count) / fps, starts: nil, count: count) }
        var starts = frames.map { $0.time - first }
        let last = starts[count - 1] - starts[count - 2]
        starts.append(starts[count - 1] + (last > 0 ? last : 1 / fps))
        return Timing(duration: starts[count], starts: starts, count: count)
    }
}

extension AnimatedSVG {
    /// `--format animated-svg`: the run as one SVG that plays, made at the end.
    public struct Writer: WholeRunWriter, Sendable {
        /// SVG files end in `.svg`.
        public static let fileExtension = "svg"

        /// The run and its frames, kept for `end`.
        public var kept = KeptRun()

        /// Draws the frames.
        public let renderer: SVGRenderer

        /// The animated SVG writer drawing with `renderer`.
        public init(renderer: SVGRenderer = SVGRenderer()) { self.renderer = renderer }

        /// Appends the animated SVG of the run.
        public mutating func end(into out: inout [UInt8]) {
            out.append(
                contentsOf: AnimatedSVG(renderer: renderer).render(kept.frames, fps: kept.run.fps, title: kept.run.title).utf8)
        }
    }
}
