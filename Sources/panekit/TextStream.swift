// Output written as it is made: frames go out one at a time, so a long render holds no more than a buffer.

import Foundation
import PaneKitRender

/// Text streamed to standard output, or to a file through the one safe writer (`OutputFile`: a temporary name
/// renamed into place only when the whole result is written, so an interrupted or failed run leaves no
/// half-written file, and only regular files that are not inputs).
final class TextStream {
    /// The file being written; nil for standard output.
    private let file: OutputFile?
    private var buffer = TextBuffer(capacity: TextStream.flushSize)
    private var closed = false

    /// The size at which the buffer goes out.
    private static let flushSize = 1 << 16

    private init(file: OutputFile?) {
        self.file = file
    }

    static func standardOutput() -> TextStream { TextStream(file: nil) }

    /// A stream into `path` (see `Files` for what may be written).
    static func file(_ path: String) throws(CLIError) -> TextStream { TextStream(file: try OutputFile(path)) }

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

    /// Appends bytes (a writer's output).
    func write(bytes: [UInt8]) throws(CLIError) {
        buffer.append(bytes: bytes)
        if buffer.count >= Self.flushSize { try flush() }
    }

    private func flush() throws(CLIError) {
        defer { buffer.removeAll() }
        if let file { return try file.write(buffer.bytes) }
        let failure = buffer.bytes.withUnsafeBytes { Platform.writeAll(Platform.standardOutput, $0) }
        if let failure { throw Files.problem("write", "standard output", failure.words) }
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
        try file.commit()
    }

    /// Drops a file's partial result (a failed run); standard output keeps what was written.
    func discard() {
        guard !closed else { return }
        closed = true
        file?.discard()
    }

    deinit { discard() }
}
