// The table of `render --format` formats: each one's writer, file extension, help and what it needs.

import Foundation
import PaneKit
import PaneKitRender

/// One format of `panekit render`: how to make its writer, and the rules of its output that are not the
/// writer's business (where it may go, which tools it needs). `RenderCommand` reads only this table.
struct RenderFormat: Sendable {
    /// What a writer is made from: one scenario's run and where it goes.
    struct Job {
        /// The scenario file or styler, as given.
        var path: String
        /// The scenario's file name without folder and extension.
        var stem: String
        /// The scenario, with the command's overrides applied.
        var scenario: Scenario
        var options: RenderCommand.Options
        var registry: StylerRegistry
        var progress: Progress
        /// The file of the run's document; nil for standard output or one file per frame.
        var file: String?
        /// Whether each frame goes to a file of its own in a folder.
        var filePerFrame: Bool

        /// The SVG renderer of the run: the command's theme, the scenario's appearance.
        var svgRenderer: SVGRenderer { SVGRenderer(theme: options.theme, appearance: scenario.appearance) }
    }

    /// Where a format's result may go when `--out` is missing or `-`.
    enum StandardOutput: Sendable {
        /// The results of several scenarios, one after another.
        case several
        /// One scenario's result.
        case one
        /// Never; the usage error says what to give instead.
        case never(String)
    }

    /// The `--format` value.
    let name: String
    /// The help lines after the name column; empty when the row before describes this format too (`gif, mp4`).
    var help: [String] = []
    /// The name column of the help, when it names more than this format.
    var helpName: String?
    /// The extension of the files written.
    let fileExtension: String
    var standardOutput = StandardOutput.one
    /// Each frame is a document of its own: `--out X.EXT` is one file (and one frame), anything else a folder.
    var documentPerFrame = false
    /// In a folder, each frame goes to a file of its own (`STEM-0001.EXT`).
    var filePerFrameInFolder = false
    /// The documents are SVG converted to PNG by rsvg-convert once every scenario has run.
    var convertsToPNG = false
    /// The output file is opened (and so refused when it may not be written) before the writer's costly end.
    var opensOutputFirst = false
    /// Format-only flags: given with another format, they are a usage error naming this format.
    var flags: Set<String> = []
    /// Refusals before the inputs are read (`--out` missing, a tool missing).
    var checkArguments: (@Sendable (_ out: String?) throws(CLIError) -> Void)?
    /// Refusals once the options are known (a tool missing).
    var checkTools: (@Sendable () throws(CLIError) -> Void)?
    /// The writer of one scenario.
    let makeWriter: @Sendable (Job) throws(CLIError) -> any FrameWriter
}

