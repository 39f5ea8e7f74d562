// An event prints as the Swift case it is, with its details, not as a tuple; `fields` keeps the JSON text.

import Testing

@testable import PaneKit

@Suite struct EventDescriptionTests {
    struct Failure: Error, CustomStringConvertible {
        var description: String { "ctx.closed is \"nan\"" }
    }

    @Test(arguments: [
        (Event.panEnded(velocity: .pointsPerSecond(-1000)), "panEnded(velocity: -1000.0)"),
        (.panEnded(velocity: .pointsPerEvent(3.5)), "panEnded(perEvent: 3.5)"),
        (.willOpen(direction: .left), "willOpen(.left)"),
        (.willClose(direction: nil), "willClose(nil)"),
        (.panBegan, "panBegan"),
        (.panCancelled, "panCancelled"),
        (.paneReplaced(generation: 2), "paneReplaced(generation: 2)"),
        (.didDismiss(direction: .right, completed: false), "didDismiss(.right, completed: false)"),
        (.didPresent(direction: .left, completed: true), "didPresent(.left)"),
        (.didUpdatePaneState(state: .openWide, direction: .top), "didUpdatePaneState(.openWide, .top)"),
        (.willMoveSplitToPosition(position: 400), "willMoveSplitToPosition(400.0)"),
        (.didFinishAnimation(name: .splitPosition), "didFinishAnimation(.splitPosition)"),
        (.willResize(size: Size(width: 375, height: 667)), "willResize(width: 375.0, height: 667.0)"),
        (.layoutChanged(from: .drawer, to: .split), "layoutChanged(from: .drawer, to: .split)"),
        (
            .actionIgnored(action: "open", reason: "there is no drawer on that side", direction: .right),
            "actionIgnored(.open, reason: \"there is no drawer on that side\", direction: .right)"
        ),
        (
            .styleConflict(role: .drawerLeft, property: .shadow, first: "a", second: "b"),
            "styleConflict(\"drawer.left\", .shadow, first: \"a\", second: \"b\")"
        ),
        (
            .stylerFailed(styler: "x", group: .left, error: Failure()),
            "stylerFailed(\"x\", .left, error: \"ctx.closed is \\\"nan\\\"\")"
        ),
        (.frameLimitReached(limit: 100), "frameLimitReached(limit: 100)"),
        (.focusChanged(role: nil), "focusChanged(nil)"),
        (.focusChanged(role: .pane), "focusChanged(\"pane\")"),
        (.panArbitrated(winner: .drawer(region: 1)), "panArbitrated(.drawer(region: 1))"),
        (.panArbitrated(winner: .nobody(reason: .angle)), "panArbitrated(.nobody(.angle))"),
        (.scrolled(region: 0, offset: 12.5), "scrolled(region: 0, offset: 12.5)"),
    ])
    func printsAsItself(_ event: Event, _ text: String) {
        #expect(event.description == text)
        #expect("\(event)" == text)
        #expect(String(describing: [event]) == "[\(text)]")
    }

    @Test func fieldsKeepTheirJSONText() {
        let event = Event.panEnded(velocity: .pointsPerSecond(-1000))
        #expect(event.fields.map(\.key) == ["velocity"] && event.fields.map(\.value) == ["-1000"])
        #expect(Event.willOpen(direction: .left).value("direction") == "left")
    }
}
