// The styler contract as the C bridge reads it: the names of the context, made once per process and given to every
// styler at set-up (clua_vocabulary), and the values of one call (LuaContext fills them).

import CLuaBridge
import CLuaEdits
import Foundation
import PaneKit

extension StylerContract {
    /// The fields the host refreshes before every call, flattened (`ctx.size`'s after the field `size`), with how
    /// each is read: the order of `clua_context.values`.
    static let refreshedFields: [(name: String, inSize: Bool, kind: FieldKind)] = contextFields.flatMap {
        field -> [(name: String, inSize: Bool, kind: FieldKind)] in
        switch field.kind {
        case .number, .boolean, .choice, .optionalNumber, .text, .table: [(field.name, false, field.kind)]
        case .size(let parts): parts.map { ($0.name, true, $0.kind) }
        case .frames, .params: []
        }
    }

    /// The readers of `refreshedFields`, in order: the table's C functions (a text's or a table's gives 0:
    /// LuaContext counts their changes).
    static let readers: [Reader] = refreshedFields.map { field in
        switch field.kind {
        case .number(let read), .boolean(let read), .choice(_, let read), .optionalNumber(let read): read
        case .text, .table, .size, .frames, .params: { _ in 0 }
        }
    }

    /// How a text or a table field is read: the fields whose entries LuaContext keeps.
    enum EntriesReader: Sendable {
        /// A text field's reader.
        case text(@Sendable (StyleContext) -> String?)
        /// A table field's reader.
        case table(@Sendable (StyleContext) -> [(name: String, closed: Double)])
    }

    /// The text and table fields among `refreshedFields`: their index there and their reader.
    static let entriesFields: [(index: Int, read: EntriesReader)] = refreshedFields.indices.compactMap { i in
        switch refreshedFields[i].kind {
        case .text(let read): (i, .text(read))
        case .table(let read): (i, .table(read))
        default: nil
        }
    }

    /// The vocabulary every styler's context is built from: made once, never freed, never written after (so shared
    /// by every thread).
    nonisolated(unsafe) static let vocabulary: UnsafePointer<clua_vocabulary> = {
        func c(_ s: String) -> UnsafePointer<CChar> { UnsafePointer(strdup(s)!) }
        func list(_ names: [String]) -> UnsafePointer<UnsafePointer<CChar>?> {
            let p = UnsafeMutablePointer<UnsafePointer<CChar>?>.allocate(capacity: max(1, names.count))
            for (i, name) in names.enumerated() { (p + i).initialize(to: c(name)) }
            return UnsafePointer(p)
        }
        let fields = UnsafeMutablePointer<clua_field>.allocate(capacity: refreshedFields.count)
        for (i, field) in refreshedFields.enumerated() {
            var kind = Int32(CLUA_FIELD_NUMBER)
            var choices: [String] = []
            if case .boolean = field.kind { kind = Int32(CLUA_FIELD_BOOLEAN) }
            if case .optionalNumber = field.kind { kind = Int32(CLUA_FIELD_OPTIONAL_NUMBER) }
            if case .text = field.kind { kind = Int32(CLUA_FIELD_TEXT) }
            if case .table = field.kind { kind = Int32(CLUA_FIELD_TABLE) }
            if case .choice(let names, _) = field.kind {
                kind = Int32(CLUA_FIELD_CHOICE)
                choices = names
            }
            (fields + i).initialize(
                to: clua_field(
                    name: c(field.name), in_size: field.inSize ? 1 : 0, kind: kind, choices: list(choices),
                    choice_count: Int32(choices.count)))
        }
        var sizeFields: [String] = []
        for case .size(let parts) in contextFields.map(\.kind) { sizeFields = parts.map(\.name) }
        let v = UnsafeMutablePointer<clua_vocabulary>.allocate(capacity: 1)
        v.initialize(
            to: clua_vocabulary(
                fields: fields, field_count: Int32(refreshedFields.count), roles: list(roles), role_count: Int32(roles.count),
                drawer: c(drawerKey), rect_keys: list(frameKeys), size_key: c("size"), frames_key: c("frames"),
                params_key: c("params"), context_fields: c(contextFieldNames.joined(separator: ", ")),
                size_fields: c(sizeFields.joined(separator: ", ")), nearest: nearestName))
        return UnsafePointer(v)
    }()
}

/// The index of the candidate nearest to the word (Suggestion.nearest), or -1: the C bridge's message on a missing
/// field asks Swift for it.
let nearestName: @convention(c) (UnsafePointer<CChar>?, Int, UnsafePointer<UnsafePointer<CChar>?>?, Int32) -> Int32 = {
    word, length, candidates, count in
    guard let word, let candidates else { return -1 }
    let text = String(decoding: UnsafeRawBufferPointer(start: word, count: length), as: UTF8.self)
    let names = (0..<Int(count)).map { String(cString: candidates[$0]!) }
    guard let best = Suggestion.nearest(to: text, among: names) else { return -1 }
    return Int32(names.firstIndex(of: best) ?? -1)
}

