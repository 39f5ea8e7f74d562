// Each behavior's presets (DESIGN §14) as one table: the styler that draws it, the edge its screen enters from,
// and the specs of its push and pop (reference/navigation.md §1.2, §1.4, §2.4, §4).

/// How a push or a pop moves a screen's progress.
package enum NavigationSpec: Sendable, Hashable {
    /// A fixed duration in seconds along an easing of the progress. Flutter's routes run a linear controller
    /// (their stylers apply the curves), react-navigation's timing specs and MDC's transitions ease the progress.
    case timing(Double, NavigationEasing)
    /// A critically damped spring of angular frequency `omega` (rad/s), as React Native runs TransitionIOSSpec
    /// (ζ 4.56 treated as 1), resting within `rest` points and points per second (10), or after `duration` seconds
    /// when set (UIKit's 0.5-s animation).
    case criticalSpring(omega: Double, rest: Double, duration: Double?)

    /// TransitionIOSSpec: stiffness 1000, damping 500, mass 3 → ω₀ = √(1000/3), rest 10 pt and 10 pt/s.
    static let iosSpring = NavigationSpec.criticalSpring(omega: (1000.0 / 3).squareRoot(), rest: 10, duration: nil)
    /// UIKit's push: the same spring, ending at 0.5 s (CASpringAnimation's duration; docs/compat.md).
    static let uikitSpring = NavigationSpec.criticalSpring(omega: (1000.0 / 3).squareRoot(), rest: 0, duration: 0.5)
}

