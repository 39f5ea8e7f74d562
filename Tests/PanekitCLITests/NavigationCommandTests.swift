// The navigation stack on the command line: `feel` on one back swipe under four platforms' rules, and every text
// format `render` writes.

import Foundation
import PaneKitTestSupport
import Testing

/// `feel` on a navigation stack: one back swipe under four platforms' rules.
@Suite struct NavigationCommandTests {
    @Test func oneSwipeUnderFourPlatforms() throws {
        let run = try runPanekit([
            "feel", "Examples/navigation-compare.json", "--behaviors", "uikit,cupertino,react-navigation,android", "--json",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let behaviors = try #require(object["behaviors"] as? [[String: Any]])
        #expect(behaviors.map { $0["behavior"] as? String } == ["uikit", "cupertino", "react-navigation", "android"])
        var settles: [String: Double] = [:]
        for behavior in behaviors {
            let gestures = try #require(behavior["gestures"] as? [[String: Any]])
            #expect(gestures.count == 1 && gestures[0]["kind"] as? String == "pan" && gestures[0]["screen"] as? String == "thread")
            #expect(gestures[0]["result"] as? String == "pop", "\(behavior)")
            settles[behavior["behavior"] as? String ?? ""] = gestures[0]["settle"] as? Double
        }
        // Cupertino's release is Flutter's fixed 350 ms (at 30 fps, the frame at or after it).
        #expect(settles["cupertino"].map { abs($0 - 0.35) < 1.0 / 30 + 1e-9 } == true, "\(settles)")
        let text = try runPanekit(["feel", "Examples/navigation-compare.json"])
        let header = text.stdout.split(separator: "\n").dropFirst().first.map(String.init) ?? ""
        #expect(
            text.status == 0 && header.hasPrefix("behavior") && header.hasSuffix("result  settle s  overshoot pt  peak pt/s"),
            "\(text.stdout)")
    }

    /// One navigation scenario in every text format `render` writes, each whole and naming the screens.
    @Test func everyTextFormatWritesTheStack() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("panekit-nav-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for format in ["json", "ascii", "svg", "sheet", "animated-svg", "cast", "html", "css", "lottie"] {
            let out = folder.appendingPathComponent("nav-\(format)").path + "/"
            let run = try runPanekit(["render", "Examples/navigation-react-navigation.json", "--format", format, "--out", out])
            #expect(run.status == 0, "\(format): \(run.stderr)")
            let files = try FileManager.default.contentsOfDirectory(atPath: out)
            #expect(!files.isEmpty, "\(format)")
            let text = try files.map { try String(contentsOfFile: out + $0, encoding: .utf8) }.joined()
            // The drawings carry the screens' wireframes instead of their names (the example's appearance).
            #expect(text.contains("thread") || ["svg", "sheet", "animated-svg"].contains(format), "\(format) names the screen")
        }
    }

    /// A screen's colour is its name's, not the order names were first met in the process: the Flutter example
    /// (which pushes `reply`) renders the same bytes alone and after the UIKit one (whose `compose` came first).
    @Test func aScreensColourDoesNotDependOnWhatRanBefore() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("panekit-nav-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for format in ["css", "sheet"] {
            let alone = folder.appendingPathComponent("alone-\(format)").path + "/"
            let after = folder.appendingPathComponent("after-\(format)").path + "/"
            let one = try runPanekit(["render", "Examples/navigation-flutter.json", "--format", format, "--out", alone])
            let two = try runPanekit([
                "render", "Examples/navigation-uikit.json", "Examples/navigation-flutter.json", "--format", format, "--jobs", "1", "--out",
                after,
            ])
            #expect(one.status == 0 && two.status == 0, "\(one.stderr)\(two.stderr)")
            for file in try FileManager.default.contentsOfDirectory(atPath: alone) {
                let a = try Data(contentsOf: URL(fileURLWithPath: alone + file))
                let b = try Data(contentsOf: URL(fileURLWithPath: after + file))
                #expect(a == b, "\(format): \(file) differs after another scenario ran")
            }
        }
    }
}
