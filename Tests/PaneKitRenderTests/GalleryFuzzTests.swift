// A mutation fuzz of the gallery: hundreds of broken scenarios, each rendered or refused with a proper error.

import Foundation
import PaneKit
import PaneKitScenario
import PaneKitRender
import PaneKitTestSupport
import Testing

@Suite struct GalleryFuzzTests {
    /// Values that break assumptions: huge, tiny, negative, non-numbers that look like numbers, wrong types.
    static let hostile: [JSONValue] = [
        .number(1e308), .number(-1e308), .number(1e15), .number(1e7), .number(3600), .number(-1), .number(-0.5), .number(0),
        .number(1e-300), .number(0.0001), .string("NaN"), .string("Infinity"), .string("-inf"), .string(""),
        .string("\u{0}\u{1b}[2J"), .string("left"), .null, .bool(true), .array([]), .object([]),
        .array([.number(1e308), .number(1e308)]), .array([.number(0), .number(0)]), .array([.number(-1), .number(-1)]),
    ]

    /// One random change: a hostile value, a deleted key or item, a type swap, a negated number, a repeated item.
    static func mutate(_ root: JSONValue, _ random: inout SplitMix64) -> JSONValue {
        var found: [([Fuzz.Step], JSONValue)] = []
        Fuzz.places(root, [], into: &found)
        let all = found.map(\.0)
        // Numbers half the time: scaled ones keep a scenario loadable and push the engine instead of the loader.
        let numbers = all.filter { path in
            var node: JSONValue? = root
            for step in path {
                switch (node, step) {
                case (.array(let items)?, .index(let i)): node = items[i]
                case (.object(let members)?, .key(let k)): node = members.first { $0.key == k }?.value
                default: node = nil
                }
            }
            if case .number = node { return true }
            return false
        }
        let useNumber = !numbers.isEmpty && random.below(2) == 0
        let path = useNumber ? numbers[random.below(numbers.count)] : all[random.below(all.count)]
        let kind = useNumber ? 6 : random.below(6)
        let factor = [10, 1000, 1e6, -1, 0.001, 0, 1e-9, 37.5][random.below(8)]
        let replacement = hostile[random.below(hostile.count)]
        return Fuzz.edit(root, at: path[...]) { node in
            switch kind {
            case 0, 1: return replacement
            case 2: return path.isEmpty ? node : nil
            case 3:
                switch node {
                case .number(let n): return .string("\(n)")
                case .string(let s): return Double(s).map(JSONValue.number) ?? .number(Double(s.count))
                case .array(let items): return .object(items.enumerated().map { ("\($0.offset)", $0.element) })
                case .object(let members): return .array(members.map(\.value))
                default: return .number(1)
                }
            case 4:
                if case .number(let n) = node { return .number(-n * 1e6) }
                return replacement
            case 5:
                if case .array(let items) = node, let first = items.first { return .array(items + Array(repeating: first, count: 40)) }
                return replacement
            default:
                if case .number(let n) = node { return .number(n * factor) }
                return replacement
            }
        } ?? root
    }

    static func text(_ value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool(let b): b ? "true" : "false"
        case .number(let n): "\(n)"
        case .string(let s): FrameJSON.string(s)
        case .array(let items): "[" + items.map(text).joined(separator: ",") + "]"
        case .object(let members): "{" + members.map { FrameJSON.string($0.key) + ":" + text($0.value) }.joined(separator: ",") + "}"
        }
    }

    /// 600 mutated gallery scenarios: each loads and renders (JSON lines, ASCII, SVG, a sheet) or is refused with
    /// problems that name their place; none traps, and each run is capped at 120 frames so the test stays quick.
    @Test func mutatedGalleryScenariosRenderOrFailCleanly() throws {
        let folder = Fixtures.root.appendingPathComponent("Examples")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }.sorted()
        let documents = try names.map { try JSONReader.parse(String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8)) }
        let registry = Fixtures.registry
        let outcome = withTimeLimit(seconds: 120) { () -> (rendered: Int, refused: Int, failedRuns: Int, problems: [String]) in
            var random = SplitMix64(seed: 0xF022_0008)
            var rendered = 0, refused = 0, failedRuns = 0
            var problems: [String] = []
            let ascii = ASCIIRenderer(columns: 40, rows: 12)
            for n in 0..<600 {
                let pick = random.below(documents.count)
                var document = documents[pick]
                for _ in 0...random.below(2) { document = Self.mutate(document, &random) }
                let label = "case \(n) (\(names[pick]))"
                var scenario: Scenario
                do throws(ScenarioError) {
                    scenario = try ScenarioLoader.load(Self.text(document), file: names[pick], registry: registry)
                } catch {
                    refused += 1
                    if error.issues.isEmpty || error.issues.contains(where: { $0.message.isEmpty && $0.path.isEmpty }) {
                        problems.append("\(label): refused without a problem: \(error)")
                    }
                    continue
                }
                if let duration = scenario.duration { scenario.duration = min(duration, 119 / scenario.fps) }
                var canvas = ASCIICanvas(columns: 40, rows: 12)
                var out = TextBuffer()
                var first: [Frame] = []
                do {
                    try scenario.run(registry: registry, limit: 120) { frame in
                        _ = FrameJSON.line(frame)
                        for node in frame.nodes {
                            let numbers =
                                node.style.transform.values + [
                                    node.frame.x, node.frame.y, node.frame.width, node.frame.height, node.style.alpha,
                                ]
                            if !numbers.allSatisfy(\.isFinite) {
                                problems.append("\(label): frame \(frame.index) \(node.role.rawValue): \(numbers)")
                            }
                        }
                        if frame.index % 15 == 0 {
                            out.removeAll()
                            ascii.render(frame, canvas: &canvas, into: &out)
                        }
                        if first.count < 4 { first.append(frame) }
                    }
                    _ = SVGRenderer().render(first[first.count - 1])
                    _ = ContactSheet().render(first, title: scenario.name)
                    rendered += 1
                } catch {
                    failedRuns += 1
                    if "\(error)".isEmpty { problems.append("\(label): a run failed without a message") }
                }
            }
            return (rendered, refused, failedRuns, problems)
        }
        let result = try #require(outcome, "the fuzz did not finish in 120 s")
        #expect(result.problems == [])
        #expect(result.rendered > 100 && result.refused > 100, "\(result)")
    }
}
