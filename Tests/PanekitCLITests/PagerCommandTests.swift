// One pager scenario in every output format (the text ones, then PNG, GIF and MP4), and the pager's place in the
// commands that pose a styler (plot's axis is the page's offset; `--behavior` takes the pager's behaviors).

import Foundation
import PaneKitTestSupport
import Testing

@Suite struct PagerCommandTests {
    static let example = "Examples/pager-swiper.json"

    @Test(arguments: [
        ("json", "\"container\":\"pager\""), ("ascii", "page"), ("sheet", "<svg"), ("animated-svg", "<animate"), ("cast", "\"version\":2"),
        ("html", "<html"), ("css", "@keyframes panekit-page-2"), ("lottie", "\"layers\""),
    ])
    func everyTextFormat(format: String, marker: String) throws {
        let run = try runPanekit(["render", Self.example, "--format", format, "--color", "never"], timeout: 120)
        #expect(run.status == 0, "\(format): \(run.stderr)")
        #expect(run.stdout.contains(marker), "\(format): \(run.stdout.prefix(400))")
    }

    @Test func svgWritesOneFilePerFrame() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pager-svg-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try runPanekit(
            ["render", Self.example, "--format", "svg", "--frames", "60..62", "--out", folder.path + "/"], timeout: 120)
        #expect(run.status == 0, "\(run.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(files.count == 3 && files.allSatisfy { $0.hasSuffix(".svg") }, "\(files)")
        #expect(try String(contentsOf: folder.appendingPathComponent(files[0]), encoding: .utf8).contains("<svg"))
    }

    /// The formats drawn through a converter or an encoder: PNG (rsvg-convert), GIF and MP4 (ffmpeg), a few frames
    /// each of a pager's swipe and of a navigation stack's push (the two newest families).
    @Test(
        .enabled(if: ExportCommandTests.ffprobe != nil, "needs ffmpeg and ffprobe (Scripts/ensure-deps.sh --tests installs them)"),
        .enabled(if: ExportCommandTests.which("rsvg-convert") != nil, "needs rsvg-convert (librsvg2-bin)"),
        arguments: [(Self.example, 60), ("Examples/navigation-uikit.json", 6)])
    func pngGifAndMP4(example: String, from first: Int) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("family-video-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let frames = "\(first)..\(first + 6)"
        let formats: [(String, [Int], Int, [String])] = [
            ("png", [0x89, 0x50, 0x4E, 0x47], 0, ["--frames", "\(first)..\(first)"]),
            ("gif", Array("GIF89a".utf8).map(Int.init), 0, ["--frames", frames, "--scale", "0.5"]),
            ("mp4", Array("ftyp".utf8).map(Int.init), 4, ["--frames", frames, "--scale", "0.5"]),
        ]
        for (format, magic, offset, flags) in formats {
            let out = folder.appendingPathComponent("family.\(format)")
            let run = try runPanekit(["render", example, "--format", format, "--out", out.path] + flags, timeout: 120)
            #expect(run.status == 0, "\(example) \(format): \(run.stderr)")
            let bytes = try [UInt8](Data(contentsOf: out))
            #expect(
                bytes.count > offset + magic.count && bytes[offset..<offset + magic.count].map(Int.init) == magic,
                "\(example) \(format): not a \(format) file")
        }
    }

    @Test func plotChartsAPageStylerAgainstItsOffset() throws {
        let run = try runPanekit(["plot", "page.cube-out"], timeout: 120)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("x: the page's offset in pages") && run.stdout.contains("pager container"))
        #expect(run.stdout.contains(">-2<") && run.stdout.contains(">2<") && run.stdout.contains(">next<"))
        let behavior = try runPanekit(["sample", "carousel.rotary", "--behavior", "icarousel"], timeout: 120)
        #expect(behavior.status == 0 && behavior.stdout.contains("\"container\":\"pager\""), "\(behavior.stderr)")
    }
}
