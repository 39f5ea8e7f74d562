// A value for each role, stored inline (no heap, no hashing): per-frame tables keyed by role.

/// One value per ``Role``, read and written by subscript, stored inline in role order.
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
/// The storage is inline: making, copying, reading and writing a table never allocates.
public struct PerRole<Value> {
    // ORDER ROLE: one stored slot per case of `Role`, in case order.
    private var pane: Value, drawerLeft: Value, drawerRight: Value, drawerTop: Value, drawerBottom: Value
    private var overlay: Value, statusbar: Value, master: Value, detail: Value, divider: Value
    private var cornerLeading: Value, cornerTrailing: Value, popover: Value

    /// A table holding `value` for every role.
    /// - Complexity: O(``Role/count``), no allocation.
    public init(repeating value: Value) { self.init { _ in value } }

    /// A table holding `value(role)` for every role, called in role order.
    /// - Parameter value: the value of a role.
    /// - Throws: whatever `value` throws; the first error ends the construction.
    /// - Complexity: O(``Role/count``) calls of `value`, no allocation of its own.
    public init(_ value: (Role) throws -> Value) rethrows {
        pane = try value(.pane)
        drawerLeft = try value(.drawerLeft)
        drawerRight = try value(.drawerRight)
        drawerTop = try value(.drawerTop)
        drawerBottom = try value(.drawerBottom)
        overlay = try value(.overlay)
        statusbar = try value(.statusbar)
        master = try value(.master)
        detail = try value(.detail)
        divider = try value(.divider)
        cornerLeading = try value(.cornerLeading)
        cornerTrailing = try value(.cornerTrailing)
        popover = try value(.popover)
    }

    /// The value of `role`.
    /// - Complexity: O(1), no allocation.
    public subscript(role: Role) -> Value {
        get { self[role.index] }
        set {
            switch role {
            case .pane: pane = newValue
            case .drawerLeft: drawerLeft = newValue
            case .drawerRight: drawerRight = newValue
            case .drawerTop: drawerTop = newValue
            case .drawerBottom: drawerBottom = newValue
            case .overlay: overlay = newValue
            case .statusbar: statusbar = newValue
            case .master: master = newValue
            case .detail: detail = newValue
            case .divider: divider = newValue
            case .cornerLeading: cornerLeading = newValue
            case .cornerTrailing: cornerTrailing = newValue
            case .popover: popover = newValue
            }
        }
    }
}

extension PerRole: RandomAccessCollection {
    /// The position of the first role, 0.
    public var startIndex: Int { 0 }
    /// One past the position of the last role, ``Role/count``.
    public var endIndex: Int { Role.count }

    /// The value of the role whose ``Role/index`` is `position` (0 ..< ``Role/count``).
    /// - Precondition: `position` is a valid position.
    /// - Complexity: O(1), no allocation.
    public subscript(position: Int) -> Value {
        switch position {
        case 0: pane
        case 1: drawerLeft
        case 2: drawerRight
        case 3: drawerTop
        case 4: drawerBottom
        case 5: overlay
        case 6: statusbar
        case 7: master
        case 8: detail
        case 9: divider
        case 10: cornerLeading
        case 11: cornerTrailing
        case 12: popover
        default: preconditionFailure("role position \(position) is out of range 0..<\(Role.count)")
        }
    }
}

extension PerRole: Sendable where Value: Sendable {}

extension PerRole: Equatable where Value: Equatable {}
extension PerRole: Hashable where Value: Hashable {}

extension Role {
    /// Every role at its position (`Role.inOrder[role.index] == role`): turns a position back into a role
    /// without the allocation `allCases` may make.
    static let inOrder = PerRole<Role> { $0 }
}
