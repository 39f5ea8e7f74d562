// The container type (declared by each descriptor) and state; their raw values are the names scenario files, JSON
// frames and Lua (`ctx.container`, `ctx.state`) use, and never change.
import Foundation

/// The type of a container: its name in scenario files, JSON frames and Lua (`ctx.container`).
///
/// Each container family declares its kind once, in its descriptor (`ContainerKind.drawer` in
/// `Containers/Drawer/DrawerDescriptor.swift`); `allCases` and `init(rawValue:)` know the kinds of the
/// registered containers (`ContainerRegistry`), in registry order.
public struct ContainerKind: RawRepresentable, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// The container type's name (`drawer`).
    public let rawValue: String

    /// The kind named `name`: what a descriptor declares. Names are unique among registered containers.
    package init(_ name: String) { rawValue = name }

    /// The kind of the registered container named `rawValue`, or nil when no registered container has that name.
    public init?(rawValue: String) {
        guard ContainerRegistry.descriptor(named: rawValue) != nil else { return nil }
        self.rawValue = rawValue
    }

    /// The kinds of the registered containers, in registry order.
    public static var allCases: [ContainerKind] { ContainerRegistry.descriptors.map(\.kind) }

    /// The name (`rawValue`).
    public var description: String { rawValue }
}

/// The state of a container on a frame, as frames and stylers see it (`"state"` in JSON, `ctx.state` in Lua).
///
/// States are open: the core declares the ones every family shares (``closed``, ``opening``, ``open``,
/// ``closing``, ``dragging``) and a family declares its own with `declare(_:)` in its folder
/// (`ContainerState.openWide` in `Containers/Dynamics/`).
public struct ContainerState: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    /// The state's number, in the order states were declared (`ctx.state` reads it as an index).
    @usableFromInline package let id: Int

    /// Declares a state named `name`, or returns the one of that name already declared.
    package static func declare(_ name: String) -> ContainerState { ContainerState(id: StateTable.shared.declare(name)) }

    private init(id: Int) { self.id = id }

    /// The state's name (`closed`, `openWide`).
    public var rawValue: String { StateTable.shared.name(of: id) }

    /// The declared state named `rawValue` (the registered families' states are always declared), or nil.
    public init?(rawValue: String) {
        guard let id = StateTable.shared.id(of: rawValue) else { return nil }
        self.id = id
    }

    /// The name.
    public var description: String { rawValue }

    // By number, not by `rawValue` (the standard library's default for a RawRepresentable type), which reads the
    // name from the table under its lock on every call.

    /// Whether `a` and `b` are the same state.
    /// - Complexity: O(1), no allocation.
    @inlinable public static func == (a: ContainerState, b: ContainerState) -> Bool { a.id == b.id }

    /// Hashes the state's number.
    @inlinable public func hash(into hasher: inout Hasher) { hasher.combine(id) }

    /// Every declared state, in the order declared (the registered families' first).
    public static var allCases: [ContainerState] { (0..<StateTable.shared.count).map(ContainerState.init(id:)) }

    /// At rest with every drawer closed (a split: the master hidden; a sheet: at its lowest resting position).
    public static let closed = declare("closed")
    /// A transition towards open is running.
    public static let opening = declare("opening")
    /// At rest, open (a drawer open, a split's master shown, a sheet above its lowest position).
    public static let open = declare("open")
    /// A transition towards closed is running.
    public static let closing = declare("closing")
    /// A finger is moving the container.
    public static let dragging = declare("dragging")
}

/// The process-wide table of declared states' names.
final class StateTable: @unchecked Sendable {
    static let shared = StateTable()
    private let lock = NSLock()
    private var names: [String] = []
    private var ids: [String: Int] = [:]

    var count: Int {
        ContainerRegistry.declareVocabulary()
        lock.lock()
        defer { lock.unlock() }
        return names.count
    }

    func declare(_ name: String) -> Int {
        lock.lock()
        defer { lock.unlock() }
        if let id = ids[name] { return id }
        names.append(name)
        ids[name] = names.count - 1
        return names.count - 1
    }

    func name(of id: Int) -> String {
        lock.lock()
        defer { lock.unlock() }
        return names[id]
    }

    func id(of name: String) -> Int? {
        ContainerRegistry.declareVocabulary()
        lock.lock()
        defer { lock.unlock() }
        return ids[name]
    }
}
