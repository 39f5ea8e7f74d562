// panekit render: scenario files to frames in every format, several scenarios in parallel.

import Foundation
import PaneKit
import PaneKitLua
import PaneKitRender
import PaneKitStudio

enum RenderCommand {
    static let help = """
        usage: panekit render SCENARIO|STYLER... [--format \(RenderFormats.names.joined(separator: "|"))]
                              [--out PATH] [--html] [--scale S]
                              [--fps N] [--size WxH] [--frames A..B] [--plugins DIR] [--watch] [--strict]
                              [--jobs N] [--color WHEN] [--grid COLSxROWS] [--columns N] [--onion]
                              [--param K=V]... [--container C] [--behavior B] [--direction D] [--reveal R]
                              [--max-frames N] [--compare S,S] [--behaviors A,B,…] [--theme dark|light]

        Runs each scenario and writes its frames. A STYLER (a built-in name such as mm.parallax, or a plugin
        file such as Plugins/wobble.lua) runs on the demo timeline of its container: open, a pan past open and
        release, close, bounce (present, pan, dismiss on sidemenu; the master hidden and shown on split).
        \(RenderFormats.help)
          --out PATH       a file, or a folder (an existing one, a path ending in /, or whenever one file
                           cannot hold the result: several scenarios, svg and png with several frames).
                           In a folder, files are named SCENARIO.jsonl|txt|svg|cast or SCENARIO-0001.svg|png|txt.
                           Without --out, or with --out -, the result goes to standard output (not
                           for png). Only regular files are written, never an input (see docs/cli.md).
                           SCENARIO - reads the scenario from standard input.
          --fps N          frames per second (default: the scenario's, else 60)
          --size WxH       container size (default: the scenario's)
          --frames A..B    only frames A to B, both included (either end may be left out)
          --plugins DIR    folder of Lua stylers (default ./Plugins when it exists)
          --watch          render again whenever a scenario or plugin file is saved (Ctrl-C stops)
          --strict         a failing styler ends the run with exit 1 instead of being disabled
          --jobs N         scenarios rendered at once (default: the number of cores); the output is the same
          --color WHEN     ascii and cast colour: auto (a terminal only), always, never (default auto)
          --grid COLSxROWS ascii and cast grid size (default 80x24)
          --columns N      sheet tiles per row (default: about a 16:10 sheet)
          --tiles N        sheet: N tiles evenly spaced over the frames, the first and the last included (N ≥ 2)
          --every K        sheet: every K-th frame from the first (K ≥ 1); not with --tiles
          --onion          sheet: add an onion skin, every frame overlaid at low opacity
          --compare S,S    html: these stylers beside the first scenario, each alone on its drawers
          --behaviors A,B  html, sheet: a \(BehaviorsArgument.families) scenario run once per behavior of its container
                           (\(BehaviorsArgument.names)):
                           html side by side on its own page, scrubbed together; sheet one labelled row each;
                           not with --compare or --onion
        \(Theme.flagHelp)
        \(VideoWriter.flagHelp)
        \(RunTargets.demoHelp)
        \(FrameLimit.help)
        \(Registries.limitHelp)

        Examples:
          panekit render mm.swinging-door --format sheet --out door-sheet.svg
          panekit render Examples/drawer-parallax.json --format json --frames 0..10
          panekit render Examples/drawer-swinging-door.json --format sheet --out sheet.svg
          panekit render Examples/*.json --format cast --out casts/ --jobs 2

        """

    /// Everything a scenario job needs, fixed before the jobs start.
    struct Options: Sendable {
        var format: RenderFormat
        var fps: Double?
        var size: Size?
        var range: ClosedRange<Int>
        var strict: Bool
        var ascii: ASCIIRenderer
        var columns: Int?
        var onion: Bool
        /// The command's arguments, for posing a styler's demo.
        var arguments: Arguments
        /// The `--param` values for each styler of the run, resolved once all scenarios are known.
        var overrides: [String: [String: ParamValue]] = [:]
        var maxFrames: Int
        /// css: also write the HTML player; gif, mp4: pixels per point.
        var html = false
        var scale = 1.0
        /// sheet: which of the selected frames become tiles.
        var tiles = SheetTiles.all
        /// `--theme`: the colours of every drawing format.
        var theme = Theme.dark
    }

