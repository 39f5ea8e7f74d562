// SideMenu's presentation styles (reference/peers.md A.2) as one parametric styler and its eight presets.
//
// Geometry: the menu (the direction's drawer) is laid out at its open place and the pane at rest; the style
// moves them. A translate factor k moves a view by k × menu width (mirrored for a right or bottom menu).

/// The knobs of SideMenu's `SideMenuPresentationStyle`, with its defaults.
package struct SideMenuStyle: Sendable, Hashable {
    /// The menu's alpha when closed (0 … 1); it reaches 1 when open.
    package var menuStartAlpha = 1.0
    /// Whether the menu is drawn above the content (true) or below it.
    package var menuOnTop = false
    /// The closed menu's offset in menu widths: −1 is fully off-screen past its edge, positive values start it under the content.
    package var menuTranslateFactor = 0.0
    /// The menu's scale when closed; it reaches 1 when open.
    package var menuScaleFactor = 1.0
    /// The colour of the shadow a menu on top casts.
    package var onTopShadowColor = Color.black
    /// The radius in points of the shadow a menu on top casts.
    package var onTopShadowRadius = 5.0
    /// The opacity of the shadow a menu on top casts (0 … 1).
    package var onTopShadowOpacity = 0.0
    /// The offset in points of the shadow a menu on top casts.
    package var onTopShadowOffset = Point.zero
    /// The content's alpha when the menu is fully open (0 … 1).
    package var presentingEndAlpha = 1.0
    /// How far the content moves when the menu is fully open, in menu widths away from the menu's edge.
    package var presentingTranslateFactor = 0.0
    /// The content's scale when the menu is fully open.
    package var presentingScaleFactor = 1.0

    /// SideMenu's defaults: the menu slides in below an unmoving content, with no fade, scale or shadow.
    package init() {}

    /// The eight presets by their PaneKit names (`sidemenu.` + SideMenu's name in kebab case).
    package static let presets: [(name: String, style: SideMenuStyle, description: String)] = [
        (
            "sidemenu.menu-slide-in",
            preset {
                $0.menuOnTop = true; $0.menuTranslateFactor = -1
            },
            "SideMenu menuSlideIn: the menu slides in over the still content"
        ),
        (
            "sidemenu.view-slide-out", preset { $0.presentingTranslateFactor = 1 },
            "SideMenu viewSlideOut (the default): the content slides out, uncovering the menu"
        ),
        (
            "sidemenu.view-slide-out-menu-in",
            preset {
                $0.menuTranslateFactor = -1; $0.presentingTranslateFactor = 1
            },
            "SideMenu viewSlideOutMenuIn: the content slides out as the menu slides in"
        ),
        (
            "sidemenu.menu-dissolve-in",
            preset {
                $0.menuOnTop = true; $0.menuStartAlpha = 0
            },
            "SideMenu menuDissolveIn: the menu fades in over the content"
        ),
        (
            "sidemenu.view-slide-out-menu-partial-in",
            preset {
                $0.menuTranslateFactor = -0.5; $0.presentingTranslateFactor = 1
            },
            "SideMenu viewSlideOutMenuPartialIn: the menu comes half the way in"
        ),
        (
            "sidemenu.view-slide-out-menu-out",
            preset {
                $0.menuTranslateFactor = 1; $0.presentingTranslateFactor = 1
            },
            "SideMenu viewSlideOutMenuOut: the menu comes in from the content's side"
        ),
        (
            "sidemenu.view-slide-out-menu-partial-out",
            preset {
                $0.menuTranslateFactor = 0.5; $0.presentingTranslateFactor = 1
            },
            "SideMenu viewSlideOutMenuPartialOut: the menu comes half the way from the content's side"
        ),
        (
            "sidemenu.view-slide-out-menu-zoom",
            preset {
                $0.menuOnTop = true; $0.presentingTranslateFactor = 1; $0.menuScaleFactor = 0.95
            },
            "SideMenu viewSlideOutMenuZoom: the content slides out and the menu zooms up from 0.95"
        ),
    ]

    private static func preset(_ change: (inout SideMenuStyle) -> Void) -> SideMenuStyle {
        var style = SideMenuStyle()
        change(&style)
        return style
    }

    /// The `menuStartAlpha` parameter of `sidemenu.custom` (0 … 1, 1 by default).
    package static let menuStartAlpha = ParamKey.number("menuStartAlpha", 1, min: 0, max: 1, doc: "the menu's alpha when closed")
    /// The `menuOnTop` parameter (false by default).
    package static let menuOnTop = ParamKey.bool("menuOnTop", false, doc: "the menu is above the content (else below)")
    /// The `menuTranslateFactor` parameter, in menu widths (0 by default).
    package static let menuTranslateFactor = ParamKey.number(
        "menuTranslateFactor", 0, doc: "the menu's closed offset in menu widths (−1: fully off-screen)")
    /// The `menuScaleFactor` parameter (at least 0, 1 by default).
    package static let menuScaleFactor = ParamKey.number("menuScaleFactor", 1, min: 0, doc: "the menu's scale when closed")
    /// The `onTopShadowColor` parameter (black by default).
    package static let onTopShadowColor = ParamKey.color("onTopShadowColor", .black, doc: "the shadow of the view on top")
    /// The `onTopShadowRadius` parameter, in points (at least 0, 5 by default).
    package static let onTopShadowRadius = ParamKey.number("onTopShadowRadius", 5, min: 0, doc: "its radius")
    /// The `onTopShadowOpacity` parameter (0 … 1, 0 by default).
    package static let onTopShadowOpacity = ParamKey.number("onTopShadowOpacity", 0, min: 0, max: 1, doc: "its opacity")
    /// The `onTopShadowOffsetX` parameter, the x of ``onTopShadowOffset`` in points (0 by default).
    package static let onTopShadowOffsetX = ParamKey.number("onTopShadowOffsetX", 0, doc: "its x offset")
    /// The `onTopShadowOffsetY` parameter, the y of ``onTopShadowOffset`` in points (0 by default).
    package static let onTopShadowOffsetY = ParamKey.number("onTopShadowOffsetY", 0, doc: "its y offset")
    /// The `presentingEndAlpha` parameter (0 … 1, 1 by default).
    package static let presentingEndAlpha = ParamKey.number("presentingEndAlpha", 1, min: 0, max: 1, doc: "the content's alpha when open")
    /// The `presentingTranslateFactor` parameter, in menu widths (0 by default).
    package static let presentingTranslateFactor = ParamKey.number(
        "presentingTranslateFactor", 0, doc: "the content's open offset in menu widths")
    /// The `presentingScaleFactor` parameter (at least 0, 1 by default).
    package static let presentingScaleFactor = ParamKey.number("presentingScaleFactor", 1, min: 0, doc: "the content's scale when open")

    /// The parameters of `sidemenu.custom`, every knob with SideMenu's default, in the order `panekit stylers`
    /// lists them.
    package static let parameterSpecs: [ParamSpec] = [
        menuStartAlpha.spec, menuOnTop.spec, menuTranslateFactor.spec, menuScaleFactor.spec, onTopShadowColor.spec,
        onTopShadowRadius.spec, onTopShadowOpacity.spec, onTopShadowOffsetX.spec, onTopShadowOffsetY.spec,
        presentingEndAlpha.spec, presentingTranslateFactor.spec, presentingScaleFactor.spec,
    ]

    /// The style of `sidemenu.custom` from resolved parameters (each of ``parameterSpecs``; a missing one reads
    /// its default).
    /// - Complexity: one dictionary lookup per parameter.
    package init(_ p: Parameters) {
        menuStartAlpha = p[Self.menuStartAlpha]
        menuOnTop = p[Self.menuOnTop]
        menuTranslateFactor = p[Self.menuTranslateFactor]
        menuScaleFactor = p[Self.menuScaleFactor]
        onTopShadowColor = p[Self.onTopShadowColor]
        onTopShadowRadius = p[Self.onTopShadowRadius]
        onTopShadowOpacity = p[Self.onTopShadowOpacity]
        onTopShadowOffset = Point(x: p[Self.onTopShadowOffsetX], y: p[Self.onTopShadowOffsetY])
        presentingEndAlpha = p[Self.presentingEndAlpha]
        presentingTranslateFactor = p[Self.presentingTranslateFactor]
        presentingScaleFactor = p[Self.presentingScaleFactor]
    }
}

