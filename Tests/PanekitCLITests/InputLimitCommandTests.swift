// End-to-end: bad escapes, the frame limit and --max-frames, and renders that stream their frames.

import Foundation
import PaneKitTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite struct InputLimitCommandTests {
    static let restless = """
        { "size": [375, 667], "container": { "type": "drawer", "left": { "width": 280 } },
          "timeline": [{ "at": 3000, "action": "open", "direction": "left" }] }
        """

    func folder(_ files: [String: String]) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("panekit-limits-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        for (name, text) in files { try text.write(to: url.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        return url
    }

    @Test func aLoneSurrogateIsABadInputWithItsPlace() throws {
        let dir = try folder(["s.json": #"{"name": "\ud800\u0041", "size": [375, 667], "container": {"type": "drawer", "left": {}}}"#])
        let result = try runPanekit(["render", "s.json"], in: dir)
        #expect(result.status == 1)
        #expect(
            result.stderr.contains(#"s.json:1:11: high surrogate \uD800 followed by \u0041; expected a low surrogate \uDC00–\uDFFF"#),
            "\(result.stderr)")
        #expect(!result.stderr.contains("Fatal error"))
    }

    @Test func aRunStoppedByTheFrameLimitSaysSoAndMaxFramesSetsIt() throws {
        let dir = try folder(["late.json": Self.restless])
        let result = try runPanekit(["render", "late.json", "--max-frames", "30"], in: dir)
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 30)
        #expect(lines.last?.hasSuffix(#""events":[{"type":"frameLimitReached","limit":"30"}]}"#) == true, "\(lines.last ?? "")")
        #expect(
            result.stderr == """
                late.json: warning: stopped after 30 frames (0.5 s), the frame limit, before the motion came to rest; the last \
                frame carries a frameLimitReached event. Give the scenario a "duration", or raise the limit with --max-frames N

                """)

        let played = try runPanekit(["play", "late.json", "--max-frames", "4", "--grid", "20x6"], in: dir)
        #expect(played.status == 0)
        #expect(played.stdout.components(separatedBy: "frame ").count - 1 == 4, "\(played.stdout)")
        #expect(played.stderr.contains("late.json: warning: stopped after 4 frames"))

        for bad in ["0", "250001", "many"] {
            let refused = try runPanekit(["render", "late.json", "--max-frames", bad], in: dir)
            #expect(refused.status == 2, "\(bad)")
            #expect(refused.stderr.contains("--max-frames: expected a whole number from 1 to 250000, got \"\(bad)\""), "\(refused.stderr)")
        }
    }

    @Test func streamedFormatsAreWholeFilesOrNothing() throws {
        let dir = try folder(["late.json": Self.restless])
        let cast = try runPanekit(["render", "late.json", "--max-frames", "12", "--format", "cast", "--out", "late.cast"], in: dir)
        #expect(cast.status == 0)
        let lines = try String(contentsOf: dir.appendingPathComponent("late.cast"), encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 14 && lines.first?.hasPrefix(#"{"version":2"#) == true)
        #expect(lines.last == #"[0.183333,"o","\r\n\u001b[?25h"]"#)

        let none = try runPanekit(["render", "late.json", "--max-frames", "12", "--frames", "40..50", "--out", "none.jsonl"], in: dir)
        #expect(none.status == 1)
        #expect(none.stderr.contains("--frames selects no frame; the scenario has 12 frames, 0..11"))
        let left = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        #expect(left == ["late.cast", "late.json"], "no output and no temporary file")
    }

    /// Six times the frames take about the same memory: frames go to the file as they are made.
    @Test func aLongRenderHoldsABoundedNumberOfFrames() throws {
        let dir = try folder(["late.json": Self.restless])
        let scenario = dir.appendingPathComponent("late.json").path
        let short = try peakResidentKiB([
            "render", scenario, "--max-frames", "2000", "--out", dir.appendingPathComponent("short.jsonl").path,
        ])
        let long = try peakResidentKiB([
            "render", scenario, "--max-frames", "12000", "--out", dir.appendingPathComponent("long.jsonl").path,
        ])
        let size = try FileManager.default.attributesOfItem(atPath: dir.appendingPathComponent("long.jsonl").path)[.size] as? Int ?? 0
        #expect(size > 7_000_000, "the long render wrote \(size) bytes")
        // Holding every frame and the whole text would add more than the file's size.
        #expect(long - short < 4 * 1024, "peak RSS \(short) KiB for 2,000 frames, \(long) KiB for 12,000")
    }

    /// Runs panekit to completion and returns its peak resident set in KiB (wait4's rusage, this child only).
    func peakResidentKiB(_ arguments: [String]) throws -> Int {
        #if canImport(Glibc)
            var pid: pid_t = 0
            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
            let argv = ([panekitBinary.path] + arguments).map { strdup($0) } + [nil]
            defer { argv.forEach { free($0) } }
            let spawned = posix_spawn(&pid, panekitBinary.path, &actions, nil, argv, environ)
            try #require(spawned == 0)
            var status: Int32 = 0
            var usage = rusage()
            try #require(wait4(pid, &status, 0, &usage) == pid)
            try #require(status == 0, "panekit \(arguments) exited with status \(status)")
            return usage.ru_maxrss
        #else
            return 0
        #endif
    }
}
