// The host's styling half: the pose of each frame, its stylers and what they keep between frames (DESIGN §3).

/// What `PaneHost` keeps to make a frame from its container after the motion: the pose, the stylers of each group,
/// their context and edits, who wrote what, and the accessibility and cross-fade state.
///
/// A value apart from the host's container, so that the host hands the container to `makeFrame` where it is
/// stored: the call opens it once for the whole frame (a mutating method of the host would have to copy it).
struct HostStyling: Sendable {
    /// The stylers of each styler group, by ``StylerGroup/index`` (the container's groups have lists; others stay
    /// empty).
    private var slots: [[Slot]] = []
    private var pose = Pose()
    /// The styler calls' edits, kept between frames for their storage; `applyStylers` moves them out while it runs.
    private var edits: StyleEdits? = StyleEdits()
    private var context: StyleContext
    private var writers: [Int]
    /// The role slots with a row of `writers` written this frame, one bit each, so the next frame clears only those
    /// rows (clearing the whole table, 32 roles by every set-type property, was a tenth of a frame).
    private var writtenRoles: UInt32 = 0
    /// The position of each role's node in the frame being built, −1 when absent (a group's slot: the subject's).
    private var nodeIndex = PerRole(repeating: -1)
    /// The slots `nodeIndex` holds positions for, one bit each, so the next frame clears only those.
    private var indexedSlots: UInt32 = 0
    private var reportedConflicts: Set<Int> = []
    /// The role that held focus on the previous frame (a change is a `focusChanged` event); nil before the first.
    private var lastFocus: Role?
    private var madeFrame = false
    /// Reduced motion's cross-fade (`PaneHost.reducedMotion`).
    private(set) var crossFade = CrossFade()
    private let reducedMotion: Bool

    private struct Slot: Sendable {
        var styler: any Styler
        var enabled = true
    }

    /// The set-type properties whose second writer on one frame is a conflict.
    private typealias SetProperty = Event.StyleProperty

    /// The styling of `container` with the stylers of each group (`PaneHost.init`'s arguments).
    init(container: any Container, stylers: [StylerGroup: [any Styler]], chrome: Bool, reducedMotion: Bool) {
        self.reducedMotion = reducedMotion
        self.context = StyleContext(direction: .left, closed: 1, reveal: 0, size: container.size, container: container.kind)
        self.context.reducedMotion = reducedMotion
        self.writers = Array(repeating: -1, count: Role.capacity * SetProperty.count)
        // Every group the container has gets its slots (a drawer family has all four directions: a split's master
        // changes sides).
        let groups = container.stylerGroups
        slots = Array(repeating: [], count: (groups.map(\.index).max() ?? -1) + 1)
        for group in groups {
            let chosen = stylers[group] ?? container.defaultStylers(for: group)
            let names = Set(chosen.map(\.name))
            let attached = chrome ? container.chromeStylers(for: group).filter { !names.contains($0.name) } : []
            slots[group.index] = (attached + chosen).map { Slot(styler: $0) }
        }
    }

    /// The stylers of `group` that are still enabled, chrome first.
    func stylers(for group: StylerGroup) -> [any Styler] {
        group.index < slots.count ? slots[group.index].filter(\.enabled).map(\.styler) : []
    }

    /// Makes frame `index` at time `t` from `model`, whose motion is already advanced to `t`: poses it, styles the
    /// pose, marks accessibility, checks that every number is finite and writes the frame's fields.
    /// - Throws: `HostError` when a styler fails under `strict`, or a number of the frame is not finite.
    /// - Complexity: per node and styler; no allocation after warm-up with built-in stylers when `frame` is reused
    ///   and no event happens.
    mutating func makeFrame<C: Container>(
        of model: C, into frame: inout Frame, at t: Double, index: Int, strict: Bool,
        onWarning: (@Sendable (String) -> Void)?
    ) throws {
        // Taken out of the frame for the frame's work (and put back at the end) so that it is uniquely referenced.
        var events = frame.events
        frame.events = []
        pose.reset()
        model.pose(into: &pose)
        context.update(frameOf: model, pose: pose, time: t)
        // The pose's node buffer becomes the frame's; the frame's old buffer is the next pose's.
        var nodes = pose.nodes
        pose.nodes = frame.nodes
        frame.nodes = []
        try applyStylers(to: &nodes, of: model, time: t, events: &events, strict: strict, onWarning: onWarning)
        frame.escape = applyAccessibility(to: &nodes, of: model, events: &events)
        if reducedMotion {
            crossFade.apply(to: &nodes, time: t, dragging: context.state == .dragging, atRest: model.isAtRest)
        }
        nodes.sortByZ()
        try Self.checkFinite(nodes, subjects: pose.subjects, of: model, frame: index, time: t)

        frame.index = index
        frame.time = t
        // What the context read from the container for this frame (nothing since changed the container): each read
        // of `state` through the protocol is a switch over the container's motion.
        // The same kind every frame: assigning it anyway retained the new name and released the old.
        if frame.container != context.container { frame.container = context.container }
        frame.state = context.state
        frame.fields.removeAll()
        model.writeFields(into: &frame.fields)
        frame.size = context.size
        var fractions = frame.fractions
        frame.fractions = Fractions()
        fractions.update(from: pose.subjects)
        frame.fractions = fractions
        frame.nodes = nodes
        frame.events = events
    }

