// The accessibility keys of JSON frames: after the existing node keys, `escape` after the events.

import PaneKit
import PaneKitRender
import Testing

@Suite struct FrameJSONSemanticsTests {
    @Test func nodesCarryAccessibleAndFocusAndTheFrameEscape() throws {
        var host = PaneHost(container: DrawerContainer(DrawerConfiguration(size: Size(width: 320, height: 568))), fps: 60)
        let closed = FrameJSON.line(try host.step())
        #expect(closed.hasSuffix("],\"events\":[]}"))
        #expect(closed.contains("\"fractions\":{\"left\":1,\"right\":1},\"escape\":false,\"nodes\":["))
        #expect(closed.contains("\"role\":\"pane\""))
        // The pane's shadow comes before the new keys.
        #expect(closed.contains("\"color\":\"#000000\"},\"accessible\":true,\"focus\":true}"))
        #expect(closed.contains("\"corners\":[[0,0],[280,0],[280,568],[0,568]],\"accessible\":false,\"focus\":false}"))

        host.perform(.open(.left, animated: false))
        let open = FrameJSON.line(try host.step())
        #expect(open.hasSuffix("{\"type\":\"focusChanged\",\"role\":\"drawer.left\"}]}"))
        #expect(open.contains("\"escape\":true,\"nodes\":["))
        #expect(open.contains("\"corners\":[[0,0],[280,0],[280,568],[0,568]],\"accessible\":true,\"focus\":true}"))
    }

    @Test func samplesKeepTheirShape() {
        let node = Node(role: .pane, frame: Rect(x: 0, y: 0, width: 10, height: 10))
        var sample = ""
        FrameJSON.appendNode(node, to: &sample)
        #expect(!sample.contains("accessible") && !sample.contains("focus"))
    }
}
