// render --format css|lottie|gif|mp4: a whole run written as a CSS animation, a Lottie file, a GIF or an MP4.

import Foundation
import PaneKit
import PaneKitRender

enum RenderExports {
    static let formats = ["css", "lottie", "gif", "mp4"]

    static let help = """
                           css           one @keyframes panekit-ROLE per node role (matrix3d, opacity, frame,
                                         z-index at each frame's time); --html also writes STEM.html beside it,
                                         a page that plays it with no script
                           lottie        Lottie (bodymovin) JSON, one shape layer per node role
                           gif, mp4      through ffmpeg from PNG frames (rsvg-convert); --scale S sets the pixel
                                         scale (default 1: one pixel per point)
        """

    /// The help-text lines of `--html` and `--scale`.
    static let flagHelp = """
          --html           css: also write a script-free HTML page that plays it, beside the .css file
          --scale S        gif, mp4: pixels per point (default 1; 0.1 to 8)
        """

    /// Refuses a run that cannot be written before any work starts: ffmpeg missing, or a video without --out.
    static func check(format: String, out: String?) throws(CLIError) {
        guard format == "gif" || format == "mp4" else { return }
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

    /// Writes `frames` of one scenario in `format` to `path` (standard output when nil, css and lottie only).
    static func write(
        _ frames: [Frame], format: String, fps: Double, title: String, path: String?, html: Bool, scale: Double,
        progress: Progress, warn: (String) -> Void
    ) throws(CLIError) -> String {
        switch format {
        case "css":
            let css = CSSKeyframes()
            let text = css.render(frames, fps: fps, title: title)
            guard let path else { return text }
            try Output.write(text, to: path)
            if html {
                let url = URL(fileURLWithPath: path)
                let page = url.deletingPathExtension().appendingPathExtension("html").path
                try Output.write(css.page(frames, stylesheet: url.lastPathComponent, title: title), to: page)
            }
            return ""
        case "lottie":
            let result = LottieWriter().render(frames, fps: fps, title: title)
            for warning in result.warnings { warn("lottie: \(warning)") }
            guard let path else { return result.json }
            try Output.write(result.json, to: path)
            return ""
        default:
            try video(frames, format: format, fps: fps, path: path!, scale: scale, progress: progress)
            return ""
        }
    }

    /// PNG frames through rsvg-convert into a temporary folder, then ffmpeg: a GIF with a generated palette, or
    /// H.264 MP4 (yuv420p, even pixel sizes), written by ffmpeg into the temporary folder and then through
    /// `OutputFile`, so the file appears whole or not at all.
    static func video(_ frames: [Frame], format: String, fps: Double, path: String, scale: Double, progress: Progress) throws(CLIError) {
        let file = try OutputFile(path)  // refuses a bad output before any work
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "panekit-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)")
        do { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) } catch {
            throw .input("\(path): cannot make a temporary folder: \(error.localizedDescription)")
        }
        defer { try? FileManager.default.removeItem(at: folder) }
        let svg = SVGRenderer()
        progress.add(frames.count + 1)
        let failures = Jobs.map(frames.count, jobs: Platform.coreCount) { i -> CLIError? in
            defer { progress.advance() }
            do throws(CLIError) {
                try PNGConverter.convert(
                    svg.render(frames[i]), to: folder.appendingPathComponent(String(format: "f%06d.png", i)).path, zoom: scale)
                return nil
            } catch {
                return error
            }
        }
        if let failure = failures.compactMap({ $0 }).first { throw failure }
        let temporary = folder.appendingPathComponent("out.\(format)").path
        var arguments = [
            "-hide_banner", "-loglevel", "error", "-y", "-framerate", NumberFormat.string(fps), "-i",
            folder.appendingPathComponent("f%06d.png").path,
        ]
        if format == "gif" {
            arguments += ["-filter_complex", "split[a][b];[a]palettegen=stats_mode=full[p];[b][p]paletteuse=dither=none", "-loop", "0"]
        } else {
            arguments += [
                "-vf", "pad=ceil(iw/2)*2:ceil(ih/2)*2:color=white", "-c:v", "libx264", "-pix_fmt", "yuv420p", "-r",
                NumberFormat.string(fps),
                "-movflags", "+faststart", "-fflags", "+bitexact", "-flags:v", "+bitexact", "-map_metadata", "-1",
            ]
        }
        arguments.append(temporary)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Platform.findExecutable("ffmpeg")!)
        process.arguments = arguments
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch { throw .input("\(path): cannot run ffmpeg: \(error.localizedDescription)") }
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        progress.advance()
        guard process.terminationStatus == 0, let video = FileManager.default.contents(atPath: temporary) else {
            throw .input("\(path): ffmpeg failed: \(message.trimmingCharacters(in: .whitespacesAndNewlines))")
        }
        try file.write([UInt8](video))
        try file.commit()
    }
}
