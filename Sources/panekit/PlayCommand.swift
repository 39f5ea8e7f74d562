// panekit play: scenarios played in the terminal at their frame rate, restoring the terminal however it ends.

import Foundation
import PaneKit
import PaneKitScenario
import PaneKitLua
import PaneKitRender

enum PlayCommand {
    static let help = """
        usage: panekit play SCENARIO|STYLER... [--fps N] [--loop] [--plugins DIR] [--watch] [--color WHEN]
                            [--grid COLSxROWS] [--max-frames N] [--param K=V]... [--container C] [--behavior B]
                            [--direction D] [--size WxH] [--reveal R]

        Plays each scenario in turn in the terminal at its frame rate, on the alternate screen with the cursor
        hidden and synchronized output (mode 2026); the terminal is restored on exit and on Ctrl-C.
        A STYLER (a built-in name such as mm.parallax, or a plugin file such as Plugins/wobble.lua) plays on the
        demo timeline of its container: open, a pan past open and release, close, bounce (--demo basic stops
        after the close); the status line names the part playing.
        When standard output is not a terminal, the frames are printed once, one after another, each after a
        caption line, with no escape codes and no waiting.
        Ctrl-Z gives the terminal back while the player is stopped; fg redraws and goes on where it was.
          --fps N           frames per second (default: the scenario's)
          --loop            start again after the last scenario (Ctrl-C stops)
          --plugins DIR     folder of Lua stylers (default ./Plugins when it exists)
          --watch           reload the scenarios and plugins when a file is saved and play them again from the
                            start, over and over as --loop does; on an error, keep playing the last good version
                            and show FILE:LINE: message on the status line (up to three lines) until a good save
          --color WHEN      auto (the default: colour on a terminal unless NO_COLOR is set), always, never
          --grid COLSxROWS  the drawing's size (default: the terminal's, less the status line; 80x24 when piped)
          --size WxH        container size (default: the scenario's; 375x667 for a styler's demo)
        \(RunTargets.demoHelp)
        \(FrameLimit.help)

        Examples: panekit play Examples/drawer-swinging-door.json --loop
                  panekit play Plugins/zoom.lua --param scale=0.6 --watch

        """

