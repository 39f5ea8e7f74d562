// The CLI's file system: reading inputs, writing outputs safely, making folders, and the words for each failure.

import Foundation
import PaneKitLua

/// Every file the CLI reads or writes goes through here.
///
/// An output path may name nothing yet (its folder must exist), a regular file (replaced), or a symbolic link to
/// a regular file (the file it points to is replaced; the link stays a link; for an output panekit names itself,
/// such as a golden file, the link is replaced instead). A folder, a device, a FIFO, a socket
/// or a dangling link is refused, and so is a file that is one of the run's inputs: the same device and inode,
/// however the path is spelled or linked. The bytes go to a temporary file in the target's folder that is renamed
/// onto the target once complete, so an output is written whole or not at all. `-` is standard input or output.
enum Files {
    /// The path that means standard input (as an input) or standard output (as `--out`).
    static let standardStream = "-"

    /// How standard input is named in messages.
    static let standardInputName = "<stdin>"

    /// `path` as messages name it: `<stdin>` for `-`.
    static func displayName(_ path: String) -> String { path == standardStream ? standardInputName : path }

    // MARK: Reading

    /// The largest input read (64 MiB, the size a watched file may have): far above any scenario, and an end to
    /// reading a device such as /dev/zero.
    static let maximumInput = WatchedFile.maximumSize

    /// Reads a whole UTF-8 text file (`-`: standard input) and remembers it as an input of this run.
    /// - Throws: `CLIError` (exit 1) naming the path: a missing file, a folder, an unreadable file, not UTF-8.
    static func readText(_ path: String) throws(CLIError) -> String {
        let name = displayName(path)
        let bytes: [UInt8]
        if path == standardStream {
            if Platform.isTerminal(Platform.standardInput) { Output.warn("reading \(name) from the terminal; end it with Ctrl-D") }
            noteInput(descriptor: Platform.standardInput, path: name)
            bytes = try check(Platform.readAll(Platform.standardInput, limit: maximumInput), "read", name)
        } else {
            let fd = try check(Platform.openForReading(path), "read", path)
            defer { Platform.close(fd) }
            let status = try check(Platform.fileStatus(descriptor: fd), "read", path)
            if status.kind == .folder { throw problem("read", path, "it is a folder") }
            noteInput(descriptor: fd, path: path)
            bytes = try check(Platform.readAll(fd, limit: maximumInput), "read", path)
        }
        guard let text = String(data: Data(bytes), encoding: .utf8) else { throw .input("\(name): expected UTF-8 text") }
        return text
    }

    /// Remembers `path` as an input of this run, so that no output replaces it (a path that cannot be read is
    /// skipped: reading it will fail with its own message).
    static func noteInput(_ path: String) {
        guard path != standardStream, case .success(let status) = Platform.fileStatus(path, followLinks: true) else { return }
        inputs.add(status, path)
    }

    private static func noteInput(descriptor: Int32, path: String) {
        guard case .success(let status) = Platform.fileStatus(descriptor: descriptor), status.kind == .regular else { return }
        inputs.add(status, path)
    }

    // MARK: Writing

    /// Writes `text` to `path`, or to standard output when `path` is `-`.
    /// - Parameter followingLinks: false for a file panekit names itself (a golden file beside a plugin): a
    ///   symbolic link there is replaced by the file, never written through (a cloned repository may ship one).
    /// - Throws: `CLIError` (exit 1) naming the path, as the type's discussion says.
    static func write(_ text: String, to path: String, followingLinks: Bool = true) throws(CLIError) {
        if path == standardStream { return Output.print(text) }
        let file = try OutputFile(path, followingLinks: followingLinks)
        try file.write(text)
        try file.commit()
    }

    /// Creates the folder `path` and any missing parents; an existing folder (or a link to one) is fine.
    static func makeFolder(_ path: String) throws(CLIError) {
        var built = path.hasPrefix("/") ? "/" : ""
        for component in path.split(separator: "/") {
            built += (built.isEmpty || built.hasSuffix("/") ? "" : "/") + component
            if let failure = Platform.makeFolder(built), !failure.isExists {
                throw problem("create the folder", path, failure.isNoSuchFile ? "no such folder \(parent(of: built))" : failure.words)
            }
            if case .success(let status) = Platform.fileStatus(built, followLinks: true), status.kind != .folder {
                throw problem("create the folder", path, "\(built) exists and is \(article(status.kind)), not a folder")
            }
        }
    }

    // MARK: Messages

    /// The one wording of file-system failures: `cannot VERB PATH: REASON`, exit 1.
    static func problem(_ verb: String, _ path: String, _ reason: String) -> CLIError {
        .input("cannot \(verb) \(path): \(reason)")
    }

    static func check<T>(_ result: Result<T, Platform.FileError>, _ verb: String, _ path: String) throws(CLIError) -> T {
        switch result {
        case .success(let value): return value
        case .failure(let error): throw problem(verb, path, error.words)
        }
    }

