// Changing a plugins folder whole or not at all: new files and the lock are staged beside it, then moved in; a
// failure part way puts every file back.

import Foundation

/// Files to write into a plugins folder, files to delete from it, and the lock to write, applied together.
struct PluginFolderChange {
    /// The plugins folder (created when missing).
    var folder: String
    /// File name → bytes.
    var writes: [String: Data] = [:]
    /// File names to remove (missing ones are fine).
    var deletions: Set<String> = []
    /// The new lock; nil leaves it as it is.
    var lock: Lockfile?

    private func target(_ name: String) -> String { folder.hasSuffix("/") ? folder + name : folder + "/" + name }

    /// Applies the change: every new file is written in a staging folder inside `folder`, then each target is
    /// moved aside and the new file moved in; any failure moves every file back and removes the staging folder.
    /// - Throws: `CLIError` naming the file that could not be written or moved.
    func commit(command: String) throws(CLIError) {
        let fm = FileManager.default
        let created = !fm.fileExists(atPath: folder)
        try Files.makeFolder(folder)
        let stage = target(".panekit-staging-\(UUID().uuidString)")
        let aside = stage + "/aside"
        var committed = false
        defer {
            try? fm.removeItem(atPath: stage)
            // A folder made for a change that failed goes too: nothing was changed.
            if created, !committed, (try? fm.contentsOfDirectory(atPath: folder))?.isEmpty == true { try? fm.removeItem(atPath: folder) }
        }
        do {
            try fm.createDirectory(atPath: aside, withIntermediateDirectories: true)
        } catch {
            throw .input("\(command): cannot write into \(folder): \(error.localizedDescription)")
        }
        var writes = writes
        let deletions = deletions
        if let lock { writes[Lockfile.fileName] = Data(lock.text.utf8) }
        for (name, data) in writes {
            guard fm.createFile(atPath: stage + "/" + name, contents: data) else {
                throw .input("\(command): cannot write \(target(name)) (staging in \(stage) failed); nothing was changed")
            }
        }
        var movedAside: [String] = []
        var movedIn: [String] = []
        func rollBack() {
            for name in movedIn { try? fm.removeItem(atPath: target(name)) }
            for name in movedAside { try? fm.moveItem(atPath: aside + "/" + name, toPath: target(name)) }
        }
        for name in writes.keys.sorted() + deletions.sorted() where fm.fileExists(atPath: target(name)) || isLink(target(name)) {
            do {
                try fm.moveItem(atPath: target(name), toPath: aside + "/" + name)
                movedAside.append(name)
            } catch {
                rollBack()
                throw .input("\(command): cannot replace \(target(name)): \(error.localizedDescription); nothing was changed")
            }
        }
        for name in writes.keys.sorted() {
            do {
                try fm.moveItem(atPath: stage + "/" + name, toPath: target(name))
                movedIn.append(name)
            } catch {
                rollBack()
                throw .input("\(command): cannot write \(target(name)): \(error.localizedDescription); nothing was changed")
            }
        }
        committed = true
    }

    private func isLink(_ path: String) -> Bool {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) != nil
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
        guard let data = FileManager.default.contents(atPath: folder + "/files/" + hash.lowercased()) else { return nil }
        return SHA256.hex(data) == hash.lowercased() ? data : nil
    }
}
