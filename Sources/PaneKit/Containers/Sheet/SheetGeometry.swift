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
public struct MaterialOffsets: Sendable, Hashable {
    /// The parent's height and width in pixels.
    public var parentHeight: Int, parentWidth: Int
    /// The collapsed sheet's height (`calculatePeekHeight`).
    public var peek: Int
    /// `max(0, parentH − childHeight)`.
    public var fitToContentsOffset: Int
    /// `int(parentH · (1 − halfExpandedRatio))`, computed in `float` as Java does.
    public var halfExpandedOffset: Int
    /// `fitToContents ? max(parentH − peek, fitToContentsOffset) : parentH − peek`.
    public var collapsedOffset: Int
    /// `expandedOffset()`: `fitToContents ? fitToContentsOffset : max(expandedOffset, 0)`.
    public var expandedOffset: Int
}

/// A sheet's resting positions: its detents (smallest sheet first), where it hides, and the closed fraction.
public struct SheetGeometry: Sendable, Hashable {
    /// The container's size in points.
    public var size: Size
    /// The resting detents other than hidden, the smallest sheet (largest position) first.
    public var detents: [SheetDetent]
    /// The y of the sheet's top edge when hidden (the container's height; FloatingPanel's 100 pt below it).
    public var hiddenPosition: Double
    /// Whether a gesture may hide the sheet, so hidden is a resting position.
    public var canHide: Bool
    /// Material's pixel offsets (nil for the other behaviors).
    public var material: MaterialOffsets?

    /// The largest detent's position: closed fraction 0.
    public var largestPosition: Double { detents[detents.count - 1].position }
    /// The lowest resting position: closed fraction 1 (hidden if the sheet can hide, else its smallest detent; a
    /// sheet with one detent that cannot hide measures from its hidden position).
    public var lowestPosition: Double {
        if canHide || detents.count == 1 { return hiddenPosition }
        return detents[0].position
    }

    /// The closed fraction at the sheet position `y`: 0 at the largest detent, 1 at the lowest resting position,
    /// below 0 past the largest detent.
    /// - Complexity: O(1).
    public func closedFraction(at y: Double) -> Double {
        let span = lowestPosition - largestPosition
        return span > 0 ? (y - largestPosition) / span : 0
    }

    /// The position of the detent `name` (`hidden` included), or nil when the sheet has no such detent.
    public func position(of name: String) -> Double? {
        var i = 0
        while i < detents.count {
            if detents[i].name == name { return detents[i].position }
            i += 1
        }
        return name == "hidden" ? hiddenPosition : nil
    }

    /// Every resting detent with its closed fraction, hidden last when the sheet can hide (`ctx.detents`).
    public var detentFractions: [(name: String, closed: Double)] {
        var all = detents.map { ($0.name, closedFraction(at: $0.position)) }
        if canHide { all.append(("hidden", closedFraction(at: hiddenPosition))) }
        return all
    }

    /// The names a scenario may use for this sheet's detents (`hidden` when the sheet has a hidden position).
    public var names: [String] { detents.map(\.name) + ["hidden"] }
}

extension SheetGeometry {
    /// UIKit's large detent: the sheet's top 10 pt below the safe area's top (a choice, docs/compat.md "Sheets").
    public static let uikitLargeGap = 10.0
    /// UIKit's medium detent: the sheet covers 53 % of the container's height (a choice from the measured 53 %,
    /// reference §2).
    public static let uikitMediumFraction = 0.53
    /// FloatingPanel's anchors: full 18 pt below the safe area's top, half at half the safe area, tip 69 pt above
    /// its bottom, hidden 100 pt below the container (Layout.swift:36-38, 290-301).
    public static let floatingPanelFullInset = 18.0, floatingPanelHalfFraction = 0.5
    /// FloatingPanel's tip inset and hidden overshoot, in points.
    public static let floatingPanelTipInset = 69.0, floatingPanelHiddenOffset = 100.0
    /// gorhom's default handle height, added to the content for its dynamic detent (constants.ts:8).
    public static let gorhomHandleHeight = 24.0
    /// Material's minimum auto peek (`design_bottom_sheet_peek_height_min`, 64 dp).
    public static let materialPeekHeightMin = 64.0

    /// Resolves and checks `configuration`: every problem is reported with its path.
    /// - Throws: ``SheetConfigurationError`` listing every problem.
    public static func resolve(_ configuration: SheetConfiguration) throws(SheetConfigurationError) -> SheetGeometry {
        var check = SheetConfigurationCheck(configuration)
        let geometry = check.resolve()
        guard check.issues.isEmpty, let geometry else { throw SheetConfigurationError(issues: check.issues) }
        return geometry
    }
}
