// The issue 20 fuzz: 10,000 seeded scenario, plugin-source and spring cases, in slices, with 0 traps and 0 hangs.
//
// Each case is made from its own seed (`seed + case number`), so a failure names the case that reproduces it. A trap
// ends the test process; a hang is bounded per case (40 frames of a run, Lua's default instruction budget and
// memory cap) and per slice (a time limit that names the case it stopped in).

import Foundation
import PaneKit
import PaneKitScenario
import PaneKitTestSupport
import Testing

@testable import PaneKitLua

@Suite struct HardeningFuzzTests {
    static let seed: UInt64 = 0x20_2026_1201
    /// Cases per kind, in slices: 4,000 scenarios, 3,000 plugin sources, 3,000 springs.
    static let scenarioSlices = 0..<8, pluginSlices = 0..<6, springSlices = 0..<3
    static let scenarioSlice = 500, pluginSlice = 500, springSlice = 1000
    /// Frames a fuzzed run may make: enough to start every transition, few enough to keep a case quick.
    static let frames = 40

    /// The gallery: every example scenario, parsed.
    static let gallery: [(name: String, json: JSONValue)] = {
        let folder = packageRoot.appendingPathComponent("Examples")
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".json") }.sorted()
        return names.compactMap { name in
            guard let text = try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8),
                let json = try? JSONReader.parse(text)
            else { return nil }
            return (name, json)
        }
    }()

    /// The repository's plugins, for the Lua scenarios and as the bases of mutated sources.
    static let catalog = try? PluginCatalog(folder: packageRoot.appendingPathComponent("Plugins").path)
    static let plugins: [(name: String, source: String)] = {
        let folder = packageRoot.appendingPathComponent("Plugins")
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter {
            $0.hasSuffix(".lua") && !$0.hasSuffix(".d.lua")
        }.sorted()
        return names.compactMap { name in
            (try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)).map { (name, $0) }
        }
    }()

    /// The case a slice is running, read when its time runs out.
    final class Progress: @unchecked Sendable {
        private let lock = NSLock()
        private var current = ""
        private var accepted = 0
        func start(_ label: String) { lock.withLock { current = label } }
        var label: String { lock.withLock { current } }
        /// Counts a case whose input was accepted and run (so a fuzz that only meets refusals shows).
        func accept() { lock.withLock { accepted += 1 } }
        var acceptedCount: Int { lock.withLock { accepted } }
    }

    struct Stop: Error {}

    /// Runs `count` cases from `first` through `body` (which returns the problems of one case) on a thread with a
    /// time limit, and records every problem with its case.
    func slice(
        _ kind: String, first: Int, count: Int, accepting: Int, _ body: @escaping @Sendable (inout SplitMix64, Progress, Int) -> [String]
    ) {
        let progress = Progress()
        let problems = withTimeLimit(seconds: 240) { () -> [String] in
            var found: [String] = []
            for n in first..<(first + count) {
                var random = SplitMix64(seed: Self.seed &+ UInt64(n))
                progress.start("\(kind) case \(n) (seed \(Self.seed) + \(n))")
                found += body(&random, progress, n).map { "\(kind) case \(n) (seed \(Self.seed) + \(n)): \($0)" }
            }
            return found
        }
        guard let problems else {
            Issue.record("a hang: the slice did not finish in 240 s; it was running \(progress.label)")
            return
        }
        #expect(problems.isEmpty, "\(problems.prefix(20).joined(separator: "\n"))")
        #expect(progress.acceptedCount >= accepting, "\(kind): \(progress.acceptedCount) of \(count) cases were accepted and run")
    }

    /// Loads `text` and runs it for at most `frames` frames; the problems of a refusal without a place or message,
    /// a failed run without a message, or a frame with a number that is not finite.
    static func loadAndRun(_ text: String, file: String, registry: StylerRegistry, _ progress: Progress) -> [String] {
        let scenario: Scenario
        do throws(ScenarioError) {
            scenario = try ScenarioLoader.load(text, file: file, registry: registry)
        } catch {
            if error.issues.isEmpty || error.issues.contains(where: { $0.description.isEmpty }) {
                return ["refused without a problem: \(error)"]
            }
            return []
        }
        progress.accept()
        var problems: [String] = []
        var count = 0
        do {
            try scenario.run(registry: registry, limit: frames) { frame in
                for node in frame.nodes {
                    let numbers =
                        node.style.transform.values + [node.frame.x, node.frame.y, node.frame.width, node.frame.height, node.style.alpha]
                    if !numbers.allSatisfy(\.isFinite) { problems.append("frame \(frame.index) \(node.role.rawValue): not finite") }
                }
                count += 1
                if count >= frames { throw Stop() }
            }
        } catch is Stop {
        } catch {
            if "\(error)".isEmpty { problems.append("a run failed without a message") }
        }
        return problems
    }

    // MARK: - Scenarios

    @Test(arguments: scenarioSlices)
    func mutatedScenarios(_ index: Int) throws {
        try #require(Self.gallery.count > 40, "the gallery in Examples/")
        let registry = try #require(Self.catalog).registry
        slice("scenario", first: index * Self.scenarioSlice, count: Self.scenarioSlice, accepting: Self.scenarioSlice / 8) {
            random, progress, _ in
            let pick = Self.gallery[random.below(Self.gallery.count)]
            var document = pick.json
            var what: [String] = []
            for _ in 0..<(random.below(4) == 0 ? 2 : 1) {
                let (mutated, description) = Fuzz.mutate(document, &random)
                document = mutated
                what.append(description)
            }
            let label = "\(pick.name) with \(what.joined(separator: "; "))"
            return Self.loadAndRun(Fuzz.text(document), file: pick.name, registry: registry, progress).map { "\(label): \($0)" }
        }
    }

    // MARK: - Plugin sources

    /// Calls a plugin's styler as a host would: three fractions on two directions, stopping at its first error
    /// (a host disables a styler that fails).
    static func exercise(_ source: String, _ name: String, _ progress: Progress) -> [String] {
        let styler: LuaStyler
        do {
            styler = try LuaStyler(plugin: LuaPlugin(source: source, path: "/fuzz/" + name, limits: Limits()))
        } catch {
            return "\(error)".isEmpty ? ["refused without a message"] : []
        }
        progress.accept()
        for direction in [Direction.left, .right] {
            for closed in [0.0, 0.5, 1] {
                var edits = StyleEdits()
                do {
                    try styler.style(PluginCheck.context(direction: direction, closed: closed), into: &edits)
                } catch {
                    return "\(error)".isEmpty ? ["failed without a message"] : []
                }
            }
        }
        return []
    }

    @Test(arguments: pluginSlices)
    func mutatedPluginSources(_ index: Int) throws {
        try #require(Self.plugins.count >= 5, "the plugins in Plugins/")
        slice("plugin", first: index * Self.pluginSlice, count: Self.pluginSlice, accepting: Self.pluginSlice / 5) { random, progress, _ in
            let base = Self.plugins[random.below(Self.plugins.count)]
            let (source, what) = Fuzz.luaSource(from: base.source, &random)
            return Self.exercise(source, base.name, progress).map { "\(base.name) \(what): \($0)" }
        }
    }

    // MARK: - Springs

    static let timingScenario = """
        {"size": [375, 667], "fps": 60, "container": {"type": "drawer", "left": {"width": 280}, "interruptible": true},
         "timeline": [{"at": 0, "action": "open", "direction": "left", "timing": TIMING},
                      {"at": 0.3, "action": "close", "timing": TIMING}]}
        """

    @Test(arguments: springSlices)
    func springForms(_ index: Int) {
        slice("spring", first: index * Self.springSlice, count: Self.springSlice, accepting: Self.springSlice / 20) { random, progress, n in
            switch random.below(3) {
            case 0:
                // A spring or a curve in a scenario timing, loaded and run.
                let timing: String
                if random.below(3) == 0 {
                    timing = Fuzz.text(.string(Fuzz.curve(&random)))
                } else {
                    let form = Fuzz.springForm(&random)
                    let members = form.split(separator: ",").map { pair -> String in
                        let kv = pair.split(separator: "=", maxSplits: 1).map(String.init)
                        let value = kv.count == 2 ? kv[1] : ""
                        let number = Double(value).flatMap { $0.isFinite ? "\($0)" : nil }
                        return Fuzz.text(.string(kv[0])) + ":" + (number ?? Fuzz.text(.string(value)))
                    }
                    timing = "{\"spring\": {" + members.joined(separator: ",") + "}}"
                }
                let text = Self.timingScenario.replacingOccurrences(of: "TIMING", with: timing)
                return Self.loadAndRun(text, file: "timing.json", registry: .builtins, progress).map { "timing \(timing): \($0)" }
            case 1:
                let text = Fuzz.curve(&random)
                guard case .curve(let c)? = try? Timing(parsing: text) else { return [] }
                let values = [0, 0.3, 0.7, 1].flatMap { [c.value(at: $0), c.slope(at: $0)] }
                return values.allSatisfy(\.isFinite) ? [] : ["curve \(text): \(values)"]
            default:
                let text = Fuzz.springForm(&random)
                let spring: Spring
                do throws(SpringFormError) {
                    spring = try Spring(parsing: text)
                } catch {
                    return error.message.isEmpty ? ["form \(text): refused without a message"] : []
                }
                progress.accept()
                let values = [0, 0.1, 1].flatMap { [spring.value(at: $0), spring.velocity(at: $0)] }
                let settle = n % 4 == 0 ? spring.settlingDuration : 0
                return values.allSatisfy(\.isFinite) && settle.isFinite ? [] : ["form \(text): \(values), settles in \(settle)"]
            }
        }
    }
}
