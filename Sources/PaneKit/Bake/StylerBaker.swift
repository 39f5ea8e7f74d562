// Bakes any styler into a table of samples over the closed fraction, placed adaptively to meet an error bound.

/// How closely a baked table must follow its styler.
package struct BakeBound: Sendable, Equatable {
    /// Largest distance, in points, between a live and a baked corner of any node (also shadow radius and offset).
    package var points: Double
    /// Largest difference of alpha (also shadow opacity and colour channels).
    package var alpha: Double

    /// A bound of `points` on corner positions and `alpha` on opacities; the defaults are 0.25 pt and 0.005.
    package init(points: Double = 0.25, alpha: Double = 0.005) {
        self.points = points
        self.alpha = alpha
    }
}

/// The worst difference between a baked table and its styler over the fractions checked.
package struct BakeDifference: Sendable, Equatable {
    /// The largest distance in points between a live and a baked corner (or shadow radius and offset).
    package var points: Double = 0
    /// The largest difference of alpha (or shadow opacity and colour channels).
    package var alpha: Double = 0
    /// Fractions where a set-type property (which properties are written, `z`, `hidden`) differed.
    package var setMismatches: Int = 0
    /// Where the largest corner difference was found.
    package var worstFraction: Double = 0
    /// The group (a drawer's direction) where the largest corner difference was found.
    package var worstGroup: StylerGroup = .left

    /// No difference yet: every measure 0.
    package init() {}

    /// Whether every difference is inside `bound` and no set-type property differed.
    package func within(_ bound: BakeBound) -> Bool { points <= bound.points && alpha <= bound.alpha && setMismatches == 0 }

    mutating func merge(_ points: Double, _ alpha: Double, exact: Bool, at closed: Double, _ group: StylerGroup) {
        if !exact {
            setMismatches += 1
            return
        }
        if points > self.points {
            self.points = points
            worstFraction = closed
            worstGroup = group
        }
        self.alpha = max(self.alpha, alpha)
    }
}

/// Why a styler could not be baked, or a bake file could not be read.
///
/// ``reason`` says which, for an app to act on; ``message`` is the text a person reads.
public struct BakeError: ReasonedError {
    /// Why a bake failed, for an app to compare or `switch` on; new reasons may be added, so a `switch` needs a
    /// `default`.
    public struct Reason: ErrorReason {
        package enum Kind: String {
            case noSuchDrawer, stylerFailed, nonFiniteEdit, impure
            case tooManySamples, syntax, invalidFile, unsupportedVersion, other
        }
        package let kind: Kind
        /// The container has no drawer in a direction asked for.
        package static let noSuchDrawer = Reason(kind: .noSuchDrawer)
        /// The styler threw at a sampled fraction.
        package static let stylerFailed = Reason(kind: .stylerFailed)
        /// The styler wrote NaN or an infinity at a sampled fraction.
        package static let nonFiniteEdit = Reason(kind: .nonFiniteEdit)
        /// The styler reads `ctx.time`, `ctx.velocity` or `ctx.state`, which a table by closed fraction cannot hold.
        package static let impure = Reason(kind: .impure)
        /// The styler needs more than `StylerBaker.maximumSamples` samples to stay within the bound.
        package static let tooManySamples = Reason(kind: .tooManySamples)
        /// A bake file is not JSON.
        public static let syntax = Reason(kind: .syntax)
        /// A bake file has a value of the wrong type, out of range, unknown or repeated at a place it names.
        public static let invalidFile = Reason(kind: .invalidFile)
        /// A bake file is of another version than this PaneKit reads.
        public static let unsupportedVersion = Reason(kind: .unsupportedVersion)
        /// An error made with `BakeError.init(_:)`, which names no reason.
        public static let other = Reason(kind: .other)
    }

    /// Why the bake failed.
    public var reason: Reason
    /// What went wrong, naming the file and place or the styler and fraction.
    public var message: String
    /// The bake file's name, for an error reading one.
    public var file: String?
    /// The place in the bake file: a JSON path (`directions[0].closed[3]`), or `line:column` for a syntax error.
    public var path: String?
    /// An error for `reason` with the text a person reads, at `path` in `file` when it is about a bake file.
    package init(_ reason: Reason, _ message: String, file: String? = nil, path: String? = nil) {
        self.reason = reason
        self.message = message
        self.file = file
        self.path = path
    }
    /// An error with the text a person reads; its reason is ``Reason/other``.
    package init(_ message: String) { self.init(.other, message) }
}

