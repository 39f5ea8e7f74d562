// Following saved files for the live tools: one watcher for `panekit studio`, `play --watch` and the plugin
// reloader, reading regular files only, and at most `WatchedFile.maximumSize` bytes of each.

import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads a file a live session follows: a regular file (or a link to one) of at most `maximumSize` bytes. A FIFO,
/// a device, a socket or a folder is refused without being opened for a blocking read.
public enum WatchedFile {
    /// The largest file read: 64 MiB, the limit the `panekit` command puts on every input.
    public static let maximumSize = 64 << 20

    /// Why a watched file was not read.
    public enum Problem: Error, Sendable, Equatable, CustomStringConvertible {
        /// There is no file at the path (or a link to nothing).
        case missing
        /// The path names a FIFO, a device, a socket or a folder.
        case notRegular
        /// The file holds this many bytes, more than `maximumSize`.
        case tooLarge(Int)
        /// The file cannot be opened or read, for this reason.
        case unreadable(String)

        /// The end of a sentence that starts with the path: `is not a regular file`.
        public var description: String {
            switch self {
            case .missing: return "does not exist"
            case .notRegular: return "is not a regular file"
            case .tooLarge(let size):
                return "is \(size) bytes, larger than the \(WatchedFile.maximumSize >> 20) MiB a watched file may be"
            case .unreadable(let reason): return "cannot be read: \(reason)"
            }
        }
    }

    /// The bytes of the file at `path`, or why they were not read.
    public static func read(_ path: String) -> Result<Data, Problem> {
        readUnlessBusy(path) ?? .failure(.unreadable(reason(EMFILE)))
    }

    /// As `read(_:)`, but nil when the process is out of file descriptors for now: a watch then looks again later
    /// instead of reporting the file.
    static func readUnlessBusy(_ path: String) -> Result<Data, Problem>? {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        if fd < 0, errno == EMFILE || errno == ENFILE { return nil }
        guard fd >= 0 else { return .failure(errno == ENOENT || errno == ENOTDIR ? .missing : .unreadable(reason(errno))) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return .failure(.unreadable(reason(errno))) }
        guard info.st_mode & S_IFMT == S_IFREG else { return .failure(.notRegular) }
        guard Int(info.st_size) <= maximumSize else { return .failure(.tooLarge(Int(info.st_size))) }
        // The file may grow while it is read: one byte more than the limit is enough to know.
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size) + 1)
        var count = 0
        while true {
            if count == bytes.count {
                guard bytes.count <= maximumSize else { return .failure(.tooLarge(count)) }
                bytes += [UInt8](repeating: 0, count: min(bytes.count, maximumSize + 1 - bytes.count))
            }
            let n = bytes.withUnsafeMutableBytes { raw in Glibc_read(fd, raw.baseAddress! + count, raw.count - count) }
            if n < 0 {
                if errno == EINTR { continue }
                return .failure(.unreadable(reason(errno)))
            }
            if n == 0 { break }
            count += n
        }
        return .success(Data(bytes[0..<count]))
    }

    private static func Glibc_read(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
            return Glibc.read(fd, buffer, count)
        #else
            return Darwin.read(fd, buffer, count)
        #endif
    }

    private static func reason(_ code: Int32) -> String { String(cString: strerror(code)) }

    /// What `stat` says of a path, to notice a change without reading the file: kind, size, inode and times.
    struct Stamp: Equatable, Sendable {
        var fields: [Int64]
        /// Seconds since 1970 of the last modification.
        var modified: Double

        init?(_ path: String) {
            var info = stat()
            guard stat(path, &info) == 0 else { return nil }
            #if canImport(Glibc)
                let m = info.st_mtim, c = info.st_ctim
            #else
                let m = info.st_mtimespec, c = info.st_ctimespec
            #endif
            fields = [
                Int64(info.st_mode), Int64(bitPattern: UInt64(info.st_dev)), Int64(bitPattern: UInt64(info.st_ino)),
                Int64(info.st_size), Int64(m.tv_sec), Int64(m.tv_nsec), Int64(c.tv_sec), Int64(c.tv_nsec),
            ]
            modified = Double(m.tv_sec) + Double(m.tv_nsec) / 1e9
        }
    }
}