enum RenderFormats {
    /// Every format, in the order of the help and the usage errors; the first is the default.
    static let all: [RenderFormat] = [
        RenderFormat(
            name: "json", help: ["JSON Lines, one frame a line (the default)"], fileExtension: FrameJSON.Writer.fileExtension,
            standardOutput: .several
        ) { _ in FrameJSON.Writer() },
        RenderFormat(
            name: "ascii", help: ["character frames, each after a caption line"], fileExtension: ASCIIRenderer.Writer.fileExtension,
            standardOutput: .several, filePerFrameInFolder: true
        ) { job in ASCIIRenderer.Writer(renderer: job.options.ascii, layout: job.filePerFrame ? .documentPerFrame : .stream) },
        RenderFormat(
            name: "svg", help: ["one SVG per frame"], fileExtension: SVGRenderer.Writer.fileExtension, documentPerFrame: true,
            filePerFrameInFolder: true
        ) { job in SVGRenderer.Writer(renderer: job.svgRenderer) },
        RenderFormat(
            name: "sheet",
            help: [
                "a contact sheet: every frame in a grid in one SVG; with --behaviors, a",
                "row per behavior, labelled, on the same frame times",
            ],
            fileExtension: ContactSheet.Writer.fileExtension, flags: ["tiles", "every"]
        ) { (job: RenderFormat.Job) throws(CLIError) -> any FrameWriter in
            if let behaviors = try BehaviorsArgument.parse(job.options.arguments) {
                return BehaviorSheetWriter(job: job, behaviors: behaviors)
            }
            let tiles = job.options.tiles
            let sheet = ContactSheet(
                columns: job.options.columns, onionSkin: job.options.onion, theme: job.options.theme, appearance: job.scenario.appearance)
            return ContactSheet.Writer(sheet: sheet) {
                tiles.positions(of: $0)
            }
        },
        RenderFormat(
            name: "animated-svg", help: ["one SVG that plays in a browser (SMIL), looping"],
            fileExtension: AnimatedSVG.Writer.fileExtension
        ) { job in AnimatedSVG.Writer(renderer: job.svgRenderer) },
        RenderFormat(
            name: "cast", help: ["an asciicast v2 recording, playable by asciinema"], fileExtension: Asciicast.Writer.fileExtension
        ) { job in Asciicast.Writer(renderer: job.options.ascii) },
        RenderFormat(
            name: "png", help: ["one PNG per frame, through rsvg-convert (librsvg2-bin)"], fileExtension: "png",
            standardOutput: .never("render: --format png writes files, not standard output; give --out FOLDER or --out FILE.png"),
            documentPerFrame: true, filePerFrameInFolder: true, convertsToPNG: true,
            checkTools: { () throws(CLIError) in
                if Platform.findExecutable("rsvg-convert") == nil {
                    throw .input(
                        "render: --format png needs rsvg-convert, which is not installed; install it with "
                            + "`sudo apt-get install librsvg2-bin` (Debian, Ubuntu) or `brew install librsvg` (macOS), "
                            + "or render --format svg and convert the files yourself")
                }
            }
        ) { job in SVGRenderer.Writer(renderer: job.svgRenderer) },
        RenderFormat(
            name: "html", help: ["the studio page, self-contained: play, scrub, inspect, curves"],
            fileExtension: StudioPageWriter.fileExtension
        ) { job in StudioPageWriter(job) },
        RenderFormat(
            name: "css",
            help: [
                "one @keyframes panekit-ROLE per node role (matrix3d, opacity, frame,",
                "z-index at each frame's time); --html also writes STEM.html beside it,",
                "a page that plays it with no script",
            ],
            fileExtension: CSSKeyframes.Writer.fileExtension, flags: []
        ) { job in
            CSSKeyframes.Writer(page: job.options.html && job.file != nil, theme: job.options.theme, appearance: job.scenario.appearance)
        },
        RenderFormat(
            name: "lottie", help: ["Lottie (bodymovin) JSON, one shape layer per node role"],
            fileExtension: LottieWriter.Writer.fileExtension
        ) { job in LottieWriter.Writer(writer: LottieWriter(theme: job.options.theme, appearance: job.scenario.appearance)) },
        RenderFormat(
            name: "gif",
            help: [
                "through ffmpeg from PNG frames (rsvg-convert); --scale S sets the pixel",
                "scale (default 1: one pixel per point)",
            ],
            helpName: "gif, mp4", fileExtension: "gif", standardOutput: .never("render: --format gif writes a file; give --out FILE.gif"),
            opensOutputFirst: true, checkArguments: { (out: String?) throws(CLIError) in try VideoWriter.check(format: "gif", out: out) }
        ) { job in VideoWriter(job, format: "gif") },
        RenderFormat(
            name: "mp4", fileExtension: "mp4", standardOutput: .never("render: --format mp4 writes a file; give --out FILE.mp4"),
            opensOutputFirst: true, checkArguments: { (out: String?) throws(CLIError) in try VideoWriter.check(format: "mp4", out: out) }
        ) { job in VideoWriter(job, format: "mp4") },
    ]

    /// The format names, in table order.
    static let names = all.map(\.name)

    /// The format called `name`.
    static func named(_ name: String) -> RenderFormat? { all.first { $0.name == name } }

    /// The help of `--format`: each format's name column and description, in table order.
    static let help: String = {
        var lines: [String] = []
        for format in all where !format.help.isEmpty {
            let name = format.helpName ?? format.name
            let lead = lines.isEmpty ? "  --format F       " : String(repeating: " ", count: 19)
            lines.append(lead + name.padding(toLength: 14, withPad: " ", startingAt: 0) + format.help[0])
            for more in format.help.dropFirst() { lines.append(String(repeating: " ", count: 33) + more) }
        }
        return lines.joined(separator: "\n")
    }()
}
