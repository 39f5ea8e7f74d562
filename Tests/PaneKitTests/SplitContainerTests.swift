// The split container against the test vectors of reference/mgsplit.md (iPad, 20 pt status bar).

import Foundation
import Testing

@testable import PaneKit
@testable import PaneKitScenario

@Suite struct SplitContainerTests {
    /// An iPad with a 20 pt status bar: landscape 1024 × 748, portrait 768 × 1004.
    func split(_ orientation: Orientation = .landscape, _ change: (inout SplitConfiguration) -> Void = { _ in }) -> SplitContainer {
        var c = SplitConfiguration(size: orientation == .landscape ? Size(width: 1024, height: 748) : Size(width: 768, height: 1004))
        change(&c)
        return SplitContainer(c)
    }

    func frames(_ s: SplitContainer) -> [Role: Rect] {
        var pose = Pose()
        s.pose(into: &pose)
        return Dictionary(uniqueKeysWithValues: pose.nodes.map { ($0.role, $0.frame) })
    }

    func r(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Rect { Rect(x: x, y: y, width: w, height: h) }

    @Test func testVectors() {
        var f = frames(split())
        #expect(f[.master] == r(0, 0, 320, 748) && f[.divider] == r(320, 0, 1, 748) && f[.detail] == r(321, 0, 703, 748))
        #expect(f[.cornerLeading] == r(315, 0, 11, 5) && f[.cornerTrailing] == r(315, 743, 11, 5))

        f = frames(split(.portrait))
        #expect(f[.master] == r(-321, 0, 320, 1004) && f[.divider] == r(-1, 0, 1, 1004) && f[.detail] == r(0, 0, 768, 1004))
        #expect(f[.cornerLeading] == r(-6, 0, 11, 5) && f[.cornerTrailing] == r(-6, 999, 11, 5))

        f = frames(split(.portrait) { $0.showsMasterInPortrait = true })
        #expect(f[.detail] == r(321, 0, 447, 1004) && f[.cornerLeading] == r(315, 0, 11, 5) && f[.cornerTrailing] == r(315, 999, 11, 5))

        f = frames(split { $0.masterBeforeDetail = false })
        #expect(f[.detail] == r(0, 0, 703, 748) && f[.divider] == r(703, 0, 1, 748) && f[.master] == r(704, 0, 320, 748))
        #expect(f[.cornerLeading]!.x == 698)

        f = frames(split { $0.vertical = false })
        #expect(f[.master] == r(0, 0, 1024, 320) && f[.divider] == r(0, 320, 1024, 1) && f[.detail] == r(0, 321, 1024, 427))
        #expect(f[.cornerLeading] == r(0, 315, 5, 11) && f[.cornerTrailing] == r(1019, 315, 5, 11))

        f = frames(
            split {
                $0.vertical = false; $0.masterBeforeDetail = false
            })
        #expect(f[.detail] == r(0, 0, 1024, 427) && f[.divider] == r(0, 427, 1024, 1) && f[.master] == r(0, 428, 1024, 320))
        #expect(f[.cornerLeading]!.y == 422)

        f = frames(split { $0.dividerStyle = .paneSplitter })
        #expect(f[.divider] == r(320, 0, 25, 748) && f[.detail] == r(345, 0, 679, 748))
        #expect(f[.cornerLeading] == r(320, 0, 25, 0) && f[.cornerTrailing] == r(320, 748, 25, 0))

        f = frames(
            split {
                $0.dividerStyle = .paneSplitter; $0.vertical = false
            })
        #expect(f[.divider] == r(0, 320, 1024, 25) && f[.detail] == r(0, 345, 1024, 403))
    }

    @Test func splitPositionIsRejectedNotClamped() {
        var s = split()
        var events: [Event] = []
        s.perform(.setSplitPosition(823, animated: false), at: 0, events: &events)
        #expect(s.splitPosition == 823, "the landscape limit for w = 1 is 823")
        s.perform(.setSplitPosition(824, animated: false), at: 0, events: &events)
        #expect(s.splitPosition == 823)
        s.perform(.setSplitPosition(199, animated: false), at: 0, events: &events)
        #expect(s.splitPosition == 823 && events.last?.value("reason") == "outside the allowed range")
        s.perform(.setSplitPosition(200, animated: false), at: 0, events: &events)
        #expect(s.splitPosition == 200)
        #expect(events.filter { $0.type == "willMoveSplitToPosition" }.map { $0.value("position") } == ["823", "200"])
        var free = split { $0.minimumViewExtent = 0 }
        free.perform(.setSplitPosition(0, animated: false), at: 0, events: &events)
        #expect(free.splitPosition == 0, "the demo's delegate accepts anything")
    }

    @Test func draggingSlipsAtTheLimit() {
        var s = split { $0.dividerStyle = .paneSplitter }
        var events: [Event] = []
        s.perform(.pan(.began, Point(x: 330, y: 300)), at: 0, events: &events)
        s.perform(.pan(.moved, Point(x: 430, y: 300)), at: 0.1, events: &events)
        #expect(s.splitPosition == 420 && s.stateName == "dragging")
        // The range for w = 25 ends at 799: a step to 820 is dropped whole, and later steps start from 420.
        s.perform(.pan(.moved, Point(x: 830, y: 300)), at: 0.2, events: &events)
        #expect(s.splitPosition == 420)
        s.perform(.pan(.ended, Point(x: 850, y: 300)), at: 0.3, events: &events)
        #expect(s.splitPosition == 440 && s.isAtRest)
        var thin = split()
        thin.perform(.pan(.began, Point(x: 320.5, y: 300)), at: 0, events: &events)
        #expect(events.last?.value("reason") == "the divider cannot be dragged there", "thin dividers do not drag")
        var reversed = split {
            $0.dividerStyle = .paneSplitter; $0.masterBeforeDetail = false
        }
        reversed.perform(.pan(.began, Point(x: 690, y: 300)), at: 0, events: &events)
        reversed.perform(.pan(.ended, Point(x: 640, y: 300)), at: 0.1, events: &events)
        #expect(reversed.splitPosition == 370, "dragging left grows a master on the right")
    }

    @Test func toggleMasterSlidesItOutOverPointTwoSeconds() {
        var s = split()
        var events: [Event] = []
        s.perform(.toggleMaster, at: 0, events: &events)
        #expect(s.stateName == "closing" && !s.showsMasterInLandscape)
        s.advance(to: 0.1, events: &events)
        var pose = Pose()
        s.pose(into: &pose)
        // Half-way in time is half-way along ease-in-out: the master is at −(p + w)/2.
        #expect(abs(pose.nodes.first { $0.role == .master }!.frame.x - -160.5) < 1e-9)
        #expect(abs(pose.closed(.left) - 0.5) < 1e-9)
        s.advance(to: 0.2, events: &events)
        #expect(s.stateName == "closed" && s.isAtRest)
        #expect(events.map(\.type) == ["willHideViewController", "didFinishAnimation"])
    }

    @Test func popoverOnlyWhenTheMasterIsHidden() {
        var s = split(.portrait)
        var events: [Event] = []
        s.perform(.showMasterPopover, at: 0, events: &events)
        #expect(s.isPopoverVisible && s.stateName == "popover")
        var pose = Pose()
        s.pose(into: &pose)
        #expect(pose.nodes.last!.role == .popover && pose.nodes.last!.frame.width == 320)
        s.perform(.tap(Point(x: 600, y: 500)), at: 1, events: &events)
        #expect(!s.isPopoverVisible)
        var embedded = split()
        embedded.perform(.showMasterPopover, at: 0, events: &events)
        #expect(events.last?.value("reason") == "the master is embedded")
    }

    @Test func rotationSwapsTheSizeAndHidesTheMasterInPortrait() {
        var s = split()
        var events: [Event] = []
        s.perform(.rotate(.portrait), at: 0, events: &events)
        #expect(s.size == Size(width: 768, height: 1004))
        s.advance(to: 0.4, events: &events)
        #expect(s.stateName == "closed" && events.contains { $0.type == "willHideViewController" })
        #expect(frames(s)[.detail] == r(0, 0, 768, 1004))
    }

    @Test func orientationToggleHidesTheGutterWhileMoving() {
        var s = split()
        var events: [Event] = []
        s.perform(.toggleOrientation, at: 0, events: &events)
        var pose = Pose()
        s.advance(to: 0.1, events: &events)
        s.pose(into: &pose)
        #expect(pose.nodes.first { $0.role == .divider }!.style.hidden)
        #expect(events.first?.value("vertical") == "false")
        s.advance(to: 0.2, events: &events)
        #expect(frames(s)[.master] == r(0, 0, 1024, 320))
        #expect(s.masterDirection == .top)
    }

    @Test func dividerStyleAnimatesTheWidth() {
        var s = split()
        var events: [Event] = []
        s.perform(.setDividerStyle(.paneSplitter), at: 0, events: &events)
        #expect(s.splitWidth == 25 && s.cornerRadius == 0 && s.allowsDraggingDivider)
        s.advance(to: 0.1, events: &events)
        var pose = Pose()
        s.pose(into: &pose)
        #expect(pose.nodes.first { $0.role == .divider }!.frame.width == 13)
    }

    @Test func stylersAddressTheMasterAsTheDrawer() throws {
        let fade = ClosureStyler(name: "fade") { context, edits in edits[context.drawer].alpha = context.open }
        var host = PaneHost(container: split(), fps: 60, stylers: [.left: [fade]])
        host.perform(.toggleMaster)
        let frames = try host.runUntilRest()
        let middle = frames[6]
        #expect(middle.node(.master)!.style.alpha > 0 && middle.node(.master)!.style.alpha < 1)
        #expect(frames.last!.state == .closed)
    }

    @Test func scenario() throws {
        let text = """
            {"size": [1024, 748], "container": {"type": "split", "dividerStyle": "paneSplitter"},
             "timeline": [{"at": 0, "action": "setSplitPosition", "position": 400},
                          {"at": 0.5, "action": "toggleMaster"}, {"at": 1, "action": "showMasterPopover"},
                          {"at": 1.5, "action": "rotate", "orientation": "portrait"}]}
            """
        let frames = try ScenarioLoader.load(text, file: "split.json").run()
        #expect(frames.last!.size == Size(width: 768, height: 1004))
        #expect(frames.contains { $0.state == .popover })
        #expect(throws: ScenarioError.self) {
            try ScenarioLoader.load(#"{"size": [1024, 748], "container": {"type": "split", "dividerStyle": "thick"}}"#, file: "x.json")
        }
    }
}
