// A Lua styler's result replaces each role's edit whole, whatever the slot held before (the decoder writes the
// edit in its slot, so every part it does not set must be cleared there).

import Foundation
import PaneKit
@testable import PaneKitLua
import Testing

@Suite struct EditSlotTests {
    /// An edit with every part set.
    static let full = NodeEdit(
        transform: .translation(x: 3, y: 0), anchor: Point(x: 0.25, y: 0.75), alpha: 0.3,
        shadow: Shadow(radius: 4, opacity: 0.5), z: 7, frame: Rect(x: 1, y: 2, width: 3, height: 4), hidden: true,
        color: .black, cornerRadius: CornerRadius(6))

    @Test func theFullEditSetsEveryPartOfANodeEdit() {
        // A part added to NodeEdit must be added here, and cleared by LuaState's write of a decoded edit.
        let parts = Mirror(reflecting: Self.full).children
        #expect(parts.count == 9)
        #expect(
            parts.allSatisfy { child in
                guard let optional = child.value as? any OptionalProtocol else { return false }
                return optional.isSome
            })
    }

    @Test func aResultReplacesWhatTheSlotHeld() throws {
        let styler = try styler("return { style = function(ctx) return { pane = { alpha = 0.5 }, drawer = { z = 2 } } end }")
        var edits = StyleEdits()
        edits[.pane] = Self.full
        edits[.drawerLeft] = Self.full
        try styler.style(PluginCheck.context(direction: .left, closed: 0.5), into: &edits)
        #expect(edits[.pane] == NodeEdit(alpha: 0.5))
        #expect(edits[.drawerLeft] == NodeEdit(z: 2))
    }
}

/// An optional seen through `Any`, to ask whether it holds a value.
private protocol OptionalProtocol { var isSome: Bool { get } }
extension Optional: OptionalProtocol { var isSome: Bool { self != nil } }
