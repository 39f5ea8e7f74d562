// Output written as it is made: frames go out one at a time, so a long render holds no more than a buffer.

import Foundation
import PaneKitRender

/// Text streamed to standard output, or to a file through a temporary name that is renamed into place only when
/// the whole result is written (an interrupted or failed run leaves no half-written file).
final class TextStream {
    private let handle: FileHandle
    /// The file being written and its temporary name; nil for standard output.
    private let file: (path: String, temporary: String)?
    private var buffer = TextBuffer(capacity: TextStream.flushSize)
    private var closed = false

    /// The size at which the buffer goes out.
    private static let flushSize = 1 << 16

    private init(handle: FileHandle, file: (path: String, temporary: String)?) {
        self.handle = handle
        self.file = file
    }

    static func standardOutput() -> TextStream { TextStream(handle: .standardOutput, file: nil) }

    /// A stream into `path`, through a temporary file beside it.
    static func file(_ path: String) throws(CLIError) -> TextStream {
        let temporary = Output.temporaryPath(for: path)
        guard FileManager.default.createFile(atPath: temporary, contents: nil),
            let handle = FileHandle(forWritingAtPath: temporary)
        else {
            throw .input("\(path): cannot write the output: \(String(cString: strerror(errno)))")
        }
        return TextStream(handle: handle, file: (path, temporary))
    }

    /// Appends text, writing the buffer out when it is full.
    func write(_ text: String) throws(CLIError) {
        buffer.append(text)
        if buffer.count >= Self.flushSize { try flush() }
    }

    /// Appends the text of a buffer.
    func write(_ text: TextBuffer) throws(CLIError) {
        buffer.append(text)
        if buffer.count >= Self.flushSize { try flush() }
    }

    private func flush() throws(CLIError) {
        defer { buffer.removeAll() }
        do {
            try handle.write(contentsOf: buffer.bytes)
        } catch {
            throw .input("\(file?.path ?? "standard output"): cannot write the output: \(error.localizedDescription)")
        }
    }

    /// Writes what is left and, for a file, renames it into place (the file is then done). Standard output
    /// stays open for what follows.
    func finish() throws(CLIError) {
        guard !closed else { return }
        do {
            try flush()
        } catch {
            discard()
            throw error
        }
        guard let file else { return }
        closed = true
        try? handle.close()
        try Output.moveIntoPlace(file.temporary, file.path)
    }

    /// Drops a file's partial result (a failed run); standard output keeps what was written.
    func discard() {
        guard !closed else { return }
        closed = true
        guard let file else { return }
        try? handle.close()
        try? FileManager.default.removeItem(atPath: file.temporary)
    }

    deinit { discard() }
}
