// Change detection for --watch: scenario files and a plugins folder, polled, with editors' double writes
// debounced.

import Foundation
import PaneKitLua

/// Files watched by contents: a change counts once the contents have stayed the same for `debounce` seconds,
/// so an editor's truncate-then-write is one change.
struct WatchedFiles {
    private let files: [String]
    private let folder: String?
    private let debounce: Double
    private var seen: [String: Data]
    private var pendingSince: Double?
    private var pending: [String: Data] = [:]

    init(files: [String], folder: String?, debounce: Double = 0.2) {
        self.files = files
        self.folder = folder
        self.debounce = debounce
        seen = [:]
        seen = snapshot()
    }

    /// The scenario files and the plugin files of the folder with their contents.
    private func snapshot() -> [String: Data] {
        var paths = files
        if let folder, let found = try? PluginLoader.discover(in: folder) { paths += found }
        var result: [String: Data] = [:]
        for path in paths { result[path] = FileManager.default.contents(atPath: path) ?? Data() }
        return result
    }

    /// Whether the files changed and have since settled.
    mutating func changed(now: Double) -> Bool {
        let current = snapshot()
        guard current != seen else {
            pendingSince = nil
            return false
        }
        if current != pending || pendingSince == nil {
            pending = current
            pendingSince = now
            return false
        }
        guard now - (pendingSince ?? now) >= debounce else { return false }
        seen = current
        pendingSince = nil
        return true
    }
}
