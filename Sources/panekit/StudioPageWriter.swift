// render --format html: the studio page of a scenario (and the stylers it is compared with), self-contained.

import PaneKit
import PaneKitRender
import PaneKitStudio

/// `--format html`: the studio page, which runs every scenario of the comparison itself, whole; the frames of the
/// command's run are not used.
struct StudioPageWriter: FrameWriter {
    /// Web pages end in `.html`.
    static let fileExtension = "html"

    private let job: RenderFormat.Job

    var layout: FrameWriterLayout { .wholeRun }

    init(_ job: RenderFormat.Job) {
        self.job = job
    }

    /// The page runs the scenario itself.
    mutating func write(_ frame: Frame, into out: inout [UInt8]) {}

    mutating func end(into out: inout [UInt8]) throws {
        let options = job.options
        var runs: [StudioRun]
        let behaviors = try BehaviorsArgument.parse(options.arguments)
        if let behaviors {
            runs = try StudioTargets.runs(job.path, behaviors: behaviors, registry: job.registry) {
                $0.mergeParameters(options.overrides)
                StudioTargets.resize(&$0, fps: options.fps, size: options.size)
            }
        } else {
            runs = try StudioTargets.runs(
                [(job.stem, job.scenario)], compare: StudioTargets.compared(options.arguments), registry: job.registry)
            for i in runs.indices.dropFirst() { runs[i].scenario.mergeParameters(options.overrides) }
        }
        let compare = options.arguments.values("compare")
        let command =
            ["panekit", "render", job.path, "--format", "html"] + (compare.isEmpty ? [] : ["--compare", compare.joined(separator: ",")])
            + (behaviors.map { ["--behaviors", $0.joined(separator: ",")] } ?? [])
        var input = StudioInput(runs: runs, registry: job.registry, command: command, strict: options.strict)
        input.theme = options.theme
        do throws(StudioError) {
            out.append(contentsOf: try StudioPage.export(input).utf8)
        } catch {
            throw CLIError.input("\(job.path): \(error.message)")
        }
    }
}
