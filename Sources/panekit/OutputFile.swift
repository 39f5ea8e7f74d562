// One output file being written: a temporary file beside its target, renamed onto the target when complete.

/// An output file made piece by piece (a whole text, a stream of frames, or a tool's output read from a pipe).
///
/// Opening applies every rule of `Files` (only regular files, never an input, the folder must exist) and creates
/// the temporary file; `commit` checks the target again and renames; `discard` (also on deinit without a commit)
/// removes the temporary file, so a failed or interrupted run leaves the target as it was.
final class OutputFile {
    /// The path as the user gave it, for messages.
    let path: String
    private let temporary: String
    private let target: Files.Target
    private let followingLinks: Bool
    private var descriptor: Int32?
    private var done = false

    /// Opens an output at `path`.
    /// - Parameter followingLinks: false for a file panekit names itself: a link at `path` is replaced.
    /// - Throws: `CLIError` (exit 1) naming the path when it may not be written.
    init(_ path: String, followingLinks: Bool = true) throws(CLIError) {
        guard path != Files.standardStream else { throw .usage("this output cannot go to standard output; give a file") }
        self.path = path
        self.followingLinks = followingLinks
        target = try Files.outputTarget(path, followingLinks: followingLinks)
        temporary = Files.temporaryName(for: target.path)
        Files.track(temporary: temporary)
        let fd: Int32
        do {
            fd = try Files.check(Platform.createExclusively(temporary), "write", path)
        } catch {
            Files.untrack(temporary: temporary)
            throw error
        }
        descriptor = fd
        try fail(target.permissions.flatMap { Platform.setPermissions(fd, $0) })  // a replaced file keeps its mode
    }

    /// Appends bytes.
    func write(_ bytes: UnsafeRawBufferPointer) throws(CLIError) {
        try fail(descriptor.flatMap { Platform.writeAll($0, bytes) })
    }

    /// Appends text as UTF-8.
    func write(_ text: String) throws(CLIError) {
        var text = text
        let failure = text.withUTF8 { utf8 in descriptor.flatMap { Platform.writeAll($0, UnsafeRawBufferPointer(utf8)) } }
        try fail(failure)
    }

    /// Appends bytes.
    func write(_ bytes: [UInt8]) throws(CLIError) {
        let failure = bytes.withUnsafeBytes { raw in descriptor.flatMap { fd in Platform.writeAll(fd, raw) } }
        try fail(failure)
    }

    private func fail(_ failure: Platform.FileError?) throws(CLIError) {
        guard let failure else { return }
        discard()
        throw Files.problem("write", path, failure.words)
    }

    /// Closes the temporary file and renames it onto the target.
    /// - Throws: `CLIError` (exit 1) when the last write, the check or the rename fails; the target is untouched.
    func commit() throws(CLIError) {
        guard !done else { return }
        do throws(CLIError) {
            if let fd = descriptor {
                descriptor = nil
                if let failure = Platform.close(fd) { throw Files.problem("write", path, failure.words) }
            }
            // Look again just before the rename: what the path names may have changed meanwhile.
            guard try Files.outputTarget(path, followingLinks: followingLinks).path == target.path else {
                throw Files.problem("write", path, "it changed while the output was being written")
            }
            if let failure = Platform.rename(temporary, onto: target.path) { throw Files.problem("write", path, failure.words) }
            done = true
            Files.untrack(temporary: temporary)
        } catch {
            discard()
            throw error
        }
    }

    /// Drops the output: closes and removes the temporary file. Nothing after a commit.
    func discard() {
        guard !done else { return }
        done = true
        if let fd = descriptor { Platform.close(fd) }
        descriptor = nil
        Platform.unlink(temporary)
        Files.untrack(temporary: temporary)
    }

    deinit { discard() }
}
