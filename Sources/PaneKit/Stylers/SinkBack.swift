// `sink.back`: the look of a modern app's drawer — the content sinks back with rounded corners as the drawer
// slides over it.

/// `sink.back`: as the drawer opens, the pane shrinks towards `scale` about its centre and rounds its corners to
/// `radius`; the drawer rounds the two corners of its inner edge to `drawerRadius` and casts a soft shadow on the
/// pane. Made for a drawer that opens above the pane (`"openMode": "above"`), with `scrim` for the dimming.
package struct SinkBackStyler: Styler {
    package let name = "sink.back"
    /// The pane's scale when fully open.
    package let scale: Double
    /// The pane's corner radius when fully open, in points.
    package let radius: Double
    /// The radius of the drawer's inner corners, in points.
    package let drawerRadius: Double

    /// The `scale` parameter, the pane's scale when open (0.92 by default).
    package static let scale = ParamKey.number("scale", 0.92, min: 0.5, max: 1, doc: "the pane's scale when open")
    /// The `radius` parameter, the pane's corner radius when open (16 by default).
    package static let radius = ParamKey.number("radius", 16, min: 0, max: 100, doc: "the pane's corner radius when open, in points")
    /// The `drawerRadius` parameter, the drawer's inner corner radius (20 by default).
    package static let drawerRadius = ParamKey.number(
        "drawerRadius", 20, min: 0, max: 100, doc: "the radius of the drawer's inner corners, in points")

    /// The parameters of `sink.back`, in the order `panekit stylers` lists them.
    package static let parameterSpecs = [scale.spec, radius.spec, drawerRadius.spec]

    /// A sink-back styler of the given scale and radii.
    package init(scale: Double = 0.92, radius: Double = 16, drawerRadius: Double = 20) {
        self.scale = scale
        self.radius = radius
        self.drawerRadius = drawerRadius
    }

    /// - Complexity: per frame, no allocation.
    package func style(_ context: StyleContext, into edits: inout StyleEdits) throws {
        let a = min(max(context.open, 0), 1)
        let s = 1 + (scale - 1) * a
        edits[.pane].transform = .scale(x: s, y: s, z: 1)
        edits[.pane].cornerRadius = CornerRadius(radius * a)
        let r = drawerRadius
        let inner: CornerRadius =
            switch context.direction {
            case .left: CornerRadius(topLeft: 0, topRight: r, bottomRight: r, bottomLeft: 0)
            case .right: CornerRadius(topLeft: r, topRight: 0, bottomRight: 0, bottomLeft: r)
            case .top: CornerRadius(topLeft: 0, topRight: 0, bottomRight: r, bottomLeft: r)
            case .bottom: CornerRadius(topLeft: r, topRight: r, bottomRight: 0, bottomLeft: 0)
            }
        edits[context.drawer].cornerRadius = inner
        edits[context.drawer].shadow = Shadow(radius: 16, opacity: 0.35 * a, offset: .zero, color: .black)
    }
}
