// Noticing saved files for --watch: polls modification times and sizes, with no platform file-event API.

import Foundation

/// Watches files, and the `.lua` files of folders, for changes by polling.
struct FileWatcher {
    let files: [String]
    let folders: [String]
    private var signature: [String]

    init(files: [String], folders: [String]) {
        self.files = files
        self.folders = folders
        signature = []
        signature = current()
    }

    /// Whether anything changed since the last call (or since creation); a file that is being replaced and is
    /// momentarily missing counts as a change once it is back.
    mutating func changed() -> Bool {
        let now = current()
        guard now != signature else { return false }
        signature = now
        return true
    }

    private func current() -> [String] {
        var result: [String] = []
        for path in files { result.append(Self.stamp(path)) }
        for folder in folders {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            for name in names.sorted() where name.hasSuffix(".lua") { result.append(Self.stamp("\(folder)/\(name)")) }
        }
        return result
    }

    private static func stamp(_ path: String) -> String {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else { return "\(path) missing" }
        let date = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
        let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
        return "\(path) \(date) \(size)"
    }
}
