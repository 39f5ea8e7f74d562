// The one list of container families: each built-in is one line here; an app adds its own with `register`, a test
// for the length of a body with `withAdded`.

import Foundation

/// The container families a scenario, the CLI and the studio know, in the order messages list them.
public enum ContainerRegistry {
    /// The built-in containers, one line each.
    public static let builtins: [any ContainerDescriptor] = [
        DrawerDescriptor(),
        DynamicsDescriptor(),
        SplitDescriptor(),
        SideMenuDescriptor(),
        AdaptiveDescriptor(),
        SheetDescriptor(),
    ]

    private static let lock = NSLock()
    nonisolated(unsafe) private static var registered: [any ContainerDescriptor] = builtins

    /// The containers `withAdded` adds for the task running its body.
    @TaskLocal private static var added: [any ContainerDescriptor] = []

    /// Every registered container: the built-ins, then the ones added with `register`, then those `withAdded` adds
    /// for the current task, in order.
    public static var descriptors: [any ContainerDescriptor] {
        lock.lock()
        let all = registered
        lock.unlock()
        return all + added.filter { d in !all.contains { $0.kind == d.kind } }
    }

    /// Runs `body` with `descriptor` registered for the current task only (and the tasks it creates): a test or an
    /// embedding host adds a container without changing what the rest of the process sees.
    public static func withAdded<Result>(_ descriptor: some ContainerDescriptor, _ body: () throws -> Result) rethrows -> Result {
        try $added.withValue(added + [descriptor], operation: body)
    }

    /// The names of the registered containers (`drawer, dynamics, …`), in order.
    public static var names: [String] { descriptors.map(\.kind.rawValue) }

    /// Adds a container family; from then on scenario files, the CLI and the studio take it.
    /// - Returns: false, changing nothing, when a container of that name is already registered.
    @discardableResult
    public static func register(_ descriptor: some ContainerDescriptor) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard !registered.contains(where: { $0.kind == descriptor.kind }) else { return false }
        registered.append(descriptor)
        return true
    }

    /// The registered container named `name`.
    public static func descriptor(named name: String) -> (any ContainerDescriptor)? {
        descriptors.first { $0.kind.rawValue == name }
    }

    /// The registered container of `kind`.
    public static func descriptor(for kind: ContainerKind) -> (any ContainerDescriptor)? { descriptor(named: kind.rawValue) }
}