/// Samples a styler over the closed fraction −0.3…1.1 and builds the `BakedStyler` that plays it back.
package enum StylerBaker {
    /// The closed fractions a bake covers.
    package static let range: ClosedRange<Double> = -0.3...1.1
    /// The narrowest interval the baker splits: a jump is located to this width.
    static let narrowest = 1e-9
    /// The narrowest interval split for a continuous property that misses the bound.
    static let narrowestContinuous = 1e-6
    /// The most samples one direction may take.
    package static let maximumSamples = 4000
    /// Probes per interval, at k/8 of its width.
    static let probes = 7

    /// Bakes `styler` on `container` for each of `groups` (a drawer's directions).
    ///
    /// Samples start every 0.1 (so 0 and 1, where stylers often bend, are samples) and each interval is split in
    /// two while playback at its probes differs from the styler by more than half the bound, or writes a
    /// different set of properties, `z` or `hidden`. The finished table is then checked at 1,001 fractions and
    /// between every two samples, and the worst difference is returned.
    /// - Parameters:
    ///   - styler: the styler to sample; it must read only the closed fraction, sizes and frames.
    ///   - name: the name the baked styler registers under.
    ///   - origin: the styler name, parameters, container type and size recorded in the file.
    ///   - container: the container the styler is posed on (its type, size and reveal widths).
    ///   - groups: the groups to bake, one track each.
    ///   - bound: the largest difference allowed between the table and the styler (points on corners, alpha).
    /// - Throws: `BakeError` when the styler fails, reads `ctx.time`, `ctx.velocity` or `ctx.state` (detected by
    ///   calling it again with other values and comparing), or a direction has no drawer.
    package static func bake(
        _ styler: any Styler, name: String, origin: BakeOrigin, container: ContainerSpec, groups: [StylerGroup],
        bound: BakeBound = BakeBound()
    ) throws(BakeError) -> (styler: BakedStyler, difference: BakeDifference) {
        try bake(styler, name: name, origin: origin, containers: groups.map { ($0, container) }, bound: bound)
    }

    /// Bakes `styler` for each group on its own container (the drawer of that direction at its reveal), in group
    /// order.
    package static func bake(
        _ styler: any Styler, name: String, origin: BakeOrigin, containers: [(StylerGroup, ContainerSpec)],
        bound: BakeBound = BakeBound()
    ) throws(BakeError) -> (styler: BakedStyler, difference: BakeDifference) {
        var tracks: [BakedTrack] = []
        for (group, container) in containers.sorted(by: { $0.0 < $1.0 }) where !tracks.contains(where: { $0.group == group }) {
            guard container.configuration.stylerGroups.contains(group) else {
                throw BakeError(
                    .noSuchDrawer,
                    "the \(container.typeName) container has no \(group.direction.map { "\($0.rawValue) drawer" } ?? group.rawValue) to bake for"
                )
            }
            // The group's first subject, then each subject styled in step with it (a navigation stack's screen
            // below), which a pose half way shows.
            let members = container.posedContexts(group, closed: 0.5).map(\.bakeMember).filter { $0 > 0 }
            for member in [0] + Set(members).sorted() {
                var poser = Poser(
                    styler: styler, container: container, group: group, member: member, layout: origin.layoutDirection)
                try poser.checkPurity()
                tracks.append(try poser.track(bound: BakeBound(points: bound.points / 2, alpha: bound.alpha / 2)))
            }
        }
        let baked = BakedStyler(name: name, origin: origin, tracks: tracks)
        return (baked, try difference(baked, from: styler, containers: containers))
    }

    /// The worst difference between `baked` and `styler` at 1,001 fractions over the range and at the midpoint
    /// of every two samples (except the two that bracket a jump, a billionth apart), for each baked direction.
    /// - Throws: `BakeError` when the styler fails.
    package static func difference(
        _ baked: BakedStyler, from styler: any Styler, containers: [(StylerGroup, ContainerSpec)]
    ) throws(BakeError) -> BakeDifference {
        var result = BakeDifference()
        let roles = Role.allCases
        for track in baked.tracks {
            guard let container = containers.first(where: { $0.0 == track.group })?.1 else { continue }
            var poser = Poser(
                styler: styler, container: container, group: track.group, member: track.member, layout: baked.origin.layoutDirection)
            for closed in checkFractions(track.fractions) {
                let pose = poser.context(closed)
                let live = try poser.edits(pose)
                for role in roles {
                    let slot = track.roles.firstIndex(of: role)
                    let played = slot.map { track.edit(slot: $0, at: closed) } ?? NodeEdit()
                    let d = Self.compare(live[role], played, frame: pose.frames[role], size: pose.size)
                    result.merge(d.points, d.alpha, exact: d.exact, at: closed, track.group)
                }
            }
        }
        return result
    }

    /// The fractions a table is checked at: 1,001 over the range, and the midpoint of every two samples except
    /// the two that bracket a jump (located to `narrowest`), where no playback can be right.
    static func checkFractions(_ samples: [Double]) -> [Double] {
        var fractions = (0...1000).map { range.lowerBound + (range.upperBound - range.lowerBound) * Double($0) / 1000 }
        for i in 1..<max(1, samples.count) where samples[i] - samples[i - 1] > 2 * narrowest {
            fractions.append((samples[i - 1] + samples[i]) / 2)
        }
        return fractions
    }

    /// The difference between two edits of one node: the farthest corner in points, the largest alpha-like
    /// difference, and whether their set-type properties agree.
    static func compare(_ a: NodeEdit, _ b: NodeEdit, frame: Rect?, size: Size) -> (points: Double, alpha: Double, exact: Bool) {
        guard a.z == b.z, a.hidden == b.hidden, (a.transform == nil) == (b.transform == nil), (a.anchor == nil) == (b.anchor == nil),
            (a.alpha == nil) == (b.alpha == nil), (a.shadow == nil) == (b.shadow == nil), (a.frame == nil) == (b.frame == nil),
            (a.color == nil) == (b.color == nil), (a.cornerRadius == nil) == (b.cornerRadius == nil)
        else { return (.infinity, .infinity, false) }
        let base = frame ?? Rect(x: 0, y: 0, width: size.width, height: size.height)
        func node(_ e: NodeEdit) -> Quad {
            Node(
                role: .pane, frame: e.frame ?? base,
                style: NodeStyle(transform: e.transform ?? .identity, anchor: e.anchor ?? Point(x: 0.5, y: 0.5))
            ).corners
        }
        func distance(_ p: Point, _ q: Point) -> Double { ((p.x - q.x) * (p.x - q.x) + (p.y - q.y) * (p.y - q.y)).squareRoot() }
        let qa = node(a), qb = node(b)
        var points = max(
            distance(qa.topLeft, qb.topLeft), distance(qa.topRight, qb.topRight), distance(qa.bottomRight, qb.bottomRight),
            distance(qa.bottomLeft, qb.bottomLeft))
        var alpha = abs((a.alpha ?? 1) - (b.alpha ?? 1))
        func colorDifference(_ p: Color, _ q: Color) -> Double {
            max(abs(p.red - q.red), abs(p.green - q.green), abs(p.blue - q.blue), abs(p.alpha - q.alpha))
        }
        if let s = a.shadow, let t = b.shadow {
            points = max(points, abs(s.radius - t.radius), distance(s.offset, t.offset))
            alpha = max(alpha, abs(s.opacity - t.opacity), colorDifference(s.color, t.color))
        }
        if let p = a.color, let q = b.color { alpha = max(alpha, colorDifference(p, q)) }
        if let p = a.cornerRadius, let q = b.cornerRadius {
            points = max(points, zip(p.values, q.values).map { abs($0 - $1) }.max() ?? 0)
        }
        if !points.isFinite || !alpha.isFinite { return (.infinity, .infinity, false) }
        return (points, alpha, true)
    }
}

