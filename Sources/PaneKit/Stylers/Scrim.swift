// The dimming overlay over the pane: MM's above-content overlay and SideNavigation's dimming view.

/// `scrim`: shows the overlay node with `maxAlpha × open` of `color`.
public struct ScrimStyler: Styler {
    public let name = "scrim"
    /// The overlay's colour.
    public let color: Color
    /// The overlay's alpha when fully open (0 … 1).
    public let maxAlpha: Double

    /// The `color` parameter, the overlay's colour (black by default).
    package static let color = ParamKey.color("color", .black, doc: "the overlay's colour")
    /// The `maxAlpha` parameter, the overlay's opacity when fully open (0 … 1, 0.5 by default).
    package static let maxAlpha = ParamKey.number("maxAlpha", 0.5, min: 0, max: 1, doc: "the overlay's opacity when fully open")

    /// A scrim of `color` reaching `maxAlpha` when open; MM and SideNavigation use black at 0.5.
    public init(color: Color = .black, maxAlpha: Double = 0.5) {
        self.color = color
        self.maxAlpha = maxAlpha
    }

    /// - Complexity: per frame, no allocation.
    public func style(_ context: StyleContext, into edits: inout StyleEdits) throws {
        edits[.overlay].hidden = false
        edits[.overlay].color = color
        edits[.overlay].alpha = maxAlpha * min(max(context.open, 0), 1)
    }
}
