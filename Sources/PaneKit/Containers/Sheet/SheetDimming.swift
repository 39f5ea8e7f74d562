// How dark the overlay behind a sheet is at each position: each behavior's dimming (reference/sheets.md §1.2,
// §1b, §3.5, §4.1, §5.4, §5.6; UIKit's is a choice).

/// The overlay's alpha (black) per behavior, as a function of the sheet's position.
public enum SheetDimming {
    /// The M3 scrim and dialog dim, 0.32 (`m3_comp_scrim_container_opacity`; Compose `ScrimTokens`).
    public static let materialScrim = 0.32
    /// UIKit's dimming alpha, chosen (docs/compat.md: the reference marks it UNKNOWN).
    public static let uikitDimming = 0.4
    /// FloatingPanel's backdrop alpha at `.full` (Layout.swift:53-55).
    public static let floatingPanelBackdrop = 0.3
    /// gorhom's backdrop opacity, reached at index 1 (bottomSheetBackdrop/constants.ts).
    public static let gorhomBackdrop = 0.5
    /// The alpha of vaul's overlay at full opacity, chosen: vaul leaves the colour to the page; its demo's
    /// `bg-black/40` (docs/compat.md).
    public static let vaulOverlay = 0.4

    /// Linear interpolation of `values` at `x` over increasing `xs`, clamped at both ends.
    static func interpolate(_ x: Double, _ xs: [Double], _ values: [Double]) -> Double {
        if x <= xs[0] { return values[0] }
        for i in 1..<xs.count where x <= xs[i] {
            let span = xs[i] - xs[i - 1]
            return span > 0 ? values[i - 1] + (x - xs[i - 1]) / span * (values[i] - values[i - 1]) : values[i]
        }
        return values[values.count - 1]
    }

    /// gorhom's fractional `animatedIndex` at position `y`: 0 at the first (smallest) detent, one more per detent,
    /// −1 at the closed position, interpolated and clamped.
    public static func gorhomIndex(_ y: Double, geometry g: SheetGeometry) -> Double {
        // Increasing positions: the largest detent first, the closed position last.
        let xs = g.detents.reversed().map(\.position) + [g.size.height]
        let values = (0..<g.detents.count).reversed().map(Double.init) + [-1]
        return interpolate(y, xs, values)
    }

    /// The overlay's alpha at position `y` for the position-driven behaviors (Compose's time-driven scrim is the
    /// container's; this returns its target, 0.32 unless hidden).
    /// - Parameters:
    ///   - y: the sheet's position.
    ///   - behavior: whose dimming.
    ///   - geometry: the detents.
    ///   - undimmedDetent: UIKit's largest undimmed detent (nil: dimmed at every detent).
    ///   - snapPoints: vaul with snap points (the overlay fades in towards the last point) or without (1 − progress).
    /// - Complexity: O(detents).
    public static func alpha(
        at y: Double, behavior: SheetBehavior, geometry g: SheetGeometry, undimmedDetent: String? = nil,
        snapPoints: Bool = true
    ) -> Double {
        let lowestDetent = g.detents[0].position
        switch behavior {
        case .material, .compose:
            return y < g.hiddenPosition ? materialScrim : 0
        case .uikit:
            guard let name = undimmedDetent, name != "hidden", let u = g.position(of: name) else {
                // Dimmed at every detent; it fades out only between the smallest detent and hidden.
                return uikitDimming * interpolate(y, [lowestDetent, g.hiddenPosition], [1, 0])
            }
            guard let larger = g.detents.last(where: { $0.position < u }) else { return 0 }
            return uikitDimming * interpolate(y, [larger.position, u], [1, 0])
        case .floatingpanel:
            let anchors = SheetReleaseRule.anchors(g).sorted { $0.position < $1.position }
            let alphas = anchors.map { $0.name == "full" ? floatingPanelBackdrop : 0 }
            return interpolate(y, anchors.map(\.position), alphas)
        case .gorhom:
            return interpolate(gorhomIndex(y, geometry: g), [-1, 0, 1], [0, 0, gorhomBackdrop])
        case .vaul:
            if snapPoints && g.detents.count > 1 {
                let n = g.detents.count
                return vaulOverlay * interpolate(y, [g.detents[n - 1].position, g.detents[n - 2].position], [1, 0])
            }
            let open = g.largestPosition
            let height = g.size.height - open
            let progress = height > 0 ? min(max((y - open) / height, 0), 1) : 0
            return vaulOverlay * (1 - progress)
        }
    }
}
