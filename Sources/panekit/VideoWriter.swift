// render --format gif|mp4: a whole run drawn in this process (or, with images, as PNG files by rsvg-convert) and
// encoded by ffmpeg.

import Foundation
import PaneKit
import PaneKitRender

/// `--format gif` and `--format mp4`: keeps the frames; at the end draws them (`VideoPipeline`) and appends the
/// video ffmpeg makes of them.
struct VideoWriter: WholeRunWriter {
    /// The extension of a GIF; the format table gives mp4 its own.
    static let fileExtension = "gif"

    /// `gif` or `mp4`.
    let format: String
    /// The output file, for messages.
    let path: String
    let scale: Double
    let progress: Progress
    var kept = KeptRun()
    /// Draws each frame (theme and appearance of the run).
    let renderer: SVGRenderer

    init(_ job: RenderFormat.Job, format: String) {
        self.format = format
        path = job.file ?? ""
        scale = job.options.scale
        progress = job.progress
        renderer = job.svgRenderer
    }

    mutating func end(into out: inout [UInt8]) throws {
        out.append(
            contentsOf: try Self.video(
                kept.frames, format: format, fps: kept.run.fps, path: path, scale: scale, progress: progress, svg: renderer))
    }

    /// The help-text lines of `--html` and `--scale`.
    static let flagHelp = """
          --html           css: also write a script-free HTML page that plays it, beside the .css file
          --scale S        gif, mp4: pixels per point (default 1; 0.1 to 8)
        """

    /// Refuses a run of `format` (gif, mp4) that cannot be written before any work starts: ffmpeg missing, or a
    /// video without --out.
    static func check(format: String, out: String?) throws(CLIError) {
        guard out != nil else { throw .usage("render: --format \(format) writes a file; give --out FILE.\(format)") }
        if Platform.findExecutable("ffmpeg") == nil {
            throw .input(
                "render: --format \(format) needs ffmpeg, which is not installed; install it with "
                    + "`sudo apt-get install ffmpeg` (Debian, Ubuntu) or `brew install ffmpeg` (macOS)")
        }
    }

    /// Seconds ffmpeg may take to encode `frames` frames: far more than it needs (a few hundred frames a second).
    static func seconds(frames: Int) -> Double { ToolRun.converterLimit(300 + Double(frames) * 0.1) }
    /// Bytes of data ffmpeg may hold: x264's lookahead and a thread's buffers for each core take well under this.
    static let memory = 8 << 30

    /// The frames a GIF shows and its frame rate. A GIF's delays are whole centiseconds and browsers stretch a
    /// delay under 2 cs to 10 cs, so above 50 frames a second the GIF plays at 50 (2 cs a frame), showing at
    /// each 2 cs step the frame of that time, its length the run's rounded to 2 cs (within 1 cs); at 50 or fewer
    /// it shows every frame at the run's rate (ffmpeg writes each delay ≥ 2 cs, their sum the run's length).
    static func gifFrames(count: Int, fps: Double) -> (frames: [Int], fps: Double) {
        guard fps > 50, count > 0 else { return (Array(0..<count), fps) }
        let centiseconds = Double(count) / fps * 100
        let steps = max(1, Int((centiseconds / 2).rounded()))
        let frames = (0..<steps).map { j in min(count - 1, Int((Double(j) * 0.02 * fps + 1e-9).rounded(.down))) }
        return (frames, 50)
    }

