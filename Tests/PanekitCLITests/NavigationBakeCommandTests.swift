// `panekit bake` of a navigation styler, then a scenario that names the table: the run plays both screens as the
// live styler does (the table is read before anything else names the `screens` group).

import Foundation
import PaneKit
import PaneKitTestSupport
import Testing

@Suite struct NavigationBakeCommandTests {
    @Test func aBakedNavigationStylerPlaysInAScenario() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("panekit-navbake-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let baked = try runPanekit(
            ["bake", "nav.rn.slide-from-right-ios", "--container", "navigation", "--size", "375x667", "--out", "slide.bake.json"],
            in: folder, timeout: 120)
        #expect(baked.status == 0, "\(baked.stderr)")
        func scenario(_ styler: String) -> String {
            #"{"name": "baked", "size": [375, 667], "fps": 30, "duration": 0.8, "#
                + #""container": {"type": "navigation", "behavior": "react-navigation", "screens": ["inbox"]}, "#
                + #""stylers": {"screens": ["\#(styler)"]}, "timeline": [{"at": 0.1, "action": "push", "screen": "detail"}]}"#
        }
        try scenario("slide.bake.json").write(to: folder.appendingPathComponent("baked.json"), atomically: true, encoding: .utf8)
        try scenario("nav.rn.slide-from-right-ios").write(to: folder.appendingPathComponent("live.json"), atomically: true, encoding: .utf8)
        let played = try runPanekit(["render", "baked.json", "--format", "json"], in: folder, timeout: 120)
        let live = try runPanekit(["render", "live.json", "--format", "json"], in: folder, timeout: 120)
        #expect(played.status == 0, "\(played.stderr)")
        #expect(live.status == 0, "\(live.stderr)")
        let a = live.stdout.split(separator: "\n"), b = played.stdout.split(separator: "\n")
        #expect(a.count == b.count && a.count > 20)
        // The frames are the same text: the slide is linear in the progress, so the table plays it exactly.
        for (i, (x, y)) in zip(a, b).enumerated() where x != y {
            Issue.record("frame \(i) differs:\nlive  \(x.prefix(400))\nbaked \(y.prefix(400))")
            break
        }
    }
}
