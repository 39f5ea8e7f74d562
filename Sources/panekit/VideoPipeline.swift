// render --format gif|mp4, frame by frame: each frame's SVG drawn in this process (SVGRaster, one worker a core) and
// streamed as raw pixels to one long-lived ffmpeg encoder.

import Foundation
import PaneKit
import PaneKitRender

/// One video's workers and its encoder.
///
/// Worker k draws frames k, k + n, … (n the number of cores) with `SVGRaster` and hands each to the encoder's
/// standard input in frame order. Drawing is deterministic, so the video is the same for any number of cores.
struct VideoPipeline: Sendable {
    /// The frames to draw, in order.
    let frames: [Frame]
    let renderer: SVGRenderer
    let scale: Double
    /// The encoder's arguments after its raw input (`-i pipe:0`): filters, codec and the output file.
    let encoderArguments: [String]
    /// The rate the encoder reads the frames at.
    let rate: Double
    /// The output file, for messages.
    let path: String
    let progress: Progress
    /// Where the texts (labels) come from.
    let texts: LibrsvgTextStamps

    /// Runs the workers and the encoder; the encoder's standard error goes to `errors`.
    /// - Throws: `CLIError` with ffmpeg's message when it fails; `SVGRasterUnsupported` never reaches here (the
    ///   caller checks `canDraw` first).
    func run(ffmpeg: String, errors: String) throws(CLIError) {
        guard let first = frames.first else { return }
        let pixels = SVGRaster.pixelSize(first.size, scale: scale)
        let workers = max(1, min(Platform.coreCount, frames.count))
        Platform.ignoreBrokenPipes()
        guard let input = Platform.makePipe() else { throw .input("\(path): cannot make a pipe for ffmpeg") }
        let arguments =
            [
                "-hide_banner", "-loglevel", "error", "-nostdin", "-f", "rawvideo", "-pix_fmt", "bgra", "-s",
                "\(pixels.width)x\(pixels.height)", "-framerate", NumberFormat.string(rate), "-i", "pipe:0",
            ] + encoderArguments
        guard let encoder = Platform.spawn(ffmpeg, arguments, input: input.read, output: nil, errors: errors) else {
            Platform.close(input.read)
            Platform.close(input.write)
            throw .input("\(path): cannot run ffmpeg (\(ffmpeg))")
        }
        Platform.close(input.read)
        let turn = Turn()
        DispatchQueue.concurrentPerform(iterations: workers) { k in
            draw(worker: k, of: workers, pixels: pixels, to: input.write, turn: turn)
        }
        Platform.close(input.write)
        let status = Platform.wait(encoder)
        if let failure = turn.failure { throw failure }
        guard status == 0 else {
            let message = String(decoding: FileManager.default.contents(atPath: errors) ?? Data(), as: UTF8.self)
                .trimmingCharacters(in: .whitespacesAndNewlines)
            throw .input("\(path): ffmpeg failed: \(message.isEmpty ? "exit status \(status)" : message)")
        }
    }

    /// Worker `k`: draws its frames and writes each to the encoder when its turn comes; stops at the first failure.
    private func draw(worker k: Int, of n: Int, pixels: (width: Int, height: Int), to encoder: Int32, turn: Turn) {
        var raster = SVGRaster(width: pixels.width, height: pixels.height, scale: scale, texts: texts)
        let stage = Pixel.premultiplied(renderer.theme.background, opacity: 1)
        var frame = [UInt32](repeating: 0, count: pixels.width * pixels.height)
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
            guard turn.wait(for: i) else { return }
            let error = frame.withUnsafeBytes { Platform.writeAll(encoder, $0) }
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
