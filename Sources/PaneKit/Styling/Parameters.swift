// Styler parameters: their declarations, their values, and their validation.

/// A parameter's value.
public enum ParamValue: Hashable, Sendable, CustomStringConvertible {
    /// A number, such as a scale, an angle in radians or a distance in points.
    case number(Double)
    /// A switch.
    case bool(Bool)
    /// A colour (written `#rrggbb` or `#rrggbbaa`).
    case color(Color)
    /// One of an enumeration's choices, or free text.
    case string(String)

    public var description: String {
        switch self {
        case .number(let n): NumberFormat.string(n)
        case .bool(let b): b ? "true" : "false"
        case .color(let c): c.hex
        case .string(let s): s
        }
    }

    /// The number, or `nil` for another kind.
    public var number: Double? { if case .number(let n) = self { n } else { nil } }
    /// The switch, or `nil` for another kind.
    public var bool: Bool? { if case .bool(let b) = self { b } else { nil } }
    /// The colour, or `nil` for another kind.
    public var color: Color? { if case .color(let c) = self { c } else { nil } }
    /// The text, or `nil` for another kind.
    public var string: String? { if case .string(let s) = self { s } else { nil } }
}

/// The kind of a parameter, which says how a text such as `--param KEY=VALUE` is read.
public enum ParamKind: String, Hashable, Sendable {
    /// A number (`1.5`), a boolean (`true`), a colour (`#ff0000`) or one of a list of names (`enum`).
    case number, bool, color, enumeration = "enum"
}

/// The declaration of one parameter of a styler.
public struct ParamSpec: Hashable, Sendable {
    /// The parameter's name, as `--param NAME=VALUE` and `ctx.params.NAME` spell it.
    public var name: String
    /// How the parameter's text is read and checked.
    public var kind: ParamKind
    /// The value used when no override is given.
    public var defaultValue: ParamValue
    /// The smallest allowed number, or `nil` for no lower bound.
    public var min: Double?
    /// The largest allowed number, or `nil` for no upper bound.
    public var max: Double?
    /// The allowed values of an enumeration.
    public var choices: [String]
    /// One line saying what the parameter does and in which unit, shown by `panekit stylers`.
    public var doc: String

    /// A declaration from all of its parts.
    package init(
        name: String, kind: ParamKind, defaultValue: ParamValue, min: Double? = nil, max: Double? = nil,
        choices: [String] = [], doc: String
    ) {
        self.name = name
        self.kind = kind
        self.defaultValue = defaultValue
        self.min = min
        self.max = max
        self.choices = choices
        self.doc = doc
    }

    /// A number parameter with a default and optional bounds (inclusive).
    package static func number(_ name: String, _ value: Double, min: Double? = nil, max: Double? = nil, doc: String)
        -> ParamSpec
    {
        ParamSpec(name: name, kind: .number, defaultValue: .number(value), min: min, max: max, doc: doc)
    }

    /// A colour parameter with a default.
    package static func color(_ name: String, _ value: Color, doc: String) -> ParamSpec {
        ParamSpec(name: name, kind: .color, defaultValue: .color(value), doc: doc)
    }

    /// A boolean parameter with a default.
    package static func bool(_ name: String, _ value: Bool, doc: String) -> ParamSpec {
        ParamSpec(name: name, kind: .bool, defaultValue: .bool(value), doc: doc)
    }

    /// Reads a value from command-line text.
    /// - Throws: `ParamError` naming the parameter, what was expected and what was found.
    package func parse(_ text: String) throws(ParamError) -> ParamValue {
        switch kind {
        case .number:
            guard let n = Double(text), n.isFinite else {
                throw ParamError(.wrongType, "\(name): expected a number, got \"\(text)\"", parameter: name)
            }
            return .number(n)
        case .bool:
            guard text == "true" || text == "false" else {
                throw ParamError(.wrongType, "\(name): expected true or false, got \"\(text)\"", parameter: name)
            }
            return .bool(text == "true")
        case .color:
            guard let c = Color(css: text) else {
                throw ParamError(.wrongType, "\(name): expected a colour such as #000000 or #00000080, got \"\(text)\"", parameter: name)
            }
            return .color(c)
        case .enumeration:
            return .string(text)
        }
    }

    /// Checks a value's type and range.
    /// - Throws: `ParamError` naming the parameter, what was expected and what was found.
    package func validate(_ value: ParamValue) throws(ParamError) {
        switch (kind, value) {
        case (.number, .number(let n)):
            guard n.isFinite else { throw ParamError(.outOfRange, "\(name): expected a finite number, got \(n)", parameter: name) }
            if let min, n < min {
                throw ParamError(.outOfRange, "\(name): expected a number ≥ \(NumberFormat.message(min)), got \(value)", parameter: name)
            }
            if let max, n > max {
                throw ParamError(.outOfRange, "\(name): expected a number ≤ \(NumberFormat.message(max)), got \(value)", parameter: name)
            }
        case (.bool, .bool), (.color, .color):
            return
        case (.enumeration, .string(let s)):
            guard choices.contains(s) else {
                throw ParamError(
                    .unknownChoice, "\(name): expected one of \(choices.joined(separator: ", ")), got \"\(s)\"", parameter: name)
            }
        default:
            throw ParamError(
                .wrongType, "\(name): expected \(kind == .enumeration ? "a string" : "a " + kind.rawValue), got \(value.kindName)",
                parameter: name)
        }
    }
}

