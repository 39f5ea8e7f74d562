// render --format gif|mp4, frame by frame: each frame's SVG drawn in this process (SVGRaster, one worker a core) and
// streamed as raw pixels to one long-lived ffmpeg encoder.

import Foundation
import PaneKit
import PaneKitRender

/// One video's workers and its encoder.
///
/// Worker k draws frames k, k + n, … (n the number of cores) with `SVGRaster` and hands each to the encoder's
/// standard input in frame order: BGRA words, or for H.264 the YUV 4:2:0 planes it encodes (`YUVFrame`, an odd size
/// padded with the stage's colour), which the worker converts so the encoder reads 1.5 bytes a pixel, not 4. Drawing
/// is deterministic, so the video is the same for any number of cores.
struct VideoPipeline: Sendable {
    /// The frames to draw, in order.
    let frames: [Frame]
    let renderer: SVGRenderer
    let scale: Double
    /// The encoder's arguments after its raw input (`-i pipe:0`): filters, codec and the output file.
    let encoderArguments: [String]
    /// The rate the encoder reads the frames at.
    let rate: Double
    /// Whether the encoder reads YUV 4:2:0 planes (H.264); BGRA words otherwise (a GIF's palette is made of RGB).
    let planar: Bool
    /// The output file, for messages.
    let path: String
    let progress: Progress
    /// Where the texts (labels) come from.
    let texts: LibrsvgTextStamps

    /// Runs the workers and the encoder (under `VideoWriter`'s time and memory limits, its messages in a file in
    /// `folder`, ended with panekit on an interrupt).
    /// - Throws: `CLIError` with ffmpeg's message when it fails or runs out of time; `SVGRasterUnsupported` never
    ///   reaches here (the caller checks `canDraw` first).
    func run(ffmpeg: String, folder: URL) throws(CLIError) {
        guard let first = frames.first else { return }
        let pixels = SVGRaster.pixelSize(first.size, scale: scale)
        let input = planar ? YUVFrame.size(width: pixels.width, height: pixels.height) : pixels
        let workers = max(1, min(Platform.coreCount, frames.count))
        Platform.ignoreBrokenPipes()
        guard let pipe = Platform.makePipe() else { throw .input("\(path): cannot make a pipe for ffmpeg") }
        let errors = folder.appendingPathComponent("ffmpeg.log").path
        let (program, arguments) = ToolRun.limited(
            ffmpeg,
            [
                "-hide_banner", "-loglevel", "error", "-nostdin", "-f", "rawvideo", "-pix_fmt", planar ? "yuv420p" : "bgra", "-s",
                "\(input.width)x\(input.height)", "-framerate", NumberFormat.string(rate), "-i", "pipe:0",
            ] + encoderArguments, memory: VideoWriter.memory)
        // Noted under the interrupt handler's lock, so an interrupt between the start and the note cannot miss it.
        let started = Interrupts.uninterrupted { () -> Int32? in
            guard let pid = Platform.spawnGroup(program, arguments, input: pipe.read, errors: errors) else { return nil }
            Interrupts.track(process: pid, group: true)
            return pid
        }
        Platform.close(pipe.read)
        guard let encoder = started else {
            Platform.close(pipe.write)
            throw .input("\(path): cannot run ffmpeg (\(ffmpeg))")
        }
        defer { Interrupts.untrack(process: encoder) }
        // The time limit runs from the start: an encoder that stops reading is ended, which breaks the workers' pipe.
        let end = Ending()
        let seconds = VideoWriter.seconds(frames: frames.count)
        Thread { end.set(Platform.waitGroup(encoder, seconds: seconds)) }.start()
        let turn = Turn()
        // The workers hand frames over in turn, so they must all run at once: threads of their own.
        Jobs.together(workers) { k in draw(worker: k, of: workers, pixels: pixels, to: pipe.write, turn: turn) }
        Platform.close(pipe.write)
        let ended = end.wait()
        // An encoder whose input ends early still exits 0: one that fails or runs out of time failed on its own, and
        // a worker's failure meanwhile (a label librsvg could not draw, the pipe it broke) follows from it.
        if let failure = VideoWriter.encoderFailure(
            ended.status, timedOut: ended.timedOut, stderr: ToolRun.errorText(errors), frames: frames.count, folder: folder, path: path)
        {
            throw failure
        }
        if let failure = turn.failure { throw failure }
    }

