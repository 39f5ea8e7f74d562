// Reading a file panekit found itself (in a source, a checkout, the plugins folder, the cache): a regular file
// inside its root, never a link, a FIFO or a device, and never more than the input limit.

import Foundation
import PaneKitLua

/// A file panekit found rather than one the user named: a plugin or golden file of a source or a clone, a file of
/// the plugins folder, its lock, a cached copy.
///
/// It is read only when it is a regular file of at most `Files.maximumInput` bytes (64 MiB) that stays inside
/// `root` once every link on the way to it is resolved. A symbolic link, a FIFO, a device, a socket or a folder is
/// refused without being opened for a blocking read, and a file's size is known before a byte of it is read.
enum FoundFile {
    /// Why a found file was not read.
    enum Problem: Error, Equatable {
        case missing
        /// A symbolic link; what it points to, in words ("a regular file of 3.0 GiB", "nothing").
        case link(String)
        /// A FIFO, a device, a socket or a folder.
        case notRegular(String)
        /// A regular file of this many bytes, more than the limit.
        case tooLarge(UInt64)
        /// The file's real folder (links resolved) is outside the root.
        case outside(String)
        /// Opening or reading failed.
        case unreadable(Platform.FileError)

        /// What the path is, to follow `PATH is` or `PATH:`.
        var phrase: String {
            switch self {
            case .missing: return "missing"
            case .link(let target): return "a symbolic link (to \(target))"
            case .notRegular(let kind): return "\(kind), not a regular file"
            case .tooLarge(let size): return "\(Files.sizeText(size)), larger than the \(Files.maximumInput >> 20) MiB limit"
            case .outside(let real): return "outside its folder (a folder on the way is a symbolic link: it resolves to \(real))"
            case .unreadable(let error): return "unreadable (\(error.words))"
            }
        }

        /// `PATH is …; panekit reads only regular files there`, naming the path.
        func sentence(_ path: String) -> String {
            switch self {
            case .missing: return "\(path): no such file"
            case .unreadable(let error): return "cannot read \(path): \(error.words)"
            case .tooLarge: return "\(path) is \(phrase)"
            default: return "\(path) is \(phrase); panekit reads only regular files there, never through a link"
            }
        }
    }

    /// The bytes of `path`, a file inside the folder `root`, or why they were not read.
    static func read(_ path: String, inside root: String) -> Result<Data, Problem> {
        switch Platform.fileStatus(path, followLinks: false) {
        case .failure(let error) where error.isNoSuchFile || error.isNotFolder: return .failure(.missing)
        case .failure(let error): return .failure(.unreadable(error))
        case .success(let status) where status.kind == .symbolicLink: return .failure(.link(target(of: path)))
        case .success(let status) where status.kind != .regular: return .failure(.notRegular(Files.article(status.kind)))
        case .success(let status) where status.size > UInt64(Files.maximumInput): return .failure(.tooLarge(status.size))
        case .success: break
        }
        if let real = outside(path, root: root) { return .failure(.outside(real)) }
        let fd: Int32
        switch Platform.openWithoutFollowing(path) {
        case .success(let opened): fd = opened
        case .failure(let error) where error.isLink: return .failure(.link(target(of: path)))
        case .failure(let error): return .failure(.unreadable(error))
        }
        defer { Platform.close(fd) }
        // What was opened is what is read: the path may have been swapped since it was looked at.
        switch Platform.fileStatus(descriptor: fd) {
        case .success(let status) where status.kind != .regular: return .failure(.notRegular(Files.article(status.kind)))
        case .failure(let error): return .failure(.unreadable(error))
        default: break
        }
        switch Platform.readAll(fd, limit: Files.maximumInput) {
        case .success(let bytes): return .success(Data(bytes))
        case .failure(let error) where error.isTooLarge: return .failure(.tooLarge(UInt64(Files.maximumInput) + 1))
        case .failure(let error): return .failure(.unreadable(error))
        }
    }

    /// The UTF-8 text of a found file, or nil when it is missing.
    /// - Throws: `CLIError` (exit 1) naming the path and the problem, or saying it is not UTF-8.
    static func text(_ path: String, inside root: String) throws(CLIError) -> String? {
        switch read(path, inside: root) {
        case .success(let data):
            guard let text = String(data: data, encoding: .utf8) else { throw .input("\(path): expected UTF-8 text") }
            return text
        case .failure(.missing): return nil
        case .failure(let problem): throw .input(problem.sentence(path))
        }
    }

    /// The folder of `path`: `Plugins/x.lua` → `Plugins`, `x.lua` → `.`.
    static func folder(of path: String) -> String {
        let parent = (path as NSString).deletingLastPathComponent
        return parent.isEmpty ? "." : parent
    }

    /// The real path of the file's folder when it is not `root` or inside it; nil when it is (or cannot be told).
    private static func outside(_ path: String, root: String) -> String? {
        guard case .success(let base) = Platform.realPath(root), case .success(let real) = Platform.realPath(folder(of: path))
        else { return nil }
        return real == base || real.hasPrefix(base.hasSuffix("/") ? base : base + "/") ? nil : PluginText.excerpt(real)
    }

    /// What a link points to, in words: "a regular file of 3.0 GiB", "a folder", "nothing".
    private static func target(of path: String) -> String {
        switch Platform.fileStatus(path, followLinks: true) {
        case .success(let status) where status.kind == .regular: return "a regular file of \(Files.sizeText(status.size))"
        case .success(let status): return Files.article(status.kind)
        case .failure: return "nothing"
        }
    }
}
