// The one watcher of the live tools: what counts as a change, and the files it will not read (a FIFO, a file over
// the size limit), for the studio, play --watch and the plugin reloader alike.

import Foundation
import PaneKit
import Testing

@testable import PaneKitLua

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite struct FileWatchTests {
    static func write(_ text: String, to url: URL) throws { try text.write(to: url, atomically: false, encoding: .utf8) }

    /// A sparse file of `bytes` (no disk, no memory): only its size is real.
    static func sparse(_ url: URL, bytes: Int) throws {
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else { throw CocoaError(.fileWriteUnknown) }
        let handle = try FileHandle(forWritingTo: url)
        try handle.truncate(atOffset: UInt64(bytes))
        try handle.close()
    }

    @Test func aSaveIsAChangeATouchIsNotAndQuickSameSizeSavesAreSeen() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("a.json")
        try Self.write("{\"v\": 1}", to: file)
        var watch = FileWatch(files: [file.path])
        #expect(watch.poll().isEmpty)
        // In place, same size, within the file system's time granularity: still seen.
        try Self.write("{\"v\": 2}", to: file)
        let changes = watch.poll()
        #expect(changes.map(\.path) == [file.path])
        #expect(try changes.first?.contents.get() == Data("{\"v\": 2}".utf8))
        #expect(watch.poll().isEmpty)
        // The same bytes written again: not a change.
        try Self.write("{\"v\": 2}", to: file)
        #expect(watch.poll().isEmpty)
    }

    @Test func aFIFOIsNotReadAndIsNamedAsNotARegularFile() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("wobble.lua")
        try Self.write("return {}", to: file)
        var watch = FileWatch(files: [file.path])
        try FileManager.default.removeItem(at: file)
        #expect(mkfifo(file.path, 0o600) == 0)
        // Reading a FIFO with no writer would wait for ever; the watch answers at once.
        let changes = watch.poll()
        #expect(changes.count == 1)
        #expect(changes.first?.problem == .notRegular)
        #expect(changes.first?.refusal == "not reloaded: \(file.path) is not a regular file")
        #expect(FileWatch.refusal(of: changes) == "not reloaded: \(file.path) is not a regular file")
        #expect(watch.poll().isEmpty)
        #expect(WatchedFile.read(folder.path) == .failure(.notRegular))
    }

    @Test func aFileOverTheLimitIsNotRead() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("big.lua")
        try Self.write("return {}", to: file)
        var watch = FileWatch(files: [file.path])
        try Self.sparse(file, bytes: 1 << 30)
        let changes = watch.poll()
        #expect(changes.first?.problem == .tooLarge(1 << 30))
        #expect(
            changes.first?.refusal
                == "not reloaded: \(file.path) is 1073741824 bytes, larger than the 64 MiB a watched file may be")
        // Exactly the limit is read.
        try Self.sparse(file, bytes: WatchedFile.maximumSize)
        #expect((try? WatchedFile.read(file.path).get().count) == WatchedFile.maximumSize)
        // A plugin over the limit fails to load with the same words, without being read.
        try Self.sparse(file, bytes: 1 << 30)
        let error = pluginError { _ = try PluginLoader.load(path: file.path) }
        #expect(error?.description == "big.lua: the file is 1073741824 bytes, larger than the 64 MiB a watched file may be")
    }

    @Test func aFolderReportsPluginsThatComeAndGo() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var watch = FileWatch(files: [], folders: [folder.path])
        let added = folder.appendingPathComponent("dim.lua")
        try Self.write("return {}", to: added)
        try Self.write("x", to: folder.appendingPathComponent("notes.txt"))
        #expect(watch.poll().map(\.path) == [added.path])
        try FileManager.default.removeItem(at: added)
        let gone = watch.poll()
        #expect(gone.map(\.path) == [added.path] && gone.first?.problem == .missing)
        #expect(FileWatch.refusal(of: gone) == nil)  // a missing file is for the loader to report
    }

    @Test func theReloaderKeepsTheLastGoodPluginWhenItsFileBecomesAFIFO() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("fade.lua")
        try ReloadTests.version("0.25").write(to: file, atomically: true, encoding: .utf8)
        let catalog = try PluginCatalog(folder: folder.path)
        let reloader = Reloader(catalog: catalog, debounce: 0)
        let styler = try catalog.registry.make("fade")
        #expect(try style(styler)[.pane].alpha == 0.25)
        try FileManager.default.removeItem(at: file)
        #expect(mkfifo(file.path, 0o600) == 0)
        let events = reloader.poll(now: 0)
        #expect(events.map(\.kind) == [.failed])
        #expect(events.first?.error?.description == "fade.lua: not reloaded: \(file.path) is not a regular file")
        #expect(try style(styler)[.pane].alpha == 0.25)
        try FileManager.default.removeItem(at: file)
        try ReloadTests.version("0.5").write(to: file, atomically: true, encoding: .utf8)
        #expect(reloader.poll(now: 1).map(\.kind) == [.reloaded])
        #expect(try style(catalog.registry.make("fade"))[.pane].alpha == 0.5)
    }
}
