// Changing a folder whole or not at all, even when the command is interrupted or killed part way: the new files
// are staged inside the folder, a journal says what moves, and the next command undoes a change left half made.

import Foundation

/// Files to write into a folder and files to delete from it, applied together.
///
/// The new files are written into a staging folder `FOLDER/.panekit-staging-ID/new` (a full disk fails here, before
/// anything moved). Then, with interrupts held off (`Interrupts.uninterrupted`), the journal `plan` is written,
/// each target is renamed into `aside/` and each new file renamed onto its target (a rename replaces a symbolic
/// link; it never writes through one), and `plan` becomes `done`. Any failure renames everything back. A process
/// killed outright leaves the staging folder: `recover(in:)`, run by the next command under the folder's lock,
/// finishes a change that reached `done` and undoes any other, so the folder is exactly as before or as after.
struct FolderChange {
    /// The folder (it must exist; the caller holds its `FolderLock`).
    var folder: String
    /// File name → bytes.
    var writes: [String: Data] = [:]
    /// File names to remove (missing ones are fine).
    var deletions: Set<String> = []

    /// The start of every staging folder's name.
    static let stagingPrefix = ".panekit-staging-"

    private static func join(_ folder: String, _ name: String) -> String { Installing.join(folder, name) }
    private func target(_ name: String) -> String { Self.join(folder, name) }

    /// Applies the change.
    /// - Throws: `CLIError` naming the file that could not be written or moved; then nothing was changed.
    func commit(command: String) throws(CLIError) {
        let names = Set(writes.keys).union(deletions).sorted()
        for name in names {
            guard !name.isEmpty, !name.contains("/"), name != ".", name != "..", !name.hasPrefix(Self.stagingPrefix) else {
                throw .input("\(command): cannot write \(target(name)): not a file name inside \(folder); nothing was changed")
            }
            if case .success(let status) = Platform.fileStatus(target(name), followLinks: false), status.kind == .folder {
                throw .input("\(command): cannot replace \(target(name)): it is a folder; move it away first; nothing was changed")
            }
        }
        let stage = target(Self.stagingPrefix + UUID().uuidString)
        Interrupts.track(folder: stage)
        defer {
            try? FileManager.default.removeItem(atPath: stage)
            Interrupts.untrack(folder: stage)
        }
        for part in ["", "/new", "/aside"] {
            if let failure = Platform.makeFolder(stage + part) {
                throw .input("\(command): cannot write into \(folder): \(failure.words); nothing was changed")
            }
        }
        for name in writes.keys.sorted() {
            if let failure = Self.writeNew(stage + "/new/" + name, writes[name]!) {
                throw .input("\(command): cannot write \(target(name)): \(failure.words); nothing was changed")
            }
        }
        let plan = writes.keys.sorted().map { "write \($0)\n" }.joined() + deletions.sorted().map { "delete \($0)\n" }.joined()
        try Interrupts.uninterrupted { () throws(CLIError) in
            if let failure = Self.writeNew(stage + "/plan", Data(plan.utf8)) {
                throw .input("\(command): cannot write into \(folder): \(failure.words); nothing was changed")
            }
            var movedAside: [String] = []
            var movedIn: [String] = []
            func fail(_ verb: String, _ name: String, _ failure: Platform.FileError) -> CLIError {
                for name in movedIn { Platform.unlink(target(name)) }
                for name in movedAside { Platform.rename(stage + "/aside/" + name, onto: target(name)) }
                return .input("\(command): cannot \(verb) \(target(name)): \(failure.words); nothing was changed")
            }
            for name in names where Self.exists(target(name)) {
                if let failure = Platform.rename(target(name), onto: stage + "/aside/" + name) { throw fail("replace", name, failure) }
                movedAside.append(name)
            }
            for name in writes.keys.sorted() {
                if let failure = Platform.rename(stage + "/new/" + name, onto: target(name)) { throw fail("write", name, failure) }
                movedIn.append(name)
            }
            Platform.rename(stage + "/plan", onto: stage + "/done")
        }
    }

    /// Finishes or undoes every change an interrupted or killed command left in `folder` (its staging folders).
    /// Run it holding the folder's lock: a staging folder found then belongs to no running command.
    /// - Returns: one line per staging folder dealt with, for the command's output.
    static func recover(in folder: String) -> [String] {
        var notes: [String] = []
        for name in leftovers(in: folder) {
            let stage = join(folder, name)
            guard case .success(let status) = Platform.fileStatus(stage, followLinks: false), status.kind == .folder else {
                Platform.unlink(stage)  // not one panekit made (a link, a file): only the name goes
                notes.append("removed \(stage), which is not a staging folder panekit made")
                continue
            }
            if exists(stage + "/done") {
                notes.append("\(stage): finished the change an interrupted panekit command had made (its journal says it was done)")
            } else {
                // Undo: new files moved in go (the journal names them), every file moved aside comes back.
                let journal = (try? FoundFile.text(stage + "/plan", inside: stage)) ?? nil
                for line in (journal ?? "").split(separator: "\n") where line.hasPrefix("write ") {
                    let file = String(line.dropFirst(6))
                    guard !file.contains("/"), !exists(stage + "/new/" + file), !exists(stage + "/aside/" + file) else { continue }
                    if case .success(let target) = Platform.fileStatus(join(folder, file), followLinks: false), target.kind != .folder {
                        Platform.unlink(join(folder, file))
                    }
                }
                for file in (try? FileManager.default.contentsOfDirectory(atPath: stage + "/aside")) ?? [] {
                    Platform.rename(stage + "/aside/" + file, onto: join(folder, file))
                }
                notes.append("\(stage): undid the change an interrupted panekit command left half made; \(folder) is as it was before it")
            }
            try? FileManager.default.removeItem(atPath: stage)
        }
        return notes
    }

    /// The staging folders in `folder`, by name.
    static func leftovers(in folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasPrefix(stagingPrefix) }.sorted()
    }

    private static func exists(_ path: String) -> Bool {
        if case .success = Platform.fileStatus(path, followLinks: false) { return true }
        return false
    }

    /// Writes a new file (it must not exist) whole: bytes, then close, whose error a full disk may only show there.
    private static func writeNew(_ path: String, _ data: Data) -> Platform.FileError? {
        let fd: Int32
        switch Platform.createExclusively(path) {
        case .success(let opened): fd = opened
        case .failure(let error): return error
        }
        let failure = data.withUnsafeBytes { Platform.writeAll(fd, $0) }
        let closed = Platform.close(fd)
        return failure ?? closed
    }
}