    /// "a FIFO (named pipe)", "a character device", …
    static func article(_ kind: Platform.FileStatus.Kind) -> String {
        switch kind {
        case .regular: return "a regular file"
        case .folder: return "a folder"
        case .symbolicLink: return "a symbolic link"
        case .characterDevice: return "a character device"
        case .blockDevice: return "a block device"
        case .fifo: return "a FIFO (named pipe)"
        case .socket: return "a socket"
        case .other: return "not a regular file"
        }
    }

    /// A size in words: `17 bytes`, `12 KiB`, `64.004 MiB`, `3 GiB`; in bytes when rounding would hide that it is
    /// not a whole number of units (a file just over a limit).
    static func sizeText(_ bytes: UInt64) -> String {
        let units: [(UInt64, String)] = [(1 << 30, "GiB"), (1 << 20, "MiB"), (1 << 10, "KiB")]
        for (unit, name) in units where bytes >= unit {
            var text = String(format: "%.3f", Double(bytes) / Double(unit))
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
            if !text.contains("."), bytes % unit != 0 { break }
            return text + " " + name
        }
        return "\(bytes) byte\(bytes == 1 ? "" : "s")"
    }

    // MARK: Targets

    /// The real file an output replaces, and the permissions to keep.
    struct Target {
        var path: String
        var permissions: UInt32?
    }

    /// Where writing `path` will rename to, after every refusal rule of the type's discussion; without
    /// `followingLinks`, a symbolic link at `path` is itself the target (the rename replaces it).
    static func outputTarget(_ path: String, followingLinks: Bool = true) throws(CLIError) -> Target {
        let own: Platform.FileStatus
        switch Platform.fileStatus(path, followLinks: false) {
        case .failure(let error) where error.isNoSuchFile:
            let folder = parent(of: path)
            switch Platform.fileStatus(folder, followLinks: true) {
            case .success(let status) where status.kind == .folder: return Target(path: path, permissions: nil)
            case .success(let status): throw problem("write", path, "\(folder) is \(article(status.kind)), not a folder")
            case .failure(let error) where error.isNoSuchFile: throw problem("write", path, "no such folder \(folder)")
            case .failure(let error): throw problem("write", path, error.words)
            }
        case .failure(let error): throw problem("write", path, error.words)
        case .success(let status): own = status
        }
        var target = Target(path: path, permissions: own.permissions & 0o777)
        var status = own
        if own.kind == .symbolicLink && !followingLinks { return Target(path: path, permissions: nil) }
        if own.kind == .symbolicLink {
            switch Platform.fileStatus(path, followLinks: true) {
            case .success(let pointed): status = pointed
            case .failure(let error) where error.isNoSuchFile:
                throw problem("write", path, "it is a symbolic link to a missing file; give a real file, or remove the link")
            case .failure(let error): throw problem("write", path, error.words)
            }
            target.path = try check(Platform.realPath(path), "write", path)
            target.permissions = status.permissions & 0o777
        }
        guard status.kind == .regular else {
            let what = own.kind == .symbolicLink ? "it is a symbolic link to \(article(status.kind))" : "it is \(article(status.kind))"
            let hint = status.kind == .folder ? "" : "; panekit writes only regular files (use --out - to write to standard output)"
            throw problem("write", path, what + hint)
        }
        if let input = inputs.path(of: status) {
            let same = input == path ? "" : " (\(input))"
            throw problem("write", path, "it is an input of this run\(same); choose another output file")
        }
        return target
    }

    /// The folder part of a path: `out/x.svg` → `out`, `x.svg` → `.`, `/x` → `/`.
    private static func parent(of path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return "." }
        return slash == trimmed.startIndex ? "/" : String(trimmed[..<slash])
    }

    private static let counter = Counter()

    /// `FOLDER/.NAME.PID.N.tmp` beside `path`: unique per process and per write, in the target's file system.
    static func temporaryName(for path: String) -> String {
        let slash = path.lastIndex(of: "/")
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        let folder = slash.map { String(path[...$0]) } ?? ""
        return "\(folder).\(name.utf8.count > 200 ? "output" : name).\(Platform.processID).\(counter.next()).tmp"
    }

    private static let inputs = InputSet()

    /// Notes a temporary file about to be made, so that Ctrl-C, SIGTERM or SIGHUP remove it before the process
    /// ends (exit 128 + the signal's number) rather than leave it beside the target.
    static func track(temporary path: String) { Interrupts.track(file: path) }

    /// The temporary file is gone (renamed into place or removed).
    static func untrack(temporary path: String) { Interrupts.untrack(file: path) }
}

/// The files this run reads, by device and inode.
private final class InputSet: @unchecked Sendable {
    private let lock = NSLock()
    private var files: [(device: UInt64, inode: UInt64, path: String)] = []

    func add(_ status: Platform.FileStatus, _ path: String) {
        lock.lock()
        defer { lock.unlock() }
        if !files.contains(where: { $0.device == status.device && $0.inode == status.inode }) {
            files.append((status.device, status.inode, path))
        }
    }

    func path(of status: Platform.FileStatus) -> String? {
        lock.lock()
        defer { lock.unlock() }
        return files.first { $0.device == status.device && $0.inode == status.inode }?.path
    }
}

/// A counter shared by threads.
private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0

    func next() -> Int {
        lock.lock()
        defer { lock.unlock() }
        value += 1
        return value
    }
}
