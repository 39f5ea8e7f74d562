// The one list of container families: each built-in is one line here; an app adds its own with `register`, a test
// for the length of a body with `withAdded`.

import Foundation

/// The container families a scenario, the CLI and the studio know, in the order messages list them.
package enum ContainerRegistry {
    /// The built-in containers, one line each.
    package static let builtins: [any ContainerDescriptor] = [
        DrawerDescriptor(),
        DynamicsDescriptor(),
        SplitDescriptor(),
        SideMenuDescriptor(),
        AdaptiveDescriptor(),
        SheetDescriptor(),
        NavigationDescriptor(),
        PagerDescriptor(),
    ]

    private static let lock = NSLock()
    nonisolated(unsafe) private static var registered: [any ContainerDescriptor] = builtins

    /// The containers `withAdded` adds for the task running its body.
    @TaskLocal private static var added: [any ContainerDescriptor] = []

    /// Every registered container: the built-ins, then the ones added with `register`, then those `withAdded` adds
    /// for the current task, in order.
    package static var descriptors: [any ContainerDescriptor] {
        lock.lock()
        let all = registered
        lock.unlock()
        return all + added.filter { d in !all.contains { $0.kind == d.kind } }
    }

    /// Runs `body` with `descriptor` registered for the current task only (and the tasks it creates): a test or an
    /// embedding host adds a container without changing what the rest of the process sees.
    package static func withAdded<Result>(_ descriptor: some ContainerDescriptor, _ body: () throws -> Result) rethrows -> Result {
        descriptor.declareVocabulary()
        return try $added.withValue(added + [descriptor], operation: body)
    }

    /// The built-ins' vocabulary, declared once: their roles, states and `ctx` fields are known by name from the
    /// first lookup on (a family declares its words as static members, which Swift makes on first use).
    private static let builtinVocabulary: Void = { for descriptor in builtins { descriptor.declareVocabulary() } }()

    /// Declares the registered families' roles, styler groups, states and `ctx` fields, if not done yet: every lookup
    /// by name (`Role(rawValue:)`, `StylerGroup(rawValue:)`, `ContainerState(rawValue:)`, the Lua contract) calls it
    /// first.
    package static func declareVocabulary() { _ = builtinVocabulary }

    /// Every event `type` a frame can carry: the core's (``Event/Name``), then each registered family's
    /// (``ContainerDescriptor/eventTypes``) in registry order, each once.
    package static var eventTypes: [String] {
        var seen = Set<String>()
        let families = descriptors.flatMap(\.eventTypes).flatMap { $0.types }
        return (Event.Name.allCases.map(\.rawValue) + families).filter { seen.insert($0).inserted }
    }

    /// The names of the registered containers (`drawer, dynamics, …`), in order.
    package static var names: [String] { descriptors.map(\.kind.rawValue) }

    /// Adds a container family; from then on scenario files, the CLI and the studio take it.
    /// - Returns: false, changing nothing, when a container of that name is already registered.
    @discardableResult
    package static func register(_ descriptor: any ContainerDescriptor) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard !registered.contains(where: { $0.kind == descriptor.kind }) else { return false }
        descriptor.declareVocabulary()
        registered.append(descriptor)
        return true
    }

    /// The registered container named `name`.
    package static func descriptor(named name: String) -> (any ContainerDescriptor)? {
        descriptors.first { $0.kind.rawValue == name }
    }

    /// The registered container of `kind`.
    package static func descriptor(for kind: ContainerKind) -> (any ContainerDescriptor)? { descriptor(named: kind.rawValue) }
}
