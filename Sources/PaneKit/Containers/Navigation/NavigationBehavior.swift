// Whose navigation stack this is (DESIGN §14): the seven platforms, each with its presets, its gesture and what
// happens after the gesture lets go (reference/navigation.md).

// ORDER NavigationBehavior: the cases in the order of `index` (NavigationPreset.swift).
/// The platform a navigation stack imitates.
public enum NavigationBehavior: String, Sendable, Hashable, CaseIterable {
    /// UINavigationController: the 0.5-s critically damped push, the leading-edge pop gesture (docs/compat.md).
    case uikit
    /// Flutter's `CupertinoPageRoute`: 500 ms, the 1/3 parallax, the edge strip and the 350-ms release.
    case cupertino
    /// Flutter's Material page transitions: `zoom`, `fadeForwards`, `fadeUpwards`, `openUpwards`, `predictiveBack`.
    case flutter
    /// react-navigation's JS stack with its `TransitionPresets` (`version` 7 or 8).
    case reactNavigation = "react-navigation"
    /// Material Components transitions: `sharedAxisX`, `sharedAxisY`, `sharedAxisZ`, `fadeThrough`, `fade`.
    case material
    /// Android's system predictive back between activities (the cross-activity animation).
    case android
    /// navigation-compose's `NavHost`: cross-fades, and the predictive pop's scale.
    case compose

    /// The preset a push takes when it names none.
    var defaultPreset: String {
        switch self {
        case .uikit: "push"
        case .cupertino: "page"
        case .flutter: "zoom"
        case .reactNavigation: "slideFromRightIOS"
        case .material: "sharedAxisX"
        case .android: "activity"
        case .compose: "fade"
        }
    }

    /// The preset a modal push takes when it names none.
    var modalPreset: String {
        switch self {
        case .uikit: "modal"
        case .cupertino: "fullscreenDialog"
        case .reactNavigation: "modalPresentationIOS"
        case .flutter, .material, .android, .compose: defaultPreset
        }
    }

    /// How the platform's back gesture starts, decides and settles.
    var gesture: NavigationGestureRule {
        switch self {
        case .uikit: .uikit
        case .cupertino: .flutter
        case .reactNavigation: .reactNavigation
        case .flutter, .android, .compose: .system
        case .material: .none
        }
    }
}

/// The interactive back gesture of a platform: its hit region, its activation and its release rule.
package enum NavigationGestureRule: Sendable, Hashable {
    /// Flutter's CupertinoPageRoute: a pan starting within max(20, leading safe inset) of the leading edge; on
    /// release a fling of ≥ 1 width/s decides by its sign, else past half (CR:732-889).
    case flutter
    /// UIKit's leading-edge pan, by Flutter's numbers (UIKit's own are unknown: docs/compat.md).
    case uikit
    /// react-navigation: 50 pt from the leading edge (135 from the top for vertical cards), active after 5 pt,
    /// failed after 20 (15) across; closes when (t + 0.3·v) passes half the distance (Card.tsx).
    case reactNavigation
    /// Android's system back swipe from either edge: the TouchTracker progress, smoothed by its spring.
    case system
    /// No interactive back (Material transitions run only when asked).
    case none

    /// Flutter's fling threshold, in widths per second (`_kMinFlingVelocity`).
    static let flutterFling = 1.0
    /// Flutter's back-gesture strip, in points (`_kBackGestureWidth`).
    static let flutterStrip = 20.0
    /// react-navigation's `gestureResponseDistance`: horizontal and vertical.
    static let rnHorizontalDistance = 50.0, rnVerticalDistance = 135.0
    /// react-navigation's activation offset and fail offsets (horizontal cards fail after 20 vertically, vertical
    /// cards after 15 horizontally).
    static let rnActivation = 5.0, rnFailHorizontal = 20.0, rnFailVertical = 15.0
    /// react-navigation's `gestureVelocityImpact`.
    static let rnVelocityImpact = 0.3
    /// The system back's edge region, in points (docs/compat.md: the reference gives no number).
    static let systemEdge = 24.0
    /// The travel past which a system back swipe commits, in points (`navigation_edge_action_drag_threshold`).
    static let systemCommitTravel = 16.0

    /// Flutter's and UIKit's (by Flutter's rule) decision: whether a release at progress `value` (1 in place) with
    /// velocity `v` (widths per second, positive towards the trailing edge) pops.
    static func flutterPops(value: Double, velocity v: Double) -> Bool {
        if abs(v) >= flutterFling { return v > 0 }
        return value <= 0.5
    }

    /// react-navigation's decision: whether a release at translation `t` with velocity `v` (points, points per
    /// second, along the closing direction) over the distance `d` closes the card.
    static func reactNavigationCloses(translation t: Double, velocity v: Double, distance d: Double) -> Bool {
        (t + v * rnVelocityImpact) > d / 2 && (v != 0 || t != 0)
    }

    /// Android's TouchTracker progress of a swipe `dx` points from the edge on a container `width` wide: linear up
    /// to the 412-dp zone (with the 0.2 non-linear factor), then bending to reach 1 at the far edge.
    static func systemProgress(dx: Double, width: Double) -> Double {
        let linear = min(width, 412), factor = 0.2
        guard width > 0, dx > 0 else { return 0 }
        let target = linear + (width - linear) * factor
        if dx <= linear { return min(dx / target, 1) }
        let k = (dx - linear) / (width - linear)
        return min(dx / (target + (width - target) * k), 1)
    }
}