/// Poses one group's subject of a container at any closed fraction and runs the styler there, as the host would.
struct Poser {
    let styler: any Styler
    let container: ContainerSpec
    let group: StylerGroup
    /// The subject of the group it poses (`Subject.bakeMember`): 0 the first, k one styled in step with it.
    let member: Int
    /// The reading direction the styler is told (`ctx.leading`); the pose itself is physical, the same in both.
    let layout: LayoutDirection
    /// Every role, read once.
    let roles = Role.allCases
    private var edits = StyleEdits()

    init(styler: any Styler, container: ContainerSpec, group: StylerGroup, member: Int = 0, layout: LayoutDirection = .ltr) {
        self.styler = styler
        self.container = container
        self.group = group
        self.member = member
        self.layout = layout
    }

    /// `left drawer`, or a group's name (`cards`).
    static func subject(_ group: StylerGroup) -> String { group.direction.map { "\($0.rawValue) drawer" } ?? group.rawValue }

    /// One sample: each role's edit with its transform taken apart.
    static func sampled(_ edits: PerRole<NodeEdit>) -> PerRole<BakedEdit> { PerRole { BakedEdit(edits[$0]) } }

    /// The context the host builds for `group`'s subject (of `member`) with the container posed statically at
    /// `closed`; the first subject's where the pose has no such member (`edits` gives none there).
    func context(_ closed: Double) -> StyleContext {
        var context =
            member == 0
            ? container.posedContext(group, closed: closed)
            : container.posedContexts(group, closed: closed).first { $0.bakeMember == member }
                ?? container.posedContext(group, closed: closed)
        context.layoutDirection = layout
        return context
    }

