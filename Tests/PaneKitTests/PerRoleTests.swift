// PerRole and PerDirection: one slot per role slot (or per direction), read and written by subscript.

import Testing

@testable import PaneKit

@Suite struct PerRoleTests {
    @Test func everyRoleHasASlotOfItsOwn() {
        let table = PerRole { $0.rawValue }
        #expect(Set(Role.allCases.map(\.index)).count == Role.allCases.count)
        for role in Role.allCases {
            #expect(role.index < Role.capacity, "\(role)")
            #expect(table[role] == role.rawValue, "\(role)")
            #expect(table[slot: role.index] == role.rawValue, "\(role)")
            #expect(Role.withIndex(role.index) == role, "\(role)")
        }
    }

    @Test func writingOneRoleChangesOnlyThatSlot() {
        for role in Role.allCases {
            var table = PerRole(repeating: 0)
            table[role] = 7
            for other in Role.allCases { #expect(table[other] == (other == role ? 7 : 0), "wrote \(role), read \(other)") }
            #expect(table != PerRole(repeating: 0))
            table[role] = 0
            #expect(table == PerRole(repeating: 0))
        }
    }

    @Test func styleEditsRemoveAllEmptiesEveryPartOfEveryWrittenSlot() {
        // NodeEdit.removeAll sets each part to nil by name: a part added to NodeEdit and missed there fails here.
        let full = NodeEdit(
            transform: .translation(x: 3, y: 0), anchor: Point(x: 0.25, y: 0.75), alpha: 0.3,
            shadow: Shadow(radius: 4, opacity: 0.5), z: 7, frame: Rect(x: 1, y: 2, width: 3, height: 4), hidden: true,
            color: .black, cornerRadius: CornerRadius(6))
        #expect(Mirror(reflecting: full).children.allSatisfy { "\($0.value)" != "nil" })
        var edits = StyleEdits()
        edits[.pane] = full
        edits[.drawerLeft] = full
        edits.removeAll()
        #expect(edits.touched == 0)
        for role in Role.allCases { #expect(edits[role] == NodeEdit(), "\(role)") }
        var edit = full
        edit.removeAll()
        #expect(edit == NodeEdit())
        #expect(edit.isEmpty)
    }

    @Test func equalTablesHashEqually() {
        var a = PerRole<Rect?>(repeating: nil), b = PerRole<Rect?>(repeating: nil)
        a[.popover] = Rect(x: 1, y: 2, width: 3, height: 4)
        b[.popover] = Rect(x: 1, y: 2, width: 3, height: 4)
        #expect(a == b)
        #expect(Set([a, b]).count == 1)
        b[.pane] = .zero
        #expect(a != b)
    }

    @Test func theContextAndTheEditsAreTablesByRole() {
        var context = StyleContext(direction: .left, closed: 0.5, reveal: 280, size: Size(width: 375, height: 667))
        #expect(Role.allCases.allSatisfy { context.frames[$0] == nil })
        context.frames[.detail] = Rect(x: 5, y: 0, width: 10, height: 10)
        #expect(context.frame(of: .detail) == Rect(x: 5, y: 0, width: 10, height: 10))
        var edits = StyleEdits()
        edits[.divider].alpha = 0.5
        #expect(edits.edits[.divider].alpha == 0.5)
        #expect(edits.touched == 1 << UInt32(Role.divider.index))
        edits.removeAll()
        #expect(edits.edits == PerRole(repeating: NodeEdit()))
    }

    @Test func anEditWrittenInPlaceIsTheSubscriptsWrite() {
        var edits = StyleEdits()
        edits[.pane] = NodeEdit(alpha: 0.25, z: 3)
        // The slot as it is, marked as written: a write keeps the parts it leaves alone.
        let z = edits.withEdit(of: .pane) { edit in
            edit.alpha = 0.5
            return edit.z
        }
        #expect(z == 3)
        edits.withEdit(of: .sheet) { $0.hidden = true }
        var bySubscript = StyleEdits()
        bySubscript[.pane] = NodeEdit(alpha: 0.5, z: 3)
        bySubscript[.sheet] = NodeEdit(hidden: true)
        #expect(edits.edits == bySubscript.edits)
        #expect(edits.touched == bySubscript.touched)
        #expect(edits.touched == 1 << UInt32(Role.pane.index) | 1 << UInt32(Role.sheet.index))
        edits.removeAll()
        #expect(edits.edits == PerRole(repeating: NodeEdit()) && edits.touched == 0)
    }

    @Test func perDirectionHasTheSameShape() {
        let table = PerDirection { $0.rawValue }
        #expect(Array(table) == Direction.allCases.map(\.rawValue))
        for (position, direction) in Direction.allCases.enumerated() {
            #expect(direction.index == position, "\(direction)")
            #expect(table[direction] == direction.rawValue, "\(direction)")
            #expect(table[position] == direction.rawValue, "\(direction)")
        }
        var widths = PerDirection<Double?>(repeating: nil)
        widths[.top] = 80
        #expect(widths.top == 80 && widths.left == nil)
        #expect(widths == PerDirection { $0 == .top ? 80 : nil })
    }
}
