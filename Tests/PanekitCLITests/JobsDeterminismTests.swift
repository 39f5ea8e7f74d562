// render --jobs N writes the bytes --jobs 1 writes, even when each scenario's plugins hold much memory.

import Foundation
import PaneKitTestSupport
import Testing

@Suite struct JobsDeterminismTests {
    /// A plugin whose every state keeps about 6 MiB (its cap is 8 MiB): 48 stylers of it hold about 290 MiB, and
    /// two such scenarios together more than the 512 MiB that all states of a pool may hold.
    static let heavy = """
        local ballast = {}
        for i = 1, 6 do ballast[i] = string.rep(string.char(64 + i), 1024 * 1024) end
        return {
          name = "heavy",
          style = function(ctx) return { pane = { alpha = 1 - ctx.open * #ballast / 10 } } end,
        }
        """

    static func scenario(_ name: String) -> String {
        let stylers = Array(repeating: "\"heavy\"", count: 48).joined(separator: ", ")
        return """
            { "name": "\(name)", "size": [375, 667], "fps": 30, "duration": 1,
              "container": { "type": "drawer", "left": { "width": 280 } },
              "stylers": { "left": [\(stylers)] },
              "timeline": [{ "at": 0, "action": "open", "direction": "left" }] }
            """
    }

    @Test func scenariosRenderedTogetherWriteWhatEachWritesAlone() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("panekit-jobs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("Plugins"), withIntermediateDirectories: true)
        try Self.heavy.write(to: dir.appendingPathComponent("Plugins/heavy.lua"), atomically: true, encoding: .utf8)
        for name in ["a", "b"] {
            try Self.scenario(name).write(to: dir.appendingPathComponent("\(name).json"), atomically: true, encoding: .utf8)
        }
        var outputs: [[String: Data]] = []
        var warnings: [String] = []
        for jobs in ["1", "2"] {
            let result = try runPanekit(["render", "a.json", "b.json", "--jobs", jobs, "--out", "out\(jobs)"], in: dir, timeout: 600)
            #expect(result.status == 0, "--jobs \(jobs): \(result.stderr)")
            warnings.append(result.stderr)
            var files: [String: Data] = [:]
            for name in ["a.jsonl", "b.jsonl"] {
                files[name] = try Data(contentsOf: dir.appendingPathComponent("out\(jobs)/\(name)"))
            }
            outputs.append(files)
        }
        #expect(outputs[0] == outputs[1])
        #expect(warnings[0] == warnings[1], "\(warnings[1])")
        #expect(!warnings[1].contains("memory limit"), "\(warnings[1])")
    }
}
