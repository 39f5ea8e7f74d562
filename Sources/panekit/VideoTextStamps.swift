// The labels of video frames: each distinct text drawn once by librsvg (fonts are its business) at sixteen
// quarter-pixel phases, then stamped by the in-process rasteriser wherever the frame puts it.

import Foundation
import PaneKitRender

/// Texts drawn by librsvg on demand, through ffmpeg's librsvg decoder or rsvg-convert, kept for the run.
final class LibrsvgTextStamps: TextStamps, @unchecked Sendable {
    private let lock = NSLock()
    private var drawn: [SVGText: [TextStamp]?] = [:]
    let ffmpeg: String
    let folder: URL

    /// Stamps drawn with `ffmpeg` in temporary files under `folder`.
    init(ffmpeg: String, folder: URL) {
        self.ffmpeg = ffmpeg
        self.folder = folder
    }

    func stamp(_ text: SVGText, phaseX: Int, phaseY: Int) -> TextStamp? {
        lock.lock()
        defer { lock.unlock() }
        if drawn[text] == nil { drawn[text] = draw(text) }
        return drawn[text]??[phaseY * 4 + phaseX]
    }

    /// The text on a canvas about three font sizes high and wide enough for it, its anchor in the middle (plus the
    /// phase), drawn sixteen times; nil when librsvg cannot be run.
    private func draw(_ text: SVGText) -> [TextStamp]? {
        let size = (SVGReader.numbers(text.attributes.first { $0.hasPrefix("font-size=") } ?? "").first ?? 16) * text.scale
        let width = Int((size * (Double(text.content.count) * 0.75 + 4)).rounded(.up)) / 2 * 2 + 2
        let height = Int((size * 3).rounded(.up)) / 2 * 2 + 2
        let origin = (width / 2, height / 2)
        let here = folder.appendingPathComponent("text-\(UUID().uuidString)")
        guard (try? FileManager.default.createDirectory(at: here, withIntermediateDirectories: true)) != nil else { return nil }
        defer { try? FileManager.default.removeItem(at: here) }
        for phase in 0..<16 {
            let x = (Double(origin.0) + Double(phase % 4) / 4) / text.scale, y = (Double(origin.1) + Double(phase / 4) / 4) / text.scale
            let svg = """
                <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(height)" \
                viewBox="0 0 \(Double(width) / text.scale) \(Double(height) / text.scale)" font-family="\(text.fontFamily)">\
                <text x="\(x)" y="\(y)" \(text.attributes.joined(separator: " "))>\(text.content)</text></svg>
                """
            guard
                FileManager.default.createFile(
                    atPath: here.appendingPathComponent(String(format: "%02d.svg", phase)).path, contents: Data(svg.utf8))
            else { return nil }
        }
        let raw = here.appendingPathComponent("stamps.raw").path
        let decoded =
            ToolRun.run(
                ffmpeg,
                [
                    "-hide_banner", "-loglevel", "error", "-nostdin", "-f", "image2", "-framerate", "1", "-c:v", "librsvg", "-i",
                    here.appendingPathComponent("%02d.svg").path, "-f", "rawvideo", "-pix_fmt", "bgra", "-y", raw,
                ], seconds: PNGConverter.seconds, memory: PNGConverter.memory)?.status == 0
        guard decoded || convertWithRsvg(in: here, to: raw), let bytes = FileManager.default.contents(atPath: raw),
            bytes.count == width * height * 4 * 16
        else { return nil }
        let words = bytes.withUnsafeBytes { Array($0.bindMemory(to: UInt32.self)) }
        return (0..<16).map { phase in
            TextStamp(
                pixels: Array(words[(phase * width * height)..<((phase + 1) * width * height)]), width: width, originX: origin.0,
                originY: origin.1)
        }
    }

    /// Without ffmpeg's librsvg decoder: rsvg-convert draws each SVG as a PNG, ffmpeg premultiplies them.
    private func convertWithRsvg(in here: URL, to raw: String) -> Bool {
        for phase in 0..<16 {
            let name = here.appendingPathComponent(String(format: "%02d", phase)).path
            let svg = (try? String(contentsOfFile: name + ".svg", encoding: .utf8)) ?? ""
            do throws(CLIError) { try PNGConverter.convert(svg, to: name + ".png") } catch { return false }
        }
        return ToolRun.run(
            ffmpeg,
            [
                "-hide_banner", "-loglevel", "error", "-nostdin", "-f", "image2", "-framerate", "1", "-i",
                here.appendingPathComponent("%02d.png").path, "-vf", "premultiply=inplace=1", "-f", "rawvideo", "-pix_fmt", "bgra",
                "-y", raw,
            ], seconds: PNGConverter.seconds, memory: PNGConverter.memory)?.status == 0
    }
}
