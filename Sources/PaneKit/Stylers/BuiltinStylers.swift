// The catalogue of built-in stylers: names (a contract), descriptions and parameters.

/// Every built-in styler with its declared parameters.
package enum BuiltinStylers {
    /// The `mm.*`, `ms.*`, `sidemenu.*` and `sink.back` entries, then each built-in family's own (its descriptor's
    /// `stylers`), which ``StylerRegistry/builtins`` registers with `scrim`.
    public static let entries: [StylerEntry] = mm + ms + sideMenu + appearance + ContainerRegistry.builtins.flatMap(\.stylers)

    static let appearance: [StylerEntry] = [
        StylerEntry(
            name: "sink.back",
            description: "The content sinks back with rounded corners as the drawer slides over it (openMode above)",
            params: SinkBackStyler.parameterSpecs
        ) { p in
            SinkBackStyler(scale: p[SinkBackStyler.scale], radius: p[SinkBackStyler.radius], drawerRadius: p[SinkBackStyler.drawerRadius])
        }
    ]

    static let mm: [StylerEntry] = [
        StylerEntry(
            name: "mm.slide", description: "MMDrawer slide: the drawer's edge stays glued to the pane's", params: []
        ) { _ in MMParallaxStyler(factor: 1, name: "mm.slide") },
        number("mm.parallax", "MMDrawer parallax: the drawer moves 1/factor as fast as the pane", MMParallaxStyler.factor) {
            MMParallaxStyler(factor: $0)
        },
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
            params: [ScrimStyler.color.spec, ScrimStyler.maxAlpha.spec]
        ) { p in ScrimStyler(color: p[ScrimStyler.color], maxAlpha: p[ScrimStyler.maxAlpha]) },
    ]

    static let ms: [StylerEntry] = [
        number("ms.parallax", "MSDynamicsDrawer parallax: the drawer trails by a fraction of the reveal", MSParallaxStyler.offsetFraction) {
            MSParallaxStyler(offsetFraction: $0)
        },
        number("ms.fade", "MSDynamicsDrawer fade: the drawer fades in as it opens", MSFadeStyler.closedAlpha) {
            MSFadeStyler(closedAlpha: $0)
        },
        number("ms.scale", "MSDynamicsDrawer scale: the drawer grows to full size as it opens", MSScaleStyler.closedScale) {
            MSScaleStyler(closedScale: $0)
        },
        number("ms.resize", "MSDynamicsDrawer resize: the drawer's frame spans what the pane reveals", MSResizeStyler.minimumRevealWidth) {
            MSResizeStyler(minimumRevealWidth: $0)
        },
        StylerEntry(
            name: "ms.shadow", description: "MSDynamicsDrawer shadow: the pane casts a shadow over the drawer",
            params: MSShadowStyler.parameterSpecs
        ) { p in MSShadowStyler(p) },
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
            ) { p in SideMenuStyler(name: "sidemenu.custom", style: SideMenuStyle(p)) }
        ]

    /// The entry of a styler made from the value of its one number parameter, `key`.
    private static func number(
        _ name: String, _ description: String, _ key: ParamKey<Double>, make: @escaping @Sendable (Double) -> any Styler
    ) -> StylerEntry {
        StylerEntry(name: name, description: description, params: [key.spec]) { p in make(p[key]) }
    }
}
