// Two hosts on two threads, each with its own Lua stylers, make the same frames as the two run one after the
// other: Lua states are per styler, and nothing in a host or the bridge is shared between hosts.

import Foundation
import PaneKit
import PaneKitScenario
import PaneKitLua
import PaneKitTestSupport
import Testing

@Suite struct ConcurrentHostsTests {
    /// Two gallery examples whose stylers are all Lua plugins, two on each side.
    static let examples = ["lua-card-stack-and-material.json", "lua-cube-and-fold.json"]

    /// The frames of a fresh host for `scenario` (`run` makes one, its stylers and Lua states anew from
    /// `registry`), strict so that a failing plugin fails the test.
    static func frames(_ scenario: Scenario, _ registry: StylerRegistry) throws -> [Frame] {
        try scenario.run(registry: registry, strict: true)
    }

    @Test func twoHostsOnTwoThreadsMakeTheFramesOfOneAfterTheOther() throws {
        let catalog = try PluginCatalog(folder: packageRoot.appendingPathComponent("Plugins").path)
        let scenarios = try Self.examples.map { name in
            let url = packageRoot.appendingPathComponent("Examples").appendingPathComponent(name)
            return try ScenarioLoader.load(String(contentsOf: url, encoding: .utf8), file: name, registry: catalog.registry)
        }
        #expect(scenarios.allSatisfy { $0.stylers.values.joined().allSatisfy { !$0.name.hasPrefix("mm.") } })
        let sequential = try scenarios.map { try Self.frames($0, catalog.registry) }
        #expect(sequential.allSatisfy { $0.count > 30 })

        // Each scenario on its own thread, two rounds, so the two hosts' Lua calls interleave.
        for round in 0..<2 {
            let results = Results(count: scenarios.count)
            let done = DispatchGroup()
            for (i, scenario) in scenarios.enumerated() {
                done.enter()
                let thread = Thread {
                    results.set(i, Result { try Self.frames(scenario, catalog.registry) })
                    done.leave()
                }
                thread.start()
            }
            // A deadlock or a hang fails the test instead of hanging the run.
            try #require(done.wait(timeout: .now() + 600) == .success, "round \(round) did not finish in 600 s")
            for i in scenarios.indices {
                let frames = try #require(results.get(i)).get()
                #expect(frames == sequential[i], "round \(round): \(Self.examples[i]) differs from its run alone")
            }
        }
    }
}

/// Each thread's frames or error, behind a lock.
private final class Results: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [Result<[Frame], any Error>?]

    init(count: Int) { values = Array(repeating: nil, count: count) }

    func set(_ i: Int, _ value: Result<[Frame], any Error>) { lock.withLock { values[i] = value } }
    func get(_ i: Int) -> Result<[Frame], any Error>? { lock.withLock { values[i] } }
}