    static func run(_ arguments: [String]) throws(CLIError) {
        let args = try Arguments(
            command: "play", arguments,
            valued: RunTargets.demoFlags.union(["fps", "plugins", "color", "grid", "param", "size", "max-frames"]),
            switches: ["loop", "watch", "help"])
        if args.has("help") { return Output.print(help) }
        let paths = args.positionals
        guard !paths.isEmpty else { throw .usage("play: expected a scenario file or a styler; see panekit play --help") }
        let fps = try args.fps()
        let when = try args.choice("color", TerminalOptions.colorChoices) ?? "auto"
        try Scenarios.checkInputs(paths, command: "play", watch: args.has("watch"))
        let grid = try TerminalOptions.grid(args)
        let plugins = args.value("plugins")
        let size = try args.size("size")
        // The player owns the screen: reload problems go to its status line, not to standard error.
        if args.has("watch") { PluginSessions.shared.quiet = true }
        let maxFrames = try FrameLimit.parse(args)
        let part = try RunTargets.demoPart(args)

        func load() throws(CLIError) -> (StylerRegistry, [Scenario]) {
            // Watching, a plugin call the budget does not end fails (its error in the status line) after half the
            // CLI's backstop, so the player keeps running for the next save; without --watch the backstop ends the run.
            let limits = args.has("watch") ? Limits(seconds: pluginCallSeconds / 2) : Limits()
            let registry = try Registries.load(
                pluginsFolder: plugins, limits: limits, files: RunTargets.pluginFiles(paths), scenarios: paths)
            var scenarios = try RunTargets.scenarios(paths, args: args, registry: registry, fps: fps)
            for i in scenarios.indices {
                if let fps { scenarios[i].fps = fps }
                if let size {
                    scenarios[i].size = size
                    scenarios[i].container = scenarios[i].container.resized(to: size)
                }
            }
            return (registry, scenarios)
        }
        let (registry, scenarios) = try load()

        guard Platform.isTerminal(Platform.standardOutput) else {
            let renderer = ASCIIRenderer(
                columns: grid?.columns ?? 80, rows: grid?.rows ?? 24,
                color: TerminalOptions.color(when, destinationIsTerminal: false))
            try printPlainly(scenarios, paths: paths, registry: registry, renderer: renderer, maxFrames: maxFrames)
            return
        }
        var player = Player(
            scenarios: scenarios, registry: registry, color: TerminalOptions.color(when, destinationIsTerminal: true),
            grid: grid, loop: args.has("loop"), maxFrames: maxFrames
        ) { scenarios in
            zip(paths, scenarios).map { RunTargets.demoSegments($0, scenario: $1, part: part) }
        }
        let session = TerminalSession()
        let caught = Platform.onInterrupt { signal in
            session.leave()
            Platform.exitNow(128 + signal)
        }
        guard caught else {
            throw .input("play: cannot catch Ctrl-C: no file descriptor is left: \(Platform.descriptorShortage())")
        }
        session.enter()
        defer { session.leave() }
        if args.has("watch") {
            let folders = [plugins ?? "Plugins"].filter { FileManager.default.fileExists(atPath: $0) }
            var watcher = FileWatch(files: paths, folders: folders)
            try player.play(session: session) {
                let changes = watcher.poll()
                guard !changes.isEmpty else { return nil }
                let loaded: Result<(StylerRegistry, [Scenario]), CLIError>
                // A FIFO or a file over the size limit is not read: the last good version keeps playing.
                if let refusal = FileWatch.refusal(of: changes) {
                    return Player.Reload(loaded: .failure(.input(refusal)), events: [])
                }
                do throws(CLIError) {
                    loaded = .success(try load())
                } catch {
                    loaded = .failure(error)
                }
                return Player.Reload(loaded: loaded, events: PluginSessions.shared.takeEvents())
            }
        } else {
            try player.play(session: session, reload: nil)
        }
        session.leave()
        for warning in player.warnings { Output.warn(warning) }
    }

    /// Standard output is a file or a pipe: every frame once, caption first, no escapes, no pacing.
    private static func printPlainly(
        _ scenarios: [Scenario], paths: [String], registry: StylerRegistry, renderer: ASCIIRenderer, maxFrames: Int
    ) throws(CLIError) {
        var canvas = ASCIICanvas(columns: renderer.columns, rows: renderer.rows)
        var out = TextBuffer(capacity: (renderer.columns + 1) * (renderer.rows + 2))
        let stream = TextStream.standardOutput()
        for (scenario, path) in zip(scenarios, paths) {
            try CLIError.naming(path) {
                let summary = try scenario.run(registry: registry, limit: maxFrames) {
                    Output.warn("\(path): warning: \($0)")
                } _: { frame in
                    out.removeAll()
                    ASCIIRenderer.appendCaption(frame, to: &out)
                    out.append("\n")
                    renderer.render(frame, canvas: &canvas, into: &out)
                    out.append("\n")
                    try stream.write(out)
                }
                try stream.finish()
                if summary.stoppedAtLimit {
                    Output.warn("\(path): warning: \(FrameLimit.warning(frames: summary.frameCount, fps: scenario.fps))")
                }
            }
        }
    }
}

/// Plays scenarios one after another in real time, dropping frames it is too late to draw.
struct Player {
    var scenarios: [Scenario]
    var registry: StylerRegistry
    let color: TerminalColor
    let grid: (columns: Int, rows: Int)?
    let loop: Bool
    /// The frame limit of a scenario without `duration`.
    let maxFrames: Int
    /// The warnings for standard error once the terminal is restored (a run stopped at its frame limit).
    private(set) var warnings: [String] = []
    /// The named parts of each scenario that is a styler's demo (none for a scenario file), for the status line.
    let segmentsOf: ([Scenario]) -> [[DemoScenario.Segment]]
    private var segments: [[DemoScenario.Segment]] = []

    private var canvas = ASCIICanvas(columns: 1, rows: 1)
    private var screen = TextBuffer(capacity: 1 << 16)
    private var message = ""

