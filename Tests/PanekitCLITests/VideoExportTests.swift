// GIF and MP4 against the SVG frames they show: every frame drawn in process (labels from librsvg, images by
// rsvg-convert) within the players' tolerance of rsvg-convert's picture, an odd size padded with the stage's
// colour, the same bytes on every run.

import Foundation
import PaneKitTestSupport
import Testing

@Suite struct VideoExportTests {
    let cli = ExportCommandTests()

    /// ffmpeg, ffprobe and rsvg-convert (Debian: ffmpeg, librsvg2-bin).
    static let tools: (ffmpeg: String, rsvg: String)? = {
        guard ExportCommandTests.ffprobe != nil, let ffmpeg = ExportCommandTests.which("ffmpeg"),
            let rsvg = ExportCommandTests.which("rsvg-convert")
        else { return nil }
        return (ffmpeg, rsvg)
    }()

    /// The RGB bytes of an image or of every frame of a video, decoded by ffmpeg, cropped to `width × height`.
    func rgb(_ file: String, width: Int, height: Int) throws -> [UInt8] {
        let tools = try #require(Self.tools)
        let out = file + ".rgb"
        let ran = try cli.run(
            tools.ffmpeg,
            [
                "-loglevel", "error", "-i", file, "-vf", "format=rgb24,crop=\(width):\(height):0:0", "-f", "rawvideo", "-pix_fmt", "rgb24",
                "-y", out,
            ])
        #expect(ran.status == 0, "\(ran.stderr)")
        return [UInt8](try Data(contentsOf: URL(fileURLWithPath: out)))
    }

    /// Renders `arguments` as `format` and as SVG frames, and compares every `every`-th frame of the video with
    /// rsvg-convert's drawing of its SVG at `scale`: at most 1 % of the pixels may differ by more than 32/255 in a
    /// channel (the players' tolerance, docs/export.md), and none by more than `worst` on average.
    func compare(_ arguments: [String], format: String, scale: Double = 1, every: Int, in dir: URL) throws {
        let tools = try #require(Self.tools)
        let dir = dir.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let video = dir.appendingPathComponent("out.\(format)").path
        let made = try cli.panekit(arguments + ["--format", format, "--scale", "\(scale)", "--out", video])
        #expect(made.status == 0, "\(made.stderr)")
        let svgs = dir.appendingPathComponent("svg")
        let drawn = try cli.panekit(arguments + ["--format", "svg", "--out", svgs.path + "/"])
        #expect(drawn.status == 0, "\(drawn.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: svgs.path).filter { $0.hasSuffix(".svg") }.sorted()
        let first = try String(contentsOf: svgs.appendingPathComponent(files[0]), encoding: .utf8)
        let size = try #require(Self.size(of: first))
        let (width, height) = (Int(size.0 * scale), Int(size.1 * scale))
        let frames = try rgb(video, width: width, height: height)
        let frameBytes = width * height * 3
        #expect(frames.count == files.count * frameBytes, "\(format): \(frames.count / max(frameBytes, 1)) frames, \(files.count) SVGs")
        for k in stride(from: 0, to: min(files.count, frames.count / frameBytes), by: every) {
            let png = svgs.appendingPathComponent(files[k] + ".png").path
            let ran = try cli.run(tools.rsvg, ["--zoom", "\(scale)", svgs.appendingPathComponent(files[k]).path, "-o", png])
            #expect(ran.status == 0, "\(ran.stderr)")
            let reference = try rgb(png, width: width, height: height)
            var over = 0
            for p in 0..<(width * height) {
                let i = p * 3, j = k * frameBytes + p * 3
                if (0..<3).contains(where: { abs(Int(frames[j + $0]) - Int(reference[i + $0])) > 32 }) { over += 1 }
            }
            #expect(over * 100 <= width * height, "\(format) frame \(k): \(over) of \(width * height) pixels off by more than 32")
        }
    }

    /// The width and height an SVG document declares.
    static func size(of svg: String) -> (Double, Double)? {
        func attribute(_ name: String) -> Double? {
            guard let range = svg.range(of: " \(name)=\"") else { return nil }
            return Double(svg[range.upperBound...].prefix { $0 != "\"" })
        }
        guard let width = attribute("width"), let height = attribute("height") else { return nil }
        return (width, height)
    }

