// End-to-end: `panekit test` holds a golden file to every sample the test plan poses and to its header fields.

import Foundation
import PaneKitTestSupport
import Testing

/// A golden file cut into its first line, its runs (each a header line and its sample lines) and its last line.
private struct GoldenText {
    var head: String
    var runs: [(header: String, samples: [String])]

    init(_ text: String) {
        let lines = text.split(separator: "\n").map(String.init)
        head = lines[0]
        runs = []
        for (i, line) in lines.enumerated().dropFirst() where line != "]}" {
            if line.hasPrefix("{\"direction\"") {
                runs.append((line, []))
                continue
            }
            // A sample line ends with "," between samples, and "]}" (plus "," between runs) after a run's last.
            var sample = line
            if sample.hasSuffix(",") { sample.removeLast() }
            if i + 1 == lines.count || lines[i + 1] == "]}" || lines[i + 1].hasPrefix("{\"direction\"") { sample.removeLast(2) }
            runs[runs.count - 1].samples.append(sample)
        }
    }

    var text: String {
        head + "\n" + runs.map { $0.header + "\n" + $0.samples.joined(separator: ",\n") + "]}" }.joined(separator: ",\n") + "\n]}\n"
    }
}

@Suite struct GoldenCompletenessTests {
    /// A scratch folder with Plugins/zoom.lua and its golden file.
    private func zoom() throws -> (folder: URL, plugin: URL, golden: URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("panekit-golden-\(UUID().uuidString)")
        let plugins = folder.appendingPathComponent("Plugins")
        try FileManager.default.createDirectory(at: plugins, withIntermediateDirectories: true)
        for ext in ["lua", "golden.json"] {
            try FileManager.default.copyItem(
                at: packageRoot.appendingPathComponent("Plugins/zoom.\(ext)"), to: plugins.appendingPathComponent("zoom.\(ext)"))
        }
        return (folder, plugins.appendingPathComponent("zoom.lua"), plugins.appendingPathComponent("zoom.golden.json"))
    }

    private func edit(_ url: URL, _ change: (inout GoldenText) -> Void) throws {
        var golden = GoldenText(try String(contentsOf: url, encoding: .utf8))
        change(&golden)
        try golden.text.write(to: url, atomically: true, encoding: .utf8)
    }

    private func lastLine(_ text: String) -> String { text.split(separator: "\n").last.map(String.init) ?? "" }

    @Test func theCutterRebuildsTheGoldenByteForByte() throws {
        let text = try String(contentsOf: packageRoot.appendingPathComponent("Plugins/zoom.golden.json"), encoding: .utf8)
        #expect(GoldenText(text).text == text)
        #expect(GoldenText(text).runs.map(\.samples.count) == Array(repeating: 27, count: 8))
    }

    /// The reproduction: a golden with 3 of 27 samples a run passed a changed plugin as "ok".
    @Test func aGoldenThatLacksSamplesFailsNamingThem() throws {
        let (folder, plugin, golden) = try zoom()
        defer { try? FileManager.default.removeItem(at: folder) }
        try edit(golden) { g in for r in g.runs.indices { g.runs[r].samples = Array(g.runs[r].samples.prefix(3)) } }
        let unchanged = try runPanekit(["test", "Plugins"], in: folder)
        #expect(unchanged.status == 1, "\(unchanged.stdout)")
        #expect(
            unchanged.stdout.contains(
                "Plugins/zoom.golden.json: left: no samples at closed -0.05, 0, 0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.35, 0.4, 0.45, "
                    + "0.5, 0.55, 0.6, 0.65, 0.7, 0.75, 0.8, 0.85, 0.9, 0.95, 1, 1.05, 1.1 (24 of 27); "
                    + "run panekit test --record after an intended change"), "\(unchanged.stdout)")
        #expect(unchanged.stdout.contains("Plugins/zoom.golden.json: bottom, params {\"scale\":0.5}: no samples at closed -0.05,"))
        #expect(lastLine(unchanged.stdout) == "0 passed, 1 failed")