    init(
        scenarios: [Scenario], registry: StylerRegistry, color: TerminalColor, grid: (columns: Int, rows: Int)?, loop: Bool,
        maxFrames: Int = Scenario.defaultFrameLimit, segments: @escaping ([Scenario]) -> [[DemoScenario.Segment]] = { $0.map { _ in [] } }
    ) {
        self.segmentsOf = segments
        self.segments = segments(scenarios)
        self.maxFrames = maxFrames
        self.scenarios = scenarios
        self.registry = registry
        self.color = color
        self.grid = grid
        self.loop = loop
    }

    /// What a reload found: the scenarios and registry (or why they did not load) and what each plugin did.
    struct Reload {
        var loaded: Result<(StylerRegistry, [Scenario]), CLIError>
        var events: [ReloadEvent]
    }

    /// The problems of the last reload, by file, each shown until that file is saved again and loads.
    private var problems: [String: String] = [:]
    /// The key of a scenario problem in `problems`.
    private static let scenarioProblem = " scenarios"

    /// Plays until the last scenario ends (forever with `loop` or `reload`: watching plays the scenarios over and
    /// over, as `loop` does, so an edit shows in motion without a restart).
    /// - Parameter reload: polled about four times a second; a new registry and scenarios restart the play from
    ///   the first scenario's first frame.
    ///   A plugin or scenario that fails to load is shown on the status line as `FILE:LINE: message` until a
    ///   save of that file loads, while the last good version keeps playing; a good reload names the file.
    mutating func play(session: TerminalSession, reload: (() -> Reload?)?) throws(CLIError) {
        var index = 0
        var host = try makeHost(index)
        var start = Platform.now(), count = 0, lastPoll = start
        var stopped = session.secondsStopped
        while true {
            let nowStopped = session.secondsStopped
            if nowStopped != stopped {  // stopped by Ctrl-Z: the motion goes on where it was
                start += nowStopped - stopped
                stopped = nowStopped
            }
            if let reload, Platform.now() - lastPoll > 0.25 {
                lastPoll = Platform.now()
                if let outcome = reload() {
                    for event in outcome.events {
                        switch event.kind {
                        case .failed: problems[event.path] = Self.problemLine(event)
                        case .reloaded, .added, .changed: problems[event.path] = nil
                        }
                    }
                    let good = outcome.events.filter { $0.kind != .failed }.map(\.path)
                    switch outcome.loaded {
                    case .success(let (newRegistry, newScenarios)):
                        switch Player.host(newScenarios[0], registry: newRegistry) {
                        case .success(let restarted):
                            host = restarted
                            (registry, scenarios, index, count, start) = (newRegistry, newScenarios, 0, 0, Platform.now())
                            segments = segmentsOf(newScenarios)
                            problems[Self.scenarioProblem] = nil
                            message = good.isEmpty ? "reloaded" : "reloaded " + good.joined(separator: ", ")
                        case .failure(let error):
                            problems[Self.scenarioProblem] = Self.oneLine(error.message)
                        }
                    case .failure(let error):
                        problems[Self.scenarioProblem] = Self.oneLine(error.message)
                    }
                }
            }
            let scenario = scenarios[index]
            if isFinished(scenario, host: host, count: count) {
                if scenario.duration == nil, !host.isAtRest {
                    message = "\(scenario.name): " + FrameLimit.warning(frames: count, fps: scenario.fps)
                    if !warnings.contains(message) { warnings.append(message) }
                }
                if index + 1 < scenarios.count || loop || reload != nil {
                    index = (index + 1) % scenarios.count
                    host = try makeHost(index)
                    (count, start) = (0, Platform.now())
                    continue
                }
                return
            }
            let due = start + Double(count) / scenario.fps
            Platform.sleep(due - Platform.now())
            let frame: Frame
            do {
                frame = try host.step()
            } catch {
                throw .input("\(scenario.name): \(error)")
            }
            count += 1
            for event in frame.events {
                if case .stylerFailed(let styler, _, let error) = event {
                    message = Self.oneLine("styler \(styler) disabled: \(error)")
                    break
                }
            }
            let late = Platform.now() - due > 1 / scenario.fps
            if !late || isFinished(scenario, host: host, count: count) {
                draw(frame, scenario: scenario, segments: index < segments.count ? segments[index] : [], session: session)
            }
        }
    }