    private mutating func applyStylers<C: Container>(
        to nodes: inout [Node], of model: C, time: Double, events: inout [Event], strict: Bool,
        onWarning: (@Sendable (String) -> Void)?
    ) throws {
        // Index loops throughout: for-in over an array allocates in unoptimised builds.
        var written = writtenRoles
        while written != 0 {
            let row = written.trailingZeroBitCount * SetProperty.count
            for i in row..<row + SetProperty.count { writers[i] = -1 }
            written &= written - 1
        }
        writtenRoles = 0
        // Through the table's buffer: one uniqueness check, where each `nodeIndex.slots[…] =` made one.
        var indexed = indexedSlots
        nodeIndex.slots.withUnsafeMutableBufferPointer { index in
            var bits = indexed
            while bits != 0 {
                index[bits.trailingZeroBitCount] = -1
                bits &= bits - 1
            }
            indexed = 0
            for n in 0..<nodes.count {
                let slot = nodes[n].role.index
                index[slot] = n
                indexed |= 1 << UInt32(slot)
            }
        }
        indexedSlots = indexed

        // Moved out for the loop: `compose`, a mutating method of this value, borrowing a stored property of it
        // copied it (a retain and a release each call).
        var edits = self.edits.take()!
        defer { self.edits = edits }
        for k in 0..<pose.subjects.count where pose.subjects[k].styled {
            let subject = pose.subjects[k]
            let group = subject.group.index
            guard group < slots.count, !slots[group].isEmpty else { continue }
            context.update(subject: subject, of: model, nodes: nodes)
            if subject.role.isMember {
                for n in 0..<nodes.count where nodes[n].role == subject.role { nodeIndex.slots[subject.role.index] = n }
            }
            for s in 0..<slots[group].count where slots[group][s].enabled {
                edits.removeAll()
                do {
                    // Called where it is stored, the context passed by address: a copy of the existential (and of
                    // its name) costs a retain, a release and a value witness call each, and one of the context
                    // its 148 bytes.
                    try Self.style(with: &slots[group][s].styler, context: &context, into: &edits)
                    if let place = edits.firstNonFinite() {
                        throw HostError(.nonFiniteEdit, "\(place) is not a finite number", styler: slots[group][s].styler.name)
                    }
                } catch {
                    let styler = slots[group][s].styler
                    slots[group][s].enabled = false
                    let message = "styler \(styler.name) failed and is disabled for the rest of the run: \(error)"
                    events.append(.stylerFailed(styler: styler.name, group: subject.group, error: error))
                    if strict {
                        throw HostError(
                            .stylerFailed, "styler \(styler.name) failed: \(error)", underlying: error, styler: styler.name, time: time)
                    }
                    onWarning?(message)
                    continue
                }
                compose(edits, into: &nodes, writer: writer(group: group, slot: s), events: &events)
            }
        }
    }

    /// Runs `styler` on `context`: each argument is a stored property of the host passed by address, so nothing is
    /// copied (`inout` only for that; neither `styler` nor `context` changes).
    private static func style(with styler: inout any Styler, context: inout StyleContext, into edits: inout StyleEdits) throws {
        try styler.style(context, into: &edits)
    }

