// SVG to PNG through rsvg-convert (librsvg), written atomically; no fallback renderer.

import Foundation
import PaneKit

enum PNGConverter {
    /// Converts `svg` to a PNG at `path` with rsvg-convert, through a temporary file and a rename.
    /// - Throws: `CLIError` (exit 1) when rsvg-convert is missing or fails.
    static func convert(_ svg: String, to path: String, zoom: Double = 1) throws(CLIError) {
        guard let tool = Platform.findExecutable("rsvg-convert") else {
            throw .input("\(path): rsvg-convert is not installed; install librsvg2-bin (apt) or librsvg (brew)")
        }
        let url = URL(fileURLWithPath: path)
        let temporary = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).tmp")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = ["--format", "png", "--output", temporary.path] + (zoom == 1 ? [] : ["--zoom", NumberFormat.string(zoom)])
        let input = Pipe(), errors = Pipe()
        process.standardInput = input
        process.standardError = errors
        do {
            try process.run()
        } catch {
            throw .input("\(path): cannot run rsvg-convert: \(error.localizedDescription)")
        }
        input.fileHandleForWriting.write(Data(svg.utf8))
        try? input.fileHandleForWriting.close()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            try? FileManager.default.removeItem(at: temporary)
            throw .input("\(path): rsvg-convert failed: \(message.trimmingCharacters(in: .whitespacesAndNewlines))")
        }
        try Output.moveIntoPlace(temporary.path, path)
    }
}
