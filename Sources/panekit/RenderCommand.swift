// panekit render: scenario files to frames in every format, several scenarios in parallel.

import Foundation
import PaneKit
import PaneKitLua
import PaneKitRender

enum RenderCommand {
    static let help = """
        usage: panekit render SCENARIO... [--format json|ascii|svg|sheet|animated-svg|cast|png] [--out PATH]
                              [--fps N] [--size WxH] [--frames A..B] [--plugins DIR] [--watch] [--strict]
                              [--jobs N] [--color WHEN] [--grid COLSxROWS] [--columns N] [--onion]

        Runs each scenario and writes its frames.
          --format F       json          JSON Lines, one frame a line (the default)
                           ascii         character frames, each after a caption line
                           svg           one SVG per frame
                           sheet         a contact sheet: every frame in a grid in one SVG
                           animated-svg  one SVG that plays in a browser (SMIL), looping
                           cast          an asciicast v2 recording, playable by asciinema
                           png           one PNG per frame, through rsvg-convert (librsvg2-bin)
          --out PATH       a file, or a folder (an existing one, a path ending in /, or whenever one file
                           cannot hold the result: several scenarios, svg and png with several frames).
                           In a folder, files are named SCENARIO.jsonl|txt|svg|cast or SCENARIO-0001.svg|png|txt.
                           Without --out the result goes to standard output (not for png).
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
          --onion          sheet: add an onion skin, every frame overlaid at low opacity
        \(Registries.limitHelp)

        Examples:
          panekit render Examples/drawer-parallax.json --format json --frames 0..10
          panekit render Examples/drawer-swinging-door.json --format sheet --out sheet.svg
          panekit render Examples/*.json --format cast --out casts/ --jobs 2

        """

    static let formats = ["json", "ascii", "svg", "sheet", "animated-svg", "cast", "png"]

    /// Everything a scenario job needs, fixed before the jobs start.
    struct Options: Sendable {
        var format: String
        var fps: Double?
        var size: Size?
        var range: ClosedRange<Int>
        var strict: Bool
        var ascii: ASCIIRenderer
        var columns: Int?
        var onion: Bool
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
            valued: Registries.limitFlags.union(["format", "out", "fps", "size", "frames", "plugins", "jobs", "color", "grid", "columns"]),
            switches: ["strict", "watch", "onion", "help"])
        if args.has("help") { return Output.print(help) }
        let paths = args.positionals
        guard !paths.isEmpty else { throw .usage("render: expected at least one scenario file; see panekit render --help") }
        let format = try args.choice("format", formats) ?? "json"
        let destination = try destination(args.value("out"), format: format, scenarios: paths.count)
        let jobs = try args.int("jobs", where: { $0 >= 1 && $0 <= 256 }, expected: "a whole number from 1 to 256") ?? Platform.coreCount
        let when = try args.choice("color", TerminalOptions.colorChoices) ?? "auto"
        let toTerminal: Bool
        if case .standardOutput = destination { toTerminal = Platform.isTerminal(Platform.standardOutput) } else { toTerminal = false }
        let grid = try TerminalOptions.grid(args) ?? (80, 24)
        let options = Options(
            format: format,
            fps: try args.double("fps", where: { $0 > 0 && $0 <= 1000 }, expected: "a number > 0 and ≤ 1000"),
            size: try args.size("size"),
            range: try frameRange(args.value("frames")),
            strict: args.has("strict"),
            ascii: ASCIIRenderer(columns: grid.columns, rows: grid.rows,
                                 color: TerminalOptions.color(when, destinationIsTerminal: toTerminal)),
            columns: try args.int("columns", where: { $0 >= 1 && $0 <= 1000 }, expected: "a whole number from 1 to 1000"),
            onion: args.has("onion"))
        if format == "png", Platform.findExecutable("rsvg-convert") == nil {
            throw .input(
                "render: --format png needs rsvg-convert, which is not installed; install it with "
                    + "`sudo apt-get install librsvg2-bin` (Debian, Ubuntu) or `brew install librsvg` (macOS), "
                    + "or render --format svg and convert the files yourself")
        }
        let plugins = args.value("plugins")
        let limits = try Registries.limits(args)