    @Test(.enabled(if: VideoExportTests.tools != nil, "needs ffmpeg, ffprobe and rsvg-convert"))
    func everyFrameIsTheSVGFramesPicture() throws {
        let dir = try cli.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        // Rounded corners, wireframes, two blurred shadows; then a styler's demo, whose nodes carry labels.
        try compare(["render", "Examples/drawer-sink-back.json"], format: "mp4", every: 12, in: dir)
        // A GIF shows every frame at 50 fps or less.
        try compare(["render", "Examples/drawer-sink-back.json", "--fps", "30"], format: "gif", scale: 0.5, every: 16, in: dir)
        try compare(["render", "mm.swinging-door", "--fps", "30", "--frames", "0..40"], format: "gif", every: 10, in: dir)
    }

    @Test(.enabled(if: VideoExportTests.tools != nil, "needs ffmpeg, ffprobe and rsvg-convert"))
    func framesWithImagesAreDrawnByRsvg() throws {
        let tools = try #require(Self.tools)
        let dir = try cli.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let picture = dir.appendingPathComponent("picture.svg"), png = dir.appendingPathComponent("picture.png")
        try Data(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"100\" height=\"200\"><rect width=\"100\" height=\"200\" fill=\"#c04060\"/><circle cx=\"50\" cy=\"90\" r=\"30\" fill=\"#207040\"/></svg>"
                .utf8
        ).write(to: picture)
        #expect(try cli.run(tools.rsvg, [picture.path, "-o", png.path]).status == 0)
        var scenario = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: packageRoot.appendingPathComponent("Examples/drawer-sink-back.json")))
                as? [String: Any])
        var appearance = try #require(scenario["appearance"] as? [String: Any])
        appearance["pane"] = ["image": "picture.png", "fit": "cover"]
        scenario["appearance"] = appearance
        let file = dir.appendingPathComponent("images.json")
        try JSONSerialization.data(withJSONObject: scenario).write(to: file)
        try compare(["render", file.path, "--frames", "0..40"], format: "mp4", every: 20, in: dir)
    }

    @Test(.enabled(if: VideoExportTests.tools != nil, "needs ffmpeg, ffprobe and rsvg-convert"))
    func anOddSizeIsPaddedWithTheStagesColour() throws {
        let dir = try cli.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        for (theme, stage) in [("dark", [0x20, 0x24, 0x2a]), ("light", [0xff, 0xff, 0xff])] {
            let video = dir.appendingPathComponent("\(theme).mp4").path
            // 375 × 667: one column and one row of padding.
            let made = try cli.panekit(
                ["render", "Examples/drawer-slide.json", "--frames", "0..2", "--theme", theme, "--format", "mp4", "--out", video])
            #expect(made.status == 0, "\(made.stderr)")
            let pixels = try rgb(video, width: 376, height: 668)
            for (x, y) in [(375, 10), (375, 400), (100, 667), (375, 667)] {
                let i = (y * 376 + x) * 3
                let found = Array(pixels[i..<(i + 3)]).map(Int.init)
                #expect(
                    zip(found, stage).allSatisfy { abs($0 - $1) <= 12 },
                    "\(theme): pixel (\(x), \(y)) is \(found), not the stage's \(stage)")
            }
        }
    }

    @Test(.enabled(if: VideoExportTests.tools != nil, "needs ffmpeg, ffprobe and rsvg-convert"))
    func videosAreTheSameBytesEveryRun() throws {
        let dir = try cli.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        for format in ["gif", "mp4"] {
            var outputs: [Data] = []
            for run in 0..<2 {
                let video = dir.appendingPathComponent("\(run).\(format)")
                let made = try cli.panekit(["render", "mm.swinging-door", "--frames", "0..30", "--format", format, "--out", video.path])
                #expect(made.status == 0, "\(made.stderr)")
                outputs.append(try Data(contentsOf: video))
            }
            #expect(outputs[0] == outputs[1], "\(format) differs between runs")
        }
    }
}