    /// Folds one styler's edits into the nodes: transforms concatenate, alpha multiplies, set-type properties
    /// take the last writer and a second writer on one frame is reported once per run. The nodes are visited in
    /// their order (not their roles' slots, which depend on the order roles were first used), so what it reports
    /// is the same in every process.
    private mutating func compose(_ edits: StyleEdits, into nodes: inout [Node], writer: Int, events: inout [Event]) {
        // Each edit is read in place through the buffer: `edits.edits[index]` would copy a whole `NodeEdit`.
        let touched = edits.touched
        // The nodes are written through their buffer too: one uniqueness check for the call, not one per write.
        edits.storage.slots.withUnsafeBufferPointer { slots in
            nodes.withUnsafeMutableBufferPointer { nodes in
                for n in 0..<nodes.count {
                    let index = nodes[n].role.index
                    // An edit of this node's slot that is this node's (a group's slot is its subject's).
                    guard touched & (1 << UInt32(index)) != 0, nodeIndex.slots[index] == n else { continue }
                    let role = nodes[n].role
                    let edit = slots.baseAddress! + index
                    if let t = edit.pointee.transform { nodes[n].style.transform = nodes[n].style.transform.concatenating(t) }
                    if let a = edit.pointee.alpha { nodes[n].style.alpha *= a }
                    if let v = edit.pointee.anchor { claim(.anchor, role, writer, &events); nodes[n].style.anchor = v }
                    if let v = edit.pointee.shadow { claim(.shadow, role, writer, &events); nodes[n].style.shadow = v }
                    if let v = edit.pointee.z { claim(.z, role, writer, &events); nodes[n].style.z = v }
                    if let v = edit.pointee.frame { claim(.frame, role, writer, &events); nodes[n].frame = v }
                    if let v = edit.pointee.hidden { claim(.hidden, role, writer, &events); nodes[n].style.hidden = v }
                    if let v = edit.pointee.color { claim(.color, role, writer, &events); nodes[n].style.color = v }
                    if let v = edit.pointee.cornerRadius {
                        claim(.cornerRadius, role, writer, &events)
                        nodes[n].style.cornerRadius = v
                    }
                }
            }
        }
    }

    // Out of line: only set-type properties call it, and inlined, its table's uniqueness check was made on every
    // `compose` call.
    @inline(never)
    private mutating func claim(_ property: SetProperty, _ role: Role, _ writer: Int, _ events: inout [Event]) {
        let key = role.index * SetProperty.count + property.index
        let previous = writers[key]
        writers[key] = writer
        writtenRoles |= 1 << UInt32(role.index)
        guard previous >= 0, previous != writer, !reportedConflicts.contains(key) else { return }
        reportedConflicts.insert(key)
        // The names only now: reading a styler's name each call was a witness call and a retain and release.
        events.append(.styleConflict(role: role, property: property, first: stylerName(previous), second: stylerName(writer)))
    }

    /// The name of the styler with writer number `writer` (`writer(group:slot:)`).
    private func stylerName(_ writer: Int) -> String { slots[writer % slots.count][writer / slots.count].styler.name }

    /// The writer number of slot `slot` of group `group`: distinct for every slot of every group, however many
    /// stylers a group has (a fixed stride of 64 let a 65th styler alias the next group's).
    private func writer(group: Int, slot: Int) -> Int { slot * slots.count + group }

    /// Ends the run when the container's geometry, or a composition of finite edits, overflowed to NaN or an
    /// infinity: no output can write one, and writing 0 instead would be a silent lie.
    /// - Complexity: per node, no allocation unless one is found.
    // Static: a method of this value would copy it whole to call (it is larger than a register set).
    private static func checkFinite<C: Container>(
        _ nodes: [Node], subjects: [Subject], of model: C, frame frameIndex: Int, time: Double
    ) throws {
        try nodes.withUnsafeBufferPointer { nodes in  // in place: `nodes[n]` would copy each whole node
            guard let (n, place) = Node.firstNonFinite(in: nodes) else { return }
            throw HostError(
                .nonFiniteFrame,
                "frame \(frameIndex) (t = \(NumberFormat.string(time)) s): \(nodes[n].role.rawValue).\(place) is not a finite number; "
                    + "the scenario's numbers are beyond what the \(model.typeName) container can compute", time: time)
        }
        if let i = Subject.firstNonFinite(subjects) {
            throw HostError(
                .nonFiniteFrame,
                "frame \(frameIndex) (t = \(NumberFormat.string(time)) s): the \(subjects[i].role.rawValue) closed fraction "
                    + "or reveal is not a finite number; "
                    + "the scenario's numbers are beyond what the \(model.typeName) container can compute", time: time)
        }
    }

    /// Marks each node reachable and focused as the container's `Accessibility` says (a hidden node is neither) and
    /// reports a change of focus after the first frame; returns whether an escape is available.
    /// - Complexity: per node, no allocation unless the focus changes.
    private mutating func applyAccessibility<C: Container>(to nodes: inout [Node], of model: C, events: inout [Event]) -> Bool {
        let semantics = model.accessibility(of: pose)
        var focus: Role?
        // In place through the buffer: each `nodes[n].… =` checked the array's uniqueness again.
        nodes.withUnsafeMutableBufferPointer { nodes in
            for n in 0..<nodes.count {
                let role = nodes[n].role
                let reachable = semantics.isReachable(role) && !nodes[n].style.hidden
                let focused = reachable && role == semantics.focus
                nodes[n].accessible = reachable
                nodes[n].focus = focused
                if focused { focus = role }
            }
        }
        if madeFrame, focus != lastFocus {
            events.append(.focusChanged(role: focus))
        }
        madeFrame = true
        lastFocus = focus
        return semantics.escape
    }
}