        try renderAll(paths, options: options, plugins: plugins, limits: limits, destination: destination, jobs: jobs)
        guard args.has("watch") else { return }
        let folders = [plugins ?? "Plugins"].filter { FileManager.default.fileExists(atPath: $0) }
        var watcher = FileWatcher(files: paths, folders: folders)
        Output.warn("render: watching \(paths.count) scenario\(paths.count == 1 ? "" : "s")\(folders.isEmpty ? "" : " and \(folders[0])"); Ctrl-C stops")
        while true {
            Platform.sleep(0.25)
            guard watcher.changed() else { continue }
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
        let registry = try Registries.load(pluginsFolder: plugins, limits: limits)
        if case .folder(let folder) = destination {
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            } catch {
                throw .input("\(folder): cannot create the output folder: \(error.localizedDescription)")
            }
        }
        let progress = Progress(label: "render")
        defer { progress.finish() }
        let results = Jobs.map(paths.count, jobs: jobs) { i -> Result<Rendered, CLIError> in
            do throws(CLIError) {
                return .success(try render(paths[i], options: options, registry: registry, destination: destination, progress: progress))
            } catch {
                return .failure(error)
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
    static func destination(_ out: String?, format: String, scenarios: Int) throws(CLIError) -> Destination {
        guard let out else {
            if format == "png" { throw .usage("render: --format png writes files; give --out FOLDER") }
            if scenarios > 1, !["json", "ascii"].contains(format) {
                throw .usage("render: \(format) output of several scenarios cannot share standard output; give --out FOLDER")
            }
            return .standardOutput
        }
        var isDirectory: ObjCBool = false
        let isFolder = out.hasSuffix("/") || (FileManager.default.fileExists(atPath: out, isDirectory: &isDirectory) && isDirectory.boolValue)
        if isFolder || scenarios > 1 { return .folder(out) }
        if format == "svg" || format == "png" {
            return out.lowercased().hasSuffix(".\(format)") ? .file(out) : .folder(out)
        }
        return .file(out)
    }

    /// Runs one scenario and writes or returns its output.
    static func render(
        _ path: String, options: Options, registry: StylerRegistry, destination: Destination, progress: Progress
    ) throws(CLIError) -> Rendered {
        var scenario = try Scenarios.load(path, registry: registry)
        if let fps = options.fps {
            scenario.fps = fps
            scenario.frameTimes = nil
        }
        if let size = options.size {
            scenario.size = size
            scenario.container = scenario.container.resized(to: size)
        }
        let all: [Frame]
        do {
            all = try scenario.run(registry: registry, strict: options.strict) { Output.warn("\(path): warning: \($0)") }
        } catch {
            throw .input("\(path): \(error)")
        }
        let frames = all.filter { options.range.contains($0.index) }
        guard !frames.isEmpty else {
            throw .input("\(path): --frames selects no frame; the scenario has \(all.count) frames, 0..\(all.count - 1)")
        }
        progress.add(frames.count)
        let stem = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        var rendered = Rendered()

        /// Whole-run formats: one text, to standard output, the file, or FOLDER/STEM.EXT.
        func deliver(_ text: String, extension ext: String) throws(CLIError) {
            switch destination {
            case .standardOutput: rendered.text = text
            case .file(let file): try Output.write(text, to: file)
            case .folder(let folder): try Output.write(text, to: "\(folder)/\(stem).\(ext)")
            }
        }
        func frameFile(_ folder: String, _ frame: Frame, _ ext: String) -> String {
            let number = String(frame.index)
            return "\(folder)/\(stem)-\(String(repeating: "0", count: max(0, 4 - number.count)))\(number).\(ext)"
        }
        func single(_ what: String) throws(CLIError) {
            guard frames.count == 1 else {
                throw .usage("render: \(path) has \(frames.count) frames and \(what) holds one; give --out FOLDER or --frames N..N")
            }
        }

        switch options.format {
        case "json":
            var out = ""
            for frame in frames {
                out += FrameJSON.line(frame)
                out += "\n"
                progress.advance()
            }
            try deliver(out, extension: "jsonl")
        case "ascii":
            var canvas = ASCIICanvas(columns: options.ascii.columns, rows: options.ascii.rows)
            var out = TextBuffer()
            for frame in frames {
                var text = TextBuffer()
                ASCIIRenderer.appendCaption(frame, to: &text)
                text.append("\n")
                options.ascii.render(frame, canvas: &canvas, into: &text)
                if case .folder(let folder) = destination {
                    try Output.write(text.string, to: frameFile(folder, frame, "txt"))
                } else {
                    if out.count > 0 { out.append("\n") }
                    out.append(text)
                }
                progress.advance()
            }
            if case .folder = destination {} else { try deliver(out.string, extension: "txt") }
        case "svg", "png":
            let renderer = SVGRenderer()
            for frame in frames {
                let svg = renderer.render(frame)
                switch destination {
                case .standardOutput:
                    try single("standard output")
                    rendered.text = svg
                case .file(let file):
                    try single(file)
                    if options.format == "png" { rendered.conversions.append((svg, file)) } else { try Output.write(svg, to: file) }
                case .folder(let folder):
                    let file = frameFile(folder, frame, options.format)
                    if options.format == "png" { rendered.conversions.append((svg, file)) } else { try Output.write(svg, to: file) }
                }
                progress.advance()
            }
        case "sheet":
            try deliver(ContactSheet(columns: options.columns, onionSkin: options.onion).render(frames, title: scenario.name), extension: "svg")
            progress.advance(frames.count)
        case "animated-svg":
            try deliver(AnimatedSVG().render(frames, fps: scenario.fps, title: scenario.name), extension: "svg")
            progress.advance(frames.count)
        case "cast":
            try deliver(Asciicast(renderer: options.ascii).render(frames, title: scenario.name), extension: "cast")
            progress.advance(frames.count)
        default:
            throw .usage("render: unknown format \(options.format)")
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
