// What a navigation styler decides for one screen, and the one place it becomes edits: the offset towards the
// edge the screen enters from, scale, opacity, the dim over the screen below, corners, shadow and a clip.

/// One screen's look on a frame, written by a `nav.*` styler and applied by ``apply(_:into:)``.
package struct NavigationLook: Sendable {
    /// The offset towards the edge the screen enters from, as a fraction of the width (height for a vertical edge).
    package var along = 0.0
    /// A further offset towards that edge, in points (Android's 96-dp slides, MDC's 30 dp).
    package var points = 0.0
    /// An offset across it, in points (down for a horizontal edge).
    package var across = 0.0
    /// The scale, about the anchor.
    package var scale = 1.0
    /// Whether the scale is about the top centre (a card pushed back) rather than the centre.
    package var anchorTop = false
    /// The opacity.
    package var alpha = 1.0
    /// The dim over the screen below, written only by the screen below (`StyleContext.below`): one writer, since alpha edits
    /// multiply.
    package var dim: Double?
    /// The dim's colour.
    package var dimColor = Color.black
    /// The corner radius: all four corners, or only the top ones with `topCornersOnly`.
    package var corner: Double?
    /// Whether `corner` rounds only the top corners (a modal card).
    package var topCornersOnly = false
    /// The shadow.
    package var shadow: Shadow?
    /// The visible part of the screen from its bottom, as a fraction of its height (a reveal from the bottom).
    package var clipFromBottom: Double?

    /// A look at rest.
    package init() {}

    /// Writes the look into the edits of the context's screen (and the overlay).
    /// - Complexity: per call, no allocation.
    package func apply(_ context: StyleContext, into edits: inout StyleEdits) {
        let w = context.size.width, h = context.size.height
        let (ux, uy): (Double, Double) =
            switch context.direction {
            case .right: (1, 0)
            case .left: (-1, 0)
            case .bottom: (0, 1)
            case .top: (0, -1)
            }
        let length = ux != 0 ? w : h
        let offset = along * length + points
        let dx = ux * offset + (ux == 0 ? across : 0), dy = uy * offset + (uy == 0 ? across : 0)
        let node = context.drawer
        if let clipFromBottom {
            let visible = min(max(clipFromBottom, 0), 1) * h
            edits[node].frame = Rect(x: 0, y: h - visible, width: w, height: visible)
        }
        // The transform and alpha are written on every call, identity or not, so a baked table blends like values.
        if anchorTop { edits[node].anchor = Point(x: 0.5, y: 0) }
        edits[node].transform = Transform3D.scale(x: scale, y: scale, z: 1).concatenating(.translation(x: dx, y: dy))
        edits[node].alpha = min(max(alpha, 0), 1)
        if let corner {
            edits[node].cornerRadius =
                topCornersOnly ? CornerRadius(topLeft: corner, topRight: corner, bottomRight: 0, bottomLeft: 0) : CornerRadius(corner)
        }
        if let shadow { edits[node].shadow = shadow }
        if let dim, context.isBelow {
            edits[.overlay].hidden = dim <= 0
            edits[.overlay].color = dimColor
            edits[.overlay].alpha = min(max(dim, 0), 1)
        }
    }
}

extension StyleContext {
    /// The context as a `nav.*` styler reads it: on another container (a drawer, whose `ctx.progress` is no number)
    /// the subject's open fraction is its progress, nothing lies above it and it is pushed, so the styler still draws a
    /// screen coming in from the subject's edge.
    package var navigationReading: StyleContext {
        guard progress.isNaN || next.isNaN else { return self }
        var context = self
        context.progress = min(max(open, 0), 1)
        context.next = 0
        context.below = false
        // Another container's state says nothing of a push or a pop: read as a push.
        context.state = .opening
        return context
    }
    /// Whether the styled navigation screen is the one below the top screen, as the container says (`below`):
    /// `next` is 0 on a push's first frame, and the screen below must not be styled as a top screen at rest then.
    package var isBelow: Bool { below }
    /// Whether the stack is popping by itself (react-navigation's `closing`, Flutter's reverse curves): a pop or
    /// a committed gesture's settle without the gesture.
    package var popping: Bool { state == .closing && !gesture }
}
