// Where each detent of a sheet rests: the behaviors' offset rules (reference/sheets.md §1.3, §1b, §2, §3.1,
// §4.2, §5.2) and the closed fraction keyed by the edge.

/// A resolved detent: its name and the sheet's top edge there.
public struct SheetDetent: Sendable, Hashable {
    /// The detent's name (`half`, `expanded`, a scenario's own name, `content`).
    public var name: String
    /// The y of the sheet's top edge in points, measured as for a bottom sheet (a top sheet mirrors it).
    public var position: Double
}

/// Material's offsets in pixels as `BottomSheetBehavior.onLayoutChild` computes them, in integer arithmetic
/// (reference §1.3).
package struct MaterialOffsets: Sendable, Hashable {
    /// The parent's height and width in pixels.
    package var parentHeight: Int, parentWidth: Int
    /// The collapsed sheet's height (`calculatePeekHeight`).
    package var peek: Int
    /// `max(0, parentH − childHeight)`.
    package var fitToContentsOffset: Int
    /// `int(parentH · (1 − halfExpandedRatio))`, computed in `float` as Java does.
    package var halfExpandedOffset: Int
    /// `fitToContents ? max(parentH − peek, fitToContentsOffset) : parentH − peek`.
    package var collapsedOffset: Int
    /// `expandedOffset()`: `fitToContents ? fitToContentsOffset : max(expandedOffset, 0)`.
    package var expandedOffset: Int
}

/// A sheet's resting positions: its detents (smallest sheet first), where it hides, and the closed fraction.
package struct SheetGeometry: Sendable, Hashable {
    /// The container's size in points.
    package var size: Size
    /// The resting detents other than hidden, the smallest sheet (largest position) first.
    package var detents: [SheetDetent]
    /// The y of the sheet's top edge when hidden (the container's height; FloatingPanel's 100 pt below it).
    package var hiddenPosition: Double
    /// Whether a gesture may hide the sheet, so hidden is a resting position.
    package var canHide: Bool
    /// Material's pixel offsets (nil for the other behaviors).
    package var material: MaterialOffsets?

    /// The largest detent's position: closed fraction 0.
    package var largestPosition: Double { detents[detents.count - 1].position }
    /// The lowest resting position: closed fraction 1 (hidden if the sheet can hide, else its smallest detent; a
    /// sheet with one detent that cannot hide measures from its hidden position).
    package var lowestPosition: Double {
        if canHide || detents.count == 1 { return hiddenPosition }
        return detents[0].position
    }

    /// The closed fraction at the sheet position `y`: 0 at the largest detent, 1 at the lowest resting position,
    /// below 0 past the largest detent.
    /// - Complexity: O(1).
    package func closedFraction(at y: Double) -> Double {
        let span = lowestPosition - largestPosition
        return span > 0 ? (y - largestPosition) / span : 0
    }

    /// The position of the detent `name` (`hidden` included), or nil when the sheet has no such detent.
    package func position(of name: String) -> Double? {
        var i = 0
        while i < detents.count {
            if detents[i].name == name { return detents[i].position }
            i += 1
        }
        return name == "hidden" ? hiddenPosition : nil
    }

    /// Every resting detent with its closed fraction, hidden last when the sheet can hide (`ctx.detents`).
    package var detentFractions: [(name: String, closed: Double)] {
        var all = detents.map { ($0.name, closedFraction(at: $0.position)) }
        if canHide { all.append(("hidden", closedFraction(at: hiddenPosition))) }
        return all
    }

    /// The names a scenario may use for this sheet's detents (`hidden` when the sheet has a hidden position).
    package var names: [String] { detents.map(\.name) + ["hidden"] }
}

extension SheetGeometry {
    /// UIKit's large detent: the sheet's top 10 pt below the safe area's top (a choice, docs/compat.md "Sheets").
    package static let uikitLargeGap = 10.0
    /// UIKit's medium detent: the sheet covers 53 % of the container's height (a choice from the measured 53 %,
    /// reference §2).
    package static let uikitMediumFraction = 0.53
    /// FloatingPanel's anchors: full 18 pt below the safe area's top, half at half the safe area, tip 69 pt above
    /// its bottom, hidden 100 pt below the container (Layout.swift:36-38, 290-301).
    package static let floatingPanelFullInset = 18.0, floatingPanelHalfFraction = 0.5
    /// FloatingPanel's tip inset and hidden overshoot, in points.
    package static let floatingPanelTipInset = 69.0, floatingPanelHiddenOffset = 100.0
    /// gorhom's default handle height, added to the content for its dynamic detent (constants.ts:8).
    package static let gorhomHandleHeight = 24.0
    /// Material's minimum auto peek (`design_bottom_sheet_peek_height_min`, 64 dp).
    package static let materialPeekHeightMin = 64.0

    /// Resolves and checks `configuration`: every problem is reported with its path.
    /// - Throws: ``SheetConfigurationError`` listing every problem.
    package static func resolve(_ configuration: SheetConfiguration) throws(SheetConfigurationError) -> SheetGeometry {
        var check = SheetConfigurationCheck(configuration)
        let geometry = check.resolve()
        guard check.issues.isEmpty, let geometry else { throw SheetConfigurationError(issues: check.issues) }
        return geometry
    }
}
