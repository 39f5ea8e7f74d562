// The styler contract as the C bridge reads it: the names of the context, made once per process and given to every
// styler at set-up (clua_vocabulary), and the values of one call (LuaContext fills them).

import CLuaBridge
import CLuaEdits
import Foundation
import PaneKit

extension StylerContract {
    /// How a text or a table field is read: the fields whose entries LuaContext keeps.
    enum EntriesReader: Sendable {
        /// A text field's reader.
        case text(@Sendable (StyleContext) -> String?)
        /// A table field's reader.
        case table(@Sendable (StyleContext) -> [(name: String, closed: Double)])
    }

    /// The contract as the registry stands when a styler is made: the fields of `ctx` with how each is read, the
    /// roles by slot, and the C bridge's and the decoder's vocabularies built from them. One is made for each
    /// different registry (the built-ins; a test's or an app's added family), kept for the process's life and
    /// never written after, so shared by every thread.
    final class Vocabulary: @unchecked Sendable {
        /// The fields of `ctx`, in order.
        let contextFields: [ContextField]
        /// The fields the host refreshes before every call, flattened (`ctx.size`'s after the field `size`), with
        /// how each is read: the order of `clua_context.values`.
        let refreshedFields: [(name: String, inSize: Bool, kind: FieldKind)]
        /// The readers of `refreshedFields`, in order: the table's C functions (a text's, a table's or a family
        /// field's gives 0: LuaContext fills those).
        let readers: [Reader]
        /// The text and table fields among `refreshedFields`: their index there and their reader.
        let entriesFields: [(index: Int, read: EntriesReader)]
        /// The family number and boolean fields among `refreshedFields`: their index there and their slot in
        /// `StyleContext.values`.
        let familyNumbers: [(index: Int, slot: Int)]
        /// The roles' names by slot (a group's is its prefix, the key its subject is edited by).
        let roles: [String]
        /// The C bridge's vocabulary.
        let bridge: UnsafePointer<clua_vocabulary>
        /// The decoder's vocabulary.
        let decoder: UnsafePointer<pk_vocabulary>

        init() {
            let contextFields = StylerContract.contextFields
            self.contextFields = contextFields
            let refreshedFields = contextFields.flatMap { field -> [(name: String, inSize: Bool, kind: FieldKind)] in
                switch field.kind {
                case .frames, .params: []
                case .size(let parts): parts.map { ($0.name, true, $0.kind) }
                default: [(field.name, false, field.kind)]
                }
            }
            self.refreshedFields = refreshedFields
            readers = refreshedFields.map { field in
                switch field.kind {
                case .number(let read), .boolean(let read), .choice(_, let read), .optionalNumber(let read): read
                default: { _ in 0 }
                }
            }
            entriesFields = refreshedFields.indices.compactMap { i in
                switch refreshedFields[i].kind {
                case .text(let read): (i, .text(read))
                case .table(let read): (i, .table(read))
                default: nil
                }
            }
            familyNumbers = refreshedFields.indices.compactMap { i in
                switch refreshedFields[i].kind {
                case .familyNumber(let slot), .familyBoolean(let slot): (i, slot)
                default: nil
                }
            }
            let roles = (0..<Role.count).map { Role.withIndex($0).rawValue }
            self.roles = roles
            precondition(roles.count <= Int(CLUA_MAX_ROLES), "raise CLUA_MAX_ROLES")
            bridge = Self.bridge(fields: refreshedFields, contextFields: contextFields, roles: roles)
            decoder = StylerContract.decoderVocabulary(editKeys: StylerContract.editKeys, roles: roles)
        }

