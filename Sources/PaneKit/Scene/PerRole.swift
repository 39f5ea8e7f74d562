// A value for each role slot in one buffer of fixed size: per-frame tables keyed by role.

/// One value per role slot (`Role.capacity` of them), read and written by subscript.
///
/// A `PerRole` holds a value for every slot a process can declare, so a lookup can never miss and a table made
/// before a family declared its roles still has their slots. The members of a group share their group's slot
/// (`card.2` and `card.3` read and write the slot of `card`): in a styler call that slot is the subject's. It is
/// the shape of the per-role data a styler sees (``StyleContext/frames``) and writes (``StyleEdits/edits``).
///
/// ```swift
/// var frames = PerRole<Rect?>(repeating: nil)
/// frames[.pane] = Rect(x: 0, y: 0, width: 390, height: 844)
/// ```
///
/// The values live in one buffer, made with the table and shared by its copies until one of them is written
/// (copy on write, as `Array`), so passing a table of large values (the edits) costs no copy of them. Reading a
/// slot, and writing a slot of a table no copy shares, never allocates; keep a table and overwrite its slots on
/// the per-frame path rather than making a new one.
public struct PerRole<Value> {
    /// The values, slot `i` for the role whose ``Role/index`` is `i`; always `Role.capacity` long.
    @usableFromInline var slots: ContiguousArray<Value>

    /// A table holding `value` for every slot.
    /// - Complexity: O(`Role.capacity`); allocates the table's buffer.
    @inlinable package init(repeating value: Value) {
        slots = ContiguousArray(repeating: value, count: Role.capacity)
    }

    /// A table holding `value(role)` for every slot, called in slot order (a slot not declared yet gets the value
    /// of the role it will be).
    /// - Parameter value: the value of a role.
    /// - Throws: whatever `value` throws; the first error ends the construction.
    /// - Complexity: O(`Role.capacity`) calls of `value`; allocates the table's buffer.
    @inlinable public init(_ value: (Role) throws -> Value) rethrows {
        var slots = ContiguousArray<Value>()
        slots.reserveCapacity(Role.capacity)
        for i in 0..<Role.capacity { slots.append(try value(Role(slot: i))) }
        self.slots = slots
    }

    /// The value of `role` (of its group's slot, for a member).
    /// - Complexity: O(1); no allocation, except a write to a table whose buffer a copy shares (copy on write).
    @inlinable public subscript(role: Role) -> Value {
        get { slots[role.index] }
        set { slots[role.index] = newValue }
    }

    /// The value of slot `slot` (`Role.index`), 0 ..< `Role.capacity`.
    /// - Complexity: O(1), as the role subscript.
    @inlinable package subscript(slot slot: Int) -> Value {
        get { slots[slot] }
        set { slots[slot] = newValue }
    }
}

extension PerRole: Sendable where Value: Sendable {}
extension PerRole: Equatable where Value: Equatable {}
extension PerRole: Hashable where Value: Hashable {}
