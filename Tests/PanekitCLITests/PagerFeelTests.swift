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

    @Test func theTableNamesItsColumnsInPages() throws {
        let result = try runPanekit(["feel", "Examples/pager-embla.json", "--behaviors", "embla"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("from  page  settle s  overshoot pages  peak pages/s"), "\(result.stdout)")
    }
}