extension StylerContract {
    /// The vocabulary of the decoder of edits (CLuaEdits): the roles, the node keys (sorted, with how each is read),
    /// the operations of `ops`, the CSS colour names of `Color.cssNames`, and how a key is shown in a path. Made
    /// once, never freed, never written after.
    nonisolated(unsafe) static let decoderVocabulary = decoderVocabulary(editKeys: editKeys)

    /// The keys of numbers (`PK_KEY_NUMBERS`) of `editKeys`, by their index among the sorted keys (the bit of
    /// `pk_node_edit.keys`), with their slot in `pk_node_edit.values`.
    static let numberKeys: [(bit: Int, slot: Int, form: NumbersForm)] = numberKeys(of: editKeys)

    /// The keys of numbers of `keys`, as `numberKeys`.
    static func numberKeys(of keys: [EditKey]) -> [(bit: Int, slot: Int, form: NumbersForm)] {
        var slot = 0
        return keys.sorted { $0.name < $1.name }.enumerated().compactMap { bit, key in
            guard let form = key.numbers else { return nil }
            defer { slot += form.count }
            return (bit, slot, form)
        }
    }

    /// A decoder vocabulary of `editKeys` (the contract's, or a test's), made once and never freed.
    static func decoderVocabulary(editKeys: [EditKey]) -> UnsafePointer<pk_vocabulary> {
        func c(_ s: String) -> UnsafePointer<CChar> { UnsafePointer(strdup(s)!) }
        func list(_ names: [String]) -> UnsafePointer<UnsafePointer<CChar>?> {
            let p = UnsafeMutablePointer<UnsafePointer<CChar>?>.allocate(capacity: max(1, names.count))
            for (i, name) in names.enumerated() { (p + i).initialize(to: c(name)) }
            return UnsafePointer(p)
        }
        func array<T>(_ values: [T]) -> UnsafePointer<T> {
            let p = UnsafeMutablePointer<T>.allocate(capacity: max(1, values.count))
            p.initialize(from: values, count: values.count)
            return UnsafePointer(p)
        }
        let keys = editKeys.sorted { $0.name < $1.name }
        let numbers = numberKeys(of: editKeys)
        precondition(numbers.reduce(0) { $0 + $1.form.count } <= Int(PK_EDIT_VALUES), "raise PK_EDIT_VALUES")
        let forms = keys.indices.map { bit -> pk_key_form in
            guard let n = numbers.first(where: { $0.bit == bit }) else {
                return pk_key_form(count: 0, minimum: 0, expected: nil, slot: -1)
            }
            return pk_key_form(count: Int32(n.form.count), minimum: n.form.minimum, expected: c(n.form.expected), slot: Int32(n.slot))
        }
        let v = UnsafeMutablePointer<pk_vocabulary>.allocate(capacity: 1)
        v.initialize(
            to: pk_vocabulary(
                roles: list(roles), role_count: Int32(roles.count), drawer: c(drawerKey), node_keys: list(keys.map(\.name)),
                node_key_kinds: array(keys.map(\.decoding)), node_key_forms: array(forms), node_key_count: Int32(keys.count),
                operations: list(operations.map(\.name)), operation_count: Int32(operations.count),
                color_names: list(Color.cssNames.map(\.name)), color_values: array(Color.cssNames.map { UInt32($0.rgba) }),
                color_count: Int32(Color.cssNames.count), key: messageKey))
        return UnsafePointer(v)
    }

    /// The most bytes of a key a path shows whole; a longer one is cut to `keyExcerpt` bytes (PluginText.excerpt).
    static let keyLimit = 256
    /// The bytes a longer key is cut to.
    static let keyExcerpt = 252

    /// `word` without `-` and `_`, ASCII letters lowercased; nil past 31 bytes (no habit is that long).
    static func fold(_ word: String) -> String? {
        var bytes: [UInt8] = []
        for byte in word.utf8 where byte != UInt8(ascii: "-") && byte != UInt8(ascii: "_") {
            if bytes.count == 31 { return nil }
            bytes.append(byte >= 65 && byte <= 90 ? byte + 32 : byte)
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// A key as a path shows it: whole up to 256 bytes (its bytes as they are); longer, its first 256 bytes as UTF-8 cut
/// to 252 bytes with an ellipsis, control characters escaped (PluginText.excerpt). Its length into `length`.
private let messageKey: @convention(c) (UnsafePointer<CChar>?, Int, UnsafeMutablePointer<Int>?) -> UnsafeMutablePointer<CChar>? = {
    s, n, length in
    guard let s, let length else { return nil }
    var excerpt: [UInt8]?
    if n > StylerContract.keyLimit {
        let text = String(decoding: UnsafeRawBufferPointer(start: s, count: StylerContract.keyLimit), as: UTF8.self)
        excerpt = Array(PluginText.excerpt(text, limit: StylerContract.keyExcerpt).utf8)
    }
    let count = excerpt?.count ?? n
    guard let raw = malloc(count + 1) else { return nil }
    if let excerpt {
        excerpt.withUnsafeBytes { raw.copyMemory(from: $0.baseAddress!, byteCount: count) }
    } else {
        raw.copyMemory(from: s, byteCount: n)
    }
    raw.storeBytes(of: 0, toByteOffset: count, as: CChar.self)
    length.pointee = count
    return raw.assumingMemoryBound(to: CChar.self)
}
