// Roles name the nodes of a container. The core declares only the roles every family may share; each family
// declares its own in its folder (`Containers/Drawer/DrawerRoles.swift`, …) with `Role.declare`.

import Foundation

/// What a node is in its container: `pane`, `drawer.left`, `sheet`, or a member of a group (`card.3`,
/// `card.ace`). The raw value is the JSON name (a contract).
///
/// Roles are open: a container family declares its own with `declare(_:mirror:)` (a fixed role) or
/// `declareGroup(_:named:)` (a group of indexed nodes: a deck's cards, each one numbered), once, as static
/// members in its own folder. Each fixed role and each group has a *slot*, its place in per-role tables
/// (``PerRole``, ``StyleEdits``): the members of a group share their group's slot, which in a styler call
/// stands for the member being styled (the subject), as `drawer` stands for the drawer of the direction styled.
///
/// ```swift
/// extension Role {
///     public static let sheet = Role.declare("sheet")
///     public static let card = Role.declareGroup("card")   // members card.0, card.1, …
/// }
/// let third = Role.card.member(2)                          // "card.2"
/// ```
public struct Role: Hashable, Sendable, RawRepresentable, Codable, CustomStringConvertible {
    /// The slot of the fixed role, or of the group a member belongs to.
    @usableFromInline let slot: UInt8
    /// The member's number in its group (a card's index, a named member's number), −1 for a fixed role or a group.
    @usableFromInline let number: Int32

    @usableFromInline init(slot: Int, number: Int32 = -1) {
        self.slot = UInt8(slot)
        self.number = number
    }

    /// The position of the role's slot in per-role tables (a member's is its group's).
    /// - Complexity: O(1), no allocation.
    @inlinable package var index: Int { Int(slot) }

    /// The most slots (fixed roles and groups) a process declares: per-role tables and the Lua bridge's bit sets
    /// hold this many.
    @usableFromInline package static let capacity = 32

    /// Declares a fixed role named `name` (a family's node: `sheet`, `divider`), or returns the one of that name
    /// already declared. `mirror` names the role it becomes in a right-to-left layout (the left and right drawers
    /// swap); both are declared.
    /// - Precondition: fewer than `capacity` slots are declared.
    package static func declare(_ name: String, mirror: String? = nil) -> Role {
        RoleTable.shared.declare(name, mirror: mirror, group: nil)
    }

    /// Declares a group of indexed nodes named `prefix` (`card`: members `card.0`, `card.1`, …; with `named`,
    /// `screen`: members `screen.NAME`), or returns the one already declared. The group role itself stands for the
    /// member being styled in a styler's edits and in `ctx.frames`.
    package static func declareGroup(_ prefix: String, named: Bool = false) -> Role {
        RoleTable.shared.declare(prefix, mirror: nil, group: named ? .named : .numbered)
    }

    /// Whether this is a member of a group (`card.3`) rather than a fixed role or a group.
    @inlinable package var isMember: Bool { number >= 0 }

    /// The group of a member (`card` for `card.3`); a fixed role or a group is its own.
    @inlinable package var group: Role { Role(slot: Int(slot)) }

    /// The member's number: a card's index, a named member's number in its group; nil for a fixed role or a group.
    package var memberNumber: Int? { number >= 0 ? Int(number) : nil }

    /// A named member's name (`inbox` for `screen.inbox`); nil for a numbered member, a fixed role or a group. (Its
    /// `memberNumber` is the order names were first met in the process, which depends on what ran before.)
    package var memberName: String? {
        guard number >= 0, RoleTable.shared.kind(ofSlot: index) == .named else { return nil }
        return String(rawValue.dropFirst(group.rawValue.count + 1))
    }

    /// Whether this role is a group of indexed nodes (`card`).
    package var isGroup: Bool { number < 0 && RoleTable.shared.kind(ofSlot: index) != nil }

    /// The member numbered `number` of this group (`Role.card.member(2)` is `card.2`).
    /// - Precondition: this role is a group and `number` ≥ 0.
    public func member(_ number: Int) -> Role {
        precondition(number >= 0 && number <= Int(Int32.max), "a member's number is 0 … Int32.max")
        return Role(slot: index, number: Int32(number))
    }

