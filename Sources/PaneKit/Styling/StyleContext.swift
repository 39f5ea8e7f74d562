// The input of a styler: one complete description of a subject (a drawer, a sheet, a card) at one instant, built
// by one function (`update(frameOf:pose:time:)` and `update(subject:of:)`) for the host and every tool.

/// Everything a styler may read. Built once per frame per styled subject; a styler needs no other state.
public struct StyleContext: Sendable {
    /// The edge of the subject being styled (a drawer's direction, a sheet's edge); `drawer` edits go to the
    /// subject. Setting it on a context whose subject is a drawer makes that direction's drawer the subject.
    public var direction: Direction {
        get { storedDirection }
        set {
            storedDirection = newValue
            group = StylerGroup(newValue)
            if subject.drawerDirection != nil { subject = .drawer(newValue) }
        }
    }
    /// `direction`'s value: `update(subject:of:nodes:)` sets it with the subject and group it has already, where
    /// `direction`'s setter looked the drawer roles up again (a lazy global's check each).
    private var storedDirection: Direction
    /// The closed fraction: 1 closed, 0 fully open, below 0 past open, above 1 past closed.
    public var closed: Double
    /// The closed fraction's rate of change, per second (negative while opening), gestures included.
    public var velocity: Double = 0
    /// Whether the host runs with reduced motion: a styler may choose a still look (the host already cross-fades
    /// every transition it does not drive by the finger).
    public var reducedMotion = false
    /// The container's reading direction (DESIGN §12). `direction` stays physical: under `rtl` the leading drawer
    /// is the right one.
    public var layoutDirection = LayoutDirection.ltr
    /// The drawer's maximum or reveal width (along its axis), in points.
    public var reveal: Double
    /// The container's size.
    public var size: Size
    /// Seconds since the start of the run.
    public var time: Double
    /// The container's state (`ctx.state` in Lua is its `rawValue`: `closed`, `opening`, `open`, …).
    public var state: ContainerState
    /// The container type (`ctx.container` in Lua is its `rawValue`: `drawer`, …).
    public var container: ContainerKind
    /// The container's layout (Lua `ctx.layout`): the adaptive container's `drawer`, `sidebar` or `split` for its
    /// width; `split` for the split container and `drawer` for the others.
    public var layout: AdaptiveLayout = .drawer
    /// The frame of each node that exists, by role (a group's slot holds the subject's frame when the subject is
    /// one of its members); `nil` for a role the container has no node of.
    public var frames: PerRole<Rect?>
    /// The family's own fields (a deck's `depth`), read through ``ContextField``s.
    package var values = ContextValues()
    /// The node being styled: a drawer (`drawer.left`, a split's `master`), the `sheet`, a member of a group
    /// (`card.3`). Edits to it go to its node, and so do edits to `drawer` in Lua.
    public var subject: Role
    /// The styler group of the subject: a drawer's direction, a deck's `cards`.
    public var group: StylerGroup
    /// The subject's baked track (``Subject/bakeMember``): 0 for one played by its own closed fraction.
    package var bakeMember = 0
    /// The closed fraction the subject's baked track is read at: `closed`, or the group's first subject's for a
    /// member styled in step with it.
    package var bakeKey = 0.0
    /// The roles whose frames `update(frameOf:pose:time:)` set (one bit per slot), so the next update clears only
    /// those.
    private var framesSet: UInt32 = 0

    /// A context for one styler call; the host fills the frames and the rest for every frame.
    public init(
        direction: Direction, closed: Double, reveal: Double, size: Size, time: Double = 0,
        state: ContainerState = .closed, container: ContainerKind = .drawer, frames: PerRole<Rect?> = PerRole(repeating: nil)
    ) {
        self.storedDirection = direction
        self.closed = closed
        self.reveal = reveal
        self.size = size
        self.time = time
        self.state = state
        self.container = container
        self.frames = frames
        self.subject = .drawer(direction)
        self.group = StylerGroup(direction)
    }

    /// The open fraction, 1 − closed.
    public var open: Double { 1 - closed }

    /// Whether this direction's drawer is on the leading side (left under `ltr`, right under `rtl`; never for top
    /// and bottom): a styler written for the leading drawer reads it to look right in both layout directions.
    public var leading: Bool { layoutDirection.isLeading(direction) }

    /// The node being styled, as edits address it: the same as ``subject``.
    public var drawer: Role { subject }

    /// The frame of `role`, if the container has that node.
    /// - Complexity: O(1), no allocation.
    public func frame(of role: Role) -> Rect? { frames[role] }
}