/// A SideMenu presentation style as a styler: the menu goes from its closed look to identity, the content from
/// identity to its open look, each as translate-then-scale about the view's centre, with alpha set directly.
package struct SideMenuStyler: Styler {
    package let name: String
    /// The knobs this styler applies.
    package let style: SideMenuStyle

    /// A styler that applies `style`, registered as `name`.
    package init(name: String, style: SideMenuStyle) {
        self.name = name
        self.style = style
    }

    /// - Complexity: per frame, no allocation.
    package func style(_ context: StyleContext, into edits: inout StyleEdits) throws {
        let o = min(max(context.open, 0), 1), c = 1 - o
        let direction = context.direction
        let width = context.reveal
        let s = style

        let menuScale = s.menuScaleFactor + (1 - s.menuScaleFactor) * o
        edits[context.drawer].transform = Transform3D.translation(direction.sign * s.menuTranslateFactor * width * c, along: direction)
            .concatenating(.scale(x: menuScale, y: menuScale, z: 1))
        edits[context.drawer].alpha = s.menuStartAlpha + (1 - s.menuStartAlpha) * o

        let paneScale = 1 + (s.presentingScaleFactor - 1) * o
        edits[.pane].transform = Transform3D.translation(direction.sign * s.presentingTranslateFactor * width * o, along: direction)
            .concatenating(.scale(x: paneScale, y: paneScale, z: 1))
        edits[.pane].alpha = 1 + (s.presentingEndAlpha - 1) * o

        let shadow = Shadow(
            radius: s.onTopShadowRadius, opacity: s.onTopShadowOpacity, offset: s.onTopShadowOffset, color: s.onTopShadowColor)
        if s.menuOnTop {
            edits[context.drawer].z = 1
            edits[context.drawer].shadow = shadow
        } else {
            edits[.pane].z = 1
            edits[.pane].shadow = shadow
        }
    }
}
