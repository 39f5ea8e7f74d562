// panekit feel: the numbers view of the side-by-side comparison; one sheet scenario run once per behavior, and for
// each gesture of its timeline where the sheet comes to rest, the settle time, the overshoot and the peak velocity.

import Foundation
import PaneKit
import PaneKitRender

enum FeelCommand {
    static let help = """
        usage: panekit feel SCENARIO [--behaviors A,B,…] [--json] [--fps N] [--plugins DIR] [--max-frames N]

        Runs a sheet, navigation or pager scenario once per behavior (the same timeline, gestures and content under each
        platform's rules) and prints, for each gesture of its timeline (each pan, and each setDetent, present, dismiss and
        setContentHeight; another action when it sets the resting sheet moving), measured on the frames the run
        makes (render --format json shows the same frames):
          detent      where the sheet comes to rest
          position    the y of the sheet's top edge at rest, in points (a top sheet mirrored)
          settle      seconds from the release (a pan's last sample, else the action's time) to the first frame
                      from which the sheet never moves again; — when the next gesture starts first
          overshoot   points past the rest position in the direction of travel (0 when none)
          peak        the largest speed of the settle in points per second, between consecutive frames from
                      the first at or after the release: the drag before it is not counted
        \(BehaviorsArgument.help)
                                 (default: the scenario's own behavior)
          --json           one JSON object: {"scenario","name","fps","behaviors":[{"behavior","detent","position",
                           "gestures":[{"kind","at","release","from","detent","position","settle","overshoot",
                           "peakVelocity"}]}]}: times in seconds, distances in points, settle null when the next
                           gesture starts first; the behavior's detent and position are its last frame's
          --fps N          sample the run at N frames per second (default: the scenario's, else 60); times
                           resolve to one frame, so a higher rate measures finer
          --plugins DIR    folder of Lua stylers (default ./Plugins when it exists)
        \(FrameLimit.help)

        On a navigation stack each back gesture (a pan, a predictive back) is a row instead: its screen, the
        result (pop: didPop, stay: popCancelled), settle (the release to that event), overshoot (points past
        in place or past the container's edge) and peak (the screen's largest speed after the release); --json
        gives {"scenario","name","fps","behaviors":[{"behavior","gestures":[{"kind","at","release","screen",
        "result","settle","overshoot","peakVelocity"}]}]}.

        On a pager each swipe (a pan) and each setPage is a row: from (the page it started on), page (the page it
        rests on; — when the next gesture starts first), settle (the release to the first frame at rest),
        overshoot (pages past the resting page in the direction of travel) and peak (the largest speed after the
        release, pages per second); --json gives {"scenario","name","fps","behaviors":[{"behavior","gestures":
        [{"kind","at","release","from","page","settle","overshoot","peakVelocity"}]}]}.

        Example: panekit feel Examples/sheet-vaul.json --behaviors uikit,floatingpanel,gorhom,vaul
                 panekit feel Examples/navigation-compare.json --behaviors uikit,cupertino,react-navigation,android
                 panekit feel Examples/pager-compose.json --behaviors viewpager2,compose,uikit,icarousel,swiper

        """

    /// One behavior's run, measured.
    struct Run {
        var behavior: SheetBehavior
        var gestures: [SheetFeel.Gesture]
        /// The run's last frame's sheet.
        var last: SheetFeel.Sample?
    }

