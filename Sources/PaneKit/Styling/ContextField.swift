// A family's own `ctx` fields: declared once in the family's folder (name, kind, Lua type, notes), written by its
// container into the context, read by Swift stylers, Lua (`ctx.NAME`), the stubs and the guide from there.

import Foundation

/// What a family's `ctx` field holds.
package enum ContextFieldKind: Sendable, Hashable {
    /// A number, always set while the family's subject is styled.
    case number
    /// A number or `nil`.
    case optionalNumber
    /// A boolean.
    case boolean
    /// A string or `nil`.
    case text
    /// A table of name → number (empty when there is none).
    case table
}

/// One `ctx` field a container family declares: its name, what it holds and how the LuaLS stubs and the plugin
/// guide describe it. ``ContextField`` gives typed access to it.
package struct ContextFieldDeclaration: Sendable, Hashable {
    /// The key (`ctx.depth`).
    package let name: String
    /// The family that declares it (`sheet`): the guide's section, and the containers where it is set.
    package let family: String
    /// What it holds.
    package let kind: ContextFieldKind
    /// Its LuaLS type in the stubs when not the kind's own (`"string?"` for a text, …).
    package let luaType: String?
    /// Its note in the stubs.
    package let stubNote: String
    /// Its description in the guide's table.
    package let guideNote: String
    /// Its place among the declared fields of its kind's storage.
    package let slot: Int

    /// Every declared field, in the order declared (the registered families' first).
    package static var all: [ContextFieldDeclaration] {
        ContainerRegistry.declareVocabulary()
        return ContextFieldTable.shared.all
    }
}

/// Typed access to a family's `ctx` field: `context[DeckFields.depth]`.
package struct ContextField<Value: Sendable>: Sendable {
    /// The declaration.
    package let declaration: ContextFieldDeclaration

    fileprivate init(_ declaration: ContextFieldDeclaration) { self.declaration = declaration }
}

extension ContextField where Value == Double {
    /// Declares a number field.
    package static func number(_ name: String, family: String, stub: String, guide: String, luaType: String? = nil) -> Self {
        Self(ContextFieldTable.shared.declare(name, family: family, kind: .number, luaType: luaType, stub: stub, guide: guide))
    }
}

extension ContextField where Value == Double? {
    /// Declares a field of a number or `nil`.
    package static func optionalNumber(_ name: String, family: String, stub: String, guide: String, luaType: String? = nil) -> Self {
        Self(ContextFieldTable.shared.declare(name, family: family, kind: .optionalNumber, luaType: luaType, stub: stub, guide: guide))
    }
}

extension ContextField where Value == Bool {
    /// Declares a boolean field.
    package static func boolean(_ name: String, family: String, stub: String, guide: String) -> Self {
        Self(ContextFieldTable.shared.declare(name, family: family, kind: .boolean, luaType: nil, stub: stub, guide: guide))
    }
}

extension ContextField where Value == String? {
    /// Declares a field of a string or `nil`.
    package static func text(_ name: String, family: String, stub: String, guide: String, luaType: String? = nil) -> Self {
        Self(ContextFieldTable.shared.declare(name, family: family, kind: .text, luaType: luaType, stub: stub, guide: guide))
    }
}

extension ContextField where Value == [(name: String, closed: Double)] {
    /// Declares a field of a table of name → number.
    package static func table(_ name: String, family: String, stub: String, guide: String) -> Self {
        Self(ContextFieldTable.shared.declare(name, family: family, kind: .table, luaType: nil, stub: stub, guide: guide))
    }
}