extension StyleContext {
    /// The context of `subject` in `pose`, as the host builds it on a frame at `time` and as every tool (bake,
    /// check, sample, plot, the studio) builds it for a container posed statically.
    /// - Parameters:
    ///   - subject: the subject to style, one of `pose.subjects`.
    ///   - container: the container, posed as `pose` shows it.
    ///   - pose: what `container.pose(into:)` wrote.
    ///   - time: the frame's time.
    ///   - reducedMotion: the run's `reducedMotion`.
    package init(
        subject: Subject, of container: any Container, pose: Pose, time: Double = 0, reducedMotion: Bool = false
    ) {
        self.init(direction: subject.direction, closed: subject.closed, reveal: subject.reveal, size: container.size)
        self.reducedMotion = reducedMotion
        update(frameOf: container, pose: pose, time: time)
        update(subject: subject, of: container, nodes: pose.nodes)
    }

    /// Sets what a frame shares between its subjects: time, state, size, container type, reading direction,
    /// layout and the nodes' frames (clearing the frames the last update set).
    /// - Complexity: per node, no allocation. Generic so that a host's `any Container` is opened, not copied (an
    ///   existential parameter cost a copy of the whole container per call).
    package mutating func update<C: Container>(frameOf container: C, pose: Pose, time: Double) {
        var set: UInt32 = 0
        pose.nodes.withUnsafeBufferPointer { nodes in  // in place: `nodes[n]` would copy each whole node
            for n in 0..<nodes.count {
                let slot = nodes[n].role.index
                frames.slots[slot] = nodes[n].frame
                set |= 1 << UInt32(slot)
            }
        }
        // Only the frames of roles gone since the last frame are cleared (the others were just written).
        var bits = framesSet & ~set
        while bits != 0 {
            frames.slots[bits.trailingZeroBitCount] = nil
            bits &= bits - 1
        }
        framesSet = set
        self.time = time
        state = container.state
        size = container.size
        self.container = container.kind
        layoutDirection = container.layoutDirection
        layout = container.adaptiveLayout
    }

    /// Sets what is `subject`'s own: its direction, fractions, node, the frame of its group's slot (for a member,
    /// from `nodes`, the pose's) and its family's fields (``Container/describe(_:in:)``).
    /// - Complexity: O(1) for a fixed role; O(nodes) for a member; no allocation (generic, as `update(frameOf:)`).
    package mutating func update<C: Container>(subject: Subject, of container: C, nodes: [Node]) {
        storedDirection = subject.direction
        closed = subject.closed
        velocity = subject.velocity
        reveal = subject.reveal
        self.subject = subject.role
        group = subject.group
        bakeMember = subject.bakeMember
        bakeKey = subject.bakeMember > 0 ? subject.bakeKey : subject.closed
        if subject.role.isMember {
            nodes.withUnsafeBufferPointer { nodes in
                for n in 0..<nodes.count where nodes[n].role == subject.role { frames.slots[subject.role.index] = nodes[n].frame }
            }
        }
        container.describe(subject, in: &self)
    }
}

/// What one styler writes for one node on one frame; `nil` leaves a property alone.
public struct NodeEdit: Hashable, Sendable {
    /// A transform to concatenate after the earlier stylers' ones, or `nil` to leave it.
    public var transform: Transform3D?
    /// The pivot of the transform in unit coordinates of the node's frame, or `nil` to leave it.
    public var anchor: Point?
    /// An alpha to multiply the node's alpha by (0…1), or `nil` to leave it.
    public var alpha: Double?
    /// The node's drop shadow, or `nil` to leave it.
    public var shadow: Shadow?
    /// The node's stacking order (higher is nearer), or `nil` to leave it.
    public var z: Int?
    /// A new untransformed frame for the node in points (resize-like stylers), or `nil` to leave it.
    public var frame: Rect?
    /// Whether to hide the node, or `nil` to leave it.
    public var hidden: Bool?
    /// The fill colour of a node that has one of its own (the overlay's scrim colour).
    public var color: Color?
    /// The radius of the node's corners in points (clipping its content and shaping its shadow), or `nil` to
    /// leave it.
    public var cornerRadius: CornerRadius?

    /// An edit; every property defaults to `nil`, which leaves the node as it is.
    @inlinable
    public init(
        transform: Transform3D? = nil, anchor: Point? = nil, alpha: Double? = nil, shadow: Shadow? = nil,
        z: Int? = nil, frame: Rect? = nil, hidden: Bool? = nil, color: Color? = nil, cornerRadius: CornerRadius? = nil
    ) {
        self.transform = transform
        self.anchor = anchor
        self.alpha = alpha
        self.shadow = shadow
        self.z = z
        self.frame = frame
        self.hidden = hidden
        self.color = color
        self.cornerRadius = cornerRadius
    }

    /// Whether the edit changes nothing.
    package var isEmpty: Bool { self == NodeEdit() }

    /// Sets every part to nil, in place: `NodeEdit()` written over a slot would build a whole empty edit and copy
    /// it in. (`StyleEditsTests` checks that it empties every part.)
    /// - Complexity: O(1), no allocation.
    mutating func removeAll() {
        transform = nil
        anchor = nil
        alpha = nil
        shadow = nil
        z = nil
        frame = nil
        hidden = nil
        color = nil
        cornerRadius = nil
    }
}