    /// Which frames a contact sheet shows: all, `--tiles N` evenly spaced or `--every K`-th.
    enum SheetTiles: Sendable, Equatable {
        case all
        case evenlySpaced(Int)
        case every(Int)

        /// The positions among `count` selected frames.
        func positions(of count: Int) -> [Int] {
            switch self {
            case .all: Array(0..<count)
            case .evenlySpaced(let tiles): ContactSheet.evenlySpaced(tiles, of: count)
            case .every(let step): ContactSheet.every(step, of: count)
            }
        }
    }

    /// `--tiles N` or `--every K`: one of them, with `--format sheet` only (exit 2 otherwise).
    static func sheetTiles(_ args: Arguments, format: RenderFormat) throws(CLIError) -> SheetTiles {
        try checkBehaviors(args, format: format)
        let tiles = try args.int("tiles", where: { $0 >= 2 && $0 <= 100_000 }, expected: "a whole number from 2 to 100000")
        let every = try args.int("every", where: { $0 >= 1 && $0 <= 100_000 }, expected: "a whole number from 1 to 100000")
        if tiles != nil, every != nil {
            throw .usage("render: --tiles and --every both choose the sheet's tiles; give one of them")
        }
        let flag = tiles != nil ? "tiles" : "every"
        if tiles != nil || every != nil, !format.flags.contains(flag) {
            let owner = RenderFormats.all.first { $0.flags.contains(flag) }?.name ?? ""
            throw .usage("render: --\(flag) chooses a contact sheet's tiles; use it with --format \(owner)")
        }
        if let tiles { return .evenlySpaced(tiles) }
        if let every { return .every(every) }
        return .all
    }

    /// Where results go.
    enum Destination: Sendable {
        case standardOutput
        case file(String)
        case folder(String)
    }

    /// What one scenario produced: text for standard output, PNG conversions still to do.
    struct Rendered: Sendable {
        var text = ""
        var conversions: [(svg: String, path: String)] = []
    }