extension ParamValue {
    var kindName: String {
        switch self {
        case .number: "a number"
        case .bool: "a boolean"
        case .color: "a colour"
        case .string: "a string"
        }
    }
}

/// A parameter that is unknown, of the wrong type or out of range.
///
/// ``reason`` says which, for an app to act on; ``message`` is the text a person reads.
public struct ParamError: ReasonedError {
    /// Why a parameter was refused, for an app to compare or `switch` on; new reasons may be added, so a `switch`
    /// needs a `default`.
    public struct Reason: ErrorReason {
        package enum Kind: String { case unknownParameter, wrongType, outOfRange, unknownChoice, readAsOtherKind, other }
        package let kind: Kind
        /// The styler declares no parameter of that name (the message lists the declared ones).
        public static let unknownParameter = Reason(kind: .unknownParameter)
        /// The value, or its text, is not of the parameter's kind (a number, a boolean, a colour, a string).
        public static let wrongType = Reason(kind: .wrongType)
        /// A number outside the parameter's minimum and maximum, or not finite.
        public static let outOfRange = Reason(kind: .outOfRange)
        /// A string that is not among the parameter's choices.
        public static let unknownChoice = Reason(kind: .unknownChoice)
        /// A styler read a declared parameter as another kind than it is declared as.
        public static let readAsOtherKind = Reason(kind: .readAsOtherKind)
        /// An error made with `ParamError.init(_:)`, which names no reason.
        public static let other = Reason(kind: .other)
    }

    /// Why the parameter was refused.
    public var reason: Reason
    /// What is wrong: the parameter's name, what was expected and what was found.
    public var message: String
    /// The parameter's name, when the error is about one.
    public var parameter: String?
    /// An error for `reason` with the text a person reads, about the parameter `parameter`.
    package init(_ reason: Reason, _ message: String, parameter: String? = nil) {
        self.reason = reason
        self.message = message
        self.parameter = parameter
    }
    /// An error with the text a person reads; its reason is ``Reason/other``.
    package init(_ message: String) { self.init(.other, message) }
}

/// The resolved parameters of one styler: every declared parameter with a value.
public struct Parameters: Sendable, Hashable {
    /// Every declared parameter's value by name: the override where one was given, the default otherwise.
    package private(set) var values: [String: ParamValue]

    /// Resolves `overrides` over the defaults of `specs`.
    /// - Throws: `ParamError` for an unknown name (listing the allowed ones) or a bad value.
    package init(specs: [ParamSpec], overrides: [String: ParamValue] = [:]) throws(ParamError) {
        var values: [String: ParamValue] = [:]
        for spec in specs { values[spec.name] = spec.defaultValue }
        for name in overrides.keys.sorted() {
            guard let spec = specs.first(where: { $0.name == name }) else {
                let allowed = specs.map(\.name)
                throw ParamError(
                    .unknownParameter,
                    "\(name): unknown parameter; "
                        + (allowed.isEmpty ? "this styler takes none" : "allowed: \(allowed.joined(separator: ", "))"), parameter: name)
            }
            var value = overrides[name]!
            if spec.kind == .color, case .string(let text) = value, let c = Color(css: text) { value = .color(c) }
            try spec.validate(value)
            values[name] = value
        }
        self.values = values
    }

    /// The number parameter `name`.
    /// - Throws: `ParamError` when the styler declares no such parameter (with the nearest declared name) or
    ///   it is not a number: a misspelt name is a mistake in the styler, never a silent 0.
    public func number(_ name: String) throws(ParamError) -> Double { try read(name, as: "a number", \.number) }

    /// The boolean parameter `name`.
    /// - Throws: `ParamError` for an undeclared name or another kind.
    public func bool(_ name: String) throws(ParamError) -> Bool { try read(name, as: "a boolean", \.bool) }

    /// The colour parameter `name`.
    /// - Throws: `ParamError` for an undeclared name or another kind.
    public func color(_ name: String) throws(ParamError) -> Color { try read(name, as: "a colour", \.color) }

    /// The string (enumeration) parameter `name`.
    /// - Throws: `ParamError` for an undeclared name or another kind.
    public func string(_ name: String) throws(ParamError) -> String { try read(name, as: "a string", \.string) }

    private func read<T>(_ name: String, as kind: String, _ extract: (ParamValue) -> T?) throws(ParamError) -> T {
        guard let value = values[name] else {
            let declared = values.keys.sorted()
            throw ParamError(
                .unknownParameter,
                "\(name): no such parameter (read as \(kind)); "
                    + (declared.isEmpty ? "this styler declares none" : "declared: \(declared.joined(separator: ", "))")
                    + Suggestion.hint(for: name, among: declared), parameter: name)
        }
        guard let typed = extract(value) else {
            throw ParamError(.readAsOtherKind, "\(name): read as \(kind), but it is declared as \(value.kindName)", parameter: name)
        }
        return typed
    }
}
