// panekit studio: serves the studio page live on a local port, re-running the engine when files or knobs change.

import Foundation
import PaneKit
import PaneKitLua
import PaneKitRender
import PaneKitStudio

enum StudioCommand {
    static let help = """
        usage: panekit studio [SCENARIO|STYLER|PLUGIN.lua ...] [--port N] [--host ADDR] [--compare S,S]
                              [--behaviors A,B,…] [--param K=V]... [--fps N] [--size WxH] [--plugins DIR]
                              [--strict] [--container C] [--direction D] [--reveal R] [--theme dark|light]

        Serves the studio page at http://127.0.0.1:PORT/ (printed on standard output): play, scrub, slow down,
        inspect nodes, read each styler's curves, tune its parameters, drag the drawer with the mouse. Saving the
        scenario or a plugin it uses re-runs the engine and updates the page; an error is shown there and the last
        good frames stay. Without a target it shows Examples/design-example.json. Ctrl-C stops it.
          --port N         the port (default 0: a free one)
          --host ADDR      the IPv4 address to listen on (default 127.0.0.1, this machine only)
          --compare S,S    these stylers beside the first target, each alone on its drawers, scrubbed together
          --behaviors A,B  a \(BehaviorsArgument.families) scenario run once per behavior, side by side and scrubbed
                           together; a drag on any stage is replayed on all (\(BehaviorsArgument.names)).
                           One scenario file only, not with --compare
          --param K=V      a styler parameter, or STYLER.K=V (repeatable); the page's knobs start there
          --fps N          frames per second (default: the scenario's, else 60)
          --size WxH       container size (default: the scenario's)
          --plugins DIR    folder of Lua stylers (default ./Plugins when it exists)
          --strict         a failing styler stops the run (shown as an error) instead of being disabled
        \(Theme.flagHelp)
        \(RunTargets.demoHelp)
        Routes: / (the page), /frames.json (the main run as render --format json writes it), /session.json,
        /events (Server-Sent Events), POST /params, POST /drag. Only requests that name the studio in Host
        (127.0.0.1:PORT, localhost:PORT, [::1]:PORT or --host) are served, and a POST only from its own pages
        (Origin); others get 403, so another site's page cannot read or change the session.

        Examples:
          panekit studio Examples/design-example.json
          panekit studio Examples/drawer-slide.json --compare mm.parallax,Plugins/cube.lua
          panekit studio Examples/sheet-compare.json --behaviors material,compose,uikit,floatingpanel
          panekit studio Plugins/zoom.lua --param scale=0.6

        """

    static func run(_ arguments: [String]) throws(CLIError) {
        let args = try Arguments(
            command: "studio", arguments,
            valued: Registries.limitFlags.union(RunTargets.demoFlags).union([
                "port", "host", "compare", "param", "fps", "size", "plugins", "theme", "behaviors",
            ]),
            switches: ["help", "strict"])
        if args.has("help") { return Output.print(help) }
        let targets = args.positionals.isEmpty ? ["Examples/design-example.json"] : args.positionals
        let behaviors = try StudioTargets.behaviors(args, targets: targets, eachTarget: false)
        let port = try args.int("port", where: { $0 >= 0 && $0 <= 65535 }, expected: "a port from 0 to 65535") ?? 0
        let host = args.value("host") ?? "127.0.0.1"
        let fps = try args.fps()
        let size = try args.size("size")
        // A long-lived author loop: a plugin call the instruction budget does not end fails like any other (its error
        // on the page) after half the CLI's backstop, instead of ending the server with it.
        let budget = try Registries.limits(args)
        let limits = Limits(instructions: budget.instructions, memory: budget.memory, seconds: pluginCallSeconds / 2)
        let compare = StudioTargets.compared(args)
        let plugins = args.value("plugins")
        let strict = args.has("strict")
        let theme = try Theme.parse(args)
        let command =
            ["panekit", "studio"] + targets
            + (args.values("compare").isEmpty ? [] : ["--compare", args.values("compare").joined(separator: ",")])
            + (behaviors.map { ["--behaviors", $0.joined(separator: ",")] } ?? [])
        PluginSessions.shared.quiet = true

        /// Loads the registry (a changed plugin is reloaded, keeping the last good one on failure) and the runs.
        let load: LiveStudio.Loader = { () throws(StudioError) in
            do throws(CLIError) {
                let registry = try Registries.load(pluginsFolder: plugins, limits: limits, files: RunTargets.pluginFiles(targets + compare))
                let problems = PluginSessions.shared.takeEvents().filter { $0.kind == .failed }.map(\.description)
                var runs: [StudioRun]
                if let behaviors {
                    runs = try StudioTargets.runs(targets[0], behaviors: behaviors, registry: registry) {
                        StudioTargets.resize(&$0, fps: fps, size: size)
                    }
                } else {
                    var scenarios: [(name: String, scenario: Scenario)] = []
                    for target in targets {
                        var scenario = try RunTargets.scenario(target, args: args, registry: registry, fps: fps)
                        StudioTargets.resize(&scenario, fps: fps, size: size)
                        scenarios.append((RunTargets.stem(target), scenario))
                    }
                    runs = try StudioTargets.runs(scenarios, compare: compare, registry: registry)
                }
                let stylers = runs.flatMap { ParamArguments.stylers(of: $0.scenario) }
                let overrides = try ParamArguments.overrides(args, stylers: stylers, registry: registry)
                for i in runs.indices { runs[i].scenario.mergeParameters(overrides) }
                var input = StudioInput(runs: runs, registry: registry, command: command, problems: problems, strict: strict)
                input.theme = theme
                return input
            } catch {
                throw StudioError(.invalidInput, error.message)
            }
        }
        // The files a save re-runs: the scenarios, the plugin files named, and the plugins folder's files as they
        // come and go (listed, never loaded: the watch asks ten times a second).
        let folder = plugins ?? (FileManager.default.fileExists(atPath: "Plugins") ? "Plugins" : nil)
        let watched: @Sendable () -> [String] = {
            var files = targets.filter { !RunTargets.isStyler($0) || $0.hasSuffix(".lua") } + compare.filter { $0.hasSuffix(".lua") }
            if let folder, let found = try? PluginLoader.discover(in: folder) { files += found }
            return files.reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        }
        let studio: LiveStudio
        let server: HTTPServer
        do throws(StudioError) {
            studio = try LiveStudio(load: load, watched: watched)
            server = try HTTPServer(host: host, port: UInt16(port), routes: studio.routes)
        } catch {
            throw .input("studio: \(error.message)")
        }
        // The interrupt handler is installed before the first connection: its pipe needs two file descriptors
        // that clients could otherwise have used up.
        let caught = Platform.onInterrupt { _ in
            server.stop()
            Output.warn("studio: stopped")
            exit(0)
        }
        guard caught else {
            throw .input("studio: cannot catch Ctrl-C: no file descriptor is left: \(Platform.descriptorShortage())")
        }
        server.start()
        studio.watch()
        Output.print("PaneKit Studio: \(server.url)\n")
        Output.warn("studio: serving \(targets.joined(separator: ", ")) on \(server.url); Ctrl-C stops")
        while true { Platform.sleep(3600) }
    }
}