/// One preset of a behavior.
package struct NavigationPreset: Sendable, Hashable {
    /// Its scenario name (`slideFromRightIOS`).
    package let name: String
    /// The built-in styler that draws it (`nav.rn.slide-from-right-ios`).
    package let styler: String
    /// The edge its screen enters from in a left-to-right layout: `right` for a push, `bottom` for a modal.
    package let edge: Direction
    /// The push's and the pop's motion.
    package let open: NavigationSpec, close: NavigationSpec
    /// Whether the screen below stays visible while it rests on top (a card or sheet presentation).
    package let seeThrough: Bool

    init(_ name: String, _ styler: String, _ edge: Direction, open: NavigationSpec, close: NavigationSpec? = nil, seeThrough: Bool = false)
    {
        self.name = name
        self.styler = styler
        self.edge = edge
        self.open = open
        self.close = close ?? open
        self.seeThrough = seeThrough
    }

    /// The presets of `behavior` (react-navigation's at `version` 7 or 8), the default first.
    /// - Complexity: a look-up in a table made once; no allocation.
    package static func all(_ behavior: NavigationBehavior, version: Int = 7) -> [NavigationPreset] {
        (version >= 8 ? tables.v8 : tables.v7)[behavior.index]
    }

    /// Every behavior's presets (in `NavigationBehavior.allCases` order), at react-navigation 7 and 8.
    private static let tables = (
        v7: NavigationBehavior.allCases.map { make($0, version: 7) }, v8: NavigationBehavior.allCases.map { make($0, version: 8) }
    )

    /// The presets of `behavior` at `version`, made.
    private static func make(_ behavior: NavigationBehavior, version: Int) -> [NavigationPreset] {
        switch behavior {
        case .uikit:
            [
                NavigationPreset("push", "nav.uikit", .right, open: .uikitSpring),
                NavigationPreset("modal", "nav.uikit", .bottom, open: .uikitSpring, seeThrough: true),
            ]
        case .cupertino:
            [
                NavigationPreset("page", "nav.cupertino", .right, open: .timing(0.5, .linear)),
                NavigationPreset("fullscreenDialog", "nav.cupertino", .bottom, open: .timing(0.5, .linear)),
            ]
        case .flutter:
            [
                NavigationPreset("zoom", "nav.flutter.zoom", .right, open: .timing(0.3, .linear)),
                NavigationPreset("fadeForwards", "nav.flutter.fade-forwards", .right, open: .timing(0.8, .linear)),
                NavigationPreset("fadeUpwards", "nav.flutter.fade-upwards", .bottom, open: .timing(0.3, .linear)),
                NavigationPreset("openUpwards", "nav.flutter.open-upwards", .bottom, open: .timing(0.3, .linear)),
                NavigationPreset("predictiveBack", "nav.flutter.predictive-back", .right, open: .timing(0.3, .linear)),
            ]
        case .reactNavigation: reactNavigation(version: version)
        case .material:
            [
                NavigationPreset("sharedAxisX", "nav.material.shared-axis-x", .right, open: .timing(0.45, .emphasized)),
                NavigationPreset("sharedAxisY", "nav.material.shared-axis-y", .bottom, open: .timing(0.45, .emphasized)),
                NavigationPreset("sharedAxisZ", "nav.material.shared-axis-z", .right, open: .timing(0.45, .emphasized)),
                NavigationPreset("fadeThrough", "nav.material.fade-through", .right, open: .timing(0.45, .emphasized)),
                NavigationPreset(
                    "fade", "nav.material.fade", .right, open: .timing(0.4, .cubic(TimingCurve(x1: 0.1, y1: 0.7, x2: 0.1, y2: 1))),
                    close: .timing(0.15, .cubic(TimingCurve(x1: 0.3, y1: 0, x2: 0.8, y2: 0.2)))),
            ]
        case .android:
            [NavigationPreset("activity", "nav.android.back", .right, open: .timing(0.45, .emphasized))]
        case .compose:
            [NavigationPreset("fade", "nav.compose", .right, open: .timing(0.7, .fastOutSlowIn))]
        }
    }

    /// react-navigation's `TransitionPresets` with the specs of `version` (RN7 TS / RN8 TS, reference §2.4).
    private static func reactNavigation(version: Int) -> [NavigationPreset] {
        let v8 = version >= 8
        let fastOut: NavigationEasing = v8 ? .emphasized : .roughEmphasized
        let fadeIn = NavigationSpec.timing(0.35, .polyOut(5))
        let fadeOut = v8 ? NavigationSpec.timing(0.25, .polyIn(4)) : .timing(0.15, .linear)
        let sheetIn = v8 ? NavigationSpec.timing(0.4, .emphasized) : .timing(0.25, .cosine)
        let sheetOut = v8 ? NavigationSpec.timing(0.35, .emphasized) : .timing(0.2, .polyIn(2))
        let fromRightIn = v8 ? NavigationSpec.timing(0.45, .emphasized) : fadeIn
        let fromRightOut = v8 ? NavigationSpec.timing(0.45, .emphasized) : NavigationSpec.timing(0.15, .linear)
        return [
            NavigationPreset("slideFromRightIOS", "nav.rn.slide-from-right-ios", .right, open: .iosSpring),
            NavigationPreset("modalSlideFromBottomIOS", "nav.rn.modal-slide-from-bottom-ios", .bottom, open: .iosSpring),
            NavigationPreset("modalPresentationIOS", "nav.rn.modal-presentation-ios", .bottom, open: .iosSpring, seeThrough: true),
            NavigationPreset("fadeFromBottomAndroid", "nav.rn.fade-from-bottom-android", .bottom, open: fadeIn, close: fadeOut),
            NavigationPreset("revealFromBottomAndroid", "nav.rn.reveal-from-bottom-android", .bottom, open: .timing(0.425, fastOut)),
            NavigationPreset("scaleFromCenterAndroid", "nav.rn.scale-from-center-android", .right, open: .timing(0.4, fastOut)),
            NavigationPreset("fadeFromRightAndroid", "nav.rn.fade-from-right-android", .right, open: fromRightIn, close: fromRightOut),
            NavigationPreset("bottomSheetAndroid", "nav.rn.bottom-sheet-android", .bottom, open: sheetIn, close: sheetOut),
            NavigationPreset(
                "modalFadeTransition", "nav.rn.modal-fade-transition", .bottom, open: sheetIn, close: sheetOut, seeThrough: true),
        ]
    }

    /// The preset `name` of `behavior`, nil when it has none of that name.
    package static func named(_ name: String, _ behavior: NavigationBehavior, version: Int = 7) -> NavigationPreset? {
        all(behavior, version: version).first { $0.name == name }
    }
}

extension NavigationBehavior {
    /// The behavior's place in `allCases` (the preset tables' index). ORDER NavigationBehavior
    var index: Int {
        switch self {
        case .uikit: 0
        case .cupertino: 1
        case .flutter: 2
        case .reactNavigation: 3
        case .material: 4
        case .android: 5
        case .compose: 6
        }
    }
}
