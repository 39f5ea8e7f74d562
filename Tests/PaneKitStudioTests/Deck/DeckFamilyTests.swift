// The deck, a family defined only here, registered at run time: scenario loading, JSON and SVG, `sample`,
// `check`, `test --record` and `test`, `bake`, the studio's payload and a right-to-left run, each through the
// same code the built-in families take.

import Foundation
import PaneKitTestSupport
import Testing

@testable import PaneKit
@testable import PaneKitLua
@testable import PaneKitRender
@testable import PaneKitScenario
@testable import PaneKitStudio
@testable import panekit

@Suite struct DeckFamilyTests {
    /// A styler for the deck: each card below the top one fades by a quarter per card and sinks by its depth; the
    /// card being dealt tilts away as it goes.
    static let fan = """
        return {
          version = "1.0.0",
          description = "Cards below the top one fade and sink; the dealt card tilts away",
          containers = { "deck" },
          tests = {
            { container = "deck", closed = 1, expect = { drawer = { alpha = 1 } } },
          },
          style = function(ctx)
            local k = panekit.sign(ctx.direction)
            return {
              drawer = {
                alpha = 1 - 0.25 * ctx.depth,
                translate = { k * 12 * panekit.clamp(ctx.open, 0, 1), 4 * ctx.depth },
              },
            }
          end,
        }
        """

    static func scenario(_ layout: LayoutDirection = .ltr) -> String {
        """
        {"name": "deck", "size": [320, 240], "fps": 20,
         "container": {"type": "deck", "cards": 3, "duration": 0.3, "layoutDirection": "\(layout.rawValue)"},
         "stylers": {"cards": ["fan"]},
         "timeline": [{"at": 0.1, "action": "deal"}, {"at": 0.6, "action": "tap", "point": [\(layout == .rtl ? 40 : 280), 120]}]}
        """
    }

    /// A folder holding `fan.lua` (and whatever else `files` adds), removed after `body`.
    static func withPlugins<T>(_ files: [String: String] = [:], _ body: (String) throws -> T) throws -> T {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("panekit-deck-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for (name, text) in files.merging(["fan.lua": fan], uniquingKeysWith: { a, _ in a }) {
            try text.write(toFile: folder + "/" + name, atomically: true, encoding: .utf8)
        }
        return try ContainerRegistry.withAdded(DeckDescriptor()) { try body(folder) }
    }

    static func frames(_ layout: LayoutDirection, plugins folder: String) throws -> (Scenario, [Frame]) {
        let catalog = try PluginCatalog(folder: folder)
        let scenario = try ScenarioLoader.load(scenario(layout), file: "deck.json", registry: catalog.registry)
        return (scenario, try scenario.run(registry: catalog.registry, strict: true))
    }

