// What play and render run: scenario files, or stylers (built-in names, plugin files) on the demo timeline.

import Foundation
import PaneKit
import PaneKitScenario
import PaneKitLua
import PaneKitStudio

enum RunTargets {
    /// The flags that pose a styler's demo (besides --size and --fps, which scenarios share).
    static let demoFlags: Set<String> = ["container", "behavior", "direction", "reveal", "demo"]

    /// Help lines for running a styler without a scenario.
    static let demoHelp = """
          --container C     a styler's demo: \(StylerArguments.containerNames)
                            (default: the first of the plugin's containers, else the styler's family)
          --behavior B      a styler's demo: \(StylerArguments.behaviorHelp)
          --direction D     a styler's demo: the drawer shown (default left)
          --reveal R        a styler's demo: the drawer's width (default: the container's)
          --demo PART       a styler's demo: full (the default: open, pan, close, then the bounce or the
                            container's other moves) or basic (open, pan, close)
          --param K=V       a styler parameter, or STYLER.K=V when several stylers take K (repeatable)
        """

    /// Whether `argument` names a styler rather than a scenario file: a `.lua` path, or a name without a slash
    /// and without `.json` that is not an existing file.
    static func isStyler(_ argument: String) -> Bool {
        if argument.hasSuffix(".lua") { return true }
        if argument.hasSuffix(".json") || argument.contains("/") || argument == "-" { return false }
        return !FileManager.default.fileExists(atPath: argument)
    }

    /// The plugin files among the arguments.
    static func pluginFiles(_ arguments: [String]) -> [String] {
        arguments.filter { $0.hasSuffix(".lua") }
    }

    /// The styler an argument names: `wobble` for `Plugins/wobble.lua`, else the argument itself.
    static func stylerName(_ argument: String) -> String {
        argument.hasSuffix(".lua") ? String(URL(fileURLWithPath: argument).lastPathComponent.dropLast(4)) : argument
    }

    /// The name output files take: the styler's name, the scenario file's name without its extension, or
    /// `stdin` for `-`.
    static func stem(_ argument: String) -> String {
        if argument == Files.standardStream { return "stdin" }
        return isStyler(argument) ? stylerName(argument) : URL(fileURLWithPath: argument).deletingPathExtension().lastPathComponent
    }

    /// The scenario an argument stands for, without the `--param` overrides.
    /// - Parameters:
    ///   - args: the command's arguments, for the demo's --container, --direction, --size and --reveal.
    ///   - fps: the frame rate of a demo (a scenario keeps its own unless the caller overrides it).
    /// - Throws: `CLIError` for a scenario that does not load, an unknown styler or a bad demo flag.
    static func scenario(_ argument: String, args: Arguments, registry: StylerRegistry, fps: Double?) throws(CLIError) -> Scenario {
        guard isStyler(argument) else {
            // With --behaviors the file is read under the first one, so a sheet that names no behavior of its own
            // (or one a later flag refuses) is compared all the same.
            let behavior = (try? BehaviorsArgument.parse(args))??.first
            return try Scenarios.load(argument, registry: registry, behavior: behavior)
        }
        let name = stylerName(argument)
        guard registry.entry(named: name) != nil else {
            throw .input("\(argument): not a scenario file nor a styler" + StylerArguments.hint(for: name, registry: registry))
        }
        let posing = try StylerArguments.posing(for: name, args: args)
        return DemoScenario.make(
            styler: StylerReference(name: name), container: posing.container, group: posing.group, fps: fps ?? 60,
            part: try demoPart(args))
    }

    /// The part of the demo `--demo` asks for (default full).
    static func demoPart(_ args: Arguments) throws(CLIError) -> DemoScenario.Part {
        try args.choice("demo", DemoScenario.Part.allCases.map(\.rawValue)).flatMap(DemoScenario.Part.init(rawValue:)) ?? .full
    }

    /// The named segments of the demo `argument` plays as `scenario`, or none for a scenario file.
    static func demoSegments(_ argument: String, scenario: Scenario, part: DemoScenario.Part) -> [DemoScenario.Segment] {
        guard isStyler(argument), let group = scenario.stylers.keys.sorted().first else { return [] }
        return DemoScenario.segments(container: scenario.container, group: group, part: part)
    }

    /// The scenarios of `arguments` with the `--param` overrides of `args` applied.
    static func scenarios(_ arguments: [String], args: Arguments, registry: StylerRegistry, fps: Double?) throws(CLIError) -> [Scenario] {
        var scenarios: [Scenario] = []
        for argument in arguments { scenarios.append(try scenario(argument, args: args, registry: registry, fps: fps)) }
        let overrides = try ParamArguments.overrides(args, stylers: scenarios.flatMap(ParamArguments.stylers), registry: registry)
        for i in scenarios.indices { scenarios[i].mergeParameters(overrides) }
        return scenarios
    }
}