    /// Worker `k`: draws its frames and writes each to the encoder when its turn comes; stops at the first failure.
    private func draw(worker k: Int, of n: Int, pixels: (width: Int, height: Int), to encoder: Int32, turn: Turn) {
        var raster = SVGRaster(width: pixels.width, height: pixels.height, scale: scale, texts: texts)
        let stage = Pixel.premultiplied(renderer.theme.background, opacity: 1)
        var frame = [UInt32](repeating: 0, count: pixels.width * pixels.height)
        var planes = [UInt8](repeating: 0, count: planar ? YUVFrame.byteCount(width: pixels.width, height: pixels.height) : 0)
        for i in stride(from: k, to: frames.count, by: n) {
            var svg: [UInt8] = []
            var writer = SVGRenderer.Writer(renderer: renderer)
            writer.write(frames[i], into: &svg)
            do { try raster.draw(svg) } catch {
                return turn.fail(.input("\(path): frame \(frames[i].index) cannot be drawn without librsvg (\(error.what))"))
            }
            // Over the stage colour: a pixel column or row the stage only partly covers (a scale that does not
            // divide the size) is opaque in a video.
            frame.withUnsafeMutableBufferPointer { raster.canvas.composite(over: stage, into: $0.baseAddress!) }
            if planar {
                frame.withUnsafeBufferPointer { words in
                    planes.withUnsafeMutableBufferPointer {
                        YUVFrame.convert(
                            words.baseAddress!, width: pixels.width, height: pixels.height, background: stage, into: $0.baseAddress!)
                    }
                }
            }
            guard turn.wait(for: i) else { return }
            let error =
                planar
                ? planes.withUnsafeBytes { Platform.writeAll(encoder, $0) } : frame.withUnsafeBytes { Platform.writeAll(encoder, $0) }
            guard error == nil else { return turn.fail(nil) }
            turn.pass()
            progress.advance()
        }
    }

    /// Whether every frame can be drawn in this process: no images (labels are drawn from `texts`).
    static func canDraw(_ renderer: SVGRenderer) -> Bool {
        !Role.allCases.contains { renderer.appearance[$0]?.image != nil }
    }
}

/// The frame whose turn it is to go to the encoder, and the first failure.
private final class Turn: @unchecked Sendable {
    private let condition = NSCondition()
    private var next = 0
    private var failed = false
    private var firstFailure: CLIError?

    /// The error a worker stopped with (nil when none did, or when the encoder went away: its own message says why).
    var failure: CLIError? {
        condition.lock()
        defer { condition.unlock() }
        return firstFailure
    }

    /// Waits until frame `i` is next; false when a worker failed meanwhile.
    func wait(for i: Int) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while next != i && !failed { condition.wait() }
        return !failed
    }

    /// The next frame's turn.
    func pass() {
        condition.lock()
        next += 1
        condition.broadcast()
        condition.unlock()
    }

    /// Ends every worker's wait, with `error` (nil: the encoder's pipe broke).
    func fail(_ error: CLIError?) {
        condition.lock()
        if !failed { firstFailure = error }
        failed = true
        condition.broadcast()
        condition.unlock()
    }
}

/// How the encoder ended, set once by the thread that waits for it.
private final class Ending: @unchecked Sendable {
    private let condition = NSCondition()
    private var result: (status: Int32, timedOut: Bool, stopped: Bool)?

    /// Notes how it ended.
    func set(_ value: (status: Int32, timedOut: Bool, stopped: Bool)) {
        condition.lock()
        result = value
        condition.broadcast()
        condition.unlock()
    }

    /// Waits until it has ended.
    func wait() -> (status: Int32, timedOut: Bool, stopped: Bool) {
        condition.lock()
        defer { condition.unlock() }
        while result == nil { condition.wait() }
        return result!
    }
}
