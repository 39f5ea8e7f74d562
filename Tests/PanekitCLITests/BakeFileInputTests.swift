// End-to-end: a scenario's bake file is read as every input is (the 64 MiB limit), and reading a large one holds
// the table, not a tree of the whole text.

import Foundation
import PaneKitTestSupport
import Testing

@Suite struct BakeFileInputTests {
    static let scenario = """
        {"size": [375, 667], "container": {"type": "drawer", "left": {"width": 280}}, "stylers": {"left": ["big.bake.json"]},
         "duration": 0.1, "timeline": [{"at": 0, "action": "open", "direction": "left"}]}
        """

    /// A bake file of `rows` samples of the pane and the left drawer, as `panekit bake` writes them.
    static func bake(rows: Int) -> String {
        var out = #"{"format":"panekit.bake","version":1,"styler":"big","params":{},"container":"drawer","size":[375,667],"#
        out += #""sizing":"fixed","bound":{"points":0.25,"alpha":0.005},"error":{"points":0,"alpha":0},"samples":\#(rows),"#
        out += "\"directions\":[\n{\"direction\":\"left\",\"reveal\":280,\"roles\":[\"pane\",\"drawer.left\"],\"closed\":["
        out += (0..<rows).map { "\(-0.3 + 1.4 * Double($0) / Double(rows - 1))" }.joined(separator: ",") + "],\"edits\":["
        for i in 0..<rows {
            let s = 0.5 + Double(i % 500) / 1000, x = Double(i % 2800) / 10, a = Double(i % 1000) / 1000
            out += i == 0 ? "\n" : ",\n"
            out += "[{\"transform\":[\(s),0,0,0,0,\(s),0,0,0,0,\(s),0,\(x),0,0,1]},{\"alpha\":\(a)}]"
        }
        return out + "]}]}\n"
    }

    func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("panekit-bakefile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        try Self.scenario.write(to: url.appendingPathComponent("s.json"), atomically: true, encoding: .utf8)
        return url
    }

    @Test func aBakeFileOverTheInputLimitIsRefusedWithTheScenarioPlace() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        // A sparse file one byte over 64 MiB: reading stops at the limit.
        let big = dir.appendingPathComponent("big.bake.json")
        #expect(FileManager.default.createFile(atPath: big.path, contents: nil))
        let handle = try FileHandle(forWritingTo: big)
        try handle.truncate(atOffset: UInt64(64 << 20) + 1)
        try handle.close()
        let result = try runPanekit(["render", "s.json"], in: dir, timeout: 60)
        #expect(result.status == 1)
        #expect(
            result.stderr.contains("s.json: stylers.left[0]: cannot read \(big.path): the file is too large"), "\(result.stderr)")
    }

    @Test func aBakeFileThatIsAFolderIsRefused() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("big.bake.json"), withIntermediateDirectories: false)
        let result = try runPanekit(["render", "s.json"], in: dir, timeout: 60)
        #expect(result.status == 1)
        #expect(result.stderr.contains("s.json: stylers.left[0]: cannot read"), "\(result.stderr)")
        #expect(result.stderr.contains("it is a folder"), "\(result.stderr)")
    }

    /// A 5 MB table: reading it took 26 times its size over a plain run (every number a JSON value in a heap box of
    /// its own, and a tree of the whole text), and now about 16, most of it the table itself.
    @Test func readingALargeBakeFileHoldsTheTableNotATreeOfTheText() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let text = Self.bake(rows: 50_000)
        try text.write(to: dir.appendingPathComponent("big.bake.json"), atomically: true, encoding: .utf8)
        let plain = try InputLimitCommandTests().peakResidentKiB([
            "render", packageRoot.appendingPathComponent("Examples/drawer-slide.json").path, "--max-frames", "3",
        ])
        let baked = try InputLimitCommandTests().peakResidentKiB(["render", dir.appendingPathComponent("s.json").path, "--max-frames", "3"])
        let bytes = text.utf8.count / 1024
        #expect(baked - plain < 22 * bytes, "peak RSS \(baked) KiB with a \(bytes) KiB bake file, \(plain) KiB without")
    }
}