    private func isFinished(_ scenario: Scenario, host: PaneKit.PaneHost, count: Int) -> Bool {
        if let duration = scenario.duration { return count >= scenario.frameCount(forDuration: duration) }
        return count > 0 && (host.isAtRest || count >= maxFrames)
    }

    private func makeHost(_ index: Int) throws(CLIError) -> PaneKit.PaneHost {
        try Player.host(scenarios[index], registry: registry).get()
    }

    private static func host(_ scenario: Scenario, registry: StylerRegistry) -> Result<PaneKit.PaneHost, CLIError> {
        do {
            return .success(try scenario.makeHost(registry: registry))
        } catch {
            return .failure(.input("\(scenario.name): \(error.message)"))
        }
    }

    /// `Plugins/wobble.lua:12: message` for a plugin that did not reload.
    private static func problemLine(_ event: ReloadEvent) -> String {
        guard let error = event.error, let first = error.lines.first else { return "\(event.path): the new version fails" }
        let located = CheckCommand.located(first, file: error.file, path: event.path)
        let more = error.problems.count - 1 + event.problems.count
        return oneLine(located) + (more > 0 ? " (and \(more) more)" : "")
    }

    /// A multi-line message on one status line.
    private static func oneLine(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: true).map { $0.trimmingCharacters(in: .whitespaces) }
            .joined(separator: " ")
    }

    /// The status line's text cut into lines of at most `width` characters, at most `limit` of them: at the last
    /// space of a line where there is one in its second half, else at the width; the last line ends in `…` when
    /// text is left over. A status that fits is the one line it always was.
    static func wrap(_ text: String, width: Int, limit: Int = 3) -> [String] {
        let width = max(1, width)
        var rest = Substring(text)
        var lines: [String] = []
        while !rest.isEmpty {
            if rest.count <= width {
                lines.append(String(rest))
                break
            }
            if lines.count == limit - 1 {
                lines.append(String(rest.prefix(width - 1)) + "…")
                break
            }
            let head = rest.prefix(width)
            var cut = head.endIndex
            if let space = head.lastIndex(of: " "), head.distance(from: head.startIndex, to: space) >= width / 2 {
                cut = rest.index(after: space)
            }
            lines.append(String(rest[..<cut]).trimmingCharacters(in: .whitespaces))
            rest = rest[cut...].drop { $0 == " " }
        }
        return lines.isEmpty ? [""] : lines
    }

    /// One synchronized update: home, the grid, the status line (wrapped on up to three lines when it carries a
    /// long message), clear the rest.
    private mutating func draw(_ frame: Frame, scenario: Scenario, segments: [DemoScenario.Segment], session: TerminalSession) {
        let terminal = Platform.terminalSize() ?? (80, 25)
        var status = ASCIIRenderer.caption(frame)
        if let part = DemoScenario.segment(at: frame.time, in: segments) { status += "  | demo: " + part }
        var wraps = true
        if let problem = problems.sorted(by: { $0.key < $1.key }).first?.value {
            status += "  | " + problem
        } else if !message.isEmpty {
            status += "  | " + message
        } else {
            wraps = false  // nothing to read in full: the line is cut at the width, as it always was
        }
        status += "  | " + scenario.name + "  | Ctrl-C quits"
        let lines = wraps ? Self.wrap(status, width: terminal.columns - 1) : [String(status.prefix(max(0, terminal.columns - 1)))]
        let columns = grid?.columns ?? terminal.columns
        let rows = grid?.rows ?? max(1, terminal.rows - lines.count)
        let renderer = ASCIIRenderer(columns: columns, rows: rows, color: color)
        screen.removeAll()
        screen.append("\u{1b}[?2026h\u{1b}[H")
        renderer.render(frame, canvas: &canvas, into: &screen, lineEnd: "\u{1b}[K\r\n")
        screen.append(lines.joined(separator: "\u{1b}[K\r\n"))
        screen.append("\u{1b}[K\u{1b}[J\u{1b}[?2026l")
        session.draw(screen.bytes)
    }
}