    @Test func aScenarioRunsItsNodesActionEventFrameFieldAndContextField() throws {
        try Self.withPlugins { folder in
            let (scenario, frames) = try Self.frames(.ltr, plugins: folder)
            #expect(scenario.container.typeName == "deck" && scenario.container.configuration.stylerGroups == [.cards])
            // The action and the tap each deal a card; each card's landing is the family's event.
            let dealt = frames.flatMap(\.events).compactMap { $0.as(DeckEvent.self) }
            #expect(dealt == [.dealt(card: 0), .dealt(card: 1)])
            #expect(frames.first?.field("top") == .integer(0) && frames.last?.field("top") == .integer(2))
            #expect(frames.contains { $0.state == .dealing } && frames.last?.state == .closed)
            // Every card on the deck is styled as its own subject, with its own ctx.depth.
            let first = try #require(frames.first)
            #expect(first.node(Role.card.member(0))?.style.alpha == 1)
            #expect(first.node(Role.card.member(1))?.style.alpha == 0.75)
            #expect(first.node(Role.card.member(2))?.style.alpha == 0.5)
            let last = try #require(frames.last)
            #expect(last.node(Role.card.member(2))?.style.alpha == 1, "the last card is the top one once two are dealt")

            // JSON, as `panekit render --format json` writes it: the frame field, the event, the indexed roles.
            var writer: any FrameWriter = FrameJSON.Writer()
            var bytes: [UInt8] = []
            try writer.begin(FrameRun(title: scenario.name, fps: scenario.fps), into: &bytes)
            for frame in frames { try writer.write(frame, into: &bytes) }
            try writer.end(into: &bytes)
            let json = String(decoding: bytes, as: UTF8.self)
            #expect(json.split(separator: "\n").count == frames.count)
            #expect(json.contains("\"container\":\"deck\"") && json.contains("\"top\":2") && json.contains("\"state\":\"dealing\""))
            #expect(json.contains("{\"type\":\"dealt\",\"card\":\"1\"}") || json.contains("{\"type\":\"dealt\",\"card\":1}"))
            #expect(json.contains("\"card.2\""))

            // SVG: every card drawn and labelled.
            let svg = SVGRenderer().render(first)
            for number in 0..<3 { #expect(svg.contains("card.\(number)")) }
        }
    }

    @Test func sampleCheckAndBakePoseEveryCard() throws {
        try Self.withPlugins([
            "sunk.lua": Self.fan.replacingOccurrences(of: "local k =", with: "assert(ctx.depth < 2, 'too deep'); local k =")
        ]) {
            folder in
            let fan = try PluginLoader.load(path: folder + "/fan.lua")
            let styler = try LuaStyler(plugin: fan)
            let descriptor = try #require(ContainerRegistry.descriptor(named: "deck"))
            let (spec, _) = try #require(descriptor.posedSpec(size: Size(width: 320, height: 240), group: .cards, reveal: nil))

            // sample: the top card at each fraction, the others as they lie.
            let samples = try Sampler.sample(styler, container: spec, group: .cards, fractions: [1, 0.5, 0])
            #expect(samples.count == 3)
            let half = try #require(samples[1].nodes.first { $0.role == Role.card.member(0) })
            #expect(
                half.style.transform.m41 == 6,
                "the top card half dealt: translated by 12 × 0.5 (a card leaves to the right, as a left drawer opens)")
            #expect(samples[1].nodes.first { $0.role == Role.card.member(2) }?.style.alpha == 0.5)

            // check: the deck is posed in each of its states, every card a call; a plugin failing only on the
            // third card fails, naming it.
            #expect(PluginCheck.run(fan).isEmpty)
            let sunk = try PluginLoader.load(path: folder + "/sunk.lua")
            let problems = PluginCheck.run(sunk)
            #expect(problems.count == 1)
            #expect(problems.first?.message.contains("too deep (cards, card.2, closed") == true, "\(problems)")

            // bake: one track for the cards, within the bound of the live styler.
            let origin = BakeOrigin(styler: "fan", params: [:], container: DeckConfiguration.kind, size: spec.size)
            let (baked, difference) = try StylerBaker.bake(styler, name: "fan-baked", origin: origin, container: spec, groups: [.cards])
            #expect(baked.tracks.map(\.group) == [.cards])
            #expect(difference.points <= BakeBound().points && difference.alpha <= BakeBound().alpha)
            let file = BakeFile.text(baked, bound: BakeBound(), difference: difference)
            #expect(file.contains("\"group\": \"cards\"") || file.contains("\"group\":\"cards\""))
            let read = try BakeFile.read(file, file: "fan.bake.json", name: "fan-baked")
            #expect(read.tracks.map(\.group) == [.cards])
        }
    }