/// The edits of one styler call, one slot per role (ORDER ROLE).
public struct StyleEdits: Sendable {
    /// One edit per role; read and write them through the subscript, which also marks the role as written.
    @inlinable public var edits: PerRole<NodeEdit> { storage }
    /// One bit per role (`1 << Role.index`) for the slots written since the last `removeAll`.
    @inlinable package var touched: UInt32 { touchedRoles }

    /// The edits (`edits`), stored where `withEdit(of:_:)`, inlined into a caller, writes them.
    @usableFromInline var storage: PerRole<NodeEdit>
    /// The written slots (`touched`).
    @usableFromInline var touchedRoles: UInt32 = 0

    /// Empty edits, one untouched slot for every role.
    public init() {
        storage = PerRole(repeating: NodeEdit())
    }

    /// The edit of `role`. (A `_modify` accessor would avoid a copy, but its coroutine frame is heap-allocated
    /// in unoptimised builds; optimised builds update the slot in place either way.)
    /// - Complexity: O(1), no allocation.
    public subscript(role: Role) -> NodeEdit {
        get { storage[role] }
        set {
            touchedRoles |= 1 << UInt32(role.index)
            storage[role] = newValue
        }
    }

    /// Marks `role` as written and lets `body` write its edit in place: the slot as it is (the last edit written
    /// there since `removeAll`, or an empty one), with no copy of a whole `NodeEdit` in or out, as the subscript's
    /// setter makes. A host that fills edits on every frame (PaneKitLua's decoded results) builds each in its slot.
    /// - Complexity: O(1); no allocation besides `body`'s, unless a copy of these edits shares their storage (copy
    ///   on write, as for the subscript).
    @inlinable
    package mutating func withEdit<Result>(of role: Role, _ body: (inout NodeEdit) throws -> Result) rethrows -> Result {
        let index = role.index
        touchedRoles |= 1 << UInt32(index)
        return try body(&storage.slots[index])
    }

    /// Clears the written slots, keeping the storage.
    /// - Complexity: per written role, no allocation.
    package mutating func removeAll() {
        var bits = touched
        while bits != 0 {
            storage.slots[bits.trailingZeroBitCount].removeAll()
            bits &= bits - 1
        }
        touchedRoles = 0
    }
}

extension StyleEdits {
    /// The first written number that is NaN or infinite, as `role.property`, or nil when every one is finite.
    ///
    /// A styler that writes one has failed: the host disables it (as it does a Lua styler whose result fails
    /// validation) rather than let a frame carry a number that no output can write.
    /// - Complexity: per written role, no allocation unless one is found.
    package func firstNonFinite() -> String? {
        // Each edit is read in place through the buffer: a copy of a whole `NodeEdit` costs more than the test.
        storage.slots.withUnsafeBufferPointer { slots in
            var bits = touched
            while bits != 0 {
                let index = bits.trailingZeroBitCount
                bits &= bits - 1
                let edit = slots.baseAddress! + index
                // One sum over the written numbers first (0, or NaN when one is not finite); names only then.
                var sum = 0.0
                if let t = edit.pointee.transform { sum += t.finiteSum }
                if let a = edit.pointee.anchor { sum += a.finiteSum }
                if let a = edit.pointee.alpha { sum += a * 0 }
                if let s = edit.pointee.shadow { sum += s.finiteSum }
                if let f = edit.pointee.frame { sum += f.finiteSum }
                if let c = edit.pointee.color { sum += c.finiteSum }
                if let r = edit.pointee.cornerRadius { sum += r.finiteSum }
                if sum == 0 { continue }
                // Only on failure: the first role in the registry's order (slots follow the order roles were first
                // used), so the message is the same in every process.
                for role in Role.allCases where touched & (1 << UInt32(role.index)) != 0 {
                    if let place = Self.firstNonFinite(slots.baseAddress! + role.index) { return "\(role.rawValue).\(place)" }
                }
            }
            return nil
        }
    }

    /// The first part of `edit` that holds a number that is not finite.
    private static func firstNonFinite(_ edit: UnsafePointer<NodeEdit>) -> String? {
        if let t = edit.pointee.transform, !t.isFinite { return "transform.\(t.firstNonFiniteField)" }
        if let a = edit.pointee.anchor, !a.isFinite { return "anchor" }
        if let a = edit.pointee.alpha, !a.isFinite { return "alpha" }
        if let s = edit.pointee.shadow, !s.isFinite { return "shadow" }
        if let f = edit.pointee.frame, !f.isFinite { return "frame" }
        if let c = edit.pointee.color, !c.isFinite { return "color" }
        if let r = edit.pointee.cornerRadius, !r.isFinite { return "cornerRadius" }
        return nil
    }
}