    /// The frames drawn in this process (`VideoPipeline`) and streamed to one ffmpeg encoder, or, when a frame
    /// shows an image, drawn by rsvg-convert as PNG files first: a GIF with a generated palette, or H.264 MP4
    /// (yuv420p, an odd size padded with the stage's colour, x264's veryfast preset on every core), written by
    /// ffmpeg into a temporary folder. Returns the video's bytes, which the command writes through `OutputFile`
    /// (opened before this work, so a bad output is refused first).
    static func video(
        _ frames: [Frame], format: String, fps: Double, path: String, scale: Double, progress: Progress, svg: SVGRenderer = SVGRenderer()
    ) throws(CLIError) -> [UInt8] {
        guard let ffmpeg = Platform.findExecutable("ffmpeg") else { throw .input("\(path): ffmpeg is not installed") }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "panekit-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)")
        // Removed on Ctrl-C and SIGTERM too (see `Interrupts`), with ffmpeg ended.
        Interrupts.track(folder: folder.path)
        defer {
            try? FileManager.default.removeItem(at: folder)
            Interrupts.untrack(folder: folder.path)
        }
        do { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) } catch {
            throw .input("\(path): cannot make a temporary folder: \(error.localizedDescription)")
        }
        let (shown, rate) = format == "gif" ? gifFrames(count: frames.count, fps: fps) : (Array(frames.indices), fps)
        progress.add(shown.count + 1)
        let temporary = folder.appendingPathComponent("out.\(format)").path
        // An odd size is padded with the stage's colour: by ffmpeg for PNG files, by the workers for raw frames.
        var output: [String], pad: [String] = []
        if format == "gif" {
            output = ["-filter_complex", "split[a][b];[a]palettegen=stats_mode=full[p];[b][p]paletteuse=dither=none", "-loop", "0"]
        } else {
            var stage = TextBuffer()
            stage.append(rgb: svg.theme.background)
            pad = ["-vf", "pad=ceil(iw/2)*2:ceil(ih/2)*2:color=\(stage.string)"]
            output = [
                "-c:v", "libx264", "-preset", "veryfast", "-threads", "0",
                "-pix_fmt", "yuv420p", "-r", NumberFormat.string(fps),
                "-movflags", "+faststart", "-fflags", "+bitexact", "-flags:v", "+bitexact", "-map_metadata", "-1",
            ]
        }
        output += ["-y", temporary]
        if VideoPipeline.canDraw(svg) {
            let pipeline = VideoPipeline(
                frames: shown.map { frames[$0] }, renderer: svg, scale: scale, encoderArguments: output, rate: rate,
                planar: format == "mp4", path: path, progress: progress, texts: LibrsvgTextStamps(ffmpeg: ffmpeg, folder: folder))
            try pipeline.run(ffmpeg: ffmpeg, folder: folder)
        } else {
            try pngVideo(
                shown.map { frames[$0] }, in: folder, rate: rate, scale: scale, svg: svg, output: pad + output, ffmpeg: ffmpeg, path: path,
                progress: progress)
        }
        progress.advance()
        guard let video = FileManager.default.contents(atPath: temporary) else { throw .input("\(path): ffmpeg wrote no video") }
        return [UInt8](video)
    }

    /// Frames with images (which the in-process rasteriser does not draw): PNG files by rsvg-convert on every core,
    /// then ffmpeg reads them.
    static func pngVideo(
        _ frames: [Frame], in folder: URL, rate: Double, scale: Double, svg: SVGRenderer, output: [String], ffmpeg: String,
        path: String, progress: Progress
    ) throws(CLIError) {
        let failures = Jobs.map(frames.count, jobs: Platform.coreCount) { i -> CLIError? in
            defer { progress.advance() }
            do throws(CLIError) {
                let png = try PNGConverter.png(svg.render(frames[i]), zoom: scale)
                let frame = folder.appendingPathComponent(String(format: "f%06d.png", i)).path
                guard FileManager.default.createFile(atPath: frame, contents: Data(png)) else {
                    return .input("\(path): cannot write frame \(frames[i].index) to a temporary folder (is the disk full?)")
                }
                return nil
            } catch {
                // The frame's temporary file is PaneKit's business: the message names the frame.
                return .input("\(path): frame \(frames[i].index): \(error.message)")
            }
        }
        if let failure = failures.compactMap({ $0 }).first { throw failure }
        let arguments =
            [
                "-hide_banner", "-loglevel", "error", "-nostdin", "-framerate", NumberFormat.string(rate), "-i",
                folder.appendingPathComponent("f%06d.png").path,
            ]
            + output
        guard let run = ToolRun.run(ffmpeg, arguments, seconds: seconds(frames: frames.count), memory: memory) else {
            throw .input("\(path): cannot run ffmpeg (\(ffmpeg))")
        }
        if let failure = encoderFailure(
            run.status, timedOut: run.timedOut, stderr: run.stderr, frames: frames.count, folder: folder, path: path)
        {
            throw failure
        }
    }

    /// The error of an ffmpeg run that ended with `status` or ran out of time, with its messages (`stderr`); nil
    /// when it succeeded.
    static func encoderFailure(_ status: Int32, timedOut: Bool, stderr: String, frames: Int, folder: URL, path: String) -> CLIError? {
        if timedOut {
            return .input("\(path): ffmpeg ran for more than \(NumberFormat.string(seconds(frames: frames))) seconds and was stopped")
        }
        guard status != 0 else { return nil }
        // ffmpeg names its files: they are PaneKit's temporary ones, of no use to the reader.
        let message = stderr.replacingOccurrences(of: folder.path + "/", with: "").trimmingCharacters(in: .whitespacesAndNewlines)
        return .input("\(path): ffmpeg failed: \(message.isEmpty ? "exit status \(status)" : message)")
    }
}