        /// The C bridge's vocabulary of these fields and roles, never freed.
        private static func bridge(
            fields refreshed: [(name: String, inSize: Bool, kind: FieldKind)], contextFields: [ContextField], roles: [String]
        ) -> UnsafePointer<clua_vocabulary> {
            let fields = UnsafeMutablePointer<clua_field>.allocate(capacity: max(1, refreshed.count))
            for (i, field) in refreshed.enumerated() {
                var kind = Int32(CLUA_FIELD_NUMBER)
                var choices: [String] = []
                switch field.kind {
                case .boolean: kind = Int32(CLUA_FIELD_BOOLEAN)
                case .optionalNumber, .familyNumber: kind = Int32(CLUA_FIELD_OPTIONAL_NUMBER)
                case .familyBoolean: kind = Int32(CLUA_FIELD_OPTIONAL_BOOLEAN)
                case .text: kind = Int32(CLUA_FIELD_TEXT)
                case .table: kind = Int32(CLUA_FIELD_TABLE)
                case .choice(let names, _):
                    kind = Int32(CLUA_FIELD_CHOICE)
                    choices = names
                default: break
                }
                (fields + i).initialize(
                    to: clua_field(
                        name: cString(field.name), in_size: field.inSize ? 1 : 0, kind: kind, choices: cList(choices),
                        choice_count: Int32(choices.count)))
            }
            var sizeFields: [String] = []
            for case .size(let parts) in contextFields.map(\.kind) { sizeFields = parts.map(\.name) }
            let v = UnsafeMutablePointer<clua_vocabulary>.allocate(capacity: 1)
            v.initialize(
                to: clua_vocabulary(
                    fields: fields, field_count: Int32(refreshed.count), roles: cList(roles), role_count: Int32(roles.count),
                    drawer: cString(drawerKey), rect_keys: cList(frameKeys), size_key: cString("size"), frames_key: cString("frames"),
                    params_key: cString("params"), context_fields: cString(contextFields.map(\.name).sorted().joined(separator: ", ")),
                    size_fields: cString(sizeFields.joined(separator: ", ")),
                    frames_fields: cString(([drawerKey] + StylerContract.roles).joined(separator: ", ")), nearest: nearestName))
            return UnsafePointer(v)
        }
    }

    private static let vocabularyLock = NSLock()
    nonisolated(unsafe) private static var vocabularies: [String: Vocabulary] = [:]

    /// The vocabulary of the registry as it stands (for the current task), made once per distinct registry.
    static var vocabulary: Vocabulary {
        ContainerRegistry.declareVocabulary()
        let key =
            (0..<Role.count).map { Role.withIndex($0).rawValue }.joined(separator: ",") + "|"
            + ContainerRegistry.names.joined(separator: ",")
            + "|" + familyFields.map(\.name).joined(separator: ",") + "|" + String(ContainerState.allCases.count)
        vocabularyLock.lock()
        defer { vocabularyLock.unlock() }
        if let made = vocabularies[key] { return made }
        let made = Vocabulary()
        vocabularies[key] = made
        return made
    }
}

/// A copy of `s` in C, never freed (the vocabularies live as long as the process).
private func cString(_ s: String) -> UnsafePointer<CChar> { UnsafePointer(strdup(s)!) }

/// A C array of copies of `names`, never freed.
private func cList(_ names: [String]) -> UnsafePointer<UnsafePointer<CChar>?> {
    let p = UnsafeMutablePointer<UnsafePointer<CChar>?>.allocate(capacity: max(1, names.count))
    for (i, name) in names.enumerated() { (p + i).initialize(to: cString(name)) }
    return UnsafePointer(p)
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
    /// The vocabulary of the decoder of edits (CLuaEdits) as the registry stands: the roles, the node keys (sorted,
    /// with how each is read), the operations of `ops`, the CSS colour names of `Color.cssNames`, and how a key is
    /// shown in a path. Never freed, never written after.
    static var decoderVocabulary: UnsafePointer<pk_vocabulary> { vocabulary.decoder }

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

    /// A decoder vocabulary of `editKeys` (the contract's, or a test's) and `roles` (by slot; the current ones by
    /// default), made once and never freed.
    static func decoderVocabulary(
        editKeys: [EditKey], roles: [String] = (0..<Role.count).map { Role.withIndex($0).rawValue }
    ) -> UnsafePointer<pk_vocabulary> {
        let c = cString, list = cList
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