    @Test func testRecordsAndComparesGoldensOnTheDeck() throws {
        try Self.withPlugins { folder in
            let path = folder + "/fan.lua"
            let recorded = try TestCommand.test(path, limits: Limits(), record: true)
            #expect(recorded.passed && recorded.recorded && recorded.expectations == 1)
            let golden = try String(contentsOfFile: folder + "/fan.golden.json", encoding: .utf8)
            #expect(golden.contains("card.0") && golden.contains("card.2"), "every card of the deck is in the golden")
            #expect(try TestCommand.test(path, limits: Limits(), record: false).passed)
            // A change the goldens see fails the test.
            try Self.fan.replacingOccurrences(of: "0.25 * ctx.depth", with: "0.3 * ctx.depth")
                .write(toFile: path, atomically: true, encoding: .utf8)
            let changed = try TestCommand.test(path, limits: Limits(), record: false)
            #expect(
                !changed.passed
                    && changed.failures.contains {
                        $0.message.contains("cards, closed 0: card.2.alpha: expected 0.5, got 0.4") && $0.role == "card.2"
                            && $0.key == "alpha"
                    }, "\(changed.failures)")
        }
    }

    @Test func theStudioCarriesItAndTheDemoPlays() throws {
        try Self.withPlugins { folder in
            let catalog = try PluginCatalog(folder: folder)
            let (scenario, _) = try Self.frames(.ltr, plugins: folder)
            let input = StudioInput(
                runs: [StudioRun(name: "deck", scenario: scenario)], registry: catalog.registry,
                command: ["panekit", "studio", "deck.json"])
            let payload = StudioPayload.json(input, frames: try StudioPayload.frames(of: input), live: false)
            #expect(
                payload.contains("\"container\":\"deck\"") && payload.contains("\"top\":") && payload.contains("card.2"),
                "\(payload.prefix(3000))")

            let demo = DemoScenario.make(styler: StylerReference(name: "fan"), container: scenario.container, group: .cards)
            #expect(demo.name == "fan on the cards of a deck container: deal, deal another")
            let played = try demo.run(registry: catalog.registry, strict: true)
            #expect(played.last?.field("top") == .integer(2))
        }
    }

    @Test func rightToLeftIsTheMirrorImageWithTheContextFieldIntact() throws {
        try Self.withPlugins { folder in
            let ltr = try Self.frames(.ltr, plugins: folder).1, rtl = try Self.frames(.rtl, plugins: folder).1
            #expect(ltr.count > 10 && ltr.count == rtl.count)
            #expect(mirrorMismatches(ltr: ltr, rtl: rtl) == [])
            // ctx.depth reached the styler under rtl as under ltr (the fade is its only source).
            #expect(rtl.first?.node(Role.card.member(2))?.style.alpha == 0.5)
            #expect(rtl.map { $0.field("top") } == ltr.map { $0.field("top") })
            #expect(rtl.flatMap(\.events).compactMap { $0.as(DeckEvent.self) } == [.dealt(card: 0), .dealt(card: 1)])
        }
    }

    @Test func itsProblemsAreReportedAsTheBuiltInsAre() throws {
        try ContainerRegistry.withAdded(DeckDescriptor()) {
            let text = Self.scenario().replacingOccurrences(of: "\"duration\": 0.3", with: "\"duration\": 9, \"depth\": 1")
                .replacingOccurrences(of: "\"action\": \"deal\"", with: "\"action\": \"shuffle\"")
            let error = #expect(throws: ScenarioError.self) { try ScenarioLoader.load(text, file: "deck.json") }
            let lines = error?.description.split(separator: "\n").map(String.init) ?? []
            #expect(lines.contains("deck.json: container.depth: unknown key; allowed: type, cards, duration"))
            #expect(lines.contains("deck.json: container.duration: expected a number in 0.1…5, got 9"))
            #expect(lines.contains("deck.json: timeline[0].action: expected one of deal, pan, tap, got \"shuffle\""))
        }
    }

    @Test func withoutItTheDeckIsUnknownAndTheBuiltInsCannotBeReplaced() {
        #expect(ContainerKind(rawValue: "deck") == nil)
        #expect(!ContainerRegistry.names.contains("deck"))
        for builtin in ContainerRegistry.builtins { #expect(!ContainerRegistry.register(builtin)) }
        #expect(throws: ScenarioError.self) { try ScenarioLoader.load(Self.scenario(), file: "deck.json") }
    }
}
