// How far a finger can take a sheet past its detents: each behavior's drag limit (reference/sheets.md §1.4, §1b,
// §3.4, §4.3, §5.6, §6).

import Foundation

/// The drag limits: where the sheet is for an unlimited drag position (start + finger travel).
package enum SheetDragLimit {
    /// The iOS rubber band's constant, 0.55 (reference §6).
    package static let rubberBandConstant = 0.55
    /// gorhom's over-drag resistance factor, 2.5 (constants.ts:9).
    package static let gorhomResistance = 2.5

    /// The iOS rubber band: `(1 − 1 / (x · 0.55 / d + 1)) · d` for `x` points past the edge of a view `d` tall.
    package static func rubberBand(_ x: Double, dimension d: Double) -> Double {
        (1 - 1 / (x * rubberBandConstant / d + 1)) * d
    }

    /// gorhom's square-root over-drag: `√(1 + x) · 2.5` for `x` points past the edge (2.5 already at 0).
    package static func gorhomOverDrag(_ x: Double) -> Double { (1 + x).squareRoot() * gorhomResistance }

    /// vaul's logarithmic over-drag past the open drawer: `min(−8 · (ln(d + 1) − 2), 0)` for `d` points (0 up to
    /// e² − 1 ≈ 6.39 points), the drawer's translate (negative: up).
    package static func vaulDampen(_ d: Double) -> Double { min(-8 * (log(d + 1) - 2), 0) }

    /// Whether the behavior limits each move of the finger rather than the whole drag: ViewDragHelper's `dragTo`
    /// clamps the captured view's top plus the move's delta (BSB `clampViewPositionVertical`) and Compose's
    /// `newOffsetForDelta` coerces the offset plus the delta, so a finger that pushes past a limit and comes back
    /// moves the sheet back at once. FloatingPanel, gorhom, vaul and UIKit limit the start plus the whole
    /// translation.
    package static func limitsEachMove(_ behavior: SheetBehavior) -> Bool { behavior == .material || behavior == .compose }

    /// The sheet's position after the finger moves `delta` points (positive down) with the sheet at `position`, the
    /// unlimited drag position being `raw` after the move: `position + delta` clamped to the detents (hidden when
    /// the sheet can hide) for the behaviors that limit each move, ``limit(_:behavior:geometry:rubberBanding:snapPoints:)``
    /// of `raw` for the others.
    /// - Complexity: O(1).
    package static func moved(
        from position: Double, by delta: Double, raw: Double, behavior: SheetBehavior, geometry g: SheetGeometry,
        rubberBanding: Bool = false, snapPoints: Bool = true
    ) -> Double {
        guard limitsEachMove(behavior) else {
            return limit(raw, behavior: behavior, geometry: g, rubberBanding: rubberBanding, snapPoints: snapPoints)
        }
        return min(max(position + delta, g.largestPosition), g.canHide ? g.hiddenPosition : g.detents[0].position)
    }

    /// The sheet's position for the unlimited drag position `raw`.
    /// - Parameters:
    ///   - raw: the position the finger asks for: the start position plus the finger's travel.
    ///   - behavior: whose limit applies.
    ///   - g: the detents.
    ///   - rubberBanding: FloatingPanel's `allowsRubberBanding` (false: 1:1 past the anchors).
    ///   - snapPoints: vaul with snap points (the drawer stops at the top one) or without (logarithmic).
    /// - Complexity: O(1).
    package static func limit(
        _ raw: Double, behavior: SheetBehavior, geometry g: SheetGeometry, rubberBanding: Bool = false,
        snapPoints: Bool = true
    ) -> Double {
        let top = g.largestPosition
        let lowestDetent = g.detents[0].position
        let bottom = g.canHide ? g.hiddenPosition : lowestDetent
        let H = g.size.height
        switch behavior {
        case .material, .compose:
            // A hard clamp (BSB clampViewPositionVertical; Compose newOffsetForDelta), which they apply to each move
            // (moved(from:by:raw:…)).
            return min(max(raw, top), bottom)
        case .uikit:
            if raw < top { return top - rubberBand(top - raw, dimension: H) }
            if raw > bottom { return g.canHide ? bottom : bottom + rubberBand(raw - bottom, dimension: H) }
            return raw
        case .floatingpanel:
            guard rubberBanding else { return raw }
            if raw < top { return top - rubberBand(top - raw, dimension: H) }
            if raw > bottom { return bottom + rubberBand(raw - bottom, dimension: H) }
            return raw
        case .gorhom:
            let lowest = g.canHide ? H : lowestDetent
            if raw < top { return top - gorhomOverDrag(top - raw) }
            if raw > lowest { return lowest + gorhomOverDrag(raw - lowest) }
            return raw
        case .vaul:
            if raw < top { return snapPoints ? top : top + vaulDampen(top - raw) }
            if raw > lowestDetent { return g.canHide ? min(raw, g.hiddenPosition) : lowestDetent }
            return raw
        }
    }
}
