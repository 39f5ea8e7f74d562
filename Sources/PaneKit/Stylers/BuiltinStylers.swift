// The catalogue of built-in stylers: names (a contract), descriptions and parameters.

/// Every built-in styler with its declared parameters.
public enum BuiltinStylers {
    public static let entries: [StylerEntry] = [
        StylerEntry(
            name: "mm.slide", description: "MMDrawer slide: the drawer's edge stays glued to the pane's", params: []
        ) { _ in MMParallaxStyler(factor: 1, name: "mm.slide") },
        StylerEntry(
            name: "mm.parallax", description: "MMDrawer parallax: the drawer moves 1/factor as fast as the pane",
            params: [.number("factor", 2, min: 1, doc: "how many times slower the drawer moves than the pane")]
        ) { params in MMParallaxStyler(factor: params.number("factor")) },
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
        ) { params in ScrimStyler(color: params.color("color"), maxAlpha: params.number("maxAlpha")) },
    ]
}
