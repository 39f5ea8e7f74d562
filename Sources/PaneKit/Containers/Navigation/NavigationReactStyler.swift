// react-navigation's card style interpolators (`nav.rn.*`), version 7 and 8, formula for formula
// (reference/navigation.md §2.5). `p` is the card's progress, `n` the next card's; react-navigation 8's
// time-windowed opacities read `T`, the time at which the preset's spec reaches the progress (its `timeline()`).

/// A react-navigation `TransitionPresets` entry as a styler of navigation screens.
package struct NavigationReactStyler: Styler {
    /// The preset (`slideFromRightIOS`).
    package let preset: String
    /// react-navigation's major version, 7 or 8.
    package let version: Int
    /// Its built-in name (`nav.rn.slide-from-right-ios`).
    package let name: String

    /// The presets whose built-in takes no `version` parameter.
    static let sameInBothVersions = ["modalSlideFromBottomIOS", "modalFadeTransition"]

    /// The `version` parameter (7 or 8).
    package static let versionKey = ParamKey.number("version", 7, min: 7, max: 8, doc: "react-navigation's major version, 7 or 8")

    /// The styler of `preset` at `version`.
    package init(_ preset: String, version: Int) {
        self.preset = preset
        self.version = version
        self.name = NavigationPreset.named(preset, .reactNavigation)?.styler ?? "nav.rn"
    }

    /// Piecewise-linear interpolation through `points` (x ascending), clamped at both ends (`extrapolate: clamp`).
    static func interpolate(_ x: Double, _ points: [(Double, Double)]) -> Double {
        if x <= points[0].0 { return points[0].1 }
        for i in 1..<points.count where x <= points[i].0 {
            let (x0, y0) = points[i - 1], (x1, y1) = points[i]
            return x1 == x0 ? y1 : y0 + (y1 - y0) * (x - x0) / (x1 - x0)
        }
        return points[points.count - 1].1
    }

    /// The milliseconds at which the opening (or closing) spec of the preset reaches `progress` (RN8 `timeline()`).
    private func time(_ progress: Double, closing: Bool) -> Double {
        guard let p = NavigationPreset.named(preset, .reactNavigation, version: version),
            case .timing(let duration, let easing) = closing ? p.close : p.open
        else { return 0 }
        return 1000 * duration * easing.inverse(closing ? 1 - progress : progress)
    }

    private static func clamp(_ x: Double) -> Double { min(max(x, 0), 1) }

    /// - Complexity: per call; react-navigation 8's timelines invert the spec's easing (40 steps).
    package func style(_ given: StyleContext, into edits: inout StyleEdits) throws {
        let context = given.navigationReading
        var look = NavigationLook()
        let p = context.progress, n = context.next, below = context.isBelow
        let v8 = version >= 8, closing = context.popping
        switch preset {
        case "slideFromRightIOS":
            look.along = below ? -0.3 * n : 1 - p
            look.dim = (v8 ? 0.1 : 0.07) * n
            // RN7 draws no shadow (cardShadowEnabled is off); RN8 a constant 0.04 over the whole card.
            if v8, !below { look.shadow = Shadow(radius: 12, opacity: 0.04, offset: Point(x: 0, y: -3), color: .black) }
        case "modalSlideFromBottomIOS":
            if !below { look.along = 1 - p }
        case "modalPresentationIOS":
            modalPresentation(context, &look)
        case "fadeFromBottomAndroid":
            if below {
                if v8 {
                    look.dim =
                        closing
                        ? 0.3 * (1 - NavigationEasing.linearOutSlowIn.value(time(n, closing: true) / 250))
                        : 0.3 * NavigationEasing.fastOutSlowIn.value(Self.clamp(time(n, closing: false) / 217))
                }
            } else {
                look.along = 0.08 * (1 - p)
                if v8 {
                    look.alpha =
                        closing
                        ? 1 - Self.clamp((time(p, closing: true) - 100) / 150)
                        : NavigationEasing.polyOut(4).value(Self.clamp(time(p, closing: false) / 200))
                } else {
                    look.alpha = closing ? p : Self.interpolate(p, [(0, 0), (0.5, 0.25), (0.9, 0.7), (1, 1)])
                }
            }
        case "revealFromBottomAndroid":
            if below {
                if v8 {
                    let tau =
                        closing
                        ? 1 - NavigationEasing.fastOutSlowIn.value(time(n, closing: true) / 425)
                        : NavigationEasing.fastOutSlowIn.value(time(n, closing: false) / 425)
                    look.along = -0.02 * tau
                    look.dim =
                        closing
                        ? 0.1 * (1 - NavigationEasing.activityCloseDim.value(time(n, closing: true) / 425))
                        : 0.1 * Self.clamp(time(n, closing: false) / 117)
                } else {
                    look.along = -0.02 * n
                    look.dim = Self.interpolate(n, [(0, 0), (0.36, 0.1), (1, 0.1)])
                }
            } else {
                // The container clips from y = H(1 − p) (RN8: H(1 − 0.959p − 0.041τ)); the card counter-moves so the
                // content looks revealed, not slid.
                var top = 1 - p
                if v8 {
                    let tau =
                        closing
                        ? 1 - NavigationEasing.fastOutSlowIn.value(time(p, closing: true) / 425)
                        : NavigationEasing.fastOutSlowIn.value(time(p, closing: false) / 425)
                    top = 1 - 0.959 * p - 0.041 * tau
                }
                look.clipFromBottom = 1 - top
            }
        case "scaleFromCenterAndroid":
            scaleFromCenter(context, &look)
        case "fadeFromRightAndroid":
            look.points = below ? -96 * n : 96 * (1 - p)
            if !below {
                look.alpha =
                    v8
                    ? (closing ? 1 - Self.clamp((time(p, closing: true) - 35) / 83) : Self.clamp((time(p, closing: false) - 50) / 83))
                    : p
            }
        case "bottomSheetAndroid":
            if below {
                look.dim =
                    v8
                    ? (closing ? 0.32 * (1 - Self.clamp(time(n, closing: true) / 112)) : 0.32 * Self.clamp(time(n, closing: false) / 128))
                    : 0.3 * n
            } else {
                look.along = (v8 ? 0.2 : 0.8) * (1 - p)
                look.alpha = v8 && closing ? 1 - NavigationEasing.emphasized.value(Self.clamp(time(p, closing: true) / 300)) : p
            }
        case "modalFadeTransition":
            if below {
                if !v8 { look.dim = 0.5 * n }
            } else {
                look.alpha = Self.interpolate(p, [(0, 0), (0.5, 0.25), (0.9, 0.7), (1, 1)])
            }
        default:
            break
        }
        look.apply(context, into: &edits)
    }

    /// forModalPresentationIOS (RN7 CSI:106-194; RN8 CSI:97-229, its iOS ≥ 26 and non-iOS branch), with no notch
    /// and no top inset: a card 10 pt below the top, the card below scaled back.
    private func modalPresentation(_ context: StyleContext, _ look: inout NavigationLook) {
        let w = context.size.width, h = context.size.height
        let first = context.index == 0
        let q = Self.clamp(context.progress) + Self.clamp(context.next)
        var y: Double, scale: Double
        if version >= 8 {
            let s = 1 - 30 / w
            let recede = h * (1 - s) / 2
            y = Self.interpolate(q, [(0, h), (1, context.index > 1 ? 10 : 0), (2, first ? 0 : -recede)])
            scale = first ? 1 : Self.interpolate(q, [(0, 1), (1, 1), (2, s)])
            look.corner = first ? 0 : 38
            if context.isBelow { look.dim = Self.interpolate(q, [(0, 0), (1, 0), (2, first ? 0.2 : 0.12)]) }
        } else {
            y = Self.interpolate(q, [(0, h), (1, first ? 0 : 10), (2, -10 * h / w)])
            scale = Self.interpolate(q, [(0, 1), (1, 1), (2, 1 - 20 / w)])
            look.corner = first ? Self.interpolate(q, [(0, 0), (1, 0), (2, 10)]) : 10
            if context.isBelow { look.dim = 0.3 * context.next }
        }
        look.topCornersOnly = true
        look.points = y
        look.scale = scale
    }

    /// forScaleFromCenterAndroid (RN7 CSI:294-338; RN8 CSI:403-480).
    private func scaleFromCenter(_ context: StyleContext, _ look: inout NavigationLook) {
        let p = context.progress, n = context.next, closing = context.popping
        if version >= 8 {
            if context.isBelow {
                look.scale = closing ? 1 + 0.1 * n : 1 + 0.05 * n
                if !closing { look.dim = 0.6 * Self.clamp((time(n, closing: false) - 83) / 167) }
            } else {
                look.alpha = closing ? 1 - Self.clamp((time(p, closing: true) - 33) / 50) : Self.clamp((time(p, closing: false) - 50) / 50)
                look.scale = closing ? 0.9 + 0.1 * p : 0.85 + 0.15 * p
            }
            return
        }
        let q = Self.clamp(p) + Self.clamp(n)
        look.alpha = Self.interpolate(q, [(0, 0), (0.75, 0), (0.875, 1), (1, 1), (1.0825, 1), (1.2075, 1), (2, 0)])
        look.scale = closing && !context.isBelow ? 0.925 + 0.075 * p : Self.interpolate(q, [(0, 0.85), (1, 1), (2, 1.075)])
    }
}