        // A change past the third fraction is no longer hidden by the missing samples.
        let source = try String(contentsOf: plugin, encoding: .utf8)
        try source.replacingOccurrences(of: "ctx.reveal * 0.2", with: "ctx.reveal * 0.25").write(
            to: plugin, atomically: true, encoding: .utf8)
        let changed = try runPanekit(["test", "Plugins", "--json"], in: folder)
        #expect(changed.status == 1)
        #expect(!changed.stdout.contains("\"status\":\"passed\""), "\(changed.stdout)")
        #expect(changed.stdout.contains("no samples at closed -0.05"), "\(changed.stdout)")
    }

    @Test func extraOrRepeatedSamplesFailNamingThem() throws {
        let (folder, _, golden) = try zoom()
        defer { try? FileManager.default.removeItem(at: folder) }
        try edit(golden) { g in
            // One sample the plan does not pose (closed 1.15) and one posed twice (closed 0.5) on the left run.
            let last = g.runs[0].samples[26]
            g.runs[0].samples.append(last.replacingOccurrences(of: "{\"closed\":1.1,", with: "{\"closed\":1.15,"))
            g.runs[0].samples.append(g.runs[0].samples[14])
        }
        let result = try runPanekit(["test", "Plugins/zoom.lua"], in: folder)
        #expect(result.status == 1)
        #expect(
            result.stdout.contains(
                "Plugins/zoom.golden.json: left: samples the test plan does not pose at closed 1.15, 0.5 (a second time); "
                    + "run panekit test --record after an intended change"), "\(result.stdout)")
        #expect(result.stdout.contains("Plugins/zoom.lua: FAILED (1 problem)"), "\(result.stdout)")
    }

    @Test func aDifferentPluginSizeContainerOrRevealFails() throws {
        let (folder, _, golden) = try zoom()
        defer { try? FileManager.default.removeItem(at: folder) }
        try edit(golden) { g in
            g.head = g.head.replacingOccurrences(
                of: "{\"plugin\":\"zoom\",\"size\":[375,667]", with: "{\"plugin\":\"zoom-old\",\"size\":[320,667]")
            g.runs[0].header = g.runs[0].header.replacingOccurrences(of: "\"container\":\"drawer\"", with: "\"container\":\"sidemenu\"")
            g.runs[2].header = g.runs[2].header.replacingOccurrences(of: "\"reveal\":200", with: "\"reveal\":250")
        }
        let result = try runPanekit(["test", "Plugins/zoom.lua"], in: folder)
        #expect(result.status == 1)
        for line in [
            "Plugins/zoom.golden.json: plugin: expected \"zoom-old\", got \"zoom\"",
            "Plugins/zoom.golden.json: size: expected [320,667], got [375,667]",
            "Plugins/zoom.golden.json: left: container: expected \"sidemenu\", got \"drawer\"",
            "Plugins/zoom.golden.json: top: reveal: expected 250, got 200",
        ] {
            #expect(result.stdout.contains(line + "; run panekit test --record after an intended change"), "\(result.stdout)")
        }
        #expect(result.stdout.contains("Plugins/zoom.lua: FAILED (4 problems)"), "\(result.stdout)")
    }

    @Test func aRunWithoutSamplesIsAFailure() throws {
        let (folder, _, golden) = try zoom()
        defer { try? FileManager.default.removeItem(at: folder) }
        var text = try String(contentsOf: golden, encoding: .utf8)
        // The first run's samples as an object: {"n": [ … ]}.
        for (old, new) in [
            ("\"params\":{},\"samples\":[", "\"params\":{},\"samples\":{\"n\":["),
            ("]}]},\n{\"direction\":\"right\"", "]}]}},\n{\"direction\":\"right\""),
        ] {
            let range = try #require(text.range(of: old))
            text.replaceSubrange(range, with: new)
        }
        try text.write(to: golden, atomically: true, encoding: .utf8)
        let result = try runPanekit(["test", "Plugins/zoom.lua"], in: folder)
        #expect(result.status == 1, "\(result.stdout)")
        #expect(
            result.stdout.contains(
                "Plugins/zoom.golden.json: left: samples: expected a list of samples, got an object; run panekit test --record"),
            "\(result.stdout)")
    }

    @Test func anUntouchedGoldenStillPassesWithItsCounts() throws {
        let (folder, _, _) = try zoom()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try runPanekit(["test", "Plugins"], in: folder)
        #expect(result.status == 0, "\(result.stdout)")
        #expect(result.stdout == "Plugins/zoom.lua: ok (216 samples, 3 expectations)\n1 passed, 0 failed\n")
    }
}