    /// The styler's edits for `context`, one per role; none where the pose has no subject of `member`.
    mutating func edits(_ context: StyleContext) throws(BakeError) -> PerRole<NodeEdit> {
        edits.removeAll()
        guard context.bakeMember == member else { return edits.edits }
        do {
            try styler.style(context, into: &edits)
        } catch {
            throw BakeError(.stylerFailed, "\(styler.name) failed at closed \(NumberFormat.string(context.closed)): \(error)")
        }
        if let place = edits.firstNonFinite() {
            throw BakeError(
                .nonFiniteEdit,
                "\(styler.name) wrote a number that is not finite at closed \(NumberFormat.string(context.closed)): \(place)")
        }
        return edits.edits
    }

    /// Refuses a styler whose edits change with the time, the velocity or the container state: a table indexed by
    /// the closed fraction cannot hold them. Each grid fraction is styled again at other times, velocities and in
    /// every state name.
    mutating func checkPurity() throws(BakeError) {
        let states = ContainerState.allCases
        for step in 0...14 {
            let base = context(Double(step - 3) / 10)
            let expected = try edits(base)
            for time in [0.37, 2.5, 61] {
                var varied = base
                varied.time = time
                if try edits(varied) != expected { throw impure("ctx.time", base.closed) }
            }
            for velocity in [-3.0, 2.0] {
                var varied = base
                varied.velocity = velocity
                if try edits(varied) != expected { throw impure("ctx.velocity", base.closed) }
            }
            for state in states where state != base.state {
                var varied = base
                varied.state = state
                if try edits(varied) != expected { throw impure("ctx.state", base.closed) }
            }
        }
    }

    private func impure(_ field: String, _ closed: Double) -> BakeError {
        BakeError(
            .impure,
            "\(styler.name) reads \(field): at closed \(NumberFormat.string(closed)) on the \(Self.subject(group)) its edits "
                + "change with \(field == "ctx.time" ? "the time" : field == "ctx.velocity" ? "the velocity" : "the container state"), which a table indexed by the "
                + "closed fraction cannot reproduce; it cannot be baked")
    }

