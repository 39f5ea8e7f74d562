// Issue 25, scroll hand-off from a scenario file: `scrollRegions` with `"in": "sheet"` and
// `prefersScrollingExpandsWhenScrolledToEdge` read from JSON, run by the host, the frames' `scrolled` events; bad
// `in` and axis named by their path.

import Foundation
import Testing

@testable import PaneKit
@testable import PaneKitRender
@testable import PaneKitScenario

@Suite struct SheetScrollScenarioTests {
    /// A UIKit sheet (medium 381.64, large 10) with a feed region in it; `extra` adds container keys.
    static func scenario(region: String? = nil, extra: String = "", timeline: String) -> String {
        let r = region ?? #"{ "in": "sheet", "rect": [0, 40, 375, 700], "axis": "vertical", "range": [0, 1200] }"#
        return """
            { "size": [375, 812],
              "container": { "type": "sheet", "behavior": "uikit", "detents": ["medium", "large"], "scrollRegions": [\(r)]\(extra) },
              "timeline": \(timeline) }
            """
    }

    /// Up from medium by 600 (the sheet's 371.64 to large, then the feed), then down by 500 (the feed back to 0,
    /// then the sheet); each pan at 60 samples a second.
    static let upThenDown = """
        [ { "at": 0.2, "action": "pan", "points": [[187, 700], [187, 100]], "duration": 1.0 },
          { "at": 2.5, "action": "pan", "points": [[187, 200], [187, 700]], "duration": 1.0 } ]
        """

    static func frames(_ text: String) throws -> [Frame] { try SheetScenarioTests.frames(text) }

    static func problems(_ text: String) -> [String] { SheetScenarioTests.problems(text) }

    /// Each frame's scrolled offsets (region 0), in order.
    static func offsets(_ frames: [Frame]) -> [(frame: Int, offset: Double)] {
        frames.flatMap { f in
            f.events.compactMap { e -> (Int, Double)? in
                if case .scrolled(0, let offset) = e { return (f.index, offset) }
                return nil
            }
        }
    }

    @Test func aPanHandsOffUpAndBackDownThroughTheHost() throws {
        let frames = try Self.frames(Self.scenario(timeline: Self.upThenDown))
        let large = try #require(frames.firstIndex { $0.events.contains(.detentDidChange(detent: "large")) })
        let scrolled = Self.offsets(frames)
        // Up: the feed scrolls only once the sheet is at large, in the same pan, to 600 − 371.64.
        let firstScroll = try #require(scrolled.first)
        #expect(abs(frames[firstScroll.frame].node(.sheet)!.frame.y - 10) < 1e-9)
        let up = scrolled.filter { $0.frame <= large }
        #expect(abs(up.last!.offset - (600 - (812 * 0.47 - 10))) < 1e-6)
        #expect(zip(up, up.dropFirst()).allSatisfy { $0.offset < $1.offset })
        // Down: the feed goes back to 0 before the sheet leaves large, then the sheet comes down in the same pan.
        let down = scrolled.filter { $0.frame > large }
        #expect(down.last?.offset == 0)
        let backAtZero = down.last!.frame
        #expect(frames[large..<backAtZero].allSatisfy { abs($0.node(.sheet)!.frame.y - 10) < 1e-9 })
        #expect(frames.last?.detent == "medium")
        // JSON: `{"type":"scrolled","region":…,"offset":…}`.
        let line = FrameJSON.line(frames[firstScroll.frame])
        #expect(line.contains("{\"type\":\"scrolled\",\"region\":\"0\",\"offset\":"), "\(line)")
    }

    @Test func prefersScrollingExpandsWhenScrolledToEdgeFalseScrollsAtMedium() throws {
        let timeline = #"[ { "at": 0.2, "action": "pan", "points": [[187, 700], [187, 500]], "duration": 0.5 } ]"#
        let frames = try Self.frames(Self.scenario(extra: #", "prefersScrollingExpandsWhenScrolledToEdge": false"#, timeline: timeline))
        #expect(frames.allSatisfy { $0.detent == "medium" && $0.state == .open })
        #expect(Self.offsets(frames).last?.offset == 200)
    }

    @Test func aRegionWithoutInBelongsToTheContentBehind() throws {
        let region = #"{ "rect": [0, 0, 375, 300], "axis": "vertical", "range": [0, 500] }"#
        let timeline = #"[ { "at": 0.2, "action": "pan", "points": [[187, 250], [187, 150]], "duration": 0.3 } ]"#
        let frames = try Self.frames(Self.scenario(region: region, timeline: timeline))
        #expect(Self.offsets(frames).last?.offset == 100)
        #expect(frames.allSatisfy { $0.state == .open && $0.detent == "medium" })
        // The host holds the sheet's offsets as it holds a drawer's.
        let scenario = try ScenarioLoader.load(Self.scenario(region: region, timeline: timeline), file: "s.json")
        var host = PaneHost(container: scenario.container.makeContainer())
        host.schedule(.gesture(try #require(TouchPath(points: [Point(x: 187, y: 250), Point(x: 187, y: 150)], duration: 0.3))), at: 0.2)
        while !host.isAtRest || host.frameIndex < 30 { _ = try host.step() }
        #expect(host.scrollOffsets == [100])
        #expect(!frames.flatMap(\.events).contains { $0.type == "actionIgnored" })
    }

    @Test func badInAndAxisAreNamedByTheirPath() {
        let cases: [(String, String)] = [
            (
                #"{ "in": "sheet", "rect": [0, 0, 375, 100], "axis": "horizontal", "range": [0, 10] }"#,
                #"container.scrollRegions[0].axis: expected "vertical" for a region "in": "sheet" (it hands off with the sheet's vertical moves), got "horizontal""#
            ),
            (
                #"{ "in": "card", "rect": [0, 0, 375, 100], "range": [0, 10] }"#,
                #"container.scrollRegions[0].in: expected one of pane, sheet, got "card""#
            ),
            (#"{ "in": 1, "rect": [0, 0, 375, 100], "range": [0, 10] }"#, "container.scrollRegions[0].in: expected"),
        ]
        for (region, expected) in cases {
            let found = Self.problems(Self.scenario(region: region, timeline: "[]"))
            #expect(found.contains { $0.hasPrefix(expected) }, "\(region): \(found)")
        }
        let flag = Self.problems(Self.scenario(extra: #", "prefersScrollingExpandsWhenScrolledToEdge": "yes""#, timeline: "[]"))
        #expect(flag.contains { $0.hasPrefix("container.prefersScrollingExpandsWhenScrolledToEdge: expected") }, "\(flag)")
        let policy = Self.problems(Self.scenario(extra: #", "panPolicy": { "lockAngle": 30 }"#, timeline: "[]"))
        #expect(policy.contains { $0.hasPrefix("container.panPolicy: unknown key") }, "\(policy)")
        // `in` is a sheet's key: a drawer's regions are all in its content.
        let drawer = """
            { "size": [375, 812], "container": { "type": "drawer", "left": {},
              "scrollRegions": [{ "in": "sheet", "rect": [0, 0, 375, 100], "range": [0, 10] }] }, "timeline": [] }
            """
        let found = Self.problems(drawer)
        #expect(found.contains { $0.hasPrefix("container.scrollRegions[0].in: unknown key") }, "\(found)")
    }
}
