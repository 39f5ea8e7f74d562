// Plugins/panekit.lock: what panekit add installed, from where, at which commit, with the sha256 of every file.

import Foundation
import PaneKit
import PaneKitLua

/// The lock file of a plugins folder: one entry per installed plugin, keyed by name, written with sorted keys so
/// that the same installs give the same bytes.
struct Lockfile: Equatable {
    /// One installed plugin.
    struct Entry: Equatable {
        /// The plugin's name (its file name without `.lua`).
        var name: String
        /// A git URL or path, or a `.lua` file's path or URL, as `panekit add` recorded it.
        var source: String
        /// The tag, branch or commit asked for; nil for a `.lua` file.
        var ref: String?
        /// The commit the ref resolved to; nil for a `.lua` file.
        var commit: String?
        /// The plugin file's path in the source (`Plugins/wobble.lua`), or the file name of a `.lua` source.
        var path: String
        /// The plugin's `version`.
        var version: String
        /// The styler API range the plugin declares (`*` when it declares none).
        var panekit: String
        /// Each installed file's name in the plugins folder → its sha256.
        var files: [String: String]
        /// The sha256 of the entry's other fields as panekit wrote them (`sealed`); nil when the lock has none.
        var digest: String?

        /// A new entry, sealed with its digest.
        init(
            name: String, source: String, ref: String?, commit: String?, path: String, version: String, panekit: String,
            files: [String: String]
        ) {
            (self.name, self.source, self.ref, self.commit, self.path) = (name, source, ref, commit, path)
            (self.version, self.panekit, self.files) = (version, panekit, files)
            digest = sealed
        }

        /// `../stylers@v1.0.0` or the file.
        var origin: String { ref.map { "\(source)@\($0)" } ?? source }

        /// `origin` as the terminal shows it: control characters escaped, cut at 300 bytes.
        var shownOrigin: String { PluginText.excerpt(origin) }

        /// `version` as the terminal shows it.
        var shownVersion: String { PluginText.excerpt(version) }

        /// The digest of this entry's fields: what `add` writes as `digest`, so that an entry changed by hand
        /// afterwards (another source, other hashes) shows.
        var sealed: String { SHA256.hex(Array(Lockfile.fields(of: self, digest: false).utf8)) }

        /// Whether the entry is as panekit wrote it.
        var isSealed: Bool { digest == sealed }

        /// What is wrong with the entry's digest, to follow `plugins.NAME`, or nil when it is sealed.
        var digestProblem: String? {
            guard !isSealed else { return nil }
            guard digest != nil else {
                return "has no digest (panekit add writes one; this entry was written by hand or by an older panekit)"
            }
            return "was changed after panekit add wrote it (its digest no longer matches: source \(shownOrigin), version \(shownVersion))"
        }
    }

    /// The file name in a plugins folder.
    static let fileName = "panekit.lock"
    /// The format's version, written as `lockfileVersion`.
    static let formatVersion = 1

    var entries: [String: Entry] = [:]

    /// The lock's path in `folder`.
    static func path(in folder: String) -> String {
        folder.hasSuffix("/") ? folder + fileName : folder + "/" + fileName
    }

    /// The lock of `folder`, or nil when it has none.
    /// - Throws: `CLIError` naming the file and the place when it does not parse, or when it is not a regular file
    ///   inside the folder (a link, a FIFO: see `FoundFile`).
    static func read(in folder: String) throws(CLIError) -> Lockfile? {
        let path = path(in: folder)
        guard let text = try FoundFile.text(path, inside: folder) else { return nil }
        return try parse(text, file: path)
    }

