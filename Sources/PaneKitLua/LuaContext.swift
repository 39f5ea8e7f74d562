// The context of a style call as CLuaBridge reads it, and the decoder's scratch space: reused from call to call.

import CLuaBridge
import CLuaEdits
import Foundation
import PaneKit

/// The decoder's scratch space for one styler, reused from call to call: the decoded record and the problem list.
final class EditBuffers {
    let record = UnsafeMutablePointer<pk_edits>.allocate(capacity: 1)
    let problems = UnsafeMutablePointer<pk_problems>.allocate(capacity: 1)

    init() {
        problems.initialize(to: pk_problems(items: nil, count: 0, capacity: 0))
        record.initialize(to: pk_edits())  // the key cache starts empty
    }

    deinit {
        pk_problems_clear(problems)
        free(problems.pointee.items)
        problems.deallocate()
        pk_edits_free(record)
        record.deallocate()
    }
}

/// The context of one style call in the shape CLuaBridge reads: the refreshed fields as numbers (in the
/// vocabulary's `refreshedFields` order) and the frames by role slot in one buffer, each with a bit per number that
/// changed since the last call, so C writes only those and keeps no copy.
///
/// Made once per styler and refreshed before every call, so a call allocates nothing for its context. To add a
/// ctx field, add its entry to `StylerContract.contextFields` (a family's own: its declaration, with the family).
final class LuaContext {
    /// The fields of `ctx`, sorted: the list the error on a misspelt field shows.
    static var fieldNames: [String] { StylerContract.contextFieldNames }

    private let values: UnsafeMutablePointer<Double>
    /// The vocabulary's readers, copied: called through a pointer each, with no array to retain per call.
    private let readers: UnsafeMutablePointer<StylerContract.Reader>
    private let readerCount: Int
    /// The family number fields: their index among the values and their slot in `StyleContext.values`.
    private let familyNumbers: UnsafeMutablePointer<(index: Int, slot: Int)>
    private let familyCount: Int
    /// The number of role slots the vocabulary names.
    private let roleCount: Int
    /// The text and table fields' entries, by field index (the others' stay empty).
    private let entries: UnsafeMutablePointer<clua_entries>
    /// The copies behind `entries`, one per text or table field (the vocabulary's `entriesFields` order).
    private let buffers: [EntriesBuffer]
    private let frames = UnsafeMutablePointer<Double>.allocate(capacity: 4 * Role.capacity)
    private var present: UInt32 = 0
    /// The numbers of `frames` written since the last call that reached the plugin (bit 4 × role + k, in two words).
    private var changed: (UInt64, UInt64) = (0, 0)
    /// The fields of `values` written since the last call that reached the plugin (bit i for field i).
    private var changedValues: UInt64 = 0
    private var drawer: Int32 = 0

    init(_ vocabulary: StylerContract.Vocabulary) {
        let count = vocabulary.refreshedFields.count
        precondition(count <= Int(CLUA_MAX_FIELDS), "raise CLUA_MAX_FIELDS")
        values = .allocate(capacity: max(1, count))
        values.initialize(repeating: 0, count: max(1, count))
        entries = .allocate(capacity: max(1, count))
        entries.initialize(repeating: clua_entries(names: nil, lengths: nil, numbers: nil, count: 0), count: max(1, count))
        frames.initialize(repeating: 0, count: 4 * Role.capacity)
        readerCount = vocabulary.readers.count
        readers = .allocate(capacity: max(1, readerCount))
        readers.initialize(from: vocabulary.readers, count: readerCount)
        familyCount = vocabulary.familyNumbers.count
        familyNumbers = .allocate(capacity: max(1, familyCount))
        familyNumbers.initialize(from: vocabulary.familyNumbers, count: familyCount)
        roleCount = vocabulary.roles.count
        buffers = vocabulary.entriesFields.map { [entries] in EntriesBuffer(index: $0.index, read: $0.read, entries: entries) }
    }

