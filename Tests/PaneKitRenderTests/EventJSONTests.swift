// Typed events written as JSON: every case's `type` and keys are the documented ones, text exactly as before.

import Foundation
import PaneKit
import PaneKitRender
import Testing

@Suite struct EventJSONTests {
    /// The documented keys of each event type (docs/scenario.md "Events"), in JSON order: each entry lists the
    /// key sets an event of that type may write (a detail that is absent, `nil` or defaulted is left out).
    static let documented: [String: [[String]]] = [
        "willOpen": [["direction"]],
        "didOpen": [["direction"]],
        "willClose": [["direction"], []],
        "didClose": [["direction"], []],
        "didBounce": [["direction"], []],
        "paneReplaced": [["generation"]],
        "caught": [["direction"], []],
        "panBegan": [[]],
        "panEnded": [["velocity"], ["perEvent"]],
        "panCancelled": [[]],
        "willPresent": [["direction"]],
        "didPresent": [["direction"], ["direction", "completed"], [], ["completed"]],
        "willDismiss": [["direction"]],
        "didDismiss": [["direction"], ["direction", "completed"], [], ["completed"]],
        "interactionBegan": [[]],
        "interactionFinished": [[]],
        "interactionCancelled": [[]],
        "mayUpdatePaneState": [["state", "direction"]],
        "didUpdatePaneState": [["state", "direction"], ["state"]],
        "willMoveSplitToPosition": [["position"]],
        "willChangeSplitOrientation": [["vertical"]],
        "willHideViewController": [[]],
        "willShowViewController": [[]],
        "willPresentViewController": [[]],
        "willDismissViewController": [[]],
        "didFinishAnimation": [["name"]],
        "willResize": [["width", "height"]],
        "layoutChanged": [["from", "to"]],
        "actionIgnored": [["action", "reason"], ["action", "reason", "direction"]],
        "styleConflict": [["role", "property", "stylers"]],
        "stylerFailed": [["styler", "direction", "message"]],
        "frameLimitReached": [["limit"]],
        "focusChanged": [["role"]],
        "panArbitrated": [["winner"], ["winner", "region"], ["winner", "reason"]],
        "scrolled": [["region", "offset"]],
        "detentWillChange": [["detent"]],
        "detentDidChange": [["detent"]],
        "tapPassedThrough": [["x", "y"]],
        "announcement": [["text"]],
        "willPush": [["screen"]],
        "didPush": [["screen"]],
        "willPop": [["screen"]],
        "didPop": [["screen"]],
        "popCancelled": [["screen"]],
        "pageWillChange": [["page"]],
        "pageDidChange": [["page"]],
    ]

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// At least one event of every case, with the exact JSON it writes (as the writers wrote it before events were
    /// typed: numbers in the one number format, values as strings).
    static let samples: [(Event, String)] = [
        (.willOpen(direction: .left), #"{"type":"willOpen","direction":"left"}"#),
        (.didOpen(direction: .right), #"{"type":"didOpen","direction":"right"}"#),
        (.willClose(direction: .left), #"{"type":"willClose","direction":"left"}"#),
        (.willClose(direction: nil), #"{"type":"willClose"}"#),
        (.didClose(direction: .right), #"{"type":"didClose","direction":"right"}"#),
        (.didBounce(direction: .left), #"{"type":"didBounce","direction":"left"}"#),
        (.didBounce(direction: nil), #"{"type":"didBounce"}"#),
        (.paneReplaced(generation: 2), #"{"type":"paneReplaced","generation":"2"}"#),
        (.caught(direction: .top), #"{"type":"caught","direction":"top"}"#),
        (.panBegan, #"{"type":"panBegan"}"#),
        (.panEnded(velocity: .pointsPerSecond(-812.25)), #"{"type":"panEnded","velocity":"-812.25"}"#),
        (.panEnded(velocity: .pointsPerSecond(-0.0)), #"{"type":"panEnded","velocity":"0"}"#),
        (.panEnded(velocity: .pointsPerEvent(1.0 / 3)), #"{"type":"panEnded","perEvent":"0.333333"}"#),
        (.panCancelled, #"{"type":"panCancelled"}"#),
        (.willPresent(direction: .left), #"{"type":"willPresent","direction":"left"}"#),
        (.didPresent(direction: .left, completed: true), #"{"type":"didPresent","direction":"left"}"#),
        (.didPresent(direction: .right, completed: false), #"{"type":"didPresent","direction":"right","completed":"false"}"#),
        (.willDismiss(direction: .right), #"{"type":"willDismiss","direction":"right"}"#),
        (.didDismiss(direction: .left, completed: false), #"{"type":"didDismiss","direction":"left","completed":"false"}"#),
        (.interactionBegan, #"{"type":"interactionBegan"}"#),
        (.interactionFinished, #"{"type":"interactionFinished"}"#),
        (.interactionCancelled, #"{"type":"interactionCancelled"}"#),
        (
            .mayUpdatePaneState(state: .openWide, direction: .bottom),
            #"{"type":"mayUpdatePaneState","state":"openWide","direction":"bottom"}"#
        ),
        (.didUpdatePaneState(state: .open, direction: .top), #"{"type":"didUpdatePaneState","state":"open","direction":"top"}"#),
        (.didUpdatePaneState(state: .closed, direction: nil), #"{"type":"didUpdatePaneState","state":"closed"}"#),
        (.willMoveSplitToPosition(position: 320.5), #"{"type":"willMoveSplitToPosition","position":"320.5"}"#),
        (.willChangeSplitOrientation(vertical: false), #"{"type":"willChangeSplitOrientation","vertical":"false"}"#),
        (.willHideViewController, #"{"type":"willHideViewController"}"#),
        (.willShowViewController, #"{"type":"willShowViewController"}"#),
        (.willPresentViewController, #"{"type":"willPresentViewController"}"#),
        (.willDismissViewController, #"{"type":"willDismissViewController"}"#),
        (.didFinishAnimation(name: .toggleMasterBeforeDetail), #"{"type":"didFinishAnimation","name":"toggleMasterBeforeDetail"}"#),
        (.willResize(size: Size(width: 1024, height: 700.5)), #"{"type":"willResize","width":"1024","height":"700.5"}"#),
        (.layoutChanged(from: .drawer, to: .split), #"{"type":"layoutChanged","from":"drawer","to":"split"}"#),
        (
            .actionIgnored(action: "bounce", reason: "reduced motion"),
            #"{"type":"actionIgnored","action":"bounce","reason":"reduced motion"}"#
        ),
        (
            .actionIgnored(action: "open", reason: "there is no drawer there", direction: .right),
            #"{"type":"actionIgnored","action":"open","reason":"there is no drawer there","direction":"right"}"#
        ),
        (
            .styleConflict(role: .drawerLeft, property: .shadow, first: "ms.shadow", second: "zoom"),
            #"{"type":"styleConflict","role":"drawer.left","property":"shadow","stylers":"ms.shadow, zoom"}"#
        ),
        (
            .stylerFailed(styler: "zoom", group: .left, error: Failure(description: "zoom.lua:3: \"quoted\"")),
            #"{"type":"stylerFailed","styler":"zoom","direction":"left","message":"zoom.lua:3: \"quoted\""}"#
        ),
        (.frameLimitReached(limit: 36000), #"{"type":"frameLimitReached","limit":"36000"}"#),
        (.focusChanged(role: .pane), #"{"type":"focusChanged","role":"pane"}"#),
        (.focusChanged(role: nil), #"{"type":"focusChanged","role":"none"}"#),
        (.panArbitrated(winner: .drawer(region: nil)), #"{"type":"panArbitrated","winner":"drawer"}"#),
        (.panArbitrated(winner: .drawer(region: 1)), #"{"type":"panArbitrated","winner":"drawer","region":"1"}"#),
        (.panArbitrated(winner: .scrollRegion(0)), #"{"type":"panArbitrated","winner":"scrollRegion","region":"0"}"#),
        (.panArbitrated(winner: .nobody(reason: .noDrawer)), #"{"type":"panArbitrated","winner":"none","reason":"noDrawer"}"#),
        (.scrolled(region: 0, offset: 12.0000004), #"{"type":"scrolled","region":"0","offset":"12"}"#),
        (.detentWillChange(detent: "full"), #"{"type":"detentWillChange","detent":"full"}"#),
        (.detentDidChange(detent: "half"), #"{"type":"detentDidChange","detent":"half"}"#),
        (.tapPassedThrough(point: Point(x: 100, y: 60.5)), #"{"type":"tapPassedThrough","x":"100","y":"60.5"}"#),
        (.announcement(text: "partially expanded"), #"{"type":"announcement","text":"partially expanded"}"#),
        (.family(NavigationEvent.willPush(screen: "thread")), #"{"type":"willPush","screen":"thread"}"#),
        (.family(NavigationEvent.didPush(screen: "thread")), #"{"type":"didPush","screen":"thread"}"#),
        (.family(NavigationEvent.willPop(screen: "thread")), #"{"type":"willPop","screen":"thread"}"#),
        (.family(NavigationEvent.didPop(screen: "thread")), #"{"type":"didPop","screen":"thread"}"#),
        (.family(NavigationEvent.popCancelled(screen: "thread")), #"{"type":"popCancelled","screen":"thread"}"#),
        (PagerEvent.pageWillChange(page: 3).event, #"{"type":"pageWillChange","page":"3"}"#),
        (PagerEvent.pageDidChange(page: 0).event, #"{"type":"pageDidChange","page":"0"}"#),
    ]

    static func json(_ event: Event) -> String {
        var out = ""
        FrameJSON.appendEvent(event, to: &out)
        return out
    }

    @Test func everyCaseWritesItsDocumentedTypeAndKeys() {
        let types = Set(ContainerRegistry.eventTypes)
        #expect(types == Set(Self.documented.keys), "the table and the registry's event types differ")
        let covered = Set(Self.samples.map(\.0.type))
        #expect(covered == types, "no sample for \(types.subtracting(covered))")
        for (event, expected) in Self.samples {
            #expect(Self.json(event) == expected)
            #expect(event.name?.rawValue ?? event.type == event.type)
            #expect((event.name == nil) == (Event.Name(rawValue: event.type) == nil))
            let keys = event.fields.map(\.key)
            #expect(Self.documented[event.type]?.contains(keys) == true, "\(event.type) writes \(keys)")
        }
    }

    @Test func valueReadsADetailAndEqualityFollowsTheJSON() {
        let ignored = Event.actionIgnored(action: "tap", reason: "the pane is busy")
        #expect(ignored.value("action") == "tap")
        #expect(ignored.value("direction") == nil)
        #expect(ignored == .actionIgnored(action: "tap", reason: "the pane is busy", direction: nil))
        #expect(ignored != .actionIgnored(action: "tap", reason: "the pane is busy", direction: .left))
        #expect(Event.willOpen(direction: .left) != .didOpen(direction: .left))
        #expect(Set([Event.panBegan, .panBegan, .panCancelled]).count == 2)
    }

    @Test func theMirrorSwapsLeftAndRightAndNegatesHorizontalVelocities() {
        #expect(Event.willOpen(direction: .left).mirroredHorizontally() == .willOpen(direction: .right))
        #expect(
            Event.didUpdatePaneState(state: .open, direction: .top).mirroredHorizontally()
                == .didUpdatePaneState(state: .open, direction: .top))
        #expect(Event.focusChanged(role: .drawerRight).mirroredHorizontally() == .focusChanged(role: .drawerLeft))
        #expect(Event.panEnded(velocity: .pointsPerSecond(-3.5)).mirroredHorizontally() == .panEnded(velocity: .pointsPerSecond(3.5)))
        #expect(
            Event.panEnded(velocity: .pointsPerEvent(7)).mirroredHorizontally(velocityAlongX: false)
                == .panEnded(velocity: .pointsPerEvent(7)))
        #expect(
            Event.actionIgnored(action: "open", reason: "busy", direction: .right).mirroredHorizontally()
                == .actionIgnored(action: "open", reason: "busy", direction: .left))
        #expect(Event.scrolled(region: 0, offset: 4).mirroredHorizontally() == .scrolled(region: 0, offset: 4))
    }

    /// Every event of every frame of the gallery (not only the frames the goldens pin) writes a documented key set,
    /// and the pinned frames still match the goldens.
    @Test func everyGalleryEventIsDocumentedAndTheGoldensHold() throws {
        let goldens = Fixtures.root.appendingPathComponent("Tests/PaneKitRenderTests/__Snapshots__/GalleryGoldenTests")
        var seen = Set<String>()
        for name in try GalleryGoldenTests.exampleNames() {
            let frames = try Fixtures.frames(name)
            for frame in frames {
                for event in frame.events {
                    seen.insert(event.type)
                    let keys = event.fields.map(\.key)
                    #expect(Self.documented[event.type]?.contains(keys) == true, "\(name) frame \(frame.index): \(event.type) \(keys)")
                }
            }
            let golden = goldens.appendingPathComponent("testEveryGalleryExample.\(name).jsonl")
            let expected = try String(contentsOf: golden, encoding: .utf8)
            #expect(GalleryGoldenTests.goldenText(name, frames) == expected, "\(name): the frames differ from the golden")
        }
        // The gallery shows most kinds of event (30 of 35 when events became typed), so the sweep means something.
        #expect(seen.count >= 30, "the gallery shows only \(seen.sorted())")
    }

    /// docs/scenario.md's "Events" section names every event type.
    @Test func theScenarioDocumentNamesEveryEvent() throws {
        let doc = try String(contentsOf: Fixtures.root.appendingPathComponent("docs/scenario.md"), encoding: .utf8)
        let start = try #require(doc.range(of: "## Events\n"))
        let section = String(doc[start.upperBound...]).components(separatedBy: "\n## ")[0]
        for name in ContainerRegistry.eventTypes {
            #expect(section.contains("`\(name)`"), "docs/scenario.md does not document \(name)")
        }
    }
}
