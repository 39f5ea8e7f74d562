// Writing results: whole files through a temporary name, or standard output.

import Foundation
import PaneKit

enum Output {
    /// Writes `text` to `path` through a temporary file in the same folder and a rename,
    /// so an interrupted run never leaves a half-written file.
    static func write(_ text: String, to path: String) throws(CLIError) {
        let temporary = URL(fileURLWithPath: temporaryPath(for: path))
        do {
            try Data(text.utf8).write(to: temporary)
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw .input("\(path): cannot write the output: \(error.localizedDescription)")
        }
        try moveIntoPlace(temporary.path, path)
    }

    /// The temporary name beside `path` that a result is written to before it is renamed into place.
    static func temporaryPath(for path: String) -> String {
        let url = URL(fileURLWithPath: path)
        return url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).tmp").path
    }

    /// Renames a finished temporary file onto `path`, replacing what is there.
    static func moveIntoPlace(_ temporary: String, _ path: String) throws(CLIError) {
        if let problem = Platform.rename(temporary, to: path) {
            try? FileManager.default.removeItem(atPath: temporary)
            throw .input("\(path): cannot write the output: \(problem)")
        }
    }

    /// Writes `text` to standard output as it is.
    static func print(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    /// Writes one line to standard error.
    static func warn(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    /// Reads a text file.
    static func read(_ path: String) throws(CLIError) -> String {
        guard let data = FileManager.default.contents(atPath: path) else {
            let exists = FileManager.default.fileExists(atPath: path)
            throw .input("\(path): \(exists ? "cannot read the file" : "no such file")")
        }
        guard let text = String(data: data, encoding: .utf8) else { throw .input("\(path): expected UTF-8 text") }
        return text
    }
}
