// `nav.cupertino`, `nav.uikit` and Flutter's Material page transitions (`nav.flutter.*`), formula for formula
// (reference/navigation.md §1.2, §1.4, §1.5, §3). Flutter's routes run a linear controller and these stylers apply
// the curves, linear while the back gesture drives them (CR:229-234).

/// A Flutter (or UIKit) page transition as a styler of navigation screens.
package struct NavigationFlutterStyler: Styler {
    /// Which transition.
    package enum Kind: String, Sendable, CaseIterable {
        case cupertino = "nav.cupertino"
        case uikit = "nav.uikit"
        case zoom = "nav.flutter.zoom"
        case fadeForwards = "nav.flutter.fade-forwards"
        case fadeUpwards = "nav.flutter.fade-upwards"
        case openUpwards = "nav.flutter.open-upwards"
        case predictiveBack = "nav.flutter.predictive-back"
    }

    /// The transition.
    package let kind: Kind
    /// Its built-in name.
    package var name: String { kind.rawValue }

    /// The styler of `kind`.
    package init(_ kind: Kind) { self.kind = kind }

    /// Cupertino's barrier: black at alpha 0x18 (CR:47).
    static let barrier = 24.0 / 255
    /// The cubic of OpenUpwards, cubic(0.2, 0, 0, 1) (PTT:56-195).
    static let openCurve = NavigationEasing.cubic(TimingCurve(x1: 0.2, y1: 0, x2: 0, y2: 1))

    /// - Complexity: per call, no allocation.
    package func style(_ given: StyleContext, into edits: inout StyleEdits) throws {
        let context = given.navigationReading
        var look = NavigationLook()
        switch kind {
        case .cupertino: cupertino(context, &look)
        case .uikit: uikit(context, &look)
        case .zoom: Self.zoom(context, &look)
        case .fadeForwards: fadeForwards(context, &look)
        case .fadeUpwards:
            if !context.isBelow {
                look.along = 0.25 * (1 - NavigationEasing.fastOutSlowIn.value(context.progress))
                look.alpha = NavigationEasing.easeIn.value(context.progress)
            }
        case .openUpwards: openUpwards(context, &look)
        case .predictiveBack:
            if context.gesture { predictiveBack(context, &look) } else { Self.zoom(context, &look) }
        }
        look.apply(context, into: &edits)
    }

    /// The primary curve `curve`, its flip while popping, linear under the gesture (Flutter's CurvedAnimation).
    private func primary(_ context: StyleContext, _ curve: NavigationEasing, _ t: Double) -> Double {
        if context.gesture { return t }
        return context.popping ? NavigationEasing.flipped(curve).value(t) : curve.value(t)
    }

    /// CupertinoPageTransition (CR:61-70, 519-532): the page from W to 0 on fastEaseInToSlowEaseOut, the page
    /// below to −W/3 on linearToEaseOut (easeInToLinear back), the barrier 0x18 on ease, the edge shadow; a
    /// fullscreen dialog rises from the bottom and leaves the page below in place.
    private func cupertino(_ context: StyleContext, _ look: inout NavigationLook) {
        let vertical = !context.direction.isHorizontal
        if context.isBelow {
            let n = context.next
            if !vertical {
                let secondary = context.gesture ? n : (context.popping ? NavigationEasing.easeInToLinear : .linearToEaseOut).value(n)
                look.along = -secondary / 3
                look.dim = Self.barrier * NavigationEasing.ease.value(n)
            }
            return
        }
        let p = context.progress
        if vertical {
            look.along = 1 - primary(context, .linearToEaseOut, p)
            return
        }
        look.along = 1 - primary(context, .fastEaseInToSlowEaseOut, p)
        // The 5 % gradient from 0x04000000 outside the leading edge, as a shadow of that reach.
        let shade = 4.0 / 255 * (context.gesture ? p : NavigationEasing.linearToEaseOut.value(p))
        if shade > 0 { look.shadow = Shadow(radius: 0.05 * context.size.width, opacity: shade, color: .black) }
    }

    /// UIKit (docs/compat.md): the spring-driven progress as it comes, the page below −W/3 with the 0x18 dim; a
    /// modal card 8 % below the top with 12-pt corners, the page below pushed back (scale 0.9165 from the top
    /// centre, 7 % down, 12-pt corners, dim 0.10: Flutter's measurements of iOS 18).
    private func uikit(_ context: StyleContext, _ look: inout NavigationLook) {
        let vertical = !context.direction.isHorizontal
        if context.isBelow {
            let n = context.next
            if vertical {
                look.scale = 1 - 0.0835 * n
                look.anchorTop = true
                look.along = 0.07 * n
                look.corner = 12 * n
                look.dim = 0.10 * n
            } else {
                look.along = -n / 3
                look.dim = Self.barrier * n
            }
            return
        }
        let p = context.progress
        if vertical {
            look.along = 0.08 + 0.92 * (1 - p)
            look.corner = 12
            look.topCornersOnly = true
        } else {
            look.along = 1 - p
        }
    }

    /// ZoomPageTransitionsBuilder (PTT:199-227, 340-367, 451-473, 946-976) on the curve Z.
    static func zoom(_ context: StyleContext, _ look: inout NavigationLook) {
        let z = NavigationEasing.flutterZoom
        if context.isBelow {
            let n = context.next
            if context.popping {
                look.scale = 1.10 - 0.10 * z.value(1 - n)
            } else {
                look.scale = 1 + 0.05 * z.value(n)
                // The scrim of the surface colour behind the incoming page, only while pushing.
                look.dim = 0.6 * NavigationEasing.interval(n, 0.2075, 0.4175)
                look.dimColor = .white
            }
            return
        }
        let p = context.progress
        if context.popping {
            let q = 1 - p
            look.alpha = 1 - NavigationEasing.interval(q, 0.0825, 0.2075)
            look.scale = 1 - 0.10 * z.value(q)
        } else {
            look.alpha = NavigationEasing.interval(p, 0.125, 0.25)
            look.scale = 0.85 + 0.15 * z.value(p)
        }
    }

    /// FadeForwardsPageTransitionsBuilder (PTT:540-604, 757-868): a quarter-width slide on the emphasized curve
    /// with fades over the first three quarters or quarter.
    private func fadeForwards(_ context: StyleContext, _ look: inout NavigationLook) {
        let e = NavigationEasing.emphasized
        if context.isBelow {
            let n = context.next
            if context.popping {
                let r = 1 - n
                look.along = -0.25 + 0.25 * e.value(r)
                look.alpha = NavigationEasing.interval(r, 0, 0.75)
            } else {
                look.along = -0.25 * e.value(n)
                look.alpha = 1 - NavigationEasing.interval(n, 0, 0.25)
            }
            return
        }
        let p = context.progress
        if context.popping {
            let q = 1 - p
            look.along = 0.25 * e.value(q)
            look.alpha = 1 - NavigationEasing.interval(q, 0, 0.25)
        } else {
            look.along = 0.25 * (1 - e.value(p))
            look.alpha = NavigationEasing.interval(p, 0, 0.75)
        }
    }

    /// OpenUpwardsPageTransitionsBuilder: the page revealed from the bottom (clip c·H), its content 5 % low, a
    /// black scrim 0.25·c behind it; the page below up 2.5 %.
    private func openUpwards(_ context: StyleContext, _ look: inout NavigationLook) {
        let curve = context.popping ? NavigationEasing.flipped(Self.openCurve) : Self.openCurve
        if context.isBelow {
            let n = context.next
            look.along = -0.025 * curve.value(n)
            look.dim = 0.25 * curve.value(n)
            return
        }
        let c = curve.value(context.progress)
        look.clipFromBottom = c
        look.along = 0.05 * (1 - c)
    }

    /// PredictiveBackPageTransitionsBuilder under the gesture (PBT:180-314): the leaving page shifts by
    /// W/20 − 8 and shrinks to 0.95 over its last 35 %, and vanishes below 0.65 (read literally; docs/compat.md);
    /// the page below shifts back and grows from 0.95 over its first 65 %.
    private func predictiveBack(_ context: StyleContext, _ look: inout NavigationLook) {
        let shift = context.size.width / 20 - 8
        if context.isBelow {
            let s = context.next
            look.points = shift * (1 - s)
            if s <= 0.65 {
                look.scale = 0.95 + 0.05 * s / 0.65
                look.alpha = 1 - 0.05 * s / 0.65
            }
            return
        }
        let v = context.progress
        if v >= 0.65 {
            let u = (v - 0.65) / 0.35
            look.points = shift * (1 - u)
            look.scale = 0.95 + 0.05 * u
            look.alpha = 0.95 + 0.05 * u
        } else {
            look.alpha = 0
        }
    }
}
