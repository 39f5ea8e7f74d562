// panekit feel on a pager: each swipe and setPage under each behavior, measured by the page it rests on, the settle,
// the overshoot and the peak speed (issue 39).

import Foundation
import PaneKitTestSupport
import Testing

@Suite struct PagerFeelTests {
    /// The JSON of `feel ARGUMENTS --json`, by behavior.
    private func feel(_ arguments: [String]) throws -> [String: [[String: Any]]] {
        let result = try runPanekit(["feel"] + arguments + ["--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        var out: [String: [[String: Any]]] = [:]
        for run in try #require(object["behaviors"] as? [[String: Any]]) {
            out[try #require(run["behavior"] as? String)] = try #require(run["gestures"] as? [[String: Any]])
        }
        return out
    }

    @Test func eachSwipeAndSetPageIsMeasuredByThePageItRestsOn() throws {
        let runs = try feel(["Examples/pager-viewpager.json", "--behaviors", "viewpager,compose", "--fps", "100"])
        #expect(Set(runs.keys) == ["viewpager", "compose"])
        let viewpager = try #require(runs["viewpager"])
        #expect(viewpager.map { $0["kind"] as? String } == ["pan", "pan", "setPage"])
        // The slow 47 % drag comes back (ViewPager's 0.4/0.6 rule), the short fast swipe goes on, setPage goes back.
        #expect(viewpager.map { $0["from"] as? Int } == [1, 1, 2])
        #expect(viewpager.map { $0["page"] as? Int } == [1, 2, 1])
        // setCurrentItem without a velocity: (pages + 1) × 100 ms, one page → 200 ms (reference/pagers.md).
        let setPage = try #require(viewpager[2]["settle"] as? Double)
        #expect(abs(setPage - 0.2) <= 0.01 + 1e-9, "\(setPage)")
        // Compose's spring is clamped at its target: nothing passes the resting page.
        let compose = try #require(runs["compose"])
        #expect(compose.allSatisfy { ($0["overshoot"] as? Double) == 0 }, "\(compose)")
        #expect(compose.allSatisfy { (($0["settle"] as? Double) ?? 0) > 0 && (($0["peakVelocity"] as? Double) ?? 0) > 0 })
    }

    /// A touch during Swiper's settle that never moves leaves the transition running (`onTouchEnd` returns early): the
    /// swipe still comes to rest on its page, in its own 300 ms; one that drags stops it, and the swipe's row says
    /// the next gesture took the pager first.
    @Test func aTouchDuringASettleTakesThePagerOnlyWhereThePlatformCatchesIt() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("panekit-pager-catch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        func scenario(_ behavior: String, second: String) throws -> String {
            let url = folder.appendingPathComponent("\(behavior).json")
            try """
            {"size": [360, 640], "fps": 100,
             "container": {"type": "pager", "behavior": "\(behavior)", "pages": 5, "initialPage": 2},
             "timeline": [{"at": 0.1, "action": "pan", "points": [[300, 320], [50, 320]], "duration": 0.4},
                          \(second)]}
            """.write(to: url, atomically: true, encoding: .utf8)
            return url.path
        }
        let tap = #"{"at": 0.55, "action": "pan", "points": [[200, 320], [200, 320]], "duration": 0.05}"#
        let still = try #require(feel([try scenario("swiper", second: tap)])["swiper"])
        #expect(still.map { $0["page"] as? Int } == [3, 3])
        let settle = try #require(still[0]["settle"] as? Double)
        #expect(abs(settle - 0.3) <= 0.01 + 1e-9, "Swiper's 300 ms, untouched: \(settle)")
        let drag = #"{"at": 0.55, "action": "pan", "points": [[200, 320], [260, 320]], "duration": 0.3}"#
        let caught = try #require(feel([try scenario("swiper", second: drag)])["swiper"])
        #expect(caught[0]["page"] is NSNull && caught[0]["settle"] is NSNull, "\(caught)")
    }

    @Test func theTableNamesItsColumnsInPages() throws {
        let result = try runPanekit(["feel", "Examples/pager-embla.json", "--behaviors", "embla"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("from  page  settle s  overshoot pages  peak pages/s"), "\(result.stdout)")
    }
}
