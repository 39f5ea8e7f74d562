// One pager scenario in every output format, and the pager's place in the commands that pose a styler (plot's
// axis is the page's offset; `--behavior` takes the pager's behaviors).

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

    @Test func plotChartsAPageStylerAgainstItsOffset() throws {
        let run = try runPanekit(["plot", "page.cube-out"], timeout: 120)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("x: the page's offset in pages") && run.stdout.contains("pager container"))
        #expect(run.stdout.contains(">-2<") && run.stdout.contains(">2<") && run.stdout.contains(">next<"))
        let behavior = try runPanekit(["sample", "carousel.rotary", "--behavior", "icarousel"], timeout: 120)
        #expect(behavior.status == 0 && behavior.stdout.contains("\"container\":\"pager\""), "\(behavior.stderr)")
    }
}
