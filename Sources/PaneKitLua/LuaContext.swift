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
        record.deallocate()
    }
}

/// The context of one style call in the shape CLuaBridge reads: numbers, names, and frames by role index.
///
/// Made once per styler and refreshed before every call, so a call allocates nothing for its context. To add a
/// ctx field, see docs/plugins.md ("Adding a field to ctx") and the head of Sources/CLuaBridge/Context.c.
final class LuaContext {
    /// The fields of `ctx`, for the error on a misspelt field (sorted).
    static let fieldNames = [
        "closed", "container", "direction", "frames", "layout", "leading", "open", "params", "reducedMotion", "reveal", "size",
        "state", "time", "velocity",
    ]

    private var context = StyleContext(direction: .left, closed: 1, reveal: 0, size: .zero)
    private let present = UnsafeMutablePointer<Int32>.allocate(capacity: Role.count)
    private let frames = UnsafeMutablePointer<Double>.allocate(capacity: 4 * Role.count)

    init() {
        present.initialize(repeating: 0, count: Role.count)
        frames.initialize(repeating: 0, count: 4 * Role.count)
    }

    deinit {
        present.deallocate()
        frames.deallocate()
    }

    /// Copies `context` into the buffers.
    /// - Complexity: per role, no allocation.
    func update(_ context: StyleContext) {
        self.context = context
        for i in 0..<Role.count {  // ORDER ROLE
            if let frame = context.frames[i] {
                present[i] = 1
                frames[4 * i] = frame.x
                frames[4 * i + 1] = frame.y
                frames[4 * i + 2] = frame.width
                frames[4 * i + 3] = frame.height
            } else {
                present[i] = 0
            }
        }
    }

    func withCContext<R>(_ body: (UnsafePointer<clua_context>) -> R) -> R {
        let c = context
        return c.direction.rawValue.withCString { direction in
            c.state.rawValue.withCString { state in
                c.container.rawValue.withCString { container in
                    c.layout.rawValue.withCString { layout in
                        var raw = clua_context(
                            closed: c.closed, open: c.open, reveal: c.reveal, width: c.size.width, height: c.size.height,
                            time: c.time, velocity: c.velocity, direction: direction, state: state, container: container,
                            drawer: Int32(c.drawer.index), present: present, frames: frames,
                            reduced_motion: c.reducedMotion ? 1 : 0, layout: layout, leading: c.leading ? 1 : 0)
                        return body(&raw)
                    }
                }
            }
        }
    }
}