    static func run(_ arguments: [String]) throws(CLIError) {
        let args = try Arguments(
            command: "render", arguments,
            valued: Registries.limitFlags.union(RunTargets.demoFlags).union(
                [
                    "format", "out", "fps", "size", "frames", "plugins", "jobs", "color", "grid", "columns", "param", "max-frames",
                    "compare", "scale", "tiles", "every", "theme", "behaviors",
                ]),
            switches: ["strict", "watch", "onion", "help", "html"])
        if args.has("help") { return Output.print(help) }
        let paths = args.positionals
        guard !paths.isEmpty else { throw .usage("render: expected at least one scenario file or styler; see panekit render --help") }
        let format = try args.choice("format", RenderFormats.names).flatMap(RenderFormats.named) ?? RenderFormats.all[0]
        try format.checkArguments?(args.value("out"))
        try Scenarios.checkInputs(paths, command: "render", watch: args.has("watch"))
        if format.name == "html" { _ = try StudioTargets.behaviors(args, targets: paths, eachTarget: true) }
        let destination = try destination(args.value("out"), format: format, scenarios: paths.count)
        let jobs = try args.int("jobs", where: { $0 >= 1 && $0 <= 256 }, expected: "a whole number from 1 to 256") ?? Platform.coreCount
        let when = try args.choice("color", TerminalOptions.colorChoices) ?? "auto"
        let toTerminal: Bool
        if case .standardOutput = destination { toTerminal = Platform.isTerminal(Platform.standardOutput) } else { toTerminal = false }
        let grid = try TerminalOptions.grid(args) ?? (80, 24)
        let options = Options(
            format: format,
            fps: try args.fps(),
            size: try args.size("size"),
            range: try frameRange(args.value("frames")),
            strict: args.has("strict"),
            ascii: ASCIIRenderer(
                columns: grid.columns, rows: grid.rows,
                color: TerminalOptions.color(when, destinationIsTerminal: toTerminal)),
            columns: try args.int("columns", where: { $0 >= 1 && $0 <= 1000 }, expected: "a whole number from 1 to 1000"),
            onion: args.has("onion"),
            arguments: args,
            maxFrames: try FrameLimit.parse(args),
            html: args.has("html"),
            scale: try args.double("scale", where: { $0 >= 0.1 && $0 <= 8 }, expected: "a number from 0.1 to 8") ?? 1,
            tiles: try sheetTiles(args, format: format),
            theme: try Theme.parse(args))
        try format.checkTools?()
        let plugins = args.value("plugins")
        let limits = try Registries.limits(args)

        try renderAll(paths, options: options, plugins: plugins, limits: limits, destination: destination, jobs: jobs)
        guard args.has("watch") else { return }
        let folders = [plugins ?? "Plugins"].filter { FileManager.default.fileExists(atPath: $0) }
        var watcher = FileWatch(files: paths, folders: folders)
        Output.warn(
            "render: watching \(paths.count) scenario\(paths.count == 1 ? "" : "s")\(folders.isEmpty ? "" : " and \(folders[0])"); Ctrl-C stops"
        )
        while true {
            Platform.sleep(0.25)
            let changes = watcher.poll()
            guard !changes.isEmpty else { continue }
            if let refusal = FileWatch.refusal(of: changes) {
                Output.warn("render: " + refusal)
                continue
            }
            do {
                try renderAll(paths, options: options, plugins: plugins, limits: limits, destination: destination, jobs: jobs)
                Output.warn("render: rendered again")
            } catch {
                Output.warn("panekit render: " + error.message)
            }
        }
    }

    /// Renders every scenario on up to `jobs` threads, then prints standard-output text in argument order.
    static func renderAll(
        _ paths: [String], options: Options, plugins: String?, limits: Limits, destination: Destination, jobs: Int
    ) throws(CLIError) {
        let compared = StudioTargets.compared(options.arguments)
        let registry = try Registries.load(
            pluginsFolder: plugins, limits: limits, files: RunTargets.pluginFiles(paths + compared), scenarios: paths)
        var resolved = options
        if options.arguments.has("param") {
            // A scenario that does not load is reported by its job; the others say which stylers the run has.
            let stylers =
                paths.flatMap { path in
                    (try? RunTargets.scenario(path, args: options.arguments, registry: registry, fps: nil)).map(ParamArguments.stylers)
                        ?? []
                } + compared.map(RunTargets.stylerName)
            resolved.overrides = try ParamArguments.overrides(options.arguments, stylers: stylers, registry: registry)
        }
        let options = resolved
        if case .folder(let folder) = destination {
            try Files.makeFolder(folder)
        }
        let progress = Progress(label: "render")
        defer { progress.finish() }
        // Standard output is written as frames are made, so its scenarios go one after another, in order.
        let streamed: Bool
        if case .standardOutput = destination { streamed = true } else { streamed = false }
        let results = Jobs.map(paths.count, jobs: streamed ? 1 : jobs) { i -> Result<Rendered, CLIError> in
            // Each scenario's plugin states draw from a pool of their own: a run's bytes never depend on what the
            // others running beside it hold (Limits.totalMemory).
            LuaMemoryPool.run { () -> Result<Rendered, CLIError> in
                do throws(CLIError) {
                    return .success(
                        try render(paths[i], options: options, registry: registry, destination: destination, progress: progress))
                } catch {
                    return .failure(error)
                }
            }
        }
        let conversions = results.flatMap { (try? $0.get())?.conversions ?? [] }
        progress.add(conversions.count)
        let converted = Jobs.map(conversions.count, jobs: jobs) { i -> CLIError? in
            defer { progress.advance() }
            do throws(CLIError) {
                try PNGConverter.convert(conversions[i].svg, to: conversions[i].path)
                return nil
            } catch {
                return error
            }
        }
        progress.finish()
        var failures: [CLIError] = []
        for result in results {
            switch result {
            case .success(let rendered): if !rendered.text.isEmpty { Output.print(rendered.text) }
            case .failure(let error): failures.append(error)
            }
        }
        failures += converted.compactMap { $0 }
        guard failures.isEmpty else {
            throw CLIError(message: failures.map(\.message).joined(separator: "\n"), exitCode: failures.map(\.exitCode).max()!)
        }
    }

