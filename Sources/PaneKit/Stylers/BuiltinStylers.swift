// The catalogue of built-in stylers: names (a contract), descriptions and parameters.

/// Every built-in styler with its declared parameters.
public enum BuiltinStylers {
    /// The `mm.*`, `ms.*` and `sidemenu.*` entries, which ``StylerRegistry/builtins`` registers with `scrim`.
    public static let entries: [StylerEntry] = mm + ms + sideMenu

    static let mm: [StylerEntry] = [
        StylerEntry(
            name: "mm.slide", description: "MMDrawer slide: the drawer's edge stays glued to the pane's", params: []
        ) { _ in MMParallaxStyler(factor: 1, name: "mm.slide") },
        StylerEntry(
            name: "mm.parallax", description: "MMDrawer parallax: the drawer moves 1/factor as fast as the pane",
            params: [.number("factor", 2, min: 1, doc: "how many times slower the drawer moves than the pane")]
        ) { params in try MMParallaxStyler(factor: params.number("factor")) },
        StylerEntry(
            name: "mm.slide-and-scale",
            description: "MMDrawer slide and scale: the drawer grows from 0.9, slides 50 pt and fades in", params: []
        ) { _ in MMSlideAndScaleStyler() },
        StylerEntry(
            name: "mm.swinging-door",
            description: "MMDrawer swinging door: the drawer swings open on a hinge at the pane's edge", params: []
        ) { _ in MMSwingingDoorStyler() },
        StylerEntry(
            name: "mm.stretch", description: "MMDrawer's default overshoot: the drawer stretches past its width",
            params: []
        ) { _ in MMStretchStyler() },
        StylerEntry(
            name: "scrim", description: "A dimming overlay over the pane, maxAlpha × open",
            params: [
                .color("color", .black, doc: "the overlay's colour"),
                .number("maxAlpha", 0.5, min: 0, max: 1, doc: "the overlay's opacity when fully open"),
            ]
        ) { params in try ScrimStyler(color: params.color("color"), maxAlpha: params.number("maxAlpha")) },
    ]

    static let ms: [StylerEntry] = [
        StylerEntry(
            name: "ms.parallax", description: "MSDynamicsDrawer parallax: the drawer trails by a fraction of the reveal",
            params: [.number("offsetFraction", 0.35, min: 0, max: 1, doc: "the closed offset as a fraction of the reveal width")]
        ) { p in try MSParallaxStyler(offsetFraction: p.number("offsetFraction")) },
        StylerEntry(
            name: "ms.fade", description: "MSDynamicsDrawer fade: the drawer fades in as it opens",
            params: [.number("closedAlpha", 0, min: 0, max: 1, doc: "the drawer's alpha when closed")]
        ) { p in try MSFadeStyler(closedAlpha: p.number("closedAlpha")) },
        StylerEntry(
            name: "ms.scale", description: "MSDynamicsDrawer scale: the drawer grows to full size as it opens",
            params: [.number("closedScale", 0.1, min: 0, max: 1, doc: "how much smaller the drawer is when closed")]
        ) { p in try MSScaleStyler(closedScale: p.number("closedScale")) },
        StylerEntry(
            name: "ms.resize", description: "MSDynamicsDrawer resize: the drawer's frame spans what the pane reveals",
            params: [
                .number("minimumRevealWidth", 0, min: 0, doc: "below this reveal the drawer keeps its full width (0: the reveal width)")
            ]
        ) { p in try MSResizeStyler(minimumRevealWidth: p.number("minimumRevealWidth")) },
        StylerEntry(
            name: "ms.shadow", description: "MSDynamicsDrawer shadow: the pane casts a shadow over the drawer",
            params: [
                .number("radius", 10, min: 0, doc: "blur radius"), .number("opacity", 1, min: 0, max: 1, doc: "opacity"),
                .number("offsetX", 0, doc: "x offset"), .number("offsetY", 0, doc: "y offset"),
                .color("color", .black, doc: "colour"),
            ]
        ) { p in
            try MSShadowStyler(
                shadow: Shadow(
                    radius: p.number("radius"), opacity: p.number("opacity"),
                    offset: Point(x: p.number("offsetX"), y: p.number("offsetY")), color: p.color("color")))
        },
    ]

    static let sideMenu: [StylerEntry] =
        SideMenuStyle.presets.map { preset in
            StylerEntry(name: preset.name, description: preset.description, params: []) { _ in
                SideMenuStyler(name: preset.name, style: preset.style)
            }
        } + [
            StylerEntry(
                name: "sidemenu.custom", description: "SideMenu's presentation style with every knob as a parameter",
                params: SideMenuStyle.parameterSpecs
            ) { p in try SideMenuStyler(name: "sidemenu.custom", style: SideMenuStyle(p)) }
        ]
}
