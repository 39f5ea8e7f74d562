// The catalogue of stylers by name: the built-ins, and whatever a plugin loader adds.

import Foundation

/// A styler that can be made by name, with its declared parameters.
public struct StylerEntry: Sendable {
    public var name: String
    /// `builtin`, or the path of the plugin file.
    public var source: String
    public var make: @Sendable (Parameters) throws -> any Styler
    private var details: Details

    public init(
        name: String, description: String, params: [ParamSpec], source: String = "builtin",
        make: @escaping @Sendable (Parameters) throws -> any Styler
    ) {
        self.name = name
        self.source = source
        self.make = make
        self.details = Details(description: description, params: params)
    }

    /// An entry whose description and parameters are read the first time they are asked for, so a plugin file
    /// is loaded only when a run names it (a broken or hostile plugin costs nothing to a run that does not).
    public init(
        name: String, source: String, details: @escaping @Sendable () -> (description: String, params: [ParamSpec]),
        make: @escaping @Sendable (Parameters) throws -> any Styler
    ) {
        self.name = name
        self.source = source
        self.make = make
        self.details = Details(details)
    }

    public var description: String {
        get { details.value.description }
        set { details = Details(description: newValue, params: params) }
    }

    public var params: [ParamSpec] {
        get { details.value.params }
        set { details = Details(description: description, params: newValue) }
    }

    public var isBuiltin: Bool { source == "builtin" }

    /// The description and parameters, given or read once on first use.
    private final class Details: @unchecked Sendable {
        private let lock = NSLock()
        private var read: (() -> (description: String, params: [ParamSpec]))?
        private var cached: (description: String, params: [ParamSpec])?

        init(description: String, params: [ParamSpec]) { cached = (description, params) }
        init(_ read: @escaping @Sendable () -> (description: String, params: [ParamSpec])) { self.read = read }

        var value: (description: String, params: [ParamSpec]) {
            lock.lock()
            defer { lock.unlock() }
            if cached == nil, let read {
                cached = read()
                self.read = nil
            }
            return cached!
        }
    }
}

/// Why a styler could not be made.
public struct RegistryError: Error, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// Stylers by name, built-ins first.
public struct StylerRegistry: Sendable {
    private var entries: [String: StylerEntry] = [:]

    public init() {}

    /// The registry with every built-in styler.
    public static let builtins: StylerRegistry = {
        var registry = StylerRegistry()
        for entry in BuiltinStylers.entries { try! registry.register(entry) }
        return registry
    }()

    /// Adds an entry.
    /// - Throws: `RegistryError` when the name is taken (a plugin may not shadow a built-in).
    public mutating func register(_ entry: StylerEntry) throws(RegistryError) {
        if let existing = entries[entry.name] {
            let what = existing.isBuiltin ? "a built-in styler" : "the plugin \(existing.source)"
            throw RegistryError("\(entry.source): the name \"\(entry.name)\" is already taken by \(what)")
        }
        entries[entry.name] = entry
    }

    /// All entries, sorted by name.
    public var all: [StylerEntry] { entries.values.sorted { $0.name < $1.name } }

    public var names: [String] { entries.keys.sorted() }

    public func entry(named name: String) -> StylerEntry? { entries[name] }

    /// Makes the styler `name` with `overrides` over its default parameters.
    /// - Throws: `RegistryError` for an unknown name (with the nearest known one) or bad parameters.
    public func make(_ name: String, params overrides: [String: ParamValue] = [:]) throws(RegistryError) -> any Styler {
        guard let entry = entries[name] else {
            throw RegistryError("unknown styler \"\(name)\"" + Suggestion.hint(for: name, among: names))
        }
        let params: Parameters
        do {
            params = try Parameters(specs: entry.params, overrides: overrides)
        } catch {
            throw RegistryError("\(name): \(error.message)")
        }
        do {
            return try entry.make(params)
        } catch {
            throw RegistryError("\(name): \(error)")
        }
    }
}
