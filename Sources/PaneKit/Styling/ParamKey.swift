// Typed parameter keys: a declared parameter and the Swift type its value is read as, in one value.

/// A declared parameter of a known kind, read from ``Parameters`` by subscript without a name to misspell.
///
/// A key is its parameter's declaration (``spec``) together with the Swift type its value is read as, so it is
/// made once, where the styler declares the parameter, and both the declaration list of a ``StylerEntry`` and
/// the reads in its maker go through it:
///
/// ```swift
/// struct Wobble: Styler {
///     static let amplitude = ParamKey.number("amplitude", 12, min: 0, doc: "how far the drawer wobbles, in points")
///     static let entry = StylerEntry(
///         name: "wobble", description: "The drawer wobbles as it opens", params: [amplitude.spec]
///     ) { parameters in Wobble(amplitude: parameters[amplitude]) }
///     …
/// }
/// ```
///
/// The factories fix the kind and the value type together: ``number(_:_:min:max:doc:)`` makes a
/// `ParamKey<Double>`, ``bool(_:_:doc:)`` a `ParamKey<Bool>`, ``color(_:_:doc:)`` a `ParamKey<Color>` and
/// ``enumeration(_:_:doc:)`` a key of a `String`-backed enumeration. A key of the wrong type does not compile:
///
/// ```swift
/// let wrong: ParamKey<Bool> = .number("amplitude", 12, doc: "…")  // error: `number` requires Value == Double
/// ```
///
/// A key made from an existing ``ParamSpec`` (`ParamKey<Double>(spec)`, for example of a plugin's declaration) checks the
/// spec's kind and returns `nil` when it is not the kind of `Value`.
public struct ParamKey<Value: Sendable>: Sendable {
    /// The parameter's declaration: name, kind, default, bounds, choices and doc line.
    public let spec: ParamSpec
    /// The default as a `Value`, read when the parameters hold no value of this key's kind under its name.
    public let defaultValue: Value
    private let extract: @Sendable (ParamValue) -> Value?

    private init(spec: ParamSpec, extract: @escaping @Sendable (ParamValue) -> Value?) {
        // Every factory passes a spec whose default is of its own kind.
        self.spec = spec
        self.defaultValue = extract(spec.defaultValue)!
        self.extract = extract
    }

    /// A key for `spec` read by `extract`, or `nil` when `spec` is not of `kind` or its default is not a `Value`.
    private init?(_ spec: ParamSpec, kind: ParamKind, _ extract: @escaping @Sendable (ParamValue) -> Value?) {
        guard spec.kind == kind, extract(spec.defaultValue) != nil else { return nil }
        self.init(spec: spec, extract: extract)
    }

    /// The parameter's name, as `--param NAME=VALUE` and `ctx.params.NAME` spell it.
    public var name: String { spec.name }

    /// The value of this key in `value`, or `nil` when `value` is of another kind.
    func value(in value: ParamValue) -> Value? { extract(value) }
}

extension ParamKey: Equatable {
    /// Whether two keys declare the same parameter (equal specs); a key's `Value` type follows from its kind.
    public static func == (a: ParamKey, b: ParamKey) -> Bool { a.spec == b.spec }
}

extension ParamKey: Hashable {
    /// Hashes the declaration.
    public func hash(into hasher: inout Hasher) { hasher.combine(spec) }
}

extension ParamKey where Value == Double {
    /// A number parameter with a default and optional bounds (inclusive), as `ParamSpec.number(_:_:min:max:doc:)`.
    public static func number(_ name: String, _ value: Double, min: Double? = nil, max: Double? = nil, doc: String)
        -> ParamKey<Double>
    {
        ParamKey(spec: .number(name, value, min: min, max: max, doc: doc)) { $0.number }
    }

    /// A key for `spec`, or `nil` when it does not declare a number.
    package init?(_ spec: ParamSpec) {
        self.init(spec, kind: .number) { $0.number }
    }
}

extension ParamKey where Value == Bool {
    /// A boolean parameter with a default, as `ParamSpec.bool(_:_:doc:)`.
    public static func bool(_ name: String, _ value: Bool, doc: String) -> ParamKey<Bool> {
        ParamKey(spec: .bool(name, value, doc: doc)) { $0.bool }
    }

    /// A key for `spec`, or `nil` when it does not declare a boolean.
    package init?(_ spec: ParamSpec) {
        self.init(spec, kind: .bool) { $0.bool }
    }
}

extension ParamKey where Value == Color {
    /// A colour parameter with a default, as `ParamSpec.color(_:_:doc:)`.
    public static func color(_ name: String, _ value: Color, doc: String) -> ParamKey<Color> {
        ParamKey(spec: .color(name, value, doc: doc)) { $0.color }
    }

    /// A key for `spec`, or `nil` when it does not declare a colour.
    package init?(_ spec: ParamSpec) {
        self.init(spec, kind: .color) { $0.color }
    }
}

extension ParamKey where Value: RawRepresentable & CaseIterable, Value.RawValue == String {
    /// An enumeration parameter whose choices are the raw values of `Value`'s cases, in case order.
    public static func enumeration(_ name: String, _ value: Value, doc: String) -> ParamKey<Value> {
        let spec = ParamSpec(
            name: name, kind: .enumeration, defaultValue: .string(value.rawValue),
            choices: Value.allCases.map(\.rawValue), doc: doc)
        return ParamKey(spec: spec) { $0.string.flatMap(Value.init(rawValue:)) }
    }

    /// A key for `spec`, or `nil` when it does not declare an enumeration whose default and choices are all raw
    /// values of `Value`.
    package init?(_ spec: ParamSpec) {
        guard spec.choices.allSatisfy({ Value(rawValue: $0) != nil }) else { return nil }
        self.init(spec, kind: .enumeration) { $0.string.flatMap(Value.init(rawValue:)) }
    }
}

extension Parameters {
    /// The value of `key`: the override given for its name, or its default.
    ///
    /// Cannot fail: the key names its parameter and its type. Parameters resolved for a styler that does not
    /// declare the key's name (or declares it with another kind) read the key's default.
    /// - Complexity: O(1) on average: one dictionary lookup.
    public subscript<Value: Sendable>(key: ParamKey<Value>) -> Value {
        values[key.name].flatMap(key.value(in:)) ?? key.defaultValue
    }
}
