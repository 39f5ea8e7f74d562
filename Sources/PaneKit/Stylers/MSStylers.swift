// MSDynamicsDrawerViewController 1.x's stylers (reference/msdynamics.md §6), for any direction.
//
// They read the closed fraction f (1 closed, 0 open) and the reveal width R of the styled direction.

/// `ms.parallax`: the drawer sits `offsetFraction × R × f` behind its open place.
package struct MSParallaxStyler: Styler {
    package let name = "ms.parallax"
    /// The drawer's offset at closed, as a fraction of the reveal width (0 … 1).
    package let offsetFraction: Double

    /// The `offsetFraction` parameter (0 … 1, 0.35 by default).
    package static let offsetFraction = ParamKey.number(
        "offsetFraction", 0.35, min: 0, max: 1, doc: "the closed offset as a fraction of the reveal width")

    /// A parallax with the given offset fraction; MS's default is 0.35.
    package init(offsetFraction: Double = 0.35) { self.offsetFraction = offsetFraction }

    /// - Complexity: per frame, no allocation.
    package func style(_ context: StyleContext, into edits: inout StyleEdits) throws {
        let t = -context.direction.sign * context.reveal * context.closed * offsetFraction
        edits[context.drawer].transform = .translation(t, along: context.direction)
    }
}

/// `ms.fade`: the drawer fades from `closedAlpha` (closed) to 1 (open).
///
/// MS 1.x computes (1 − closedAlpha)(1 − f), which is 0 closed and 1 − closedAlpha open; this is the intended
/// closedAlpha + (1 − closedAlpha)(1 − f) (docs/compat.md). With the default 0 both agree.
package struct MSFadeStyler: Styler {
    package let name = "ms.fade"
    /// The drawer's alpha when closed (0 … 1).
    package let closedAlpha: Double

    /// The `closedAlpha` parameter (0 … 1, 0 by default).
    package static let closedAlpha = ParamKey.number("closedAlpha", 0, min: 0, max: 1, doc: "the drawer's alpha when closed")

    /// A fade from `closedAlpha` to opaque.
    package init(closedAlpha: Double = 0) { self.closedAlpha = closedAlpha }

    /// - Complexity: per frame, no allocation.
    package func style(_ context: StyleContext, into edits: inout StyleEdits) throws {
        let f = min(max(context.closed, 0), 1)
        edits[context.drawer].alpha = closedAlpha + (1 - closedAlpha) * (1 - f)
    }
}

/// `ms.scale`: the drawer grows from 1 − closedScale (closed) to 1 (open), in x and y.
package struct MSScaleStyler: Styler {
    package let name = "ms.scale"
    /// How much smaller the drawer is when closed (0.1: it starts at 90 %).
    package let closedScale: Double

    /// The `closedScale` parameter (0 … 1, 0.1 by default).
    package static let closedScale = ParamKey.number("closedScale", 0.1, min: 0, max: 1, doc: "how much smaller the drawer is when closed")

    /// A scale from `1 − closedScale` to 1.
    package init(closedScale: Double = 0.1) { self.closedScale = closedScale }

    /// - Complexity: per frame, no allocation.
    package func style(_ context: StyleContext, into edits: inout StyleEdits) throws {
        let s = 1 - context.closed * closedScale
        edits[context.drawer].transform = .scale(x: s, y: s, z: 1)
    }
}

/// `ms.resize`: the drawer's frame spans what the pane reveals, never less than `minimumRevealWidth`
/// (0 means the reveal width R), starting at the pane's edge for trailing (right under `ltr`) and bottom drawers.
///
/// MS 1.x sets the width of vertical drawers and the x of bottom drawers; this uses the height and y (compat).
/// Under `rtl` the sides mirror: the leading (right) drawer keeps its right edge, the trailing (left) one ends at
/// the pane's left edge.
package struct MSResizeStyler: Styler {
    package let name = "ms.resize"
    /// The smallest size of the drawer along its axis in points (0: the reveal width).
    package let minimumRevealWidth: Double

    /// The `minimumRevealWidth` parameter, in points (at least 0, 0 by default).
    package static let minimumRevealWidth = ParamKey.number(
        "minimumRevealWidth", 0, min: 0, doc: "below this reveal the drawer keeps its full width (0: the reveal width)")

    /// A resize that never shrinks the drawer below `minimumRevealWidth` points.
    package init(minimumRevealWidth: Double = 0) { self.minimumRevealWidth = minimumRevealWidth }

    /// - Complexity: per frame, no allocation.
    package func style(_ context: StyleContext, into edits: inout StyleEdits) throws {
        guard var frame = context.frame(of: context.drawer) else { return }
        let direction = context.direction
        let r = context.reveal
        let minimum = minimumRevealWidth > 0 ? minimumRevealWidth : r
        let revealed = max(0, context.open * r)
        let extent = revealed < minimum ? r : revealed
        let pane = context.frame(of: .pane) ?? Rect(origin: .zero, size: context.size)
        switch direction {
        case .left where context.leading: frame.size.width = extent
        case .right where context.leading:
            frame.origin.x = frame.maxX - extent
            frame.size.width = extent
        case .left:
            frame.size.width = extent
            frame.origin.x = pane.minX - extent
        case .top: frame.size.height = extent
        case .right:
            frame.size.width = extent
            frame.origin.x = pane.maxX
        case .bottom:
            frame.size.height = extent
            frame.origin.y = pane.maxY
        }
        edits[context.drawer].frame = frame
    }
}

/// `ms.shadow`: the pane casts a shadow while a drawer is shown.
package struct MSShadowStyler: Styler {
    package let name = "ms.shadow"
    /// The shadow the pane casts when open; its opacity scales with the open fraction.
    package let shadow: Shadow

    /// A shadow styler; MS's default is radius 10 pt, opacity 1, black, no offset.
    package init(shadow: Shadow = Shadow(radius: 10, opacity: 1, offset: .zero, color: .black)) { self.shadow = shadow }

    /// The `radius` parameter, the shadow's blur radius in points (10 by default).
    package static let radius = ParamKey.number("radius", 10, min: 0, doc: "blur radius")
    /// The `opacity` parameter, the shadow's opacity when fully open (0 … 1, 1 by default).
    package static let opacity = ParamKey.number("opacity", 1, min: 0, max: 1, doc: "opacity")
    /// The `offsetX` parameter, the shadow's x offset in points (0 by default).
    package static let offsetX = ParamKey.number("offsetX", 0, doc: "x offset")
    /// The `offsetY` parameter, the shadow's y offset in points (0 by default).
    package static let offsetY = ParamKey.number("offsetY", 0, doc: "y offset")
    /// The `color` parameter, the shadow's colour (black by default).
    package static let color = ParamKey.color("color", .black, doc: "colour")

    /// The parameters of `ms.shadow`, in the order `panekit stylers` lists them.
    package static let parameterSpecs = [radius.spec, opacity.spec, offsetX.spec, offsetY.spec, color.spec]

    /// The shadow styler of resolved parameters (each of ``parameterSpecs``; a missing one reads its default).
    /// - Complexity: one dictionary lookup per parameter.
    package init(_ p: Parameters) {
        let offset = Point(x: p[Self.offsetX], y: p[Self.offsetY])
        self.init(shadow: Shadow(radius: p[Self.radius], opacity: p[Self.opacity], offset: offset, color: p[Self.color]))
    }

    /// - Complexity: per frame, no allocation.
    package func style(_ context: StyleContext, into edits: inout StyleEdits) throws {
        edits[.pane].shadow = shadow
    }
}
