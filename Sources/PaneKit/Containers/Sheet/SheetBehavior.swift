// The six sheet behaviors a `sheet` container reproduces, and the edge it comes from (DESIGN §13).

/// Whose sheet the container reproduces: its default detents, release rule, settle motion, drag limit and dimming
/// (reference/sheets.md sections 1–6). The raw values are the scenario names (a contract).
public enum SheetBehavior: String, Sendable, Hashable, CaseIterable {
    /// Android Material `BottomSheetBehavior` (Views) in the M3 `BottomSheetDialog` (reference §1).
    case material
    /// Jetpack Compose Material 3 `ModalBottomSheet` with `SheetState` (reference §1b).
    case compose
    /// UIKit's `UISheetPresentationController` (reference §2; the numbers UIKit keeps private are docs/compat.md's
    /// choices).
    case uikit
    /// scenee/FloatingPanel 3.2 with its default bottom layout and behavior (reference §3).
    case floatingpanel
    /// gorhom/react-native-bottom-sheet 5.2 with its iOS animation configuration (reference §4).
    case gorhom
    /// emilkowalski/vaul 1.1, the web drawer (reference §5).
    case vaul

    /// The detent names the behavior defines itself, in the platform's order (smallest sheet first); gorhom and
    /// vaul have none (they take their snap points as `{"name","height"}`, `{"name","fraction"}` or `"content"`).
    package var namedDetents: [String] {
        switch self {
        case .material: ["collapsed", "halfExpanded", "expanded", "hidden"]
        case .compose: ["partiallyExpanded", "expanded", "hidden"]
        case .uikit: ["medium", "large"]
        case .floatingpanel: ["tip", "half", "full", "hidden"]
        case .gorhom, .vaul: []
        }
    }

    /// The container keys that only some platforms have, with the behaviors that take them: gorhom's
    /// `keyboardBehavior`, the undimmed detent of the sheets that can leave the content undimmed (material's and
    /// Compose's modal sheets dim at every detent), UIKit's `prefersScrollingExpandsWhenScrolledToEdge`.
    package static let platformKeys: [(key: String, behaviors: [SheetBehavior])] = [
        ("keyboardBehavior", [.gorhom]),
        ("undimmedDetent", [.uikit, .floatingpanel, .gorhom, .vaul]),
        ("prefersScrollingExpandsWhenScrolledToEdge", [.uikit]),
    ]

    /// Whether the behavior has the container key `key` (every key but the other platforms' ``platformKeys``):
    /// `--behaviors` leaves a key out of the runs of the behaviors that lack it.
    package func takes(key: String) -> Bool {
        Self.platformKeys.first { $0.key == key }?.behaviors.contains(self) ?? true
    }

    /// Whether the behavior takes detents as objects (`height`, `fraction`, `inset`) and `"content"`. Material and
    /// Compose compute their offsets from their own options (`peekHeight`, `halfExpandedRatio`, `contentHeight`),
    /// so they take only their named detents.
    package var takesCustomDetents: Bool {
        switch self {
        case .material, .compose: false
        case .uikit, .floatingpanel, .gorhom, .vaul: true
        }
    }

    /// Whether the sheet can hide by a gesture when the scenario does not say (`hideable`): material's
    /// `hideable` attribute (false, BSB:413), Compose's modal sheet (true), UIKit's swipe to dismiss (true),
    /// FloatingPanel's removal interaction (false, Core.swift:65), gorhom's `enablePanDownToClose` (false,
    /// constants.ts:13) and vaul's `dismissible` (true, index.tsx:146-160).
    package var hideableByDefault: Bool {
        switch self {
        case .material, .floatingpanel, .gorhom: false
        case .compose, .uikit, .vaul: true
        }
    }
}

/// The edge a sheet rests against. `top` is the exact mirror of `bottom` (positions measured from the top edge).
public enum SheetEdge: String, Sendable, Hashable, CaseIterable {
    /// The sheet rises from the bottom edge (the default).
    case bottom
    /// The sheet hangs from the top edge: every position is the mirror image of the bottom sheet's.
    case top

    /// The direction whose closed fraction the sheet drives (`fractions.bottom` or `fractions.top`).
    package var direction: Direction { self == .bottom ? .bottom : .top }

    /// `[direction]`, made once: the host asks a container for its directions every frame.
    package var directions: [Direction] { self == .bottom ? Self.bottomOnly : Self.topOnly }
    private static let bottomOnly: [Direction] = [.bottom]
    private static let topOnly: [Direction] = [.top]
}

/// The safe area's insets in points (top-level `safeArea` of a scenario; each defaults to 0).
public struct SafeAreaInsets: Sendable, Hashable {
    /// The inset from the top edge (the status bar, the notch).
    public var top: Double
    /// The inset from the bottom edge (the home indicator).
    public var bottom: Double
    /// The inset from the left edge.
    public var left: Double
    /// The inset from the right edge.
    public var right: Double
    /// Insets of the given sizes in points.
    public init(top: Double = 0, bottom: Double = 0, left: Double = 0, right: Double = 0) {
        self.top = top
        self.bottom = bottom
        self.left = left
        self.right = right
    }
    /// No insets.
    public static let zero = SafeAreaInsets()
    /// The same insets seen from the other vertical edge (top and bottom swapped), for a top sheet.
    var verticallyMirrored: SafeAreaInsets { SafeAreaInsets(top: bottom, bottom: top, left: left, right: right) }
}

/// One detent as a scenario or an app declares it (DESIGN §13).
public enum SheetDetentSpec: Sendable, Hashable {
    /// One of the behavior's own detents (`collapsed`, `medium`, `tip`, …; `SheetBehavior.namedDetents`).
    case named(String)
    /// A detent whose sheet is `height` points tall.
    case height(name: String, Double)
    /// A detent whose sheet is `fraction` (0…1) of the container's height.
    case fraction(name: String, Double)
    /// A detent whose sheet's top edge is `inset` points below the safe area's top.
    case inset(name: String, Double)
    /// The detent sized to ``SheetConfiguration/contentHeight`` (named `content`; gorhom adds its 24 pt handle).
    case content

    /// The detent's name.
    public var name: String {
        switch self {
        case .named(let n), .height(let n, _), .fraction(let n, _), .inset(let n, _): n
        case .content: "content"
        }
    }
}
