// panekit: the command line over PaneKit, PaneKitLua and PaneKitRender.

import Foundation
import PaneKit
import PaneKitLua

let commands: [(name: String, summary: String, run: ([String]) throws(CLIError) -> Void)] = [
    (
        "render", "render scenarios as JSON, ASCII, SVG, a contact sheet, an animated SVG, asciicast, PNG or a studio page",
        RenderCommand.run
    ),
    ("play", "play scenarios in the terminal", PlayCommand.run),
    ("studio", "serve the studio page: play, scrub, tune and drag transitions in a browser, live", StudioCommand.run),
    ("sample", "pose a container at closed fractions and print one styler's nodes", SampleCommand.run),
    ("plot", "chart every channel a styler writes against the closed fraction, as SVG", PlotCommand.run),
    ("feel", "measure each gesture of a sheet scenario under each behavior: rest, settle time, overshoot, speed", FeelCommand.run),
    ("bake", "sample a styler into a .bake.json table that PaneKit plays back without Lua", BakeCommand.run),
    ("curve", "print a cubic-bezier timing as SwiftUI, UIKit, Compose and CSS code", CurveCommand.run),
    ("spring", "convert a spring between platforms' forms, with its settle time and step response", SpringCommand.run),
    ("stylers", "list the built-in and plugin stylers with their parameters", StylersCommand.run),
    ("test", "test Lua plugins against their golden frames and declared expectations", TestCommand.run),
    ("check", "load Lua plugins, run them over every fraction and report each problem", CheckCommand.run),
    ("new", "write a commented starter Lua plugin", NewCommand.run),
    ("add", "install plugins from a git repository or a .lua file and record them in Plugins/panekit.lock", AddCommand.run),
    ("install", "install what Plugins/panekit.lock records, or verify it (--check)", InstallCommand.run),
    ("update", "move installed plugins to the newest tag of their source", UpdateCommand.run),
    ("remove", "uninstall a plugin installed with panekit add", RemoveCommand.run),
    ("doctor", "check the setup: Lua, the plugins, the lock, the stubs and the tools each export needs", DoctorCommand.run),
    ("docs", "write a static site with a page per plugin: parameters, curves, a playable preview", DocsCommand.run),
    ("bench", "measure speed and memory (use a release build)", BenchCommand.run),
]

/// Commands for PaneKit's developers, left out of the usage.
let hiddenCommands: [(name: String, summary: String, run: ([String]) throws(CLIError) -> Void)] = [
    ("contract", "rewrite the stubs and guide tables generated from the styler contract", ContractCommand.run)
]

let usage = """
    usage: panekit COMMAND [OPTIONS]

    commands:
    \(commands.map { "  " + $0.name.padding(toLength: 10, withPad: " ", startingAt: 0) + $0.summary }.joined(separator: "\n"))

    Run `panekit COMMAND --help` (or -h, or panekit help COMMAND) for a command's options.
    Exit codes: 0 success, 1 bad input (scenario, plugin, parameter), 2 usage.

    """

/// How long one plugin call may run before the run is stopped (PANEKIT_PLUGIN_SECONDS overrides, for tests).
let pluginCallSeconds = ProcessInfo.processInfo.environment["PANEKIT_PLUGIN_SECONDS"].flatMap(Double.init) ?? 5

let arguments = Array(CommandLine.arguments.dropFirst())
guard let name = arguments.first, name != "--help", name != "-h", name != "help" else {
    if arguments.count == 2, arguments[0] == "help" {  // `panekit help COMMAND` is `panekit COMMAND --help`
        guard let command = commands.first(where: { $0.name == arguments[1] }) else {
            Output.warn("panekit: unknown command \"\(arguments[1])\"" + Suggestion.hint(for: arguments[1], among: commands.map(\.name)))
            exit(2)
        }
        try? command.run(["--help"])
        exit(0)
    }
    Output.print(usage)
    exit(arguments.isEmpty ? 2 : 0)
}
guard let command = (commands + hiddenCommands).first(where: { $0.name == name }) else {
    Output.warn("panekit: unknown command \"\(name)\"" + Suggestion.hint(for: name, among: commands.map(\.name)))
    Output.warn(usage)
    exit(2)
}
// The backstop of DESIGN §10: a plugin call the instruction budget does not end within seconds ends the run.
PluginWatchdog.start(after: pluginCallSeconds) { file in
    TerminalSession.leaveCurrent()  // play: the alternate screen, cursor and echo first
    Platform.abandon(
        "panekit \(name): \(file): a plugin call ran for more than \(Int(pluginCallSeconds)) seconds; stopped "
            + "(the instruction limit does not bound it: see Lua plugins, limits, in docs/plugins.md)\n", status: 1)
}
do {
    try command.run(Array(arguments.dropFirst()))
    exit(0)
} catch {
    // Messages start with the command's name when a helper writes them; say it once.
    let message = error.message.hasPrefix(name + ": ") ? String(error.message.dropFirst(name.count + 2)) : error.message
    Output.warn("panekit \(name): " + message)
    exit(error.exitCode)
}