    /// The member named `name` of this named group (`Role.screen.member(named: "inbox")` is `screen.inbox`); the
    /// name is remembered the first time.
    public func member(named name: String) -> Role {
        Role(slot: index, number: RoleTable.shared.number(of: name, inGroup: index))
    }

    /// The JSON name: `drawer.left`, `card.3`, `card.ace`.
    public var rawValue: String { RoleTable.shared.name(of: self) }

    /// The role named `rawValue`: a declared fixed role or group, or a member of a declared group (`card.3`,
    /// `card.ace`); nil otherwise. The registered container families' roles are always known.
    public init?(rawValue: String) {
        guard let role = RoleTable.shared.role(named: rawValue) else { return nil }
        self = role
    }

    /// The JSON name.
    public var description: String { rawValue }

    // Equality and hashing read the slot and the number: the standard library's defaults for a RawRepresentable
    // type compare and hash `rawValue`, a name looked up in the table under its lock (and built, for a member) on
    // every call. Each name has one slot and each member one number, so the two agree (`VocabularyEqualityTests`).

    /// Whether `a` and `b` are the same role (the same name).
    /// - Complexity: O(1), no allocation.
    @inlinable public static func == (a: Role, b: Role) -> Bool { a.slot == b.slot && a.number == b.number }

    /// Hashes the slot and the number.
    @inlinable public func hash(into hasher: inout Hasher) {
        hasher.combine(slot)
        hasher.combine(number)
    }

    /// The fixed roles and groups the registered container families list (`ContainerDescriptor.roles`), in
    /// registry order: the order messages, the Lua stubs and the bake files use. (Slots follow the order roles were
    /// first used, which nothing a person or a file sees depends on.)
    public static var allCases: [Role] { RoleTable.shared.listed() }

    /// The number of slots declared so far.
    package static var count: Int { RoleTable.shared.count }

    /// The role whose slot is `index` (a group for a group's slot).
    package static func withIndex(_ index: Int) -> Role { Role(slot: index) }

    /// The role in the mirror image across the vertical axis: the left and right drawers swap; every other role,
    /// and every member, stays. (The split's corner views keep their names: `corner.leading` is the divider's
    /// top end, wherever the master is.)
    /// - Complexity: O(1), no allocation.
    package var mirroredHorizontally: Role {
        guard number < 0 else { return self }
        return Role(slot: RoleTable.shared.mirrorSlot(of: index))
    }

    public init(from decoder: any Decoder) throws {
        let name = try decoder.singleValueContainer().decode(String.self)
        guard let role = Role(rawValue: name) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "unknown role \"\(name)\""))
        }
        self = role
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

extension Role {
    // The roles every family may share.

    /// The main content: the pane of the drawer containers (MMDrawerController's center view controller), the
    /// content behind a sheet.
    public static let pane = Role.declare("pane")
    /// The scrim or dimming view above the content (MM's above-content overlay, SideNavigation's dimming, a
    /// sheet's or a stack's dim).
    public static let overlay = Role.declare("overlay")
}

/// The process-wide table of declared roles: each slot's name, its mirror and its group's kind, and the names
/// of named groups' members.
final class RoleTable: @unchecked Sendable {
    static let shared = RoleTable()

    enum GroupKind { case numbered, named }

    private let lock = NSLock()
    private var names: [String] = []
    private var kinds: [GroupKind?] = []
    private var slotByName: [String: Int] = [:]
    /// For each named group's slot, its members' names by number and their numbers by name.
    private var memberNames: [Int: [String]] = [:]
    private var memberNumbers: [Int: [String: Int32]] = [:]
    /// Every slot's mirror, read without the lock on the per-frame path: one byte a slot, written under the lock
    /// once, when the slot is declared (before any role of it exists to be mirrored).
    private let mirrorTable: UnsafeMutablePointer<UInt8> = {
        let table = UnsafeMutablePointer<UInt8>.allocate(capacity: Role.capacity)
        table.initialize(repeating: 0, count: Role.capacity)
        return table
    }()

    var count: Int { locked { names.count } }

