// The time panekit check gives one plugin in all, and the count of calls its grid makes, so that a plugin whose
// every call is within its limits but slow fails in about a second instead of running for minutes.

import Foundation
import PaneKit

extension PluginCheck {
    /// Seconds of wall time the whole check of one plugin may take: about 10 ms a call over the grid's 5,700
    /// calls, where an ordinary styler takes a few microseconds. A plugin whose calls would take longer fails
    /// with a `timeLimit` problem that says so (and so does `add`, `install`, `update`, `doctor` and a reload,
    /// which run the check).
    public static let timeLimit = 60.0

    /// The reading directions and reduced-motion settings tried at the `index`th of a state's `count` fractions:
    /// all four for a short sweep and at every other fraction of a long one, ltr without reduced motion otherwise
    /// (what rtl and reduced motion change is a branch, not a formula, and the grid stays a few thousand calls).
    static func variants(at index: Int, of count: Int) -> [(layoutDirection: LayoutDirection, reduced: Bool)] {
        let every = count <= 8 || index % 2 == 0
        return LayoutDirection.allCases.flatMap { direction in
            [false, true].filter { every || (direction == .ltr && !$0) }.map { (direction, $0) }
        }
    }

    /// How many calls `run` makes over `grid` and `fractions` when none fails: the plain sweep of each group, then
    /// each pose's states with their variants, a call per subject.
    static func callCount(grid: [GridPose], fractions: [Double]) -> Int {
        func subjects(_ pose: GridPose) -> Int { contexts(of: pose.container, group: pose.group, closed: 1).count }
        var count = sweepPoses(grid).reduce(0) { $0 + fractions.count * subjects($1) }
        for pose in grid {
            let subjects = subjects(pose)
            for (_, rule) in pose.states {
                let sweep = rule.fractions(of: fractions).count
                for index in 0..<sweep { count += variants(at: index, of: sweep).count * subjects }
            }
        }
        return count
    }

    /// The wall time of one check: each call spends from it, and a plugin that cannot finish in `seconds` is
    /// stopped early.
    struct Budget {
        let seconds: Double
        let calls: Int
        let start = DispatchTime.now().uptimeNanoseconds
        var made = 0

        /// The problem that stops the check before its next call, or nil while the check fits its time.
        ///
        /// After a second (or a tenth of the limit, if less), a plugin whose calls so far put the whole grid past
        /// twice the limit is stopped: its time is clear, and waiting for the limit itself would cost a minute.
        /// Otherwise it is stopped when the limit passes.
        mutating func next(_ plugin: LuaPlugin) -> PluginError? {
            defer { made += 1 }
            let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            guard made > 0, elapsed >= min(1, seconds / 10) else { return nil }
            let projected = elapsed / Double(made) * Double(calls)
            guard elapsed > seconds || projected > 2 * seconds else { return nil }
            let each = elapsed / Double(made) * 1000
            return PluginError(
                file: plugin.file, line: plugin.manifest.styleLine, reason: .timeLimit,
                message: "check time limit exceeded: its \(calls) calls would take about \(NumberFormat.string(projected.rounded())) s "
                    + "(\(NumberFormat.string((each * 10).rounded() / 10)) ms a call; a check may take at most "
                    + "\(NumberFormat.string(seconds)) s, PluginCheck.timeLimit); stopped after \(made) calls")
        }
    }
}