    deinit {
        values.deallocate()
        readers.deallocate()
        familyNumbers.deallocate()
        entries.deallocate()
        frames.deallocate()
    }

    /// Copies `context` into the buffers, marking the frames' numbers that changed.
    /// - Complexity: per field and role, no allocation.
    func update(_ context: StyleContext) {
        // A local across the readers' calls: the property passed inout to them would be a dynamic access each.
        var changedValues = self.changedValues
        withUnsafePointer(to: context) { address in
            let address = UnsafeRawPointer(address)
            for i in 0..<readerCount {
                let x = readers[i](address)
                if values[i].bitPattern != x.bitPattern {
                    values[i] = x
                    changedValues |= 1 << UInt64(i)
                }
            }
        }
        for f in 0..<familyCount {
            let x = context.values.number(familyNumbers[f].slot), i = familyNumbers[f].index
            if values[i].bitPattern != x.bitPattern {
                values[i] = x
                changedValues |= 1 << UInt64(i)
            }
        }
        buffers.withUnsafeBufferPointer { buffers in
            for buffer in buffers { buffer.update(from: context, values: values, changed: &changedValues) }
        }
        self.changedValues = changedValues
        drawer = Int32(context.drawer.index)
        var present: UInt32 = 0
        for i in 0..<roleCount {  // by slot
            guard let frame = context.frames[slot: i] else { continue }
            present |= 1 << UInt32(i)
            let f = frames + 4 * i
            Self.set(f, 0, frame.x, bit: 4 * i, in: &changed)
            Self.set(f, 1, frame.y, bit: 4 * i, in: &changed)
            Self.set(f, 2, frame.width, bit: 4 * i, in: &changed)
            Self.set(f, 3, frame.height, bit: 4 * i, in: &changed)
        }
        self.present = present
    }

    @inline(__always)
    private static func set(_ f: UnsafeMutablePointer<Double>, _ k: Int, _ x: Double, bit: Int, in changed: inout (UInt64, UInt64)) {
        if f[k].bitPattern != x.bitPattern {
            f[k] = x
            let b = bit + k
            if b < 64 { changed.0 |= 1 << UInt64(b) } else { changed.1 |= 1 << UInt64(b - 64) }
        }
    }

    /// Calls `body` with the C view of the buffers; the changes are forgotten when it returns `true` (C wrote
    /// them), kept for the next call otherwise.
    func withCContext(_ body: (UnsafePointer<clua_context>) -> Bool) {
        var raw = clua_context(
            values: values, changed_values: changedValues, frames: frames, present: present, changed: changed,
            drawer: drawer, entries: entries)
        if body(&raw) {
            changed = (0, 0)
            changedValues = 0
        }
    }
}

/// The entries of one text or table field as C reads them (`clua_entries`): the names' bytes copied into one buffer,
/// with their lengths and numbers, and copied again only when the context's differ, which `value` counts (C writes
/// the field again when it changes; 0 is a `nil` text). Its `clua_entries` is written when they change.
final class EntriesBuffer {
    /// The field's index in `StylerContract.refreshedFields`.
    private let index: Int
    /// The context's entries by field index, this field's at `index` (valid while the context lives).
    private let entries: UnsafeMutablePointer<clua_entries>
    /// A text field's reader, or nil for a table field.
    private let readText: (@Sendable (StyleContext) -> String?)?
    /// A table field's reader, or nil for a text field.
    private let readTable: (@Sendable (StyleContext) -> [(name: String, closed: Double)])?
    private var bytes = UnsafeMutablePointer<CChar>.allocate(capacity: 1)
    private var byteCapacity = 1
    private var names = UnsafeMutablePointer<UnsafePointer<CChar>?>.allocate(capacity: 1)
    private var lengths = UnsafeMutablePointer<Int>.allocate(capacity: 1)
    private var numbers = UnsafeMutablePointer<Double>.allocate(capacity: 1)
    private var capacity = 1
    private var count = 0
    private var changes = 0
    /// Whether a text field holds a text (a table field always holds its table).
    private var present = false