    /// Reads a lock's text.
    /// - Throws: `CLIError` naming `file` and the key path of the first problem.
    static func parse(_ text: String, file: String) throws(CLIError) -> Lockfile {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: Data(text.utf8))
        } catch {
            let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String
            throw .input(
                "\(file): not a lock file: expected JSON such as {\"lockfileVersion\": 1, \"plugins\": {…}}"
                    + (detail.map { ", got text that does not parse (\($0))" } ?? ", got text that does not parse")
                    + "; restore it from version control or delete it and run panekit add again")
        }
        func fail(_ place: String, _ message: String) -> CLIError { .input("\(file): \(place): \(message)") }
        guard let top = object as? [String: Any] else { throw fail("the top level", "expected an object") }
        for key in top.keys where !["lockfileVersion", "plugins"].contains(key) {
            throw fail(key, "unknown key; a lock file has lockfileVersion and plugins")
        }
        guard let number = top["lockfileVersion"] as? NSNumber, let version = Int(exactly: number.doubleValue) else {
            throw fail("lockfileVersion", "missing or not a whole number; expected \(formatVersion)")
        }
        guard version == formatVersion else {
            throw fail("lockfileVersion", "expected \(formatVersion), got \(version) (written by another version of panekit)")
        }
        guard let plugins = top["plugins"] as? [String: Any] else { throw fail("plugins", "expected an object of plugins by name") }
        var lock = Lockfile()
        for (name, value) in plugins {
            let place = "plugins.\(name)"
            guard NewCommand.isPluginName(name) else { throw fail(place, "\"\(name)\" is not a plugin name") }
            guard let fields = value as? [String: Any] else { throw fail(place, "expected an object") }
            let known = ["commit", "digest", "files", "panekit", "path", "ref", "source", "version"]
            for key in fields.keys where !known.contains(key) {
                throw fail("\(place).\(key)", "unknown key; an entry has \(known.joined(separator: ", "))")
            }
            func string(_ key: String, optional: Bool = false) throws(CLIError) -> String? {
                guard let value = fields[key] else {
                    if optional { return nil }
                    throw fail("\(place).\(key)", "missing; expected a string")
                }
                guard let text = value as? String, !text.isEmpty else { throw fail("\(place).\(key)", "expected a non-empty string") }
                // Shown on the terminal: an escape sequence in a hand-edited lock must not reach it raw.
                guard !text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
                    throw fail("\(place).\(key)", "expected printable text, got \"\(PluginText.excerpt(text))\"")
                }
                return text
            }
            let commit = try string("commit", optional: true)
            if let commit, commit.utf8.count != 40 || !commit.utf8.allSatisfy({ (48...57).contains($0) || (97...102).contains($0) }) {
                throw fail("\(place).commit", "expected 40 lowercase hex digits, got \"\(commit)\"")
            }
            let digest = try string("digest", optional: true)
            if let digest, !SHA256.isDigest(digest) { throw fail("\(place).digest", "expected a sha256 (64 hex digits)") }
            let ref = try string("ref", optional: true)
            if (ref == nil) != (commit == nil) { throw fail(place, "a git source has both ref and commit; a .lua file has neither") }
            guard let files = fields["files"] as? [String: Any], !files.isEmpty else {
                throw fail("\(place).files", "expected an object of file name → sha256")
            }
            var hashes: [String: String] = [:]
            for (fileName, hash) in files {
                guard isInstalledFileName(fileName, plugin: name) else {
                    throw fail("\(place).files", "\"\(fileName)\" is not a file of \(name) (expected \(name).lua or \(name).golden.json)")
                }
                guard let hash = hash as? String, SHA256.isDigest(hash) else {
                    throw fail("\(place).files.\(fileName)", "expected a sha256 (64 hex digits)")
                }
                hashes[fileName] = hash.lowercased()
            }
            guard hashes["\(name).lua"] != nil else { throw fail("\(place).files", "missing \(name).lua") }
            let panekit = try string("panekit")!
            do throws(VersionRangeError) {
                _ = try VersionRange(panekit)
            } catch {
                throw fail("\(place).panekit", error.description)
            }
            let path = try string("path")!
            if path.hasPrefix("/") || path.split(separator: "/").contains("..") || !path.hasSuffix(".lua") {
                throw fail(
                    "\(place).path", "expected the plugin's .lua file inside its source, such as Plugins/\(name).lua, got \"\(path)\"")
            }
            var entry = Entry(
                name: name, source: try string("source")!, ref: ref, commit: commit, path: path,
                version: try string("version")!, panekit: panekit, files: hashes)
            entry.digest = digest?.lowercased()  // as written: a hand edit shows as a digest that does not match
            lock.entries[name] = entry
        }
        return lock
    }

    /// The files a lock may install for plugin `name`: `NAME.lua` and its golden frames `NAME.golden.json`.
    static func isInstalledFileName(_ file: String, plugin name: String) -> Bool {
        file == "\(name).lua" || file == "\(name).golden.json"
    }

    /// The lock's text: JSON with sorted keys, two-space indents and a final newline.
    var text: String {
        var out = "{\n  \"lockfileVersion\": \(Self.formatVersion),\n  \"plugins\": {"
        let names = entries.keys.sorted()
        for (i, name) in names.enumerated() {
            out += "\n    \(StringLiteral.quoted(name)): {\n" + Self.fields(of: entries[name]!, digest: true)
            out += "\n    }" + (i == names.count - 1 ? "\n  " : ",")
        }
        return out + "}\n}\n"
    }

    /// An entry's fields as the lock writes them (sorted keys), with or without its digest; without, this is
    /// the text the digest is taken of (the name first, so an entry moved to another name differs too).
    static func fields(of entry: Entry, digest: Bool) -> String {
        var fields: [(String, String)] = digest ? [] : [("name", StringLiteral.quoted(entry.name))]
        if let commit = entry.commit { fields.append(("commit", StringLiteral.quoted(commit))) }
        if digest, let value = entry.digest { fields.append(("digest", StringLiteral.quoted(value))) }
        let files = entry.files.keys.sorted().map { "        \(StringLiteral.quoted($0)): \(StringLiteral.quoted(entry.files[$0]!))" }
        fields.append(("files", "{\n" + files.joined(separator: ",\n") + "\n      }"))
        fields.append(("panekit", StringLiteral.quoted(entry.panekit)))
        fields.append(("path", StringLiteral.quoted(entry.path)))
        if let ref = entry.ref { fields.append(("ref", StringLiteral.quoted(ref))) }
        fields.append(("source", StringLiteral.quoted(entry.source)))
        fields.append(("version", StringLiteral.quoted(entry.version)))
        return fields.map { "      \(StringLiteral.quoted($0.0)): \($0.1)" }.joined(separator: ",\n")
    }
}
