// Hot reload for --watch: poll plugin files, debounce, load a changed file into a fresh state, check it, swap.

import Foundation
import PaneKit

/// What one poll of a `Reloader` found.
public struct ReloadEvent: Sendable, CustomStringConvertible {
    /// What happened to the file.
    public enum Kind: Sendable, Equatable {
        /// A changed plugin loaded, passed the quick check and was swapped in.
        case reloaded
        /// A new plugin file appeared in the folder and was added.
        case added
        /// A changed or new plugin failed; the last good version (if any) stays.
        case failed
        /// A watched file that is not a plugin (a scenario) changed.
        case changed
    }

    /// What happened.
    public var kind: Kind
    /// The file it happened to.
    public var path: String
    /// Why it failed, for `.failed`.
    public var error: PluginError?
    /// The other problems the quick check found, for `.failed`.
    public var problems: [PluginError]

    /// A line for people (several for a failure: one per problem, then the traceback).
    public var description: String {
        switch kind {
        case .reloaded: return "\(path): reloaded"
        case .added: return "\(path): added"
        case .changed: return "\(path): changed"
        case .failed:
            var lines = ["\(path): the new version fails; keeping the last good one"]
            for error in [error].compactMap({ $0 }) + problems {
                lines += error.lines.map { "  " + $0 }
                if let traceback = error.traceback { lines += traceback.split(separator: "\n").map { "    " + $0 } }
            }
            return lines.joined(separator: "\n")
        }
    }
}

/// Watches the files of a `PluginCatalog` (and any extra files) with a `FileWatch`.
///
/// A change is acted on once the file has kept the same contents for `debounce` seconds, so an editor's
/// double write (truncate, then write) loads once. A file that is no longer a regular file, or is larger than
/// `WatchedFile.maximumSize`, is not read: it fails with that reason and the last good version stays. A changed plugin is loaded into a fresh state and run at
/// `PluginCheck.quickFractions` in each of its directions; only then is it swapped in, and every styler made
/// from the catalog takes it at its next call. On failure the last good version stays.
public final class Reloader {
    /// The catalog whose plugins are swapped in when their files change.
    public let catalog: PluginCatalog
    /// Seconds a file must stay unchanged before it is loaded, so an editor's several writes load once.
    public let debounce: Double
    private let extraFiles: [String]
    private var watch: FileWatch
    private var pending: [String: (contents: Result<Data, WatchedFile.Problem>, since: Double)] = [:]

    /// - Parameters:
    ///   - catalog: the plugins to follow; new `*.lua` files of its folder are added as they appear.
    ///   - extraFiles: other files to report as `.changed` (the scenarios of a render).
    ///   - debounce: seconds a file's contents must stay the same before it is acted on.
    public init(catalog: PluginCatalog, extraFiles: [String] = [], debounce: Double = 0.2) {
        self.catalog = catalog
        self.extraFiles = extraFiles
        self.debounce = debounce
        watch = FileWatch(files: catalog.paths + extraFiles)
    }

    /// Looks at every watched file once.
    /// - Parameter now: the time in seconds (any monotonic clock), for the debounce.
    /// - Returns: what changed, in path order.
    public func poll(now: Double) -> [ReloadEvent] {
        var events: [ReloadEvent] = []
        var paths = catalog.paths
        if let folder = catalog.folder, let found = try? PluginLoader.discover(in: folder) {
            paths += found.filter { !paths.contains($0) }
        }
        watch.files = paths.sorted() + extraFiles
        for change in watch.poll() {
            // A file that goes missing is being replaced (or was removed): nothing to load until it is back.
            pending[change.path] = change.problem == .missing ? nil : (change.contents, now)
        }
        for path in watch.files {
            guard let waiting = pending[path], now - waiting.since >= debounce else { continue }
            pending[path] = nil
            let contents: Data
            switch waiting.contents {
            case .success(let data): contents = data
            case .failure(let problem):
                let error = PluginError(file: PluginLoader.fileName(of: path), reason: .file, message: "not reloaded: \(path) \(problem)")
                events.append(ReloadEvent(kind: .failed, path: path, error: error, problems: []))
                continue
            }
            if extraFiles.contains(path) {
                events.append(ReloadEvent(kind: .changed, path: path, error: nil, problems: []))
            } else if let slot = catalog.slot(for: path) {
                events.append(reload(path, contents, into: slot))
            } else {
                events.append(add(path))
            }
        }
        return events
    }

    private func reload(_ path: String, _ contents: Data, into slot: PluginSlot) -> ReloadEvent {
        let loadedPlugin = Result { () throws(PluginError) in
            try PluginLoader.load(data: contents, path: path, limits: catalog.limits)
        }
        switch loadedPlugin {
        case .success(let plugin):
            let problems = PluginCheck.run(plugin, fractions: PluginCheck.quickFractions)
            if problems.isEmpty {
                slot.replace(with: .success(plugin))
                return ReloadEvent(kind: .reloaded, path: path, error: nil, problems: [])
            }
            if slot.plugin == nil { slot.replace(with: .failure(problems[0])) }
            return ReloadEvent(kind: .failed, path: path, error: problems[0], problems: Array(problems.dropFirst()))
        case .failure(let error):
            if slot.plugin == nil { slot.replace(with: .failure(error)) }
            return ReloadEvent(kind: .failed, path: path, error: error, problems: [])
        }
    }

    private func add(_ path: String) -> ReloadEvent {
        guard catalog.add(path: path), let slot = catalog.slot(for: path) else {
            return ReloadEvent(kind: .failed, path: path, error: catalog.refused.last, problems: [])
        }
        if case .failure(let error) = slot.current.0 {
            return ReloadEvent(kind: .failed, path: path, error: error, problems: [])
        }
        return ReloadEvent(kind: .added, path: path, error: nil, problems: [])
    }
}
