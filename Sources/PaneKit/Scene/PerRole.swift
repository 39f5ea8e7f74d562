// A value for each role in one buffer of fixed size: per-frame tables keyed by role.

/// One value per ``Role``, read and written by subscript, stored in role order.
///
/// A `PerRole` holds exactly ``Role/count`` values, one for each case of ``Role``, so a lookup can never miss
/// and a table can never have the wrong size. It is the shape of the per-role data a styler sees
/// (``StyleContext/frames``) and writes (``StyleEdits/edits``).
///
/// ```swift
/// var frames = PerRole<Rect?>(repeating: nil)
/// frames[.pane] = Rect(x: 0, y: 0, width: 390, height: 844)
/// for (role, frame) in zip(Role.allCases, frames) where frame != nil { print(role.rawValue) }
/// ```
///
/// As a collection it lists the values in the order of `Role.allCases` (ORDER ROLE): the value at position `i`
/// is the value of the role whose ``Role/index`` is `i`. Prefer the role subscript; positions exist so that
/// generic algorithms (`map`, `zip`, `contains(where:)`) and index loops work.
///
/// The values live in one buffer, made with the table and shared by its copies until one of them is written
/// (copy on write, as `Array`), so passing a table of large values (the edits) costs no copy of them. Reading a
/// slot, and writing a slot of a table no copy shares, never allocates; keep a table and overwrite its slots on
/// the per-frame path rather than making a new one.
public struct PerRole<Value> {
    /// The values, slot `i` for the role whose ``Role/index`` is `i` (ORDER ROLE); always ``Role/count`` long.
    @usableFromInline var slots: ContiguousArray<Value>

    /// A table holding `value` for every role.
    /// - Complexity: O(``Role/count``); allocates the table's buffer.
    @inlinable public init(repeating value: Value) {
        slots = ContiguousArray(repeating: value, count: Role.count)
    }

    /// A table holding `value(role)` for every role, called in role order.
    /// - Parameter value: the value of a role.
    /// - Throws: whatever `value` throws; the first error ends the construction.
    /// - Complexity: O(``Role/count``) calls of `value`; allocates the table's buffer.
    @inlinable public init(_ value: (Role) throws -> Value) rethrows {
        // ORDER ROLE
        slots = [
            try value(.pane), try value(.drawerLeft), try value(.drawerRight), try value(.drawerTop),
            try value(.drawerBottom), try value(.overlay), try value(.statusbar), try value(.master), try value(.detail),
            try value(.divider), try value(.cornerLeading), try value(.cornerTrailing), try value(.popover),
            try value(.sheet), try value(.grabber), try value(.keyboard),
        ]
    }

    /// The value of `role`.
    /// - Complexity: O(1); no allocation, except a write to a table whose buffer a copy shares (copy on write).
    @inlinable public subscript(role: Role) -> Value {
        get { slots[role.index] }
        set { slots[role.index] = newValue }
    }
}

extension PerRole: RandomAccessCollection {
    /// The position of the first role, 0.
    @inlinable public var startIndex: Int { 0 }
    /// One past the position of the last role, ``Role/count``.
    @inlinable public var endIndex: Int { Role.count }

    /// The value of the role whose ``Role/index`` is `position` (0 ..< ``Role/count``).
    /// - Precondition: `position` is a valid position.
    /// - Complexity: O(1), no allocation.
    @inlinable public subscript(position: Int) -> Value { slots[position] }
}

extension PerRole: Sendable where Value: Sendable {}
extension PerRole: Equatable where Value: Equatable {}
extension PerRole: Hashable where Value: Hashable {}

extension Role {
    /// Every role at its position (`Role.inOrder[role.index] == role`): turns a position back into a role
    /// without the allocation `allCases` may make.
    static let inOrder = PerRole<Role> { $0 }
}