    /// Where `--out` sends a format's result (see the help text).
    static func destination(_ out: String?, format: RenderFormat, scenarios: Int) throws(CLIError) -> Destination {
        guard let out, out != Files.standardStream else {
            switch format.standardOutput {
            case .never(let message): throw .usage(message)
            case .one where scenarios > 1:
                throw .usage("render: \(format.name) output of several scenarios cannot share standard output; give --out FOLDER")
            default: return .standardOutput
            }
        }
        var isDirectory: ObjCBool = false
        let isFolder =
            out.hasSuffix("/") || (FileManager.default.fileExists(atPath: out, isDirectory: &isDirectory) && isDirectory.boolValue)
        if isFolder || scenarios > 1 { return .folder(out) }
        if format.documentPerFrame {
            return out.lowercased().hasSuffix(".\(format.fileExtension)") ? .file(out) : .folder(out)
        }
        return .file(out)
    }

    /// Runs one scenario and writes its output as its frames are made; returns what is still to do (PNG
    /// conversions, or the text of a single SVG frame for standard output).
    ///
    /// JSON, ASCII, asciicast, SVG and PNG hold one frame at a time; the contact sheet and the animated SVG hold
    /// the selected frames, which they need all at once.
    static func render(
        _ path: String, options: Options, registry: StylerRegistry, destination: Destination, progress: Progress
    ) throws(CLIError) -> Rendered {
        var scenario = try RunTargets.scenario(path, args: options.arguments, registry: registry, fps: options.fps)
        scenario.mergeParameters(options.overrides)
        if let fps = options.fps {
            scenario.fps = fps
            scenario.frameTimes = nil
        }
        if let size = options.size {
            scenario.size = size
            scenario.container = scenario.container.resized(to: size)
        }
        let stem = RunTargets.stem(path)
        var rendered = Rendered()

        let format = options.format
        /// The file of the run's document: the file, FOLDER/STEM.EXT, or nil for standard output.
        let file: String?
        switch destination {
        case .standardOutput: file = nil
        case .file(let path): file = path
        case .folder(let folder): file = "\(folder)/\(stem).\(format.fileExtension)"
        }
        var filePerFrame = false
        if case .folder = destination { filePerFrame = format.filePerFrameInFolder }
        var writer = try format.makeWriter(
            RenderFormat.Job(
                path: path, stem: stem, scenario: scenario, options: options, registry: registry, progress: progress,
                file: filePerFrame ? nil : file, filePerFrame: filePerFrame))

        /// The run's document: standard output or its file.
        func stream() throws(CLIError) -> TextStream {
            guard let file else { return .standardOutput() }
            return try .file(file)
        }
        /// A writer's errors are the command's; anything else names the scenario.
        func attempt(_ body: () throws -> Void) throws(CLIError) { try CLIError.naming(path, body) }
        func frameFile(_ folder: String, _ frame: Frame) -> String {
            let number = String(frame.index)
            return "\(folder)/\(stem)-\(String(repeating: "0", count: max(0, 4 - number.count)))\(number).\(format.fileExtension)"
        }
        /// One document to a file, or to rsvg-convert once every scenario has run.
        func deliver(_ bytes: [UInt8], to file: String) throws(CLIError) {
            let text = String(decoding: bytes, as: UTF8.self)
            if format.convertsToPNG { rendered.conversions.append((text, file)) } else { try Output.write(text, to: file) }
        }

        var out: TextStream?
        defer { out?.discard() }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(1 << 16)
        /// A single document of a document-per-frame format: the first selected frame's (one is all it may hold).
        var single: [UInt8]?
        var selected = 0
        let run = FrameRun(title: scenario.name, fps: scenario.fps)
        try attempt { try writer.begin(run, into: &bytes) }
        if writer.layout == .stream {
            out = try stream()
            try out!.write(bytes: bytes)
        }

        /// Writes one selected frame as the writer's layout says.
        func emit(_ frame: Frame) throws(CLIError) {
            switch writer.layout {
            case .stream:
                bytes.removeAll(keepingCapacity: true)
                try attempt { try writer.write(frame, into: &bytes) }
                try out!.write(bytes: bytes)
            case .documentPerFrame:
                if case .folder(let folder) = destination {
                    bytes.removeAll(keepingCapacity: true)
                    try attempt { try writer.write(frame, into: &bytes) }
                    try deliver(bytes, to: frameFile(folder, frame))
                } else if single == nil {
                    var document: [UInt8] = []
                    try attempt { try writer.write(frame, into: &document) }
                    single = document  // one file or standard output holds one frame: checked when the run is done
                }
            case .wholeRun:
                try attempt { try writer.write(frame, into: &bytes) }
            }
        }

        let summary = try CLIError.naming(path) {
            try scenario.run(registry: registry, strict: options.strict, limit: options.maxFrames) {
                Output.warn("\(path): warning: \($0)")
            } _: { frame in
                guard options.range.contains(frame.index) else { return }
                selected += 1
                progress.add(1)
                try emit(frame)
                progress.advance()
            }
        }
        if summary.stoppedAtLimit { Output.warn("\(path): warning: \(FrameLimit.warning(frames: summary.frameCount, fps: scenario.fps))") }
        guard selected > 0 else {
            throw .input(
                "\(path): --frames selects no frame; the scenario has \(summary.frameCount) frames, 0..\(summary.frameCount - 1)")
        }

        bytes.removeAll(keepingCapacity: true)
        switch writer.layout {
        case .stream:
            try attempt { try writer.end(into: &bytes) }
            try out!.write(bytes: bytes)
            try out!.finish()
        case .documentPerFrame:
            guard let document = single else { break }
            guard selected == 1 else {
                let place = file ?? "standard output"
                throw .usage("render: \(path) has \(selected) frames and \(place) holds one; give --out FOLDER or --frames N..N")
            }
            if let file { try deliver(document, to: file) } else { rendered.text = String(decoding: document, as: UTF8.self) }
        case .wholeRun:
            if format.opensOutputFirst { out = try stream() }  // refuses a bad output before the costly end
            try attempt { try writer.end(into: &bytes) }
            for warning in writer.warnings { Output.warn("\(path): warning: \(format.name): \(warning)") }
            if out == nil { out = try stream() }
            try out!.write(bytes: bytes)
            try out!.finish()
            if let file {
                let url = URL(fileURLWithPath: file)
                for companion in writer.companions(of: url.lastPathComponent) {
                    let text = String(decoding: companion.bytes, as: UTF8.self)
                    try Output.write(text, to: url.deletingPathExtension().appendingPathExtension(companion.fileExtension).path)
                }
            }
        }
        return rendered
    }

    /// `A..B`, `A..` or `..B`: frame indices, both ends included.
    static func frameRange(_ text: String?) throws(CLIError) -> ClosedRange<Int> {
        guard let text else { return 0...Int.max }
        let parts = text.components(separatedBy: "..")
        guard parts.count == 2 else { throw .usage("render: --frames: expected A..B such as 0..30, got \"\(text)\"") }
        let low = parts[0].isEmpty ? 0 : Int(parts[0])
        let high = parts[1].isEmpty ? Int.max : Int(parts[1])
        guard let low, let high, low >= 0, low <= high else {
            throw .usage("render: --frames: expected A..B with 0 ≤ A ≤ B, got \"\(text)\"")
        }
        return low...high
    }
}
