// render --format sheet --behaviors A,B,…: one sheet scenario run once per behavior, a row of the contact sheet
// each, labelled, every row on the same frame times so that the columns compare.

import PaneKit
import PaneKitRender

extension RenderCommand {
    /// `--behaviors` with a format that shows it (html, sheet) and without `--onion`; its list is checked before
    /// anything runs. Usage errors (exit 2) otherwise.
    static func checkBehaviors(_ args: Arguments, format: RenderFormat) throws(CLIError) {
        guard try BehaviorsArgument.parse(args) != nil else { return }
        guard ["html", "sheet"].contains(format.name) else {
            throw .usage("render: --behaviors shows a scenario under each behavior with --format html or sheet, not \(format.name)")
        }
        if format.name == "sheet", args.has("onion") {
            throw .usage("render: --onion overlays the frames of one run; a sheet with --behaviors has a run per row, give one of them")
        }
    }
}

/// The contact sheet of `--behaviors`: the scenario once per behavior, one row each. The run of the scenario as
/// written (the command's own) is not a row: each behavior's run is made at the end, with the command's frame
/// rate, size, parameters, `--frames`, `--tiles` or `--every` and frame limit.
struct BehaviorSheetWriter: FrameWriter {
    /// SVG files end in `.svg`.
    static let fileExtension = ContactSheet.Writer.fileExtension

    let job: RenderFormat.Job
    let behaviors: [String]

    /// One document at the end.
    var layout: FrameWriterLayout { .wholeRun }

    /// The command's run shows the scenario under the behavior it names, which is not a row: nothing is kept.
    mutating func write(_ frame: Frame, into out: inout [UInt8]) {}

    /// Runs each behavior and appends the sheet of their rows.
    mutating func end(into out: inout [UInt8]) throws {
        let options = job.options
        var runs: [(behavior: String, scenario: Scenario, frames: [Frame], count: Int)] = []
        for (behavior, loaded) in try BehaviorsArgument.scenarios(job.path, behaviors, registry: job.registry) {
            // The command's scenario (rate, size, parameters) with the behavior's container and timeline.
            var scenario = job.scenario
            scenario.container = loaded.size == scenario.size ? loaded.container : loaded.container.resized(to: scenario.size)
            scenario.timeline = loaded.timeline
            let (frames, count) = try run(scenario, behavior: behavior, warn: true)
            runs.append((behavior, scenario, frames, count))
        }
        // The same frame times in every row: a run that came to rest sooner goes on to the longest one's end.
        let longest = runs.map(\.count).max() ?? 0
        for i in runs.indices where runs[i].count < longest {
            runs[i].scenario.duration = Double(longest - 1) / runs[i].scenario.fps
            (runs[i].frames, runs[i].count) = try run(runs[i].scenario, behavior: runs[i].behavior, warn: false)
        }
        let selected = runs.map(\.frames.count).max() ?? 0
        guard selected > 0 else {
            throw CLIError.input("\(job.path): --frames selects no frame; the scenario has \(longest) frames, 0..\(longest - 1)")
        }
        let positions = options.tiles.positions(of: selected)
        let rows = runs.map { run in
            (label: run.behavior, frames: positions.filter { $0 < run.frames.count }.map { run.frames[$0] })
        }
        let sheet = ContactSheet(columns: options.columns, theme: options.theme, appearance: job.scenario.appearance)
        out.append(contentsOf: sheet.render(rows: rows, title: job.scenario.name).utf8)
    }

    /// The frames of `scenario` that `--frames` selects, and the number of frames of the run; `warn` prints its
    /// warnings (once per behavior: not again when a run is made longer).
    private func run(_ scenario: Scenario, behavior: String, warn: Bool) throws(CLIError) -> (frames: [Frame], count: Int) {
        let options = job.options
        let name = "\(job.path) (behavior \(behavior))"
        var frames: [Frame] = []
        let summary = try CLIError.naming(name) {
            try scenario.run(registry: job.registry, strict: options.strict, limit: options.maxFrames) {
                if warn { Output.warn("\(name): warning: \($0)") }
            } _: { frame in
                if options.range.contains(frame.index) { frames.append(frame) }
            }
        }
        if summary.stoppedAtLimit {
            Output.warn("\(name): warning: \(FrameLimit.warning(frames: summary.frameCount, fps: scenario.fps))")
        }
        return (frames, summary.frameCount)
    }
}
