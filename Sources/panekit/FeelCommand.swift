// panekit feel: the numbers view of the side-by-side comparison. One scenario of a family that declares what it
// measures (its descriptor's `feel`: a sheet, a navigation stack, a pager) is run once per behavior, and each
// gesture of its timeline becomes a row of the family's columns.

import Foundation
import PaneKit
import PaneKitRender

enum FeelCommand {
    static var help: String {
        let families = measured.map(\.kind)
        let paragraphs = measured.map { "\($0.feel.help)\n--json gives \(jsonShape($0.feel)).\n" }.joined(separator: "\n")
        return """
            usage: panekit feel SCENARIO [--behaviors A,B,…] [--json] [--fps N] [--plugins DIR] [--max-frames N]

            Runs a \(Words.list(families, or: true)) scenario once per behavior (the same timeline, gestures and content
            under each platform's rules) and prints one row per gesture of its timeline, measured on the frames the
            run makes (render --format json shows the same frames): times in seconds, distances in points (a pager's
            in pages), — (null in JSON) where a gesture has no value.
            \(BehaviorsArgument.help)
                                     (default: the scenario's own behavior)
              --json           one JSON object of the family's shape (below), numbers unrounded
              --fps N          sample the run at N frames per second (default: the scenario's, else 60); times
                               resolve to one frame, so a higher rate measures finer
              --plugins DIR    folder of Lua stylers (default ./Plugins when it exists)
            \(FrameLimit.help)

            \(paragraphs)
            Example: panekit feel Examples/sheet-vaul.json --behaviors uikit,floatingpanel,gorhom,vaul
                     panekit feel Examples/navigation-compare.json --behaviors uikit,cupertino,react-navigation,android
                     panekit feel Examples/pager-compose.json --behaviors viewpager2,compose,uikit,icarousel,swiper

            """
    }

    /// The registered families that `feel` measures, in the registry's order.
    static var measured: [(kind: String, feel: FeelMeasure)] {
        ContainerRegistry.descriptors.compactMap { d in d.feel.map { (d.kind.rawValue, $0) } }
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
        Output.print(try report(path, behaviors: names, registry: registry, fps: fps, limit: limit, json: args.has("json")))
    }

    /// The table (or, when `json`, the JSON object) of `path`'s scenario run once per behavior of `behaviors` (nil:
    /// its own), measured by its family's `feel`.
    /// - Throws: an input error for a scenario of a family that measures nothing, or a problem of the file (under a
    ///   behavior: naming it).
    static func report(
        _ path: String, behaviors names: [String]?, registry: StylerRegistry, fps: Double?, limit: Int, json asJSON: Bool
    ) throws(CLIError) -> String {
        // Each behavior's scenario checks that its container has that behavior; the file alone is run under its own.
        let loaded = try names.map { (names: [String]) throws(CLIError) in try BehaviorsArgument.scenarios(path, names, registry: registry)
        }
        let own: Scenario
        if let first = loaded?.first { own = first.scenario } else { own = try Scenarios.load(path, registry: registry) }
        guard let feel = ContainerRegistry.descriptor(for: own.container.kind)?.feel else {
            let families = measured
            throw .input(
                "\(Files.displayName(path)): container.type: feel measures \(Words.list(families.map(\.feel.noun), or: false)): expected "
                    + "\(Words.list(families.map { "\"\($0.kind)\"" }, or: true)), got \"\(own.container.kind.rawValue)\"")
        }
        var measured: [(behavior: String, run: FeelMeasure.Run)] = []
        // A family without behaviors is labelled by its kind.
        for (behavior, scenario) in loaded ?? [(feel.behavior(own.container) ?? own.container.kind.rawValue, own)] {
            var scenario = scenario
            if let fps {
                scenario.fps = fps
                scenario.frameTimes = nil
            }
            var frames: [Frame] = []
            try self.frames(of: scenario, name: "\(path) (behavior \(behavior))", registry: registry, limit: limit) { frames.append($0) }
            measured.append((behavior, feel.measure(scenario.timeline, frames)))
        }
        // A scenario without a name is named after its file, which BehaviorsArgument suffixes with the behavior.
        let file = Files.displayName(path)
        let suffixed = loaded?.first.map { own.name == "\(file) (behavior \($0.behavior))" } ?? false
        let name = own.name.isEmpty || suffixed ? file : own.name
        let rate = fps ?? own.fps
        return asJSON ? json(feel, measured, path: path, name: name, fps: rate) : text(feel, measured, name: name, fps: rate)
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
