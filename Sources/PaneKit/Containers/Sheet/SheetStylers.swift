// The `sheet.*` stylers (DESIGN §13): the sheet platforms' chrome as stylers of the sheet's edge.
//
// They address the sheet as `context.drawer` (the sheet container's `sheet` node) and read only the closed fraction,
// so they also run on a drawer of the same edge.

/// `sheet.scrim`: the overlay at `maxAlpha × open` of `color`, the M3 scrim (0.32) by default.
package struct SheetScrimStyler: Styler {
    package let name = "sheet.scrim"
    /// The overlay's colour.
    package let color: Color
    /// The overlay's alpha at the largest detent.
    package let maxAlpha: Double

    /// The `color` parameter (black by default).
    package static let color = ParamKey.color("color", .black, doc: "the overlay's colour")
    /// The `maxAlpha` parameter (0.32, `m3_comp_scrim_container_opacity`).
    package static let maxAlpha = ParamKey.number(
        "maxAlpha", SheetDimming.materialScrim, min: 0, max: 1, doc: "the overlay's opacity at the largest detent")

    /// A scrim of `color` reaching `maxAlpha` at the largest detent.
    package init(color: Color = .black, maxAlpha: Double = SheetDimming.materialScrim) {
        self.color = color
        self.maxAlpha = maxAlpha
    }

    /// - Complexity: per frame, no allocation.
    package func style(_ context: StyleContext, into edits: inout StyleEdits) throws {
        let alpha = maxAlpha * min(max(context.open, 0), 1)
        edits[.overlay].hidden = alpha <= 0
        edits[.overlay].color = color
        edits[.overlay].alpha = alpha
    }
}

/// The corners of a sheet on `direction`'s edge that face away from it (the top corners of a bottom sheet), at
/// `radius`.
func sheetCorners(_ radius: Double, _ direction: Direction) -> CornerRadius {
    direction == .top
        ? CornerRadius(topLeft: 0, topRight: 0, bottomRight: radius, bottomLeft: radius)
        : CornerRadius(topLeft: radius, topRight: radius, bottomRight: 0, bottomLeft: 0)
}

/// `sheet.material`: the M3 bottom sheet dialog: 28 pt top corners and the constant 0.32 dim while the sheet shows
/// (reference §1.2).
package struct SheetMaterialStyler: Styler {
    package let name = "sheet.material"
    /// The M3 sheet's top corner radius, 28 pt (`shapeAppearanceCornerExtraLarge`), for the `cornerRadius` edit.
    package static let cornerRadius = 28.0

    /// The styler.
    package init() {}

    /// - Complexity: per frame, no allocation.
    package func style(_ context: StyleContext, into edits: inout StyleEdits) throws {
        let shown = context.closed < 1
        edits[context.drawer].cornerRadius = sheetCorners(Self.cornerRadius, context.direction)
        edits[.overlay].hidden = !shown
        edits[.overlay].color = .black
        edits[.overlay].alpha = shown ? SheetDimming.materialScrim : 0
    }
}

/// `sheet.floating`: FloatingPanel's surface shadow, black, offset (0, 1), opacity 0.2, radius 3
/// (SurfaceView.swift:16-36), mirrored for a top panel.
public struct SheetFloatingStyler: Styler {
    public let name = "sheet.floating"
    /// FloatingPanel's surface shadow.
    package static let shadow = Shadow(radius: 3, opacity: 0.2, offset: Point(x: 0, y: 1), color: .black)

    /// The styler.
    public init() {}

    /// - Complexity: per frame, no allocation.
    public func style(_ context: StyleContext, into edits: inout StyleEdits) throws {
        var shadow = Self.shadow
        if context.direction == .top { shadow.offset.y = -shadow.offset.y }
        edits[context.drawer].shadow = shadow
    }
}