    /// The samples of this direction, refined until playback is within `bound` at every probe.
    mutating func track(bound: BakeBound) throws(BakeError) -> BakedTrack {
        var fractions: [Double] = []
        var samples: [PerRole<BakedEdit>] = []
        func sample(_ closed: Double) throws(BakeError) -> PerRole<BakedEdit> { Self.sampled(try edits(context(closed))) }
        var previous = try sample(-0.3)
        fractions.append(-0.3)
        samples.append(previous)
        for step in 1...14 {
            let b = Double(step - 3) / 10
            let next = try sample(b)
            try refine(fractions.last!, previous, b, next, bound: bound, into: &fractions, &samples)
            fractions.append(b)
            samples.append(next)
            previous = next
        }
        // Probes can miss a peak of the error between them: check as `difference` does, and split every interval
        // where the check fails, until it passes.
        for _ in 0..<24 {
            var failing: Set<Int> = []
            for closed in StylerBaker.checkFractions(fractions) {
                let probe = context(closed)
                let live = try edits(probe)
                guard let i = fractions.lastIndex(where: { $0 <= closed }), i + 1 < fractions.count, fractions[i] != closed else {
                    continue
                }
                let u = (closed - fractions[i]) / (fractions[i + 1] - fractions[i])
                for role in roles {
                    let d = StylerBaker.compare(
                        live[role], BakedTrack.blend(samples[i][role], samples[i + 1][role], u), frame: probe.frames[role],
                        size: probe.size)
                    if d.exact && (d.points > bound.points || d.alpha > bound.alpha) { failing.insert(i) }
                }
            }
            if failing.isEmpty { break }
            for i in failing.sorted(by: >) where fractions[i + 1] - fractions[i] > StylerBaker.narrowestContinuous {
                let m = (fractions[i] + fractions[i + 1]) / 2
                fractions.insert(m, at: i + 1)
                samples.insert(try sample(m), at: i + 1)
            }
        }
        return track(fractions, samples)
    }

    private mutating func track(_ fractions: [Double], _ samples: [PerRole<BakedEdit>]) -> BakedTrack {
        var roles: [Role] = []
        for role in self.roles where samples.contains(where: { !$0[role].edit.isEmpty }) { roles.append(role) }
        var flat: [BakedEdit] = []
        flat.reserveCapacity(fractions.count * roles.count)
        for s in samples { for role in roles { flat.append(s[role]) } }
        let reveal = context(0.5).reveal
        return BakedTrack(group: group, member: member, reveal: reveal, roles: roles, fractions: fractions, edits: flat)
    }

    /// Appends the samples strictly between `a` and `b` that playback needs there, in order.
    private mutating func refine(
        _ a: Double, _ sa: PerRole<BakedEdit>, _ b: Double, _ sb: PerRole<BakedEdit>, bound: BakeBound,
        into fractions: inout [Double], _ samples: inout [PerRole<BakedEdit>]
    ) throws(BakeError) {
        guard b - a > StylerBaker.narrowest else { return }
        guard fractions.count < StylerBaker.maximumSamples else {
            throw BakeError(
                .tooManySamples,
                "\(styler.name) needs more than \(StylerBaker.maximumSamples) samples on the \(Self.subject(group)) "
                    + "(near closed \(NumberFormat.string(a))) to stay within the bound; it cannot be baked")
        }
        var fits = true, setMismatch = false
        for k in 1...StylerBaker.probes where fits {
            let u = Double(k) / Double(StylerBaker.probes + 1)
            let probe = context(a + (b - a) * u)
            let live = try edits(probe)
            for role in roles where !(live[role].isEmpty && sa[role].edit.isEmpty && sb[role].edit.isEmpty) {
                let played = BakedTrack.blend(sa[role], sb[role], u)
                let d = StylerBaker.compare(live[role], played, frame: probe.frames[role], size: probe.size)
                if !d.exact || d.points > bound.points || d.alpha > bound.alpha {
                    fits = false
                    setMismatch = !d.exact
                    break
                }
            }
        }
        // A jump of a set-type property is located to `narrowest`; a continuous one that still misses at
        // `narrowestContinuous` is a jump too (the final check reports it if it matters).
        if fits || (!setMismatch && b - a <= StylerBaker.narrowestContinuous) { return }
        let m = (a + b) / 2
        let sm = Self.sampled(try edits(context(m)))
        try refine(a, sa, m, sm, bound: bound, into: &fractions, &samples)
        fractions.append(m)
        samples.append(sm)
        try refine(m, sm, b, sb, bound: bound, into: &fractions, &samples)
    }
}