/// Notices saved files by polling, with no platform file-event API.
///
/// Each poll looks at each file's status (kind, size, inode, times); a file whose status changed, or that was
/// modified in the last two seconds (file times may be coarser than two quick saves), is read again with
/// `WatchedFile.read` and reported when what it holds differs from the last look: new contents, or a problem
/// (a FIFO, a file over the size limit, a missing file). A file that is read but holds the same bytes is not
/// reported, so touching a file does nothing.
public struct FileWatch: Sendable {
    /// One file whose contents or problem changed since the last look.
    public struct Change: Sendable {
        /// The path, as given.
        public var path: String
        /// What it holds now, or why it was not read.
        public var contents: Result<Data, WatchedFile.Problem>

        /// The problem, when the file was not read.
        public var problem: WatchedFile.Problem? {
            if case .failure(let problem) = contents { return problem }
            return nil
        }

        /// `not reloaded: Plugins/zoom.lua is not a regular file`, for a file that was not read (a missing file:
        /// `not reloaded: PATH does not exist`); nil when it was.
        public var refusal: String? { problem.map { "not reloaded: \(path) \($0)" } }
    }

    /// The files watched one by one.
    public var files: [String]
    /// Folders whose plugin files (`*.lua`, as `PluginLoader.isPluginFile` says) are watched, as they come and go.
    public var folders: [String]
    private var seen: [String: (stamp: WatchedFile.Stamp?, contents: Result<Data, WatchedFile.Problem>)] = [:]

    /// Watches `files` and the plugin files of `folders`, starting from what they hold now (nothing is reported
    /// for it).
    public init(files: [String], folders: [String] = []) {
        self.files = files
        self.folders = folders
        for path in paths() { seen[path] = (WatchedFile.Stamp(path), WatchedFile.read(path)) }
    }

    /// What the file at `path` held at the last look; nil for a path not watched.
    public func contents(of path: String) -> Result<Data, WatchedFile.Problem>? { seen[path]?.contents }

    /// The files that changed since the last poll (or since the watch began), in the order of `files`, then the
    /// folders' files by name. A file that appears in a folder is a change; one that leaves it is reported missing.
    public mutating func poll() -> [Change] {
        let now = Date().timeIntervalSince1970
        var changes: [Change] = []
        let current = paths()
        for path in current {
            let stamp = WatchedFile.Stamp(path)
            let before = seen[path]
            if let before, before.stamp == stamp, let stamp, now - stamp.modified > 2 { continue }
            if let before, before.stamp == nil, stamp == nil { continue }
            guard let contents = WatchedFile.readUnlessBusy(path) else { continue }  // out of descriptors: later
            seen[path] = (stamp, contents)
            if let before, Self.same(before.contents, contents) { continue }
            if before == nil, case .failure(.missing) = contents { continue }
            changes.append(Change(path: path, contents: contents))
        }
        for path in seen.keys.sorted() where !current.contains(path) {
            seen[path] = nil
            changes.append(Change(path: path, contents: .failure(.missing)))
        }
        return changes
    }

    /// The refusals of `changes` (`not reloaded: FILE is not a regular file`), one a line; nil when every changed
    /// file was read or is missing (a missing file is for the loader to report, as it may be mid-replace).
    public static func refusal(of changes: [Change]) -> String? {
        let lines = changes.filter { $0.problem != nil && $0.problem != .missing }.compactMap(\.refusal)
        return lines.isEmpty ? nil : lines.joined(separator: "\n")
    }

    private static func same(_ a: Result<Data, WatchedFile.Problem>, _ b: Result<Data, WatchedFile.Problem>) -> Bool {
        switch (a, b) {
        case (.success(let x), .success(let y)): return x == y
        case (.failure(let x), .failure(let y)): return x == y
        default: return false
        }
    }

    private func paths() -> [String] {
        var result: [String] = []
        for path in files where !result.contains(path) { result.append(path) }
        for folder in folders {
            let base = folder.hasSuffix("/") ? folder : folder + "/"
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else {
                // A folder that is there but cannot be listed now (out of descriptors) keeps the files it had.
                if FileManager.default.fileExists(atPath: folder) {
                    result += seen.keys.sorted().filter { $0.hasPrefix(base) && !result.contains($0) }
                }
                continue
            }
            for name in names.sorted() where PluginLoader.isPluginFile(name) && !result.contains(base + name) {
                result.append(base + name)
            }
        }
        return result
    }
}
