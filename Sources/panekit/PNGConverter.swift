// SVG to PNG through rsvg-convert (librsvg), written by the one safe writer; no fallback renderer.

import Foundation

enum PNGConverter {
    /// Converts `svg` to a PNG at `path` with rsvg-convert, through a temporary file and a rename (see `Files`).
    /// - Throws: `CLIError` (exit 1) when rsvg-convert is missing or fails, or the output is refused.
    static func convert(_ svg: String, to path: String) throws(CLIError) {
        guard let tool = Platform.findExecutable("rsvg-convert") else {
            throw .input("\(path): rsvg-convert is not installed; install librsvg2-bin (apt) or librsvg (brew)")
        }
        let file = try OutputFile(path)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = ["--format", "png", "--output", file.temporary]
        let input = Pipe(), errors = Pipe()
        process.standardInput = input
        process.standardError = errors
        do {
            try process.run()
        } catch {
            throw .input("\(path): cannot run rsvg-convert (\(tool))")
        }
        input.fileHandleForWriting.write(Data(svg.utf8))
        try? input.fileHandleForWriting.close()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw .input("\(path): rsvg-convert failed: \(message.trimmingCharacters(in: .whitespacesAndNewlines))")
        }
        try file.commit()
    }
}
