// The benchmark's figures in groups measured together, and `--only`, which picks some of them by name.

import Foundation
import PaneKit

/// Figures measured together (a comparison's two times and their ratio come from one measurement), in the order the
/// benchmark reports them. `--only` takes a group's name or one of its `--json` keys.
enum BenchGroup: String, CaseIterable {
    case drawer
    case luaScene = "lua-scene"
    case stylerCall = "styler-call"
    case simpleCall = "simple-call"
    case heap
    case allocations
    case callAllocations = "call-allocations"
    case rss
    case ascii
    case svg
    case sheet
    case coldStart = "cold-start"
    case video
    case pager

    /// The `--json` keys of the group's rows, in their order.
    var keys: [String] {
        switch self {
        case .drawer: ["drawer_ns_per_frame"]
        case .luaScene: ["lua_ns_per_frame"]
        case .stylerCall: ["lua_call_ns", "c_harness_call_ns", "lua_overhead_ratio"]
        case .simpleCall: ["simple_call_ns", "bare_c_call_ns", "bare_overhead_ratio"]
        case .heap: ["lua_heap_bytes_per_plugin"]
        case .allocations: ["allocations_per_frame"]
        case .callAllocations: ["lua_allocations_per_call"]
        case .rss: ["rss_growth_bytes"]
        case .ascii: ["ascii_80x24_ns", "ascii_200x60_ns"]
        case .svg: ["svg_ns_per_frame"]
        case .sheet: ["sheet_1000_seconds"]
        case .coldStart: ["stylers_cold_start_ms"]
        case .video: ["video_ms_per_frame"]
        case .pager: ["pager_5_ns_per_frame", "pager_10000_ns_per_frame", "pager_cost_ratio"]
        }
    }

    /// What the group runs, for `--help`.
    var summary: String {
        switch self {
        case .drawer: "the drawer scene with built-in stylers, nothing else (for callgrind)"
        case .luaScene: "the drawer scene plus two Lua stylers"
        case .stylerCall: "the --styler plugin's call through PaneKit and in the C harness"
        case .simpleCall: "the simple styler's call through PaneKit and in the bare C host"
        case .heap: "the largest Lua heap of a loaded gallery plugin"
        case .allocations: "allocations per frame of the drawer scene"
        case .callAllocations: "host allocations per Lua call"
        case .rss: "resident memory growth over 1,000,000 frames"
        case .ascii: "the ASCII renderer, 80×24 and 200×60"
        case .svg: "the SVG renderer"
        case .sheet: "a 1,000-frame contact sheet, whole process"
        case .coldStart: "panekit stylers, whole process"
        case .video: "an MP4 of drawer-sink-back, per frame (needs ffmpeg; left out without it)"
        case .pager: "a frame of a pager of 5 and of 10,000 pages at the middle page (only the visible pages are posed)"
        }
    }

    /// Whether the group reads the gallery plugins (`--plugins`) or the `--styler` file.
    var readsPlugins: Bool {
        switch self {
        case .luaScene, .stylerCall, .heap: true
        default: false
        }
    }

    /// Names that stand for several groups: `calls` is every style-call figure (what `--calls` measures).
    static let sets: KeyValuePairs<String, [BenchGroup]> = ["calls": [.stylerCall, .simpleCall, .callAllocations]]

    /// The names `--only` takes, one per line with what each measures, for `--help`.
    static var help: String {
        let names = allCases.map { ($0.rawValue, $0.summary) } + sets.map { ($0.key, $0.value.map(\.rawValue).joined(separator: ", ")) }
        let width = names.map(\.0.count).max() ?? 0
        return names.map { "    " + $0.0.padding(toLength: width + 2, withPad: " ", startingAt: 0) + $0.1 }.joined(separator: "\n")
    }
}

/// What `--only` selected: the groups to measure, in report order, and the keys to report.
struct BenchSelection: Equatable {
    var groups: [BenchGroup]
    var keys: Set<String>

    /// Everything: every group, every key.
    static let all = BenchSelection(groups: BenchGroup.allCases, keys: Set(BenchGroup.allCases.flatMap(\.keys)))

    /// The selection `--only LIST` names: a comma-separated list of group names (`drawer`), sets (`calls`) and
    /// `--json` keys (`lua_overhead_ratio`, which measures its group and reports that key alone).
    /// - Throws: `BenchError.usage` naming the first unknown or empty name and listing the names there are.
    init(only list: String) throws(BenchError) {
        var groups = Set<BenchGroup>(), keys = Set<String>()
        for item in list.split(separator: ",", omittingEmptySubsequences: false) {
            let name = item.trimmingCharacters(in: .whitespaces)
            if let group = BenchGroup(rawValue: name) {
                groups.insert(group)
                keys.formUnion(group.keys)
            } else if let set = BenchGroup.sets.first(where: { $0.key == name })?.value {
                groups.formUnion(set)
                keys.formUnion(set.flatMap(\.keys))
            } else if let group = BenchGroup.allCases.first(where: { $0.keys.contains(name) }) {
                groups.insert(group)
                keys.insert(name)
            } else {
                let names = BenchGroup.allCases.map(\.rawValue) + BenchGroup.sets.map(\.key)
                let found = name.isEmpty ? "an empty name in \"\(list)\"" : "\"\(name)\""
                throw .usage(
                    "--only: expected a comma-separated list of \(names.joined(separator: ", ")) or --json keys, got \(found)"
                        + Suggestion.hint(for: name, among: names + BenchGroup.allCases.flatMap(\.keys))
                        + "; see panekit-bench --help")
            }
        }
        self.init(groups: BenchGroup.allCases.filter(groups.contains), keys: keys)
    }

    init(groups: [BenchGroup], keys: Set<String>) {
        self.groups = groups
        self.keys = keys
    }
}
