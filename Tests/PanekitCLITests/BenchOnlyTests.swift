// `panekit-bench --only NAME` (DESIGN §14): one figure measured alone, so that callgrind sees nothing else.

import Foundation
import PaneKitTestSupport
import Testing

/// The keys of the one JSON object `panekit-bench --json` prints.
private func jsonKeys(_ stdout: String) throws -> Set<String> {
    let object = try JSONSerialization.jsonObject(with: Data(stdout.utf8)) as? [String: Any]
    return Set(try #require(object, "one JSON object: \(stdout)").keys)
}

@Suite struct BenchOnlyTests {
    /// The few frames and one run a figure needs to be reported at all: these tests check what is measured, not speed.
    private let quick = ["--json", "--runs", "1", "--iterations", "1000"]

    @Test func onlyDrawerMeasuresTheDrawerSceneAlone() throws {
        let result = try runPanekit(["bench", "--only", "drawer"] + quick, timeout: 120)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try jsonKeys(result.stdout) == ["drawer_ns_per_frame", "runs", "spread"], "\(result.stdout)")
    }

    @Test func aJSONKeyMeasuresItsGroupAndReportsItselfAndNamesCombine() throws {
        let plugins = packageRoot.appendingPathComponent("Plugins").path
        let result = try runPanekit(
            ["bench", "--only", "lua_heap_bytes_per_plugin,allocations", "--plugins", plugins] + quick, timeout: 120)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try jsonKeys(result.stdout) == ["lua_heap_bytes_per_plugin", "allocations_per_frame", "runs", "spread"])
    }

    @Test func callsIsTheStyleCallFiguresAndTheOldSwitchIsItsAlias() throws {
        let calls: Set<String> = [
            "lua_call_ns", "c_harness_call_ns", "lua_overhead_ratio", "simple_call_ns", "bare_c_call_ns",
            "bare_overhead_ratio", "lua_allocations_per_call", "runs", "spread",
        ]
        let styler = packageRoot.appendingPathComponent("Plugins/zoom.lua").path
        for flags in [["--only", "calls"], ["--calls"]] {
            let result = try runPanekit(["bench"] + flags + ["--styler", styler] + quick, timeout: 300)
            #expect(result.status == 0, "\(flags): \(result.stderr)")
            #expect(try jsonKeys(result.stdout) == calls, "\(flags): \(result.stdout)")
        }
    }

    @Test(arguments: [
        (["--only", "drawr"], "got \"drawr\"; did you mean \"drawer\"?"),
        (["--only", "drawer,,calls"], "got an empty name in \"drawer,,calls\""),
        (["--only", ""], "got an empty name in \"\""),
        (["--only", "drawer", "--calls"], "--calls is --only calls; give one of them"),
    ])
    func aBadNameIsAUsageErrorListingTheNames(arguments: [String], message: String) throws {
        let result = try runPanekit(["bench"] + arguments, timeout: 60)
        #expect(result.status == 2, "\(arguments): \(result.stderr)")
        #expect(result.stderr.hasPrefix("panekit-bench: "), "\(result.stderr)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
        if arguments.last != "--calls" {
            for name in ["drawer", "lua-scene", "calls", "allocations", "cold-start"] {
                #expect(result.stderr.contains(name), "\(name) listed: \(result.stderr)")
            }
        }
        #expect(result.stdout.isEmpty)
    }

    @Test func helpListsEveryName() throws {
        let result = try runPanekit(["bench", "--help"], timeout: 60)
        #expect(result.status == 0)
        for name in ["drawer", "lua-scene", "styler-call", "simple-call", "calls", "svg", "sheet"] {
            #expect(result.stdout.contains("\n    \(name) "), "\(name) in --help")
        }
    }
}
