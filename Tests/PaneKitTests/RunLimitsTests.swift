// Work bounded by what a run can reach: lazy pans, linear timelines, the frame cap and its event, streamed frames.

import Foundation
import PaneKitTestSupport
import Testing

@testable import PaneKit
@testable import PaneKitScenario

@Suite struct RunLimitsTests {
    static let drawer =
        #""size": [375, 667], "container": {"type": "drawer", "left": {"width": 280}, "openGestures": ["all"], "closeGestures": ["all"]}"#

    func problems(_ text: String) -> [String] {
        do {
            _ = try ScenarioLoader.load(text, file: "s.json")
            return []
        } catch {
            return error.issues.map(\.description)
        }
    }

    @Test func aPanBeyondTheFrameCapIsAProblemWithItsPath() {
        let pan = #"{"at": 0, "action": "pan", "points": [[5, 300], [200, 300]], "duration": 1e7}"#
        #expect(
            problems("{\(Self.drawer), \"timeline\": [\(pan)]}") == [
                "timeline[0].duration: expected a pan that ends within the frame cap: 250000 frames, t ≤ 4166.65 s at this fps, "
                    + "got one that ends at t = 10000000 s"
            ])
        let track = #"{"at": 4000, "action": "pan", "track": [[0, 5, 300], [500, 200, 300]]}"#
        #expect(
            problems("{\(Self.drawer), \"timeline\": [\(track)]}").first?.hasPrefix("timeline[0].track: expected a pan that ends within")
                == true)
        let late = #"{"at": 9000, "action": "tap", "point": [1, 1]}"#
        #expect(
            problems("{\(Self.drawer), \"fps\": 30, \"timeline\": [\(late)]}") == [
                "timeline[0].at: expected a time within the frame cap: 250000 frames, t ≤ 8333.3 s at this fps, got 9000"
            ])
        let huge = #"{"at": 1e300, "action": "tap", "point": [1e12, 1]}"#
        #expect(
            problems("{\(Self.drawer), \"timeline\": [\(huge)]}") == [
                "timeline[0].at: expected a number of magnitude ≤ 1000000000, got 1e+300"
            ])
        let far = #"{"at": 1, "action": "tap", "point": [1e12, 1]}"#
        #expect(
            problems("{\(Self.drawer), \"timeline\": [\(far)]}") == [
                "timeline[0].point: expected numbers of magnitude ≤ 1000000000, got 1000000000000"
            ])
        // Huge durations no longer trap on their way to a message.
        #expect(
            problems("{\(Self.drawer), \"duration\": 3600, \"fps\": 1000}") == [
                "duration: expected at most 250000 frames (duration × fps), got 3600001"
            ])
    }

    /// A pan far longer than any run, given to the host directly: only the samples the run reaches are made,
    /// and the path holds two points whatever its length.
    @Test func aLongPanCostsOnlyTheSamplesARunReaches() throws {
        let result = withTimeLimit(seconds: 60) { () -> (Int, Int, Bool)? in
            guard let path = TouchPath(points: [Point(x: 5, y: 300), Point(x: 200, y: 300)], duration: 1e7) else { return nil }
            var host = PaneHost(container: DrawerContainer(DrawerConfiguration(size: Size(width: 375, height: 667))), fps: 60)
            host.schedule(.gesture(path), at: 0)
            let summary = try? host.run(limit: 600) { _ in }
            return (path.count, host.touchSamplesDelivered, summary?.stoppedAtLimit ?? false)
        }
        let (count, delivered, stopped) = try #require(result ?? nil, "the run did not finish in 60 s")
        #expect(count == 1_200_000_001)
        // 600 frames at 60 fps reach t = 599/60 s: the samples k/120 ≤ 599/60, k = 0…1198.
        #expect(delivered == 1_199)
        #expect(stopped)
    }

    @Test func lazySamplesAreTheOnesThePanDescribes() throws {
        let path = try #require(TouchPath(points: [Point(x: 0, y: 0), Point(x: 100, y: 0), Point(x: 100, y: 50)], duration: 0.1))
        #expect(path.count == 13)
        #expect(path.offset(0) == 0 && path.offset(12) == 0.1 && path.offset(6) == 6.0 / 120)
        #expect(path.point(0) == Point(x: 0, y: 0) && path.point(12) == Point(x: 100, y: 50))
        #expect(path.point(6) == Point(x: 100, y: 0), "half the time, the middle corner")
        #expect(path.phase(0) == .began && path.phase(5) == .moved && path.phase(12) == .ended)
        #expect(TouchPath(points: [Point(x: 0, y: 0)], duration: 1) == nil)
        #expect(TouchPath(points: [Point(x: 0, y: 0), Point(x: 1, y: 1)], duration: .infinity) == nil)
        #expect(TouchPath(times: [0, 0.2, 0.1], points: Array(repeating: Point(x: 0, y: 0), count: 3)) == nil)
    }

    /// A tap at the time of a pan sample: whichever was scheduled first goes first, as when pans were expanded.
    @Test func equalTimesKeepSchedulingOrderBetweenPansAndActions() throws {
        struct Recorder: Container {
            var kind: ContainerKind { .drawer }
            var size: Size { Size(width: 100, height: 100) }
            var state: ContainerState { .closed }
            var isAtRest: Bool { true }
            var log: [String] = []
            mutating func advance(to time: Double, events: inout [Event]) {}
            mutating func perform(_ action: Action, at time: Double, events: inout [Event]) {
                switch action.touch {
                case .pan(_, let phase): log.append("\(phase.rawValue)@\(NumberFormat.string(time))")
                case .tap: log.append("tap@\(NumberFormat.string(time))")
                default: break
                }
            }
            func pose(into pose: inout Pose) {}
            func defaultStylers(for group: StylerGroup) -> [any Styler] { [] }
        }
        let path = try #require(TouchPath(times: [0, 0.5, 1], points: Array(repeating: Point(x: 1, y: 1), count: 3)))
        var host = PaneHost(container: Recorder(), fps: 2)
        host.schedule(.tap(Point(x: 0, y: 0)), at: 1.5)
        host.schedule(.gesture(path), at: 1)
        host.schedule(.tap(Point(x: 0, y: 0)), at: 1.5)
        host.schedule(.tap(Point(x: 0, y: 0)), at: 0.5)
        _ = try host.runUntilRest()
        let log = (host.container as! Recorder).log
        #expect(log == ["tap@0.5", "began@1", "tap@1.5", "moved@1.5", "tap@1.5", "ended@2"])
    }

    /// 200,000 taps and a 200,000-sample track load and queue in linear time: appends in time order cost no
    /// search, and the track is one queued action.
    @Test func twoHundredThousandTapsAndTrackSamplesLoadInLinearTime() throws {
        let n = 200_000
        let taps = (0..<n).map { #"{"at":\#(Double($0) / 100),"action":"tap","point":[340,300]}"# }.joined(separator: ",")
        let result = withTimeLimit(seconds: 120) { () -> (Int, Int, Int)? in
            guard let scenario = try? ScenarioLoader.load("{\(Self.drawer), \"timeline\": [\(taps)]}", file: "taps.json"),
                var host = try? scenario.makeHost()
            else { return nil }
            _ = try? host.run(limit: 120) { _ in }
            return (scenario.timeline.count, host.queueProbes, host.touchSamplesDelivered)
        }
        let (count, probes, _) = try #require(result ?? nil, "200,000 taps did not load in 120 s")
        #expect(count == n)
        #expect(probes == 0)

        let samples = (0..<n).map { #"[\#(Double($0) / 1000),\#(5 + $0 % 300),300]"# }.joined(separator: ",")
        let track = #"{"at": 0, "action": "pan", "track": [\#(samples)]}"#
        let loaded = withTimeLimit(seconds: 120) { () -> (Int, Int)? in
            guard let scenario = try? ScenarioLoader.load("{\(Self.drawer), \"timeline\": [\(track)]}", file: "track.json"),
                var host = try? scenario.makeHost()
            else { return nil }
            _ = try? host.run(limit: 60) { _ in }
            return (scenario.timeline.count, host.touchSamplesDelivered)
        }
        let (items, delivered) = try #require(loaded ?? nil, "a 200,000-sample track did not load in 120 s")
        #expect(items == 1)
        #expect(delivered == 984, "60 frames reach t = 59/60 s: the samples at t ≤ 0.983 s")
    }

    @Test func outOfOrderSchedulingSearchesInLogarithmicSteps() {
        var host = PaneHost(container: DrawerContainer(DrawerConfiguration(size: Size(width: 375, height: 667))))
        let n = 4096
        for i in 0..<n { host.schedule(.tap(Point(x: 1, y: 1)), at: Double(n - i)) }
        #expect(host.queueProbes <= n * 12)
        #expect(host.queueProbes >= n)
    }

    /// A run that never comes to rest stops at its limit, says so in its last frame, and streams its frames.
    @Test func aRunStoppedByItsLimitEndsWithAFrameLimitReachedEvent() throws {
        let scenario = try ScenarioLoader.load(
            "{\(Self.drawer), \"timeline\": [{\"at\": 1000, \"action\": \"open\", \"direction\": \"left\"}]}", file: "late.json")
        var seen = 0
        var last: Frame?
        let summary = try scenario.run(limit: 90) { frame in
            seen += 1
            #expect(frame.index == seen - 1)
            last = frame
        }
        #expect(summary == PaneHost.RunSummary(frameCount: 90, stoppedAtLimit: true))
        #expect(seen == 90)
        #expect(last?.events.map(\.type) == ["frameLimitReached"])
        #expect(last?.events.first?.value("limit") == "90")
        #expect(try scenario.run(limit: 90).count == 90)

        // Without a limit argument the default cap applies: 36,000 frames, 10 minutes at 60 fps.
        #expect(Scenario.defaultFrameLimit == 36_000)

        // A run that comes to rest, or has a duration, carries no such event.
        let resting = try ScenarioLoader.load(
            "{\(Self.drawer), \"timeline\": [{\"at\": 0, \"action\": \"open\", \"direction\": \"left\"}]}", file: "open.json")
        let frames = try resting.run(limit: 1000)
        #expect(frames.count < 1000 && !frames.contains { $0.events.contains { $0.type == "frameLimitReached" } })
        var timed = scenario
        timed.duration = 2
        let timedFrames = try timed.run(limit: 10)
        #expect(timedFrames.count == 121 && !timedFrames.last!.events.contains { $0.type == "frameLimitReached" })
    }

    @Test func streamedAndCollectedRunsAgree() throws {
        let text = try String(contentsOf: packageRoot.appendingPathComponent("Examples/drawer-open-close-bounce.json"), encoding: .utf8)
        let scenario = try ScenarioLoader.load(text, file: "drawer-open-close-bounce.json")
        var streamed: [Frame] = []
        try scenario.run { streamed.append($0) }
        #expect(streamed == (try scenario.run()))
        var host = try scenario.makeHost()
        #expect(try host.runUntilRest() == streamed)
    }
}
