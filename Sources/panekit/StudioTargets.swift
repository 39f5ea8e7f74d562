// What render --format html and studio show: the runs of the targets, with --compare's stylers beside the first.

import Foundation
import PaneKit
import PaneKitStudio

enum StudioTargets {
    /// The stylers of `--compare a,b` (names or plugin files), in order.
    static func compared(_ args: Arguments) -> [String] {
        args.values("compare").flatMap { $0.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) } }
            .filter { !$0.isEmpty }
    }

    /// One run per target, then, for each compared styler, the first run with every drawer's stylers replaced by
    /// that styler alone (same container, same timeline, so the stages scrub together).
    static func runs(_ targets: [(name: String, scenario: Scenario)], compare: [String], registry: StylerRegistry) throws(CLIError)
        -> [StudioRun]
    {
        var runs = targets.map { StudioRun(name: $0.name, scenario: $0.scenario) }
        guard let base = runs.first else { return runs }
        for argument in compare {
            let name = RunTargets.stylerName(argument)
            guard registry.entry(named: name) != nil else {
                throw .input("--compare \(argument): not a styler" + StylerArguments.hint(for: name, registry: registry))
            }
            var scenario = base.scenario
            let directions = scenario.stylers.keys.isEmpty ? scenario.container.directions : Array(scenario.stylers.keys)
            scenario.stylers = Dictionary(uniqueKeysWithValues: directions.map { ($0, [StylerReference(name: name)]) })
            scenario.name = "\(name): \(base.scenario.name)"
            runs.append(StudioRun(name: name, scenario: scenario))
        }
        return runs
    }
}