    private func locked<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }

    func declare(_ name: String, mirror: String?, group: GroupKind?) -> Role {
        locked {
            let slot = slotLocked(name, group: group)
            if let mirror {
                let other = slotLocked(mirror, group: nil)
                mirrorTable[slot] = UInt8(other)
                mirrorTable[other] = UInt8(slot)
            }
            return Role(slot: slot)
        }
    }

    private func slotLocked(_ name: String, group: GroupKind?) -> Int {
        if let slot = slotByName[name] { return slot }
        precondition(names.count < Role.capacity, "more than \(Role.capacity) roles and groups declared")
        let slot = names.count
        names.append(name)
        kinds.append(group)
        mirrorTable[slot] = UInt8(slot)
        slotByName[name] = slot
        if group == .named {
            memberNames[slot] = []
            memberNumbers[slot] = [:]
        }
        return slot
    }

    func kind(ofSlot slot: Int) -> GroupKind? { locked { slot < kinds.count ? kinds[slot] : nil } }

    func mirrorSlot(of slot: Int) -> Int { Int(mirrorTable[slot]) }

    func number(of member: String, inGroup slot: Int) -> Int32 {
        locked {
            precondition(slot < kinds.count && kinds[slot] == .named, "\(names[slot]) is not a named group")
            if let number = memberNumbers[slot]?[member] { return number }
            let number = Int32(memberNames[slot]!.count)
            memberNames[slot]!.append(member)
            memberNumbers[slot]![member] = number
            return number
        }
    }

    func name(of role: Role) -> String {
        locked {
            let slot = role.index
            guard slot < names.count else { return "" }  // a slot no family has declared yet
            guard role.number >= 0 else { return names[slot] }
            if kinds[slot] == .named, let members = memberNames[slot], Int(role.number) < members.count {
                return names[slot] + "." + members[Int(role.number)]
            }
            return names[slot] + "." + String(role.number)
        }
    }

    func role(named name: String) -> Role? {
        ContainerRegistry.declareVocabulary()
        return locked {
            if let slot = slotByName[name] { return Role(slot: slot) }
            guard let dot = name.firstIndex(of: ".") else { return nil }
            let prefix = String(name[..<dot]), rest = String(name[name.index(after: dot)...])
            guard let slot = slotByName[prefix], let kind = kinds[slot], !rest.isEmpty else { return nil }
            switch kind {
            case .numbered:
                // Only the canonical spelling: digits, no sign, no leading zero.
                guard rest.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }), rest == "0" || rest.first != "0",
                    let n = Int32(rest)
                else { return nil }
                return Role(slot: slot, number: n)
            case .named:
                if let number = memberNumbers[slot]?[rest] { return Role(slot: slot, number: number) }
                let number = Int32(memberNames[slot]!.count)
                memberNames[slot]!.append(rest)
                memberNumbers[slot]![rest] = number
                return Role(slot: slot, number: number)
            }
        }
    }

    func listed() -> [Role] {
        var seen = Set<Int>(), result: [Role] = []
        for role in ContainerRegistry.descriptors.flatMap(\.roles) where seen.insert(role.index).inserted { result.append(role.group) }
        return result
    }
}

/// The edge a drawer comes from. Bit values as MSDynamicsDrawer: top 1, left 2, bottom 4, right 8.
public enum Direction: String, CaseIterable, Hashable, Sendable, Codable, Comparable {
    // ORDER DIRECTION: JSON writes fractions in this order.
    /// The edges, in the order JSON writes fractions.
    case left, right, top, bottom

    /// The direction's bit in MSDynamicsDrawer's direction masks: top 1, left 2, bottom 4, right 8.
    package var bit: Int {
        switch self {
        case .top: 1
        case .left: 2
        case .bottom: 4
        case .right: 8
        }
    }

    /// The position of the direction in `allCases` (left 0, right 1, top 2, bottom 3), for fixed-size tables.
    package var index: Int {
        switch self {
        case .left: 0
        case .right: 1
        case .top: 2
        case .bottom: 3
        }
    }

    /// Whether the drawer moves along x (left, right) rather than y.
    public var isHorizontal: Bool { self == .left || self == .right }

    /// +1 when opening moves the pane towards positive coordinates (left, top), −1 otherwise.
    package var sign: Double { (self == .left || self == .top) ? 1 : -1 }

    /// The edge across from this one (left ↔ right, top ↔ bottom).
    public var opposite: Direction {
        switch self {
        case .left: .right
        case .right: .left
        case .top: .bottom
        case .bottom: .top
        }
    }

    public static func < (a: Direction, b: Direction) -> Bool { a.index < b.index }
}