/// The values of the family fields of one context, by slot: a field no container wrote reads as `nil` (a number
/// field as NaN).
package struct ContextValues: Sendable {
    /// Number, optional number and boolean fields (NaN: not set), by slot.
    @usableFromInline var numbers: [Double] = []
    /// Text fields, by slot.
    @usableFromInline var texts: [String?] = []
    /// Table fields, by slot.
    @usableFromInline var tables: [[(name: String, closed: Double)]] = []

    /// No value set.
    package init() {}

    /// The number of number slot `slot`, NaN when not set.
    /// - Complexity: O(1), no allocation.
    @inlinable package func number(_ slot: Int) -> Double { slot < numbers.count ? numbers[slot] : .nan }
    /// The text of text slot `slot`.
    @inlinable package func text(_ slot: Int) -> String? { slot < texts.count ? texts[slot] : nil }
    /// The table of table slot `slot` (empty when not set).
    @inlinable package func table(_ slot: Int) -> [(name: String, closed: Double)] { slot < tables.count ? tables[slot] : [] }

    /// Sets number slot `slot`.
    /// - Complexity: O(1), no allocation once the slot exists.
    @inlinable package mutating func setNumber(_ slot: Int, _ value: Double) {
        while numbers.count <= slot { numbers.append(.nan) }
        numbers[slot] = value
    }
    /// Sets text slot `slot`.
    package mutating func setText(_ slot: Int, _ value: String?) {
        while texts.count <= slot { texts.append(nil) }
        texts[slot] = value
    }
    /// Sets table slot `slot`.
    package mutating func setTable(_ slot: Int, _ value: [(name: String, closed: Double)]) {
        while tables.count <= slot { tables.append([]) }
        tables[slot] = value
    }

    /// Whether both hold the same values (for tests comparing contexts built by different tools).
    package func sameValues(as other: ContextValues) -> Bool {
        let n = max(numbers.count, other.numbers.count)
        for i in 0..<n where number(i).bitPattern != other.number(i).bitPattern { return false }
        for i in 0..<max(texts.count, other.texts.count) where text(i) != other.text(i) { return false }
        for i in 0..<max(tables.count, other.tables.count) {
            let a = table(i), b = other.table(i)
            guard a.count == b.count, zip(a, b).allSatisfy({ $0.name == $1.name && $0.closed == $1.closed }) else { return false }
        }
        return true
    }
}

extension StyleContext {
    /// A number field's value (NaN when the container did not set it).
    package subscript(field: ContextField<Double>) -> Double {
        get { values.number(field.declaration.slot) }
        set { values.setNumber(field.declaration.slot, newValue) }
    }
    /// An optional number field's value.
    package subscript(field: ContextField<Double?>) -> Double? {
        get {
            let x = values.number(field.declaration.slot)
            return x.isNaN ? nil : x
        }
        set { values.setNumber(field.declaration.slot, newValue ?? .nan) }
    }
    /// A boolean field's value (false when not set).
    package subscript(field: ContextField<Bool>) -> Bool {
        get { values.number(field.declaration.slot) == 1 }
        set { values.setNumber(field.declaration.slot, newValue ? 1 : 0) }
    }
    /// A text field's value.
    package subscript(field: ContextField<String?>) -> String? {
        get { values.text(field.declaration.slot) }
        set { values.setText(field.declaration.slot, newValue) }
    }
    /// A table field's value.
    package subscript(field: ContextField<[(name: String, closed: Double)]>) -> [(name: String, closed: Double)] {
        get { values.table(field.declaration.slot) }
        set { values.setTable(field.declaration.slot, newValue) }
    }
}

/// The process-wide table of declared family fields.
final class ContextFieldTable: @unchecked Sendable {
    static let shared = ContextFieldTable()
    private let lock = NSLock()
    private var declared: [ContextFieldDeclaration] = []
    private var counts: [ContextFieldKind: Int] = [:]

    var all: [ContextFieldDeclaration] {
        lock.lock()
        defer { lock.unlock() }
        return declared
    }

    func declare(
        _ name: String, family: String, kind: ContextFieldKind, luaType: String?, stub: String, guide: String
    ) -> ContextFieldDeclaration {
        lock.lock()
        defer { lock.unlock() }
        // One name, one field: two families may share a field of the same kind (it reads the same in both).
        if let existing = declared.first(where: { $0.name == name }) {
            precondition(existing.kind == kind, "ctx.\(name) is declared twice with different kinds")
            return existing
        }
        // Numbers, optional numbers and booleans share the number storage.
        let storage: ContextFieldKind =
            switch kind {
            case .number, .optionalNumber, .boolean: .number
            case .text: .text
            case .table: .table
            }
        let slot = counts[storage, default: 0]
        counts[storage] = slot + 1
        let declaration = ContextFieldDeclaration(
            name: name, family: family, kind: kind, luaType: luaType, stubNote: stub, guideNote: guide, slot: slot)
        declared.append(declaration)
        return declaration
    }
}
