// What a plugin's calls cost, as `panekit check` prints it: every instruction of the plain sweep's calls counted
// (a metered styler), summarised as the median and the worst call against the plugin's budget.

import Foundation
import PaneKit

extension PluginCheck {
    /// The cost of each call of the plain sweep (each subject of each group the plugin is posed on, at each of
    /// `fractions`, as `run` makes it with `behavior`), made by a metered styler with the plugin's default
    /// parameters; the sweep stops at a call past a limit. Empty when no styler can be made.
    public static func costs(_ plugin: LuaPlugin, fractions: [Double] = fractions, behavior: String? = nil) -> [CallCost] {
        guard let styler = try? LuaStyler(plugin: plugin) else { return [] }
        styler.metered = true
        var costs: [CallCost] = []
        var edits = StyleEdits()
        for pose in sweepPoses(grid(plugin.manifest, behavior: behavior)) {
            for closed in fractions {
                for context in contexts(of: pose.container, group: pose.group, closed: closed) {
                    edits.removeAll()
                    var stop = false
                    do { try styler.style(context, into: &edits) } catch {
                        stop = (error as? PluginError)?.isLimitExceeded ?? false
                    }
                    if let cost = styler.lastCallCost { costs.append(cost) }
                    if stop { return costs }
                }
            }
        }
        return costs
    }

    /// `per call: median 212 instructions, 31.2 KiB; worst 480 instructions, 33.0 KiB (budget 1000000
    /// instructions, 16 MiB)`: the median and the worst of `costs` against `limits`; nil for no calls.
    public static func costLine(_ costs: [CallCost], limits: Limits) -> String? {
        guard let (median, worst) = CallCost.summary(costs) else { return nil }
        func kib(_ bytes: Int) -> String { String(format: "%.1f KiB", Double(bytes) / 1024) }
        return "per call: median \(median.instructions) instructions, \(kib(median.memory)); worst \(worst.instructions) "
            + "instructions, \(kib(worst.memory)) (budget \(limits.instructions) instructions, \(Limits.describe(bytes: limits.memory)))"
    }
}
