// A styler played back from a baked table: the edits of another styler sampled over the closed fraction.

/// One node's edit at one sampled closed fraction, with its transform taken apart for blending.
package struct BakedEdit: Sendable, Equatable {
    /// The edit as the styler wrote it.
    package var edit: NodeEdit
    var parts: TransformParts

    /// A sample holding `edit`, with its transform taken apart once here so playback blends without work.
    package init(_ edit: NodeEdit) {
        self.edit = edit
        parts = TransformParts(edit.transform ?? .identity)
    }
}

/// The samples of one styler group (a drawer's direction): closed fractions in increasing order and, for each, one
/// edit per baked role.
package struct BakedTrack: Sendable, Equatable {
    /// The group whose subject this track styles (a drawer's direction).
    package var group: StylerGroup
    /// Which of the group's subjects it plays (`Subject.bakeMember`): 0 the first, by its own closed fraction; k a
    /// subject styled in step with the first (a navigation stack's screen below), by the first one's.
    package var member: Int
    /// The drawer this track styles (a group that is no direction: left).
    package var direction: Direction { group.direction ?? .left }
    /// The drawer's reveal width the table was baked for.
    package var reveal: Double
    /// The roles the styler wrote at any fraction (ORDER ROLE).
    package var roles: [Role]
    /// Increasing closed fractions.
    package var fractions: [Double]
    /// `edits[i * roles.count + r]`: the edit of `roles[r]` at `fractions[i]`.
    package var edits: [BakedEdit]

    /// A track from its samples; `edits` holds `roles.count` edits per fraction, fraction by fraction.
    package init(group: StylerGroup, member: Int = 0, reveal: Double, roles: [Role], fractions: [Double], edits: [BakedEdit]) {
        self.group = group
        self.member = member
        self.reveal = reveal
        self.roles = roles
        self.fractions = fractions
        self.edits = edits
    }

    /// The edit of role slot `r` at `closed`: a sample's own edit at a sampled fraction, else the blend of the two
    /// samples around it. Outside the baked range the nearest end holds.
    ///
    /// Continuous properties blend (transform by `TransformParts`, alpha, anchor, frame, shadow and colour
    /// linearly). Which properties are written, `z` and `hidden` take the nearer sample's values: the baker places
    /// samples so that these change only between two samples a billionth of a fraction apart.
    /// - Complexity: O(log samples), no allocation.
    package func edit(slot r: Int, at closed: Double) -> NodeEdit {
        let n = fractions.count
        let stride = roles.count
        if closed <= fractions[0] { return edits[r].edit }
        if closed >= fractions[n - 1] { return edits[(n - 1) * stride + r].edit }
        var low = 0, high = n - 1  // fractions[low] < closed < fractions[high] or equal
        while high - low > 1 {
            let mid = (low + high) / 2
            if fractions[mid] <= closed { low = mid } else { high = mid }
        }
        let a = edits[low * stride + r], b = edits[high * stride + r]
        if closed == fractions[low] { return a.edit }
        let u = (closed - fractions[low]) / (fractions[high] - fractions[low])
        return Self.blend(a, b, u)
    }

    /// The edit between samples `a` and `b` at `u` in 0…1.
    /// - Complexity: no allocation.
    static func blend(_ a: BakedEdit, _ b: BakedEdit, _ u: Double) -> NodeEdit {
        let x = a.edit, y = b.edit
        let near = u < 0.5 ? x : y
        guard x.z == y.z, x.hidden == y.hidden, x.transform == nil && y.transform == nil || x.transform != nil && y.transform != nil,
            (x.anchor == nil) == (y.anchor == nil), (x.alpha == nil) == (y.alpha == nil),
            (x.shadow == nil) == (y.shadow == nil), (x.frame == nil) == (y.frame == nil), (x.color == nil) == (y.color == nil),
            (x.cornerRadius == nil) == (y.cornerRadius == nil)
        else { return near }
        func l(_ p: Double, _ q: Double) -> Double { p + (q - p) * u }
        var e = near
        if x.transform != nil { e.transform = x.transform == y.transform ? x.transform : TransformParts.blend(a.parts, b.parts, u) }
        if let p = x.anchor, let q = y.anchor { e.anchor = Point(x: l(p.x, q.x), y: l(p.y, q.y)) }
        if let p = x.alpha, let q = y.alpha { e.alpha = l(p, q) }
        if let p = x.frame, let q = y.frame {
            e.frame = Rect(x: l(p.x, q.x), y: l(p.y, q.y), width: l(p.width, q.width), height: l(p.height, q.height))
        }
        if let p = x.shadow, let q = y.shadow {
            e.shadow = Shadow(
                radius: l(p.radius, q.radius), opacity: l(p.opacity, q.opacity),
                offset: Point(x: l(p.offset.x, q.offset.x), y: l(p.offset.y, q.offset.y)), color: blend(p.color, q.color, u))
        }
        if let p = x.color, let q = y.color { e.color = blend(p, q, u) }
        if let p = x.cornerRadius, let q = y.cornerRadius {
            e.cornerRadius = CornerRadius(
                topLeft: l(p.topLeft, q.topLeft), topRight: l(p.topRight, q.topRight),
                bottomRight: l(p.bottomRight, q.bottomRight), bottomLeft: l(p.bottomLeft, q.bottomLeft))
        }
        return e
    }

    private static func blend(_ p: Color, _ q: Color, _ u: Double) -> Color {
        Color(
            red: p.red + (q.red - p.red) * u, green: p.green + (q.green - p.green) * u,
            blue: p.blue + (q.blue - p.blue) * u, alpha: p.alpha + (q.alpha - p.alpha) * u)
    }
}

