// Styler groups: which list of stylers styles a subject. A drawer's direction is one; a family with indexed
// subjects declares its own (a deck's `cards`).

import Foundation

/// The key of one list of stylers in a scenario's `stylers` object and a host's `stylers:`: a drawer's direction
/// (`left`, `right`, `top`, `bottom`) or a group a family declares for subjects of one kind (`cards`).
///
/// Every subject of a frame belongs to one group, and that group's stylers style it, once per subject.
public struct StylerGroup: Hashable, Sendable, RawRepresentable, CustomStringConvertible, Comparable {
    /// The group's number: a direction's ``Direction/index`` (0 … 3), or 4 and up in the order groups were declared.
    @usableFromInline package let index: Int

    private init(index: Int) { self.index = index }

    /// The group of a drawer's direction.
    package init(_ direction: Direction) { index = direction.index }

    /// Declares a group named `name` (`cards`), or returns the one already declared.
    package static func declare(_ name: String) -> StylerGroup { StylerGroup(index: GroupTable.shared.declare(name)) }

    /// The group named `rawValue` (a direction's name, or a declared group's), or nil.
    public init?(rawValue: String) {
        if let direction = Direction(rawValue: rawValue) {
            index = direction.index
            return
        }
        // A family's group is declared with its vocabulary: a bake file can name `screens` before any stack exists.
        ContainerRegistry.declareVocabulary()
        if let index = GroupTable.shared.index(of: rawValue) {
            self.index = index
        } else {
            return nil
        }
    }

    /// The name: a direction's (`left`), or a declared group's (`cards`).
    public var rawValue: String { direction?.rawValue ?? GroupTable.shared.name(of: index) }

    /// The name.
    public var description: String { rawValue }

    // By number, not by `rawValue` (the standard library's default for a RawRepresentable type), which reads a
    // declared group's name from the table under its lock on every call.

    /// Whether `a` and `b` are the same group.
    /// - Complexity: O(1), no allocation.
    @inlinable public static func == (a: StylerGroup, b: StylerGroup) -> Bool { a.index == b.index }

    /// Hashes the group's number.
    @inlinable public func hash(into hasher: inout Hasher) { hasher.combine(index) }

    /// The direction this group is, if it is one.
    /// - Complexity: O(1), no allocation.
    public var direction: Direction? {
        switch index {  // ORDER DIRECTION (`allCases` would make an array on every call)
        case 0: .left
        case 1: .right
        case 2: .top
        case 3: .bottom
        default: nil
        }
    }

    /// The group in the mirror image across the vertical axis: the left and right directions swap.
    package var mirroredHorizontally: StylerGroup { direction.map { StylerGroup($0.mirroredHorizontally) } ?? self }

    /// The left drawer's stylers.
    public static let left = StylerGroup(.left)
    /// The right drawer's stylers.
    public static let right = StylerGroup(.right)
    /// The top drawer's stylers.
    public static let top = StylerGroup(.top)
    /// The bottom drawer's stylers.
    public static let bottom = StylerGroup(.bottom)
    /// The groups the families declare besides the directions, by name (`cards`), for messages.
    package static var declared: String {
        ContainerRegistry.declareVocabulary()
        let names = GroupTable.shared.names
        return names.isEmpty ? "none" : names.joined(separator: ", ")
    }

    /// The four directions' groups, in direction order.
    package static let directions: [StylerGroup] = Direction.allCases.map(StylerGroup.init)

    public static func < (a: StylerGroup, b: StylerGroup) -> Bool { a.index < b.index }
}

/// The process-wide table of declared group names (numbered from 4, after the directions).
final class GroupTable: @unchecked Sendable {
    static let shared = GroupTable()
    private let lock = NSLock()
    private var declaredNames: [String] = []

    func declare(_ name: String) -> Int {
        lock.lock()
        defer { lock.unlock() }
        if let i = declaredNames.firstIndex(of: name) { return 4 + i }
        declaredNames.append(name)
        return 3 + declaredNames.count
    }

    func index(of name: String) -> Int? {
        ContainerRegistry.declareVocabulary()
        lock.lock()
        defer { lock.unlock() }
        return declaredNames.firstIndex(of: name).map { 4 + $0 }
    }

    var names: [String] {
        lock.lock()
        defer { lock.unlock() }
        return declaredNames
    }

    func name(of index: Int) -> String {
        lock.lock()
        defer { lock.unlock() }
        return index - 4 < declaredNames.count ? declaredNames[index - 4] : ""
    }
}
