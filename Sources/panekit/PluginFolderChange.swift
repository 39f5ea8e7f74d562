// Changing a plugins folder: its files and its lock together, one command at a time, whole or not at all.

import Foundation

/// Files to write into a plugins folder, files to delete from it, and the lock to write, applied together (a
/// `FolderChange`).
struct PluginFolderChange {
    /// The plugins folder.
    var folder: String
    /// File name → bytes.
    var writes: [String: Data] = [:]
    /// File names to remove (missing ones are fine).
    var deletions: Set<String> = []
    /// The new lock; nil leaves it as it is.
    var lock: Lockfile?

    /// Applies the change; the caller holds the folder's lock (see `apply`).
    /// - Throws: `CLIError` naming the file that could not be written or moved; then nothing was changed.
    func commit(command: String) throws(CLIError) {
        var change = FolderChange(folder: folder, writes: writes, deletions: deletions)
        if let lock { change.writes[Lockfile.fileName] = Data(lock.text.utf8) }
        try change.commit(command: command)
    }

    /// Puts back what an interrupted command left half made in `folder` (see `FolderChange.recover`), under the
    /// folder's lock; nothing when there is no staging folder.
    /// - Returns: a line for each change put back, for the command's output.
    static func recoverInterrupted(folder: String, command: String) throws(CLIError) -> [String] {
        guard !FolderChange.leftovers(in: folder).isEmpty else { return [] }
        let held = try FolderLock(folder, command: command)
        defer { held.release() }
        return FolderChange.recover(in: folder)
    }

    /// Changes the plugins folder `folder` as one command: takes its lock (making the folder when missing; a second
    /// command waits, see `FolderLock`), puts back a change an interrupted command left half made, reads the lock
    /// file under the lock and commits the change `plan` makes from it (none when it returns nil). A folder made
    /// here is removed again when nothing was written into it.
    /// - Returns: a line for each interrupted change that was put back, for the command's output.
    /// - Throws: what `plan` throws, or `CLIError` when the folder cannot be locked or written.
    @discardableResult
    static func apply(
        folder: String, command: String, _ plan: (Lockfile?) throws(CLIError) -> PluginFolderChange?
    ) throws(CLIError) -> [String] {
        let created = !FileManager.default.fileExists(atPath: folder)
        try Files.makeFolder(folder)
        var held: FolderLock?
        defer {
            // A folder made for a change that wrote nothing goes too.
            if created, (try? FileManager.default.contentsOfDirectory(atPath: folder))?.isEmpty == true {
                try? FileManager.default.removeItem(atPath: folder)
            }
            held?.release()
        }
        held = try FolderLock(folder, create: true, command: command)
        let notes = FolderChange.recover(in: folder)
        if let change = try plan(try Lockfile.read(in: folder)) { try change.commit(command: command) }
        return notes
    }
}

/// A content-addressed store of every file panekit add, install and update fetched, so `install` works offline
/// when a source is unreachable: `$PANEKIT_CACHE`, else `$XDG_CACHE_HOME/panekit`, else `~/.cache/panekit`; each
/// file is `files/SHA256`.
enum PluginCache {
    /// The cache folder.
    static var folder: String {
        if let given = Platform.environment("PANEKIT_CACHE"), !given.isEmpty { return given }
        if let xdg = Platform.environment("XDG_CACHE_HOME"), !xdg.isEmpty { return xdg + "/panekit" }
        return (Platform.environment("HOME") ?? NSTemporaryDirectory()) + "/.cache/panekit"
    }

    /// Stores `data` under its hash; a cache that cannot be written is skipped (it only helps offline installs).
    static func store(_ data: Data) {
        let files = folder + "/files"
        let path = files + "/" + SHA256.hex(data)
        guard !FileManager.default.fileExists(atPath: path) else { return }
        try? FileManager.default.createDirectory(atPath: files, withIntermediateDirectories: true)
        let temporary = path + ".\(UUID().uuidString).tmp"
        guard FileManager.default.createFile(atPath: temporary, contents: data) else { return }
        if (try? FileManager.default.moveItem(atPath: temporary, toPath: path)) == nil {
            try? FileManager.default.removeItem(atPath: temporary)
        }
    }

    /// The cached file with this hash, checked against it; nil when absent or altered.
    static func load(_ hash: String) -> Data? {
        guard case .success(let data) = FoundFile.read(folder + "/files/" + hash.lowercased(), inside: folder + "/files") else {
            return nil
        }
        return SHA256.hex(data) == hash.lowercased() ? data : nil
    }
}