/// What a bake was made from and for: enough to say why a table does not fit a container.
package struct BakeOrigin: Sendable, Equatable {
    /// The baked styler's registered name.
    package var styler: String
    /// The parameters it was baked with, by name.
    package var params: [String: ParamValue]
    /// The container type it was posed on (the file's `container`: `drawer`, `dynamics`, `split`, `sidemenu`).
    package var container: ContainerKind
    /// The container size it was baked for.
    package var size: Size
    /// The reading direction the styler saw (`ctx.leading`, `StyleContext.layoutDirection`); the file's
    /// `layoutDirection`, written only for `rtl`.
    package var layoutDirection: LayoutDirection

    /// The record of a bake: the styler, its parameters, the container type and size in points, and the layout
    /// direction it was posed in.
    package init(
        styler: String, params: [String: ParamValue], container: ContainerKind, size: Size,
        layoutDirection: LayoutDirection = .ltr
    ) {
        self.styler = styler
        self.params = params
        self.container = container
        self.size = size
        self.layoutDirection = layoutDirection
    }
}

/// A styler that plays a baked table back: no Lua, no styler code, only interpolation.
///
/// A table holds the edits that one styler wrote for one container type, container size and reveal width per
/// direction. Edits in points (translations, frames) do not carry over to another geometry, so a baked styler
/// refuses other ones: `style` throws a `StylerError` that names what the table was baked for and what it met
/// (the host turns that into a `stylerFailed` event, or a fatal error with `strict`). Bake again for that size.
public struct BakedStyler: Styler {
    public var name: String
    /// What the table was baked from and for, checked against every context it is played on.
    package var origin: BakeOrigin
    /// One track per baked direction (ORDER DIRECTION); setting it (or changing a track) rebuilds the index.
    package var tracks: [BakedTrack] {
        didSet { trackIndex = Self.index(tracks) }
    }
    /// The track index of each group, by `StylerGroup.index`; -1 (or past the end) for a group not baked.
    private var trackIndex: [Int]

    /// A baked styler registered as `name`, playing `tracks`.
    package init(name: String, origin: BakeOrigin, tracks: [BakedTrack]) {
        self.name = name
        self.origin = origin
        self.tracks = tracks
        trackIndex = Self.index(tracks)
    }

