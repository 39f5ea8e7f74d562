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
            let groups = scenario.stylers.keys.isEmpty ? scenario.container.configuration.stylerGroups : Array(scenario.stylers.keys)
            scenario.stylers = Dictionary(uniqueKeysWithValues: groups.map { ($0, [StylerReference(name: name)]) })
            scenario.name = "\(name): \(base.scenario.name)"
            runs.append(StudioRun(name: name, scenario: scenario))
        }
        return runs
    }
}

extension StudioTargets {
    /// The behaviors of `--behaviors` for the page of `targets`, checked against what it cannot go with: `--compare`
    /// (both put stages beside the first), a styler or standard input instead of a scenario file (the file is read
    /// once per behavior), and, unless `eachTarget`, more than one target (the studio's stages are one scenario's).
    /// - Throws: a usage error naming the clash; nil when the option is absent.
    static func behaviors(_ args: Arguments, targets: [String], eachTarget: Bool) throws(CLIError) -> [String]? {
        guard let behaviors = try BehaviorsArgument.parse(args) else { return nil }
        let command = args.command
        if !compared(args).isEmpty {
            throw .usage("\(command): --behaviors and --compare both set the stages beside the first; give one of them")
        }
        if !eachTarget, targets.count > 1 {
            throw .usage(
                "\(command): --behaviors compares one scenario; got \(targets.count) targets (\(targets.joined(separator: ", ")))")
        }
        for target in targets where target == Files.standardStream || RunTargets.isStyler(target) {
            let what = target == Files.standardStream ? "standard input (-)" : "\(target), a styler"
            throw .usage("\(command): --behaviors reads a scenario file once per behavior; got \(what)")
        }
        return behaviors
    }

    /// `--behaviors`: the scenario at `path` once per behavior, each a stage named for its behavior, with `adjust`
    /// (the command's `--fps`, `--size`, `--param`) applied to each.
    /// - Throws: an input error naming the file and the behavior (a container that is not a sheet, a detent that
    ///   behavior does not have).
    static func runs(
        _ path: String, behaviors: [String], registry: StylerRegistry, adjust: (inout Scenario) -> Void
    ) throws(CLIError) -> [StudioRun] {
        try BehaviorsArgument.scenarios(path, behaviors, registry: registry).map { run in
            var scenario = run.scenario
            adjust(&scenario)
            return StudioRun(name: run.behavior, scenario: scenario, behavior: run.behavior)
        }
    }

    /// `scenario` at the command's `--fps` and `--size`, when given.
    static func resize(_ scenario: inout Scenario, fps: Double?, size: Size?) {
        if let fps {
            scenario.fps = fps
            scenario.frameTimes = nil
        }
        if let size {
            scenario.size = size
            scenario.container = scenario.container.resized(to: size)
        }
    }
}