    /// A buffer for field `index` of `StylerContract.refreshedFields`, read by `read`, whose entries go to
    /// `entries[index]`.
    init(index: Int, read: StylerContract.EntriesReader, entries: UnsafeMutablePointer<clua_entries>) {
        self.index = index
        self.entries = entries
        switch read {
        case .text(let read):
            readText = read
            readTable = nil
        case .table(let read):
            readText = nil
            readTable = read
        }
        publish()
    }

    /// Reads the field from `context` and writes its value (the count of changes, 0 for a `nil` text) at its
    /// index, setting the field's bit in `changed` when the value differs; its entries are current (valid until
    /// the next update).
    /// - Complexity: O(its names' lengths), no allocation unless it changed.
    @inline(__always)
    func update(from context: StyleContext, values: UnsafeMutablePointer<Double>, changed: inout UInt64) {
        if let readText {
            set(text: readText(context))
        } else if let readTable {
            set(table: readTable(context))
        }
        let value = present ? Double(changes) : 0
        if values[index].bitPattern != value.bitPattern {
            values[index] = value
            changed |= 1 << UInt64(index)
        }
    }

    /// Writes the entries' `clua_entries` at the field's index.
    private func publish() {
        entries[index] = clua_entries(
            names: UnsafePointer(names), lengths: UnsafePointer(lengths), numbers: UnsafePointer(numbers), count: Int32(count))
    }

    deinit {
        bytes.deallocate()
        names.deallocate()
        lengths.deallocate()
        numbers.deallocate()
    }

    /// A text field's value: copied when it differs from the last.
    /// - Complexity: O(its length), no allocation unless it changed.
    private func set(text: String?) {
        guard let text else {
            if present || count != 0 {
                present = false
                count = 0
                publish()
            }
            return
        }
        if present && count == 1 && matches(0, text) { return }
        store(count: 1, name: { _ in text }, number: { _ in 0 })
        present = true
    }

    /// A table field's value: copied when a name or a number differs from the last.
    /// - Complexity: O(its names' lengths), no allocation unless it changed.
    private func set(table: [(name: String, closed: Double)]) {
        present = true
        if table.count == count {
            var same = true
            for i in 0..<count where numbers[i].bitPattern != table[i].closed.bitPattern || !matches(i, table[i].name) {
                same = false
                break
            }
            if same { return }
        }
        store(count: table.count, name: { table[$0].name }, number: { table[$0].closed })
    }

    /// Whether entry `i`'s name has the bytes of `name`.
    private func matches(_ i: Int, _ name: String) -> Bool {
        var name = name
        let n = lengths[i]
        guard let stored = names[i] else { return false }
        return name.withUTF8 { u in u.count == n && (n == 0 || memcmp(u.baseAddress!, stored, n) == 0) }
    }

    /// Copies `count` entries, growing the buffers as needed, and counts a change.
    private func store(count: Int, name: (Int) -> String, number: (Int) -> Double) {
        if count > capacity {
            names.deallocate()
            lengths.deallocate()
            numbers.deallocate()
            capacity = count
            names = .allocate(capacity: count)
            lengths = .allocate(capacity: count)
            numbers = .allocate(capacity: count)
        }
        var total = 0
        for i in 0..<count { total += name(i).utf8.count }
        if total > byteCapacity {
            bytes.deallocate()
            byteCapacity = total
            bytes = .allocate(capacity: total)
        }
        var offset = 0
        for i in 0..<count {
            var text = name(i)
            let n = text.withUTF8 { u in
                if let base = u.baseAddress {
                    (bytes + offset).withMemoryRebound(to: UInt8.self, capacity: u.count) { $0.update(from: base, count: u.count) }
                }
                return u.count
            }
            names[i] = UnsafePointer(bytes + offset)
            lengths[i] = n
            numbers[i] = number(i)
            offset += n
        }
        self.count = count
        changes += 1
        publish()
    }
}
