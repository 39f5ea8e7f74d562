// The `nav.*` built-ins by name (DESIGN §14): the catalogue entries the descriptor lists, and the maker the preset
// styler looks a preset's styler up in.

/// The navigation family's built-in stylers.
package enum NavigationStylers {
    /// The built-in named `name` (react-navigation's at `version`), nil for another name.
    package static func make(_ name: String, version: Int) -> (any Styler)? {
        if let kind = NavigationFlutterStyler.Kind(rawValue: name) { return NavigationFlutterStyler(kind) }
        if let kind = NavigationAndroidStyler.Kind(rawValue: name) { return NavigationAndroidStyler(kind) }
        if let preset = NavigationPreset.all(.reactNavigation).first(where: { $0.styler == name }) {
            return NavigationReactStyler(preset.name, version: version)
        }
        return nil
    }

    /// The catalogue entries, in the order `panekit stylers` lists them.
    package static let entries: [StylerEntry] = {
        var entries: [StylerEntry] = []
        let descriptions: [NavigationFlutterStyler.Kind: String] = [
            .cupertino:
                "Flutter's CupertinoPageRoute: the page over 500 ms on fastEaseInToSlowEaseOut, the page below to −W/3, the 0x18 barrier",
            .uikit:
                "UIKit's push (docs/compat.md): the page from W, the page below to −W/3 with the 0x18 dim; a modal card pushing the page back",
            .zoom: "Flutter's ZoomPageTransitionsBuilder: scale 0.85 → 1 with a fade, the page below to 1.05, the surface scrim",
            .fadeForwards: "Flutter's FadeForwardsPageTransitionsBuilder: a quarter-width slide on the emphasized curve with fades",
            .fadeUpwards: "Flutter's FadeUpwardsPageTransitionsBuilder: up a quarter of the height with an easeIn fade",
            .openUpwards: "Flutter's OpenUpwardsPageTransitionsBuilder: revealed from the bottom with a 0.25 scrim",
            .predictiveBack:
                "Flutter's PredictiveBackPageTransitionsBuilder: scale 0.95 and a W/20 − 8 shift under the gesture; zoom otherwise",
        ]
        for kind in NavigationFlutterStyler.Kind.allCases {
            entries.append(
                StylerEntry(name: kind.rawValue, description: descriptions[kind] ?? "", params: []) { _ in NavigationFlutterStyler(kind) })
        }
        for preset in NavigationPreset.all(.reactNavigation) {
            let name = preset.name
            // Two presets draw the top screen alike in 7 and 8 (they differ only in their specs, or the dim under a
            // covered card): they take no `version`, and a stack passes its own to its default styler.
            let versioned = !NavigationReactStyler.sameInBothVersions.contains(name)
            entries.append(
                StylerEntry(
                    name: preset.styler,
                    description: "react-navigation's \(name) (TransitionPresets)" + (versioned ? ", version 7 or 8" : ""),
                    params: versioned ? [NavigationReactStyler.versionKey.spec] : []
                ) { p in NavigationReactStyler(name, version: versioned ? Int(p[NavigationReactStyler.versionKey]) : 7) })
        }
        let android: [NavigationAndroidStyler.Kind: String] = [
            .sharedAxisX: "MDC MaterialSharedAxis X: ±30 dp with the fade-through alphas",
            .sharedAxisY: "MDC MaterialSharedAxis Y: ±30 dp vertically with the fade-through alphas",
            .sharedAxisZ: "MDC MaterialSharedAxis Z: scale 0.8 → 1 in, 1 → 1.1 out, with the fade-through alphas",
            .fadeThrough: "MDC MaterialFadeThrough: out by 0.35, in from 0.35 with scale 0.92 → 1",
            .fade: "MDC MaterialFade: in over the first 30 % with scale 0.8 → 1, out over the whole",
            .back:
                "Android's cross-activity predictive back: windows at 0.9 with the 96-dp offset; the Android 14 activity slide otherwise",
            .compose: "navigation-compose: the 700-ms cross-fade; the predictive pop scales the leaving screen to 0.7",
        ]
        for kind in NavigationAndroidStyler.Kind.allCases {
            entries.append(
                StylerEntry(name: kind.rawValue, description: android[kind] ?? "", params: []) { _ in NavigationAndroidStyler(kind) })
        }
        return entries
    }()
}
