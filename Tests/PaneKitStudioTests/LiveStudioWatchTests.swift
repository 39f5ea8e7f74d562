// The studio's watch: a save re-runs the engine; a watched file that becomes a FIFO or grows past the size limit
// is not read, and the page says so while the last good frames stay.

import Foundation
import PaneKit
import PaneKitScenario
import PaneKitLua
import Testing

@testable import PaneKitStudio

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Counts calls, from any thread.
private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    func next() { lock.withLock { value += 1 } }
    var count: Int { lock.withLock { value } }
}

@Suite struct LiveStudioWatchTests {
    static func error(_ studio: LiveStudio) throws -> String? {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(studio.payload().utf8)) as? [String: Any])
        return object["error"] as? String
    }

    @Test(.timeLimit(.minutes(1)))
    func aFIFOOrAHugeFileIsNotReloadedAndThePageSaysSo() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("panekit-watch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("door.json")
        try "{}".write(to: file, atomically: true, encoding: .utf8)
        let scenario = DemoScenario.make(
            styler: StylerReference(name: "mm.parallax"),
            container: .drawer(DrawerConfiguration(size: Size(width: 375, height: 667))), group: .left)
        let input = StudioInput(runs: [StudioRun(name: "door", scenario: scenario)], registry: .builtins, command: ["panekit"])
        let loads = Counter()
        let path = file.path
        let studio = try LiveStudio(
            load: {
                loads.next(); return input
            }, watched: { [path] })
        let frames = studio.jsonLines()
        #expect(loads.count == 1)

        try FileManager.default.removeItem(at: file)
        #expect(mkfifo(path, 0o600) == 0)
        studio.look()  // returns: the FIFO is not opened for a blocking read
        #expect(try Self.error(studio) == "not reloaded: \(path) is not a regular file")
        #expect(loads.count == 1)
        #expect(studio.jsonLines() == frames)

        try FileManager.default.removeItem(at: file)
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        let handle = try FileHandle(forWritingTo: file)
        try handle.truncate(atOffset: 1 << 30)  // sparse: 1 GiB that takes no disk
        try handle.close()
        studio.look()
        #expect(try Self.error(studio) == "not reloaded: \(path) is 1073741824 bytes, larger than the 64 MiB a watched file may be")
        #expect(loads.count == 1)

        try "{\"saved\": true}".write(to: file, atomically: true, encoding: .utf8)
        studio.look()
        #expect(loads.count == 2)
        #expect(try Self.error(studio) == nil)
    }
}
