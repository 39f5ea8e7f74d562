// SVG to PNG through rsvg-convert (librsvg), under a time and a memory limit, written by the one safe writer; no
// fallback renderer.

import Foundation
import PaneKit

enum PNGConverter {
    /// Seconds one drawing may take: a frame takes well under one.
    static var seconds: Double { ToolRun.converterLimit(60) }
    /// Bytes of data rsvg-convert may hold: a frame at `--scale 8` and a 4096 × 4096 image take a few hundred MB.
    static let memory = 2 << 30

    /// Converts `svg` to a PNG at `path` with rsvg-convert, written whole by `OutputFile` (see `Files`).
    ///
    /// rsvg-convert writes to its standard output, never to a path, so that only this process writes the file and
    /// an interrupted run leaves nothing behind.
    /// - Throws: `CLIError` (exit 1) when rsvg-convert is missing or fails, or the output is refused.
    static func convert(_ svg: String, to path: String, zoom: Double = 1) throws(CLIError) {
        if path == Files.standardStream { throw .usage("PNG is written to files, not standard output; give --out FILE.png") }
        let file = try OutputFile(path)
        let bytes: [UInt8]
        do { bytes = try png(svg, zoom: zoom) } catch { throw .input("\(path): \(error.message)") }
        try file.write(bytes)
        try file.commit()
    }

    /// The PNG rsvg-convert draws of `svg` at `zoom` pixels per point.
    /// - Throws: `CLIError` whose message says what went wrong (rsvg-convert missing, failing, out of time), to
    ///   follow the name of what was being drawn.
    static func png(_ svg: String, zoom: Double = 1) throws(CLIError) -> [UInt8] {
        guard let tool = Platform.findExecutable("rsvg-convert") else {
            throw .input("rsvg-convert is not installed; install librsvg2-bin (apt) or librsvg (brew)")
        }
        let arguments = ["--format", "png"] + (zoom == 1 ? [] : ["--zoom", NumberFormat.string(zoom)])
        guard let run = ToolRun.run(tool, arguments, input: Data(svg.utf8), seconds: seconds, memory: memory) else {
            throw .input("cannot run rsvg-convert (\(tool))")
        }
        if run.timedOut {
            throw .input("rsvg-convert ran for more than \(NumberFormat.string(seconds)) seconds and was stopped")
        }
        guard run.status == 0, !run.output.isEmpty else {
            let text = run.stderr.trimmingCharacters(in: .whitespacesAndNewlines)
            throw .input("rsvg-convert failed: \(text.isEmpty ? "exit status \(run.status)" : text)")
        }
        return [UInt8](run.output)
    }
}