    static func run(_ arguments: [String]) throws(CLIError) {
        let args = try Arguments(
            command: "feel", arguments, valued: ["behaviors", "fps", "plugins", "max-frames"], switches: ["json", "help"])
        if args.has("help") { return Output.print(help) }
        guard args.positionals.count == 1, let path = args.positionals.first else {
            throw .usage(
                "feel: expected one sheet scenario file, got \(args.positionals.count); see panekit feel --help")
        }
        let names = try BehaviorsArgument.parse(args)
        let fps = try args.fps()
        let limit = try FrameLimit.parse(args)
        try Scenarios.checkInputs([path], command: "feel", watch: false)
        let registry = try Registries.load(pluginsFolder: args.value("plugins"), scenarios: [path])
        // A navigation stack's gestures are measured by what they decide (NavigationFeel): the scenario says which.
        if let own = try? Scenarios.load(path, registry: registry), own.container.configuration(as: NavigationConfiguration.self) != nil {
            return Output.print(
                try navigation(path, scenario: own, behaviors: names, registry: registry, fps: fps, limit: limit, json: args.has("json")))
        }
        // A pager's swipes and setPage calls are measured by the page they rest on (FeelCommand+Pager).
        if let own = try? Scenarios.load(path, registry: registry), own.container.configuration(as: PagerConfiguration.self) != nil {
            return Output.print(
                try pager(path, scenario: own, behaviors: names, registry: registry, fps: fps, limit: limit, json: args.has("json")))
        }
        let behaviors = try names.map { (names: [String]) throws(CLIError) -> [SheetBehavior] in
            try names.map { (name: String) throws(CLIError) -> SheetBehavior in
                guard let behavior = SheetBehavior(rawValue: name) else {
                    throw .usage(
                        "feel: --behaviors: a sheet scenario: expected behaviors from \(SheetBehavior.allCases.map(\.rawValue).joined(separator: ", ")), got \"\(name)\""
                    )
                }
                return behavior
            }
        }
        let runs = try scenarios(path, behaviors: behaviors, registry: registry)
        var measured: [Run] = []
        for (behavior, scenario) in runs {
            var scenario = scenario
            if let fps {
                scenario.fps = fps
                scenario.frameTimes = nil
            }
            measured.append(try measure(scenario, behavior: behavior, path: path, registry: registry, limit: limit))
        }
        // A scenario without a name is named after its file, which BehaviorsArgument suffixes with the behavior.
        var name = runs.first?.scenario.name ?? ""
        if let first = runs.first, name == "\(Files.displayName(path)) (behavior \(first.behavior.rawValue))" {
            name = Files.displayName(path)
        }
        let rate = fps ?? runs.first?.scenario.fps ?? 60
        Output.print(args.has("json") ? json(measured, path: path, name: name, fps: rate) : text(measured, name: name, fps: rate))
    }

    /// The scenario once per behavior: `--behaviors`, else the file's own behavior alone.
    /// - Throws: an input error for a scenario that is not a sheet, or a problem of the file under a behavior.
    static func scenarios(
        _ path: String, behaviors: [SheetBehavior]?, registry: StylerRegistry
    ) throws(CLIError) -> [(behavior: SheetBehavior, scenario: Scenario)] {
        if let behaviors {
            return try BehaviorsArgument.scenarios(path, behaviors.map(\.rawValue), registry: registry).compactMap { run in
                SheetBehavior(rawValue: run.behavior).map { ($0, run.scenario) }
            }
        }
        let scenario = try Scenarios.load(path, registry: registry)
        guard let sheet = scenario.container.configuration(as: SheetConfiguration.self) else {
            throw .input(
                "\(Files.displayName(path)): container.type: feel measures sheets, navigation stacks and pagers: expected \"sheet\", \"navigation\" or \"pager\", got \"\(scenario.container.kind.rawValue)\""
            )
        }
        return [(sheet.behavior, scenario)]
    }

    /// Runs `scenario` and measures each gesture of its timeline.
    static func measure(
        _ scenario: Scenario, behavior: SheetBehavior, path: String, registry: StylerRegistry, limit: Int
    ) throws(CLIError) -> Run {
        var feel = SheetFeel()
        try frames(of: scenario, name: "\(path) (behavior \(behavior.rawValue))", registry: registry, limit: limit) { feel.add($0) }
        return Run(behavior: behavior, gestures: feel.measure(scenario.timeline), last: feel.samples.last)
    }

    /// Runs `scenario`, handing each frame to `body`; its warnings (and a frame limit reached) name it `name`.
    static func frames(
        of scenario: Scenario, name: String, registry: StylerRegistry, limit: Int, _ body: (Frame) -> Void
    ) throws(CLIError) {
        let summary = try CLIError.naming(name) {
            try scenario.run(registry: registry, limit: limit) {
                Output.warn("\(name): warning: \($0)")
            } _: {
                body($0)
            }
        }
        if summary.stoppedAtLimit {
            Output.warn("\(name): warning: \(FrameLimit.warning(frames: summary.frameCount, fps: scenario.fps))")
        }
    }
}