/// `sheet.vaul-scale` and `sheet.ios`: the page behind the sheet scaled back from its top edge, its corners rounding
/// to `cornerRadius` as it goes (and, for `sheet.ios`, the sheet's own top corners at the same radius), as vaul's
/// `shouldScaleBackground` does (use-scale-background.ts; reference §5.7) and as the iOS card presentation it copies:
/// scale `s + c·(1 − s)` with `s = (W − inset)/W`, moved `drop·(1 − c)` towards the sheet's edge, `c` the closed
/// fraction clamped to 0…1 (vaul's drag progress). The iOS card pushes the page back only as the sheet rises to its
/// largest detent: `c` is measured from the next smaller resting detent, where the page is full size
/// (`fromNextDetent`).
package struct SheetScaleBackStyler: Styler {
    package let name: String
    /// The width the page loses at the largest detent, in points (vaul's WINDOW_TOP_OFFSET, 26).
    package let inset: Double
    /// How far the page moves towards the sheet's edge at the largest detent, in points (vaul's 14).
    package let drop: Double
    /// The corner radius the page takes at the largest detent, for the `cornerRadius` edit (vaul 8, iOS 10).
    package let cornerRadius: Double

    /// The radius of the sheet's own top corners; nil leaves the sheet's corners alone (vaul's sheet is the page's).
    package let sheetCornerRadius: Double?
    /// Whether the page is full size from the next smaller resting detent down (the iOS card: a sheet at its medium
    /// detent leaves the presenting view as it is); false: from the lowest resting position (vaul's progress).
    package let fromNextDetent: Bool

    /// vaul's numbers: 26 pt narrower, 14 pt down, 8 pt corners.
    package static let vaul = SheetScaleBackStyler(name: "sheet.vaul-scale", inset: 26, drop: 14, cornerRadius: 8)
    /// The iOS card, chosen (docs/compat.md): vaul's scale and drop, which imitate it, with UIKit's 10 pt corners
    /// on the page and the sheet, pushed back between the next smaller detent and the largest.
    package static let ios = SheetScaleBackStyler(
        name: "sheet.ios", inset: 26, drop: 14, cornerRadius: 10, sheetCornerRadius: 10, fromNextDetent: true)

    /// A scale-back styler named `name`.
    package init(
        name: String, inset: Double, drop: Double, cornerRadius: Double, sheetCornerRadius: Double? = nil,
        fromNextDetent: Bool = false
    ) {
        self.name = name
        self.inset = inset
        self.drop = drop
        self.cornerRadius = cornerRadius
        self.sheetCornerRadius = sheetCornerRadius
        self.fromNextDetent = fromNextDetent
    }

    /// The closed fraction at which the page is full size: the next smaller resting detent's (the smallest
    /// positive closed fraction of `ctx.detents`) with `fromNextDetent`, else 1.
    private func fullSizeFraction(_ context: StyleContext) -> Double {
        guard fromNextDetent else { return 1 }
        var next = 1.0
        for detent in context.detents where detent.closed > 0 && detent.closed < next { next = detent.closed }
        return next
    }

    /// - Complexity: per frame, no allocation.
    package func style(_ context: StyleContext, into edits: inout StyleEdits) throws {
        let w = context.size.width
        guard w > 0 else { return }
        let c = min(max(context.closed / fullSizeFraction(context), 0), 1)
        let s = (w - inset) / w
        let scale = s + c * (1 - s)
        let down = max(0, drop - drop * c) * (context.direction == .top ? -1 : 1)
        edits[.pane].anchor = Point(x: 0.5, y: context.direction == .top ? 1 : 0)
        edits[.pane].transform = Transform3D.scale(x: scale, y: scale, z: 1)
            .concatenating(.translation(x: 0, y: down))
        edits[.pane].cornerRadius = CornerRadius(cornerRadius * (1 - c))
        if let sheetCornerRadius { edits[context.drawer].cornerRadius = sheetCorners(sheetCornerRadius, context.direction) }
    }
}

extension BuiltinStylers {
    /// The `sheet.*` entries, which the sheet's descriptor lists as its `stylers`.
    package static let sheet: [StylerEntry] = [
        StylerEntry(
            name: "sheet.scrim", description: "A sheet's dimming overlay, maxAlpha × open (the M3 scrim, 0.32)",
            params: [SheetScrimStyler.color.spec, SheetScrimStyler.maxAlpha.spec]
        ) { p in SheetScrimStyler(color: p[SheetScrimStyler.color], maxAlpha: p[SheetScrimStyler.maxAlpha]) },
        StylerEntry(
            name: "sheet.material", description: "The M3 bottom sheet dialog: 28 pt top corners, the 0.32 dim while the sheet shows",
            params: []
        ) { _ in SheetMaterialStyler() },
        StylerEntry(
            name: "sheet.floating", description: "FloatingPanel's surface shadow (black, offset 0 1, opacity 0.2, radius 3)",
            params: []
        ) { _ in SheetFloatingStyler() },
        StylerEntry(
            name: "sheet.vaul-scale",
            description: "vaul's background scale: the page behind scales to (W − 26)/W, 14 pt down, 8 pt corners",
            params: []
        ) { _ in SheetScaleBackStyler.vaul },
        StylerEntry(
            name: "sheet.ios",
            description:
                "The iOS card: rounded top corners, the presenting page scaled back with rounded corners as the sheet rises to its largest detent",
            params: []
        ) { _ in SheetScaleBackStyler.ios },
    ]
}
