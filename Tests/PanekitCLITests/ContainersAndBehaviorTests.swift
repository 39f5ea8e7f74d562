// A plugin that names its containers (`containers = {"sheet"}`) is posed there by every command that poses a
// styler, and `--behavior` picks the family's behavior on each of them (DESIGN §14).

import Foundation
import PaneKit
import PaneKitTestSupport
import Testing

@Suite struct ContainersAndBehaviorTests {
    /// A folder holding `posfade.lua`, a sheet styler driven by `ctx.position` (nil on a drawer, where it fails).
    final class Folder {
        let url: URL
        init() throws {
            url = FileManager.default.temporaryDirectory.appendingPathComponent("panekit-posfade-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            try """
            return {
              containers = { "sheet" },
              style = function(ctx)
                return { sheet = { alpha = 0.5 + 0.5 * panekit.clamp(ctx.position / ctx.size.h, 0, 1) } }
              end,
            }
            """.write(to: url.appendingPathComponent("posfade.lua"), atomically: true, encoding: .utf8)
        }
        deinit { try? FileManager.default.removeItem(at: url) }
    }

    /// Each command that poses a styler, as run in the plugin's folder.
    static let commands: [[String]] = [
        ["sample", "posfade.lua"],
        ["plot", "posfade.lua", "--out", "posfade.svg"],
        ["bake", "posfade.lua", "--out", "posfade.bake.json"],
        ["render", "posfade.lua", "--format", "json", "--max-frames", "20"],
        ["play", "posfade.lua", "--max-frames", "2"],
        ["check", "posfade.lua"],
    ]

    @Test(arguments: commands)
    func theDeclaredContainerIsPosedAndABehaviorCanBeChosen(command: [String]) throws {
        let folder = try Folder()
        let plain = try runPanekit(command, in: folder.url, timeout: 120)
        #expect(plain.status == 0, "\(command): \(plain.stderr)")
        for behavior in ContainerRegistry.descriptor(named: "sheet")?.behaviors ?? [] {
            let run = try runPanekit(command + ["--behavior", behavior], in: folder.url, timeout: 120)
            #expect(run.status == 0, "\(command) --behavior \(behavior): \(run.stderr)")
        }
        let wrong = try runPanekit(command + ["--behavior", "uikt"], in: folder.url, timeout: 60)
        #expect(wrong.status == 2, "\(command)")
        #expect(wrong.stderr.contains("--behavior") && wrong.stderr.contains("uikit"), "\(wrong.stderr)")
    }

    @Test func aRenderedDemoRunsTheChosenBehavior() throws {
        let folder = try Folder()
        let run = try runPanekit(
            ["render", "posfade.lua", "--behavior", "uikit", "--format", "json", "--max-frames", "5"], in: folder.url, timeout: 60)
        #expect(run.status == 0, "\(run.stderr)")
        let first = run.stdout.split(separator: "\n").first.map(String.init) ?? ""
        #expect(first.contains("\"container\":\"sheet\"") && first.contains("\"detent\":\"large\""), "\(first)")
    }

    @Test func plotNamesWhatItPosed() throws {
        let folder = try Folder()
        let run = try runPanekit(["plot", "posfade.lua", "--behavior", "uikit", "--out", "p.svg"], in: folder.url, timeout: 60)
        #expect(run.status == 0, "\(run.stderr)")
        let svg = try String(contentsOf: folder.url.appendingPathComponent("p.svg"), encoding: .utf8)
        #expect(svg.contains("sheet (bottom) of a 375×667 sheet container (uikit), reveal 657"), "not a drawer: the sheet")
    }

    @Test func aDrawerFlagOnAFamilyWithoutBehaviorsIsAUsageError() throws {
        let folder = try Folder()
        let run = try runPanekit(["sample", "mm.slide", "--behavior", "uikit"], in: folder.url, timeout: 60)
        #expect(run.status == 2)
        #expect(run.stderr.contains("only \(behaviorFamiliesPhrase) take a behavior"), "\(run.stderr)")
    }

    @Test func testPosesTheDeclaredContainerAndNamesItInAFailure() throws {
        let folder = try Folder()
        let plugin = folder.url.appendingPathComponent("posfade.lua")
        let source = try String(contentsOf: plugin, encoding: .utf8)
        // The first test needs a sheet node (a drawer has none); at rest fully open UIKit's large sheet sits 10 pt below
        // the top (its position), so the second one misses by 5 / 667.
        try source.replacingOccurrences(
            of: "  style =",
            with: """
                  tests = {
                    { closed = 1, expect = { sheet = { hidden = false } } },
                    { behavior = "uikit", closed = 0, expect = { sheet = { alpha = 0.5 } } },
                  },
                  style =
                """
        ).write(to: plugin, atomically: true, encoding: .utf8)
        let run = try runPanekit(["test", "posfade.lua", "--record"], in: folder.url, timeout: 120)
        #expect(run.status == 1)
        #expect(run.stdout.contains("tests[2] (bottom, closed 0, sheet uikit): sheet.alpha: expected 0.5, got 0.507496"), "\(run.stdout)")
        #expect(!run.stdout.contains("tests[1]"), "the first test holds on the sheet: \(run.stdout)")
    }
}
