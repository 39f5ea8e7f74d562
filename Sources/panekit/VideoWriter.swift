// render --format gif|mp4: a whole run drawn as PNG frames by rsvg-convert and encoded by ffmpeg.

import Foundation
import PaneKit
import PaneKitRender

/// `--format gif` and `--format mp4`: keeps the frames; at the end draws them as PNG files in a temporary folder and
/// appends the video ffmpeg makes of them.
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
        if Platform.findExecutable("rsvg-convert") == nil {
            throw .input("render: --format \(format) draws its frames with rsvg-convert; install librsvg2-bin (apt) or librsvg (brew)")
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

    /// PNG frames through rsvg-convert into a temporary folder, then ffmpeg: a GIF with a generated palette, or
    /// H.264 MP4 (yuv420p, even pixel sizes, x264's veryfast preset on every core), written by ffmpeg into the temporary folder; returns the video's bytes,
    /// which the command writes through `OutputFile` (opened before this work, so a bad output is refused first).
    static func video(
        _ frames: [Frame], format: String, fps: Double, path: String, scale: Double, progress: Progress, svg: SVGRenderer = SVGRenderer()
    ) throws(CLIError) -> [UInt8] {
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
        let failures = Jobs.map(shown.count, jobs: Platform.coreCount) { i -> CLIError? in
            defer { progress.advance() }
            do throws(CLIError) {
                let png = try PNGConverter.png(svg.render(frames[shown[i]]), zoom: scale)
                let frame = folder.appendingPathComponent(String(format: "f%06d.png", i)).path
                guard FileManager.default.createFile(atPath: frame, contents: Data(png)) else {
                    return .input("\(path): cannot write frame \(shown[i]) to a temporary folder (is the disk full?)")
                }
                return nil
            } catch {
                // The frame's temporary file is PaneKit's business: the message names the frame.
                return .input("\(path): frame \(shown[i]): \(error.message)")
            }
        }
        if let failure = failures.compactMap({ $0 }).first { throw failure }
        let temporary = folder.appendingPathComponent("out.\(format)").path
        var arguments = [
            "-hide_banner", "-loglevel", "error", "-y", "-framerate", NumberFormat.string(rate), "-i",
            folder.appendingPathComponent("f%06d.png").path,
        ]
        if format == "gif" {
            arguments += ["-filter_complex", "split[a][b];[a]palettegen=stats_mode=full[p];[b][p]paletteuse=dither=none", "-loop", "0"]
        } else {
            arguments += [
                "-vf", "pad=ceil(iw/2)*2:ceil(ih/2)*2:color=white", "-c:v", "libx264", "-preset", "veryfast", "-threads", "0",
                "-pix_fmt", "yuv420p", "-r",
                NumberFormat.string(fps),
                "-movflags", "+faststart", "-fflags", "+bitexact", "-flags:v", "+bitexact", "-map_metadata", "-1",
            ]
        }
        arguments.append(temporary)
        guard let ffmpeg = Platform.findExecutable("ffmpeg"),
            let run = ToolRun.run(ffmpeg, arguments, seconds: seconds(frames: shown.count), memory: memory)
        else { throw .input("\(path): cannot run ffmpeg") }
        progress.advance()
        if run.timedOut {
            throw .input("\(path): ffmpeg ran for more than \(NumberFormat.string(seconds(frames: shown.count))) seconds and was stopped")
        }
        guard run.status == 0, let video = FileManager.default.contents(atPath: temporary) else {
            // ffmpeg names its files: they are PaneKit's temporary ones, of no use to the reader.
            let message = run.stderr.replacingOccurrences(of: folder.path + "/", with: "")
            throw .input("\(path): ffmpeg failed: \(message.trimmingCharacters(in: .whitespacesAndNewlines))")
        }
        return [UInt8](video)
    }
}
