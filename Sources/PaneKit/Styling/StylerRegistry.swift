// The catalogue of stylers by name: the built-ins, and whatever a plugin loader adds.

import Foundation

/// A styler that can be made by name, with its declared parameters.
public struct StylerEntry: Sendable {
    /// The name scenarios and the command line use (`mm.parallax`, `zoom`).
    public var name: String
    /// `builtin`, or the path of the plugin file.
    package var source: String
    /// Makes the styler from resolved parameters.
    /// - Throws: what the maker throws (a plugin that fails to load, a bad parameter).
    package var make: @Sendable (Parameters) throws -> any Styler
    private var details: Details

    /// An entry whose description and parameters are known now (built-ins).
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
    package init(
        name: String, source: String, details: @escaping @Sendable () -> (description: String, params: [ParamSpec]),
        make: @escaping @Sendable (Parameters) throws -> any Styler
    ) {
        self.name = name
        self.source = source
        self.make = make
        self.details = Details(details)
    }

    /// One line saying what the styler does.
    package var description: String {
        get { details.value.description }
        set { details = Details(description: newValue, params: params) }
    }

    /// The parameters the styler declares, with defaults and bounds.
    package var params: [ParamSpec] {
        get { details.value.params }
        set { details = Details(description: description, params: newValue) }
    }

    /// Whether the styler is built into PaneKit rather than loaded from a plugin file.
    package var isBuiltin: Bool { source == "builtin" }

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

/// Why a styler could not be made or registered.
///
/// ``reason`` tells an unknown name from a taken one, a bad parameter or a styler that failed to make;
/// ``message`` is the text a person reads.
public struct RegistryError: ReasonedError {
    /// Why a styler could not be made or registered, for an app to compare or `switch` on; new reasons may be
    /// added, so a `switch` needs a `default`.
    public struct Reason: ErrorReason {
        package enum Kind: String { case unknownStyler, nameTaken, invalidParameter, makeFailed, other }
        package let kind: Kind
        /// No styler is registered under the name (the message names the nearest known one).
        public static let unknownStyler = Reason(kind: .unknownStyler)
        /// The name is already registered (a plugin may not shadow a built-in).
        public static let nameTaken = Reason(kind: .nameTaken)
        /// A parameter is unknown, of the wrong type or out of range.
        public static let invalidParameter = Reason(kind: .invalidParameter)
        /// The entry's `make` threw (a parameter read under a wrong name or type, or the styler's own error).
        public static let makeFailed = Reason(kind: .makeFailed)
        /// An error made with `RegistryError.init(_:)`, which names no reason.
        public static let other = Reason(kind: .other)
    }

    /// Why the styler could not be made or registered.
    public var reason: Reason
    /// What went wrong: an unknown name (with the nearest known one), a taken name or a bad parameter.
    public var message: String
    /// The styler name the error is about (the unknown, taken or failing one), when there is one.
    public var styler: String?
    /// The error of the parameter, for ``Reason/invalidParameter``: its own reason and the parameter's name.
    public var parameterError: ParamError?
    /// An error for `reason` with the text a person reads, about the styler `styler`.
    package init(_ reason: Reason, _ message: String, styler: String? = nil, parameterError: ParamError? = nil) {
        self.reason = reason
        self.message = message
        self.styler = styler
        self.parameterError = parameterError
    }
    /// An error with the text a person reads; its reason is ``Reason/other``.
    package init(_ message: String) { self.init(.other, message) }
}

/// Stylers by name, built-ins first.
public struct StylerRegistry: Sendable {
    private var entries: [String: StylerEntry] = [:]

    /// An empty registry.
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
            throw RegistryError(.nameTaken, "\(entry.source): the name \"\(entry.name)\" is already taken by \(what)", styler: entry.name)
        }
        entries[entry.name] = entry
    }

    /// All entries, sorted by name.
    package var all: [StylerEntry] { entries.values.sorted { $0.name < $1.name } }

    /// Every registered name, sorted.
    /// - Complexity: O(n log n) in the number of entries.
    package var names: [String] { entries.keys.sorted() }

    /// The entry registered under `name`, or `nil`.
    package func entry(named name: String) -> StylerEntry? { entries[name] }

    /// Makes the styler `name` with `overrides` over its default parameters.
    /// - Throws: `RegistryError` for an unknown name (with the nearest known one) or bad parameters.
    public func make(_ name: String, params overrides: [String: ParamValue] = [:]) throws(RegistryError) -> any Styler {
        guard let entry = entries[name] else {
            throw RegistryError(.unknownStyler, "unknown styler \"\(name)\"" + Suggestion.hint(for: name, among: names), styler: name)
        }
        let params: Parameters
        do {
            params = try Parameters(specs: entry.params, overrides: overrides)
        } catch {
            throw RegistryError(.invalidParameter, "\(name): \(error.message)", styler: name, parameterError: error)
        }
        do {
            return try entry.make(params)
        } catch {
            throw RegistryError(.makeFailed, "\(name): \(error)", styler: name)
        }
    }
}
