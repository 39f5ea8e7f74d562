// How dark the overlay behind a sheet is at each position: each behavior's dimming (reference/sheets.md §1.2,
// §1b, §3.5, §4.1, §5.4, §5.6; UIKit's is a choice).

/// The overlay's alpha (black) per behavior, as a function of the sheet's position.
package enum SheetDimming {
    /// The M3 scrim and dialog dim, 0.32 (`m3_comp_scrim_container_opacity`; Compose `ScrimTokens`).
    package static let materialScrim = 0.32
    /// UIKit's dimming alpha, chosen (docs/compat.md: the reference marks it UNKNOWN).
    package static let uikitDimming = 0.4
    /// FloatingPanel's backdrop alpha at `.full` (Layout.swift:53-55).
    package static let floatingPanelBackdrop = 0.3
    /// gorhom's backdrop opacity, reached at index 1 (bottomSheetBackdrop/constants.ts).
    package static let gorhomBackdrop = 0.5
    /// The alpha of vaul's overlay at full opacity, chosen: vaul leaves the colour to the page; its demo's
    /// `bg-black/40` (docs/compat.md).
    package static let vaulOverlay = 0.4

    /// 1 at or above the position `full`, 0 at or below `none` (`full` < `none`), linear between.
    static func fade(_ y: Double, full: Double, none: Double) -> Double {
        guard none > full else { return y < none ? 1 : 0 }
        return min(max((none - y) / (none - full), 0), 1)
    }

    /// Linear interpolation at `x` through `count` points (x increasing) that `point` gives, clamped at both ends;
    /// no array, so the per-frame dimming allocates nothing.
    static func piecewise(_ x: Double, count: Int, _ point: (Int) -> (x: Double, value: Double)) -> Double {
        var previous = point(0)
        if x <= previous.x { return previous.value }
        for i in 1..<count {
            let p = point(i)
            if x <= p.x {
                let span = p.x - previous.x
                return span > 0 ? previous.value + (x - previous.x) / span * (p.value - previous.value) : p.value
            }
            previous = p
        }
        return previous.value
    }

    /// gorhom's fractional `animatedIndex` at position `y`: 0 at the first (smallest) detent, one more per detent,
    /// −1 at the closed position, interpolated and clamped.
    package static func gorhomIndex(_ y: Double, geometry g: SheetGeometry) -> Double {
        // Increasing positions: the largest detent first, the closed position last.
        let n = g.detents.count
        return piecewise(y, count: n + 1) { k in
            k < n ? (g.detents[n - 1 - k].position, Double(n - 1 - k)) : (g.size.height, -1)
        }
    }

    /// The overlay's alpha at position `y` for the position-driven behaviors (Compose's time-driven scrim is the
    /// container's; this returns its target, 0.32 unless hidden).
    /// - Parameters:
    ///   - y: the sheet's position.
    ///   - behavior: whose dimming.
    ///   - g: the detents.
    ///   - undimmedDetent: the largest undimmed detent: UIKit's `largestUndimmedDetentIdentifier` (nil: dimmed at
    ///     every detent), FloatingPanel's `backdropAlpha` 0 at and below it (nil: 0.3 at full only), gorhom's
    ///     backdrop `disappearsOnIndex` (its index; nil: 0), vaul's `fadeFromIndex` (the next index; nil: the last).
    ///   - snapPoints: vaul with snap points (the overlay fades in towards the last point) or without (1 − progress).
    /// - Complexity: O(detents).
    package static func alpha(
        at y: Double, behavior: SheetBehavior, geometry g: SheetGeometry, undimmedDetent: String? = nil,
        snapPoints: Bool = true
    ) -> Double {
        let lowestDetent = g.detents[0].position
        // The undimmed detent's index among the detents (smallest first), when one is named.
        let undimmed = undimmedDetent.flatMap { name in g.detents.firstIndex { $0.name == name } }
        switch behavior {
        case .material, .compose:
            return y < g.hiddenPosition ? materialScrim : 0
        case .uikit:
            guard let name = undimmedDetent, name != "hidden", let u = g.position(of: name) else {
                // Dimmed at every detent; it fades out only between the smallest detent and hidden.
                return uikitDimming * fade(y, full: lowestDetent, none: g.hiddenPosition)
            }
            guard let larger = g.detents.last(where: { $0.position < u }) else { return 0 }
            return uikitDimming * fade(y, full: larger.position, none: u)
        case .floatingpanel:
            // The anchors by increasing position: the detents from the largest, then hidden (alpha 0).
            let n = g.detents.count
            return piecewise(y, count: n + (g.canHide ? 1 : 0)) { k in
                guard k < n else { return (g.hiddenPosition, 0) }
                let d = g.detents[n - 1 - k]
                let dimmed = undimmed.map { k < n - 1 - $0 } ?? (d.name == "full")
                return (d.position, dimmed ? floatingPanelBackdrop : 0)
            }
        case .gorhom:
            return gorhomBackdrop * min(max(gorhomIndex(y, geometry: g) - Double(undimmed ?? 0), 0), 1)
        case .vaul:
            if let u = undimmed {
                guard u + 1 < g.detents.count else { return 0 }
                return vaulOverlay * fade(y, full: g.detents[u + 1].position, none: g.detents[u].position)
            }
            if snapPoints && g.detents.count > 1 {
                let n = g.detents.count
                return vaulOverlay * fade(y, full: g.detents[n - 1].position, none: g.detents[n - 2].position)
            }
            let open = g.largestPosition
            let height = g.size.height - open
            let progress = height > 0 ? min(max((y - open) / height, 0), 1) : 0
            return vaulOverlay * (1 - progress)
        }
    }
}
