// The sheet container's options, with the platforms' names (DESIGN §13), and their validation.

/// The options of a ``SheetContainer``. A nil option takes the behavior's default (reference/sheets.md).
///
/// Every length is in points. `density` converts the numbers Android gives in pixels (material's 500 px/s
/// significant velocity, its integer offsets) to points.
public struct SheetConfiguration: Sendable, Hashable {
    /// The container's size in points.
    public var size: Size
    /// Whose sheet this is.
    public var behavior: SheetBehavior
    /// The edge the sheet rests against.
    public var edge = SheetEdge.bottom
    /// The safe area (the scenario's top-level `safeArea`); FloatingPanel's anchors and UIKit's large detent are
    /// measured from it.
    public var safeArea = SafeAreaInsets.zero
    /// The detents; nil: the behavior's defaults (material collapsed and expanded, compose partiallyExpanded and
    /// expanded, uikit large, floatingpanel tip, half and full, gorhom the content, vaul one open drawer).
    public var detents: [SheetDetentSpec]?
    /// The detent the sheet starts at; nil: the platform's (material collapsed, compose partiallyExpanded when it
    /// exists, uikit the smallest, floatingpanel half, gorhom and vaul the first).
    public var initialDetent: String?
    /// The sheet's content height in points (Android's measured child height, Compose's sheet size, gorhom's
    /// content, vaul's drawer); nil: the container's height.
    public var contentHeight: Double?
    /// Whether a gesture may hide the sheet; nil: `SheetBehavior.hideableByDefault`.
    public var hideable: Bool?
    /// Material: a sheet moving down skips collapsed and hides (BSB `skipCollapsed`, default false).
    public var skipCollapsed = false
    /// Material: expanded is the content's height and there is no half-expanded state (default true); nil: true,
    /// or false when `detents` names `halfExpanded`.
    public var fitToContents: Bool?
    /// Material: the half-expanded height as a fraction of the container, strictly between 0 and 1 (0.5).
    public var halfExpandedRatio = 0.5
    /// Material: the collapsed sheet's height in points; nil: `"auto"`, max(64 dp, H − W·9/16).
    public var peekHeight: Double?
    /// Material: the expanded sheet's top when `fitToContents` is off, in points (≥ 0; default 0).
    public var expandedOffset = 0.0
    /// Compose: no partiallyExpanded anchor; nil: false, or true when `detents` leaves it out.
    public var skipPartiallyExpanded: Bool?
    /// UIKit's `largestUndimmedDetentIdentifier`: no dimming at this detent and below (nil: dimmed at every detent).
    public var undimmedDetent: String?
    /// Pixels per point for the values the Android sources give in pixels (default 1).
    public var density = 1.0
    /// The iOS display scale, pixels per point (default 3, an iPhone's): FloatingPanel rounds its anchors to it
    /// (`rounded(by: displayScale)`) and stops its numeric spring within one such pixel. Only floatingpanel reads it.
    public var displayScale = 3.0
    /// FloatingPanel's `allowsRubberBanding` at both edges (default false: the panel follows the finger 1:1).
    public var rubberBanding = false
    /// The reading direction; a sheet is the same under both (it moves vertically).
    public var layoutDirection = LayoutDirection.ltr
    /// The display's refresh rate in hertz, at which FloatingPanel's numeric spring steps and gorhom's spring
    /// checks its rest thresholds (an iPhone's 60 Hz by default).
    public var displayRate = 60.0
    /// gorhom's `keyboardBehavior`: where the sheet goes while the keyboard is up (default `interactive`; the other
    /// behaviors have no such option and ignore it).
    public var keyboardBehavior = SheetKeyboardBehavior.interactive
    /// The scenario's `scrollRegions`, in its order (a `scrolled` event's `region` is the index here): regions
    /// `in` the sheet hand a pan off between the sheet and their content; the others belong to the content behind.
    public var scrollRegions: [ScrollRegion] = []
    /// UIKit's `prefersScrollingExpandsWhenScrolledToEdge` (default true): scrolling up over a region in the sheet
    /// first raises the sheet to its largest detent. False: the region scrolls at any detent and the sheet rises no
    /// higher than where the pan found it. Only `uikit` reads it.
    public var prefersScrollingExpandsWhenScrolledToEdge = true

    /// A configuration for a sheet of `behavior` in a container of `size`, with every other option at its default.
    public init(size: Size, behavior: SheetBehavior) {
        self.size = size
        self.behavior = behavior
    }

    /// Whether a gesture may hide the sheet, after the behavior's default and the detents list.
    package var resolvedHideable: Bool {
        if let hideable { return hideable }
        if let detents, behavior.namedDetents.contains("hidden") {
            return detents.contains(.named("hidden"))
        }
        return behavior.hideableByDefault
    }
}

/// One problem with a sheet configuration: where it is (a path relative to the scenario's `container`, such as
/// `detents[2].fraction`) and what was expected.
public struct SheetConfigurationIssue: Sendable, Hashable, CustomStringConvertible {
    /// The option's path inside the container object (`initialDetent`, `detents[1].height`).
    public var path: String
    /// What was expected and what was found.
    public var message: String
    /// `path: message`.
    public var description: String { "\(path): \(message)" }
}

/// Every problem found in a sheet configuration, in the order of its options.
public struct SheetConfigurationError: Error, Sendable, CustomStringConvertible {
    /// The problems, at least one.
    public var issues: [SheetConfigurationIssue]
    /// One line per problem.
    public var description: String { issues.map(\.description).joined(separator: "\n") }
}