    /// The track index of each group's first subject (the last such track of a group wins, as the initialiser
    /// always did).
    private static func index(_ tracks: [BakedTrack]) -> [Int] {
        var index = Array(repeating: -1, count: max(4, (tracks.map(\.group.index).max() ?? 0) + 1))
        for (i, track) in tracks.enumerated() where track.member == 0 { index[track.group.index] = i }
        return index
    }

    /// The track of `group` (a drawer's direction: `track(.left)`), if baked.
    package func track(_ group: StylerGroup) -> BakedTrack? {
        let i = group.index < trackIndex.count ? trackIndex[group.index] : -1
        return i < 0 ? nil : tracks[i]
    }

    /// Writes the baked edits for `context.closed`.
    /// - Throws: `StylerError` when the context's direction, container, size, reveal or layout direction is not the
    ///   one baked.
    /// - Complexity: per baked role O(log samples), no allocation.
    public func style(_ context: StyleContext, into edits: inout StyleEdits) throws {
        var i = context.group.index < trackIndex.count ? trackIndex[context.group.index] : -1
        var closed = context.closed
        // A subject styled in step with its group's first one plays its own track at that one's fraction; a table
        // baked without it plays the first subject's track, as before.
        if context.bakeMember > 0, let member = tracks.firstIndex(where: { $0.group == context.group && $0.member == context.bakeMember }) {
            i = member
            closed = context.bakeKey
        }
        guard i >= 0 else { throw mismatch(context, "the \(Self.subject(context.group)), which it has no table for") }
        let track = tracks[i]
        // The fields are public: a table whose arrays disagree is refused here rather than read out of range.
        guard !track.fractions.isEmpty, track.edits.count == track.fractions.count * track.roles.count else {
            throw StylerError(
                .malformedTable,
                styler: name,
                message: "\(name): the \(track.group.rawValue) table has \(track.edits.count) edits, expected "
                    + "\(track.fractions.count) fractions × \(track.roles.count) roles (at least one fraction)")
        }
        guard context.container == origin.container, Self.same(context.size.width, origin.size.width),
            Self.same(context.size.height, origin.size.height), Self.same(context.reveal, track.reveal)
        else {
            throw mismatch(
                context,
                "a \(context.container) container of \(Self.text(context.size)) with reveal "
                    + NumberFormat.message(context.reveal))
        }
        guard context.layoutDirection == origin.layoutDirection else {
            // A styler may read ctx.leading: the table holds what it wrote in one reading direction only.
            throw StylerError(
                .layoutMismatch,
                styler: name,
                message: "\(name): baked from \(origin.styler) in a \(origin.layoutDirection.rawValue) layout, but met an "
                    + "\(context.layoutDirection.rawValue) container; bake it again for that layout (panekit bake "
                    + "\(origin.styler) --layout-direction \(context.layoutDirection.rawValue) …)")
        }
        for r in 0..<track.roles.count {
            let edit = track.edit(slot: r, at: closed)
            if !edit.isEmpty { edits[track.roles[r]] = edit }
        }
    }

    private static func same(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 1e-6 }

    /// `left drawer`, or a group's name (`cards`).
    private static func subject(_ group: StylerGroup) -> String { group.direction.map { "\($0.rawValue) drawer" } ?? group.rawValue }

    private static func text(_ size: Size) -> String { NumberFormat.message(size.width) + "x" + NumberFormat.message(size.height) }

    private func mismatch(_ context: StyleContext, _ met: String) -> StylerError {
        let baked = tracks.map { "\($0.group.rawValue) reveal \(NumberFormat.message($0.reveal))" }.joined(separator: ", ")
        return StylerError(
            .geometryMismatch,
            styler: name,
            message: "\(name): baked from \(origin.styler) for a \(origin.container.rawValue) container of \(Self.text(origin.size)) "
                + "(\(baked)), but met \(met); bake it again for that geometry "
                + "(panekit bake \(origin.styler) --container \(context.container) --size \(Self.text(context.size)) "
                + "--reveal \(NumberFormat.message(context.reveal)) --direction \(context.group.rawValue))")
    }
}
