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

/// The context of one style call in the shape CLuaBridge reads: the refreshed fields as numbers (in
/// `StylerContract.refreshedFields`' order), and the frames by role index in one buffer with a bit per number
/// that changed since the last call, so C writes only those and keeps no copy.
///
/// Made once per styler and refreshed before every call, so a call allocates nothing for its context. To add a
/// ctx field, add its entry to `StylerContract.contextFields`.
final class LuaContext {
    /// The fields of `ctx`, sorted: the list the error on a misspelt field shows.
    static var fieldNames: [String] { StylerContract.contextFieldNames }

    private let values = UnsafeMutablePointer<Double>.allocate(capacity: max(1, StylerContract.refreshedFields.count))
    private let frames = UnsafeMutablePointer<Double>.allocate(capacity: 4 * Role.count)
    private var present: UInt32 = 0
    /// The numbers of `frames` written since the last call that reached the plugin (bit 4 × role + k).
    private var changed: UInt64 = 0
    private var drawer: Int32 = 0

    init() {
        values.initialize(repeating: 0, count: max(1, StylerContract.refreshedFields.count))
        frames.initialize(repeating: 0, count: 4 * Role.count)
    }

    deinit {
        values.deallocate()
        frames.deallocate()
    }

    /// Copies `context` into the buffers, marking the frames' numbers that changed.
    /// - Complexity: per field and role, no allocation.
    func update(_ context: StyleContext) {
        StylerContract.read(context, into: values)
        drawer = Int32(context.drawer.index)
        var present: UInt32 = 0
        for i in 0..<Role.count {  // ORDER ROLE
            guard let frame = context.frames[i] else { continue }
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
    private static func set(_ f: UnsafeMutablePointer<Double>, _ k: Int, _ x: Double, bit: Int, in changed: inout UInt64) {
        if f[k].bitPattern != x.bitPattern {
            f[k] = x
            changed |= 1 << UInt64(bit + k)
        }
    }

    /// Calls `body` with the C view of the buffers; the changes are forgotten when it returns `true` (C wrote
    /// them), kept for the next call otherwise.
    func withCContext(_ body: (UnsafePointer<clua_context>) -> Bool) {
        var raw = clua_context(values: values, frames: frames, present: present, changed: changed, drawer: drawer)
        if body(&raw) { changed = 0 }
    }
}
