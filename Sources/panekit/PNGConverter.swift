// SVG to PNG through rsvg-convert (librsvg), written by the one safe writer; no fallback renderer.

import Foundation

enum PNGConverter {
    /// Converts `svg` to a PNG at `path` with rsvg-convert, through a temporary file and a rename (see `Files`).
    ///
    /// rsvg-convert writes to a pipe, never to a path, so that only this process touches the file system and an
    /// interrupted run leaves nothing behind.
    /// - Throws: `CLIError` (exit 1) when rsvg-convert is missing or fails, or the output is refused.
    static func convert(_ svg: String, to path: String) throws(CLIError) {
        if path == Files.standardStream { throw .usage("PNG is written to files, not standard output; give --out FILE.png") }
        guard let tool = Platform.findExecutable("rsvg-convert") else {
            throw .input("\(path): rsvg-convert is not installed; install librsvg2-bin (apt) or librsvg (brew)")
        }
        let file = try OutputFile(path)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = ["--format", "png"]
        let input = Pipe(), output = Pipe(), errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        do {
            try process.run()
        } catch {
            throw .input("\(path): cannot run rsvg-convert (\(tool))")
        }
        // rsvg-convert reads all of its input before it writes; its messages are read beside the image.
        input.fileHandleForWriting.write(Data(svg.utf8))
        try? input.fileHandleForWriting.close()
        nonisolated(unsafe) var message = Data()
        let reading = DispatchGroup()
        DispatchQueue.global().async(group: reading) { message = errors.fileHandleForReading.readDataToEndOfFile() }
        let png = output.fileHandleForReading.readDataToEndOfFile()
        reading.wait()
        process.waitUntilExit()
        guard process.terminationStatus == 0, !png.isEmpty else {
            let text = String(decoding: message, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            throw .input("\(path): rsvg-convert failed: \(text.isEmpty ? "exit status \(process.terminationStatus)" : text)")
        }
        try file.write([UInt8](png))
        try file.commit()
    }
}
