// Issue 37, item 5: the studio's inspector shows each Lua styler's cost at the shown frame and over the run, from
// the page's data.

import Foundation
import PaneKit
import PaneKitLua
import PaneKitScenario
import Testing

@testable import PaneKitStudio

@Suite struct StudioMeterTests {
    /// A styler whose loop runs 700 × closed times, two instructions a turn.
    static let loop = """
        return {
          style = function(ctx)
            local s = 0
            for i = 1, math.floor(ctx.closed * 700) do s = s + i end
            return { pane = { alpha = 1 } }
          end,
        }
        """

    @Test func thePageCarriesEachLuaStylersCostAtEveryFrame() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("panekit-meter-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.loop.write(to: folder.appendingPathComponent("loop.lua"), atomically: true, encoding: .utf8)
        let catalog = try PluginCatalog(folder: folder.path)
        var scenario = DemoScenario.make(
            styler: StylerReference(name: "loop"), container: .drawer(DrawerConfiguration(size: Size(width: 375, height: 667))),
            group: .left)
        scenario.stylers[.left]?.append(StylerReference(name: "mm.parallax"))
        let input = StudioInput(runs: [StudioRun(name: "loop", scenario: scenario)], registry: catalog.registry, command: ["panekit"])
        let frames = try StudioPayload.frames(of: input)
        // A file's page carries no meter: the bytes a state holds after a call move with its garbage collector, and
        // a call's instruction count moved by one from process to process, so `docs` wrote different bytes each run.
        let file = try #require(
            try JSONSerialization.jsonObject(with: Data(StudioPayload.json(input, frames: frames, live: false).utf8)) as? [String: Any])
        let fileStylers = try #require((file["runs"] as? [[String: Any]])?.first?["stylers"] as? [[String: Any]])
        #expect(fileStylers.count == 2 && fileStylers.allSatisfy { $0["cost"] == nil }, "\(fileStylers.map { $0.keys.sorted() })")
        let json = StudioPayload.json(input, frames: frames, live: true)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let run = try #require((document["runs"] as? [[String: Any]])?.first)
        let stylers = try #require(run["stylers"] as? [[String: Any]])
        #expect(stylers.first { $0["name"] as? String == "mm.parallax" }?["cost"] == nil, "a built-in costs no budget")
        let cost = try #require(stylers.first { $0["name"] as? String == "loop" }?["cost"] as? [String: Any])
        #expect(cost["budget"] as? Int == Limits.defaultInstructions)
        #expect(cost["memory"] as? Int == Limits().memory)
        let entries = try #require(cost["frames"] as? [Any])
        #expect(entries.count == frames[0].count, "one entry a frame")
        // null where the styler was not called (the drawer at rest, its stylers not run).
        let called = entries.compactMap { $0 as? [Int] }
        #expect(called.count > entries.count / 2)
        #expect(called.allSatisfy { $0.count == 2 && $0[1] > 0 && $0[1] < Limits().memory }, "\(called.prefix(3))")
        // Each frame's cost follows the closed fraction the styler was given, instruction by instruction: the frames
        // at rest closed (700 turns) and fully open (none) are exactly 1,400 instructions apart, which a count to the
        // budget's ticks of 1,000 cannot tell.
        let instructions = called.map { $0[0] }
        #expect(instructions.max()! - instructions.min()! == 1_400, "\(instructions)")
        #expect(instructions.first == instructions.max(), "the run starts closed")
    }
}
