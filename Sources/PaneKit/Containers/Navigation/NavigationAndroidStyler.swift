// The Android family's navigation stylers: MDC's transitions (`nav.material.*`, on the eased fraction the
// container drives), the system's cross-activity predictive back (`nav.android.back`) and navigation-compose's
// defaults (`nav.compose`) (reference/navigation.md §4.2-§4.4).

/// An Android navigation transition as a styler of navigation screens.
package struct NavigationAndroidStyler: Styler {
    /// Which transition.
    package enum Kind: String, Sendable, CaseIterable {
        case sharedAxisX = "nav.material.shared-axis-x"
        case sharedAxisY = "nav.material.shared-axis-y"
        case sharedAxisZ = "nav.material.shared-axis-z"
        case fadeThrough = "nav.material.fade-through"
        case fade = "nav.material.fade"
        case back = "nav.android.back"
        case compose = "nav.compose"
    }

    /// The transition.
    package let kind: Kind
    /// The window corner radius of the cross-activity animation, in points: the device's, which the reference does
    /// not give (docs/compat.md).
    static let cornerRadius = 28.0
    /// Its built-in name.
    package var name: String { kind.rawValue }

    /// The styler of `kind`.
    package init(_ kind: Kind) { self.kind = kind }

    /// MDC's slide distance, 30 dp (`mtrl_transition_shared_axis_slide_distance`).
    static let slide = 30.0

    /// - Complexity: per call, no allocation.
    package func style(_ given: StyleContext, into edits: inout StyleEdits) throws {
        let context = given.navigationReading
        var look = NavigationLook()
        switch kind {
        case .back:
            if context.gesture { crossActivity(context, &look) } else { activity(context, &look) }
        case .compose:
            if context.isBelow {
                look.alpha = 1 - context.next
            } else if context.gesture {
                look.scale = 0.7 + 0.3 * context.progress
            } else {
                look.alpha = context.progress
            }
        default: material(context, &look)
        }
        look.apply(context, into: &edits)
    }

    /// The fade-through alpha of the appearing view at fraction `f`: 0 until 0.35, then (f − 0.35)/0.65.
    private static func fadeIn(_ f: Double) -> Double { f < 0.35 ? 0 : (f - 0.35) / 0.65 }
    /// The fade-through alpha of the disappearing view: 1 − f/0.35 until 0.35, then 0.
    private static func fadeOut(_ f: Double) -> Double { max(0, 1 - f / 0.35) }

    /// MDC transitions: forward while pushing (the top screen appears), backward while popping (the screen below
    /// appears). Positions and scales come out the same both ways; the fades follow who appears.
    private func material(_ context: StyleContext, _ look: inout NavigationLook) {
        let below = context.isBelow, popping = context.state == .closing
        // The transition's fraction: how far the push (or the pop) has gone.
        let f = below ? (popping ? 1 - context.next : context.next) : (popping ? 1 - context.progress : context.progress)
        let appearing = below == popping
        switch kind {
        case .sharedAxisX, .sharedAxisY:
            look.points = below ? -Self.slide * context.next : Self.slide * (1 - context.progress)
            look.alpha = appearing ? Self.fadeIn(f) : Self.fadeOut(f)
        case .sharedAxisZ:
            look.scale = below ? 1 + 0.1 * context.next : 0.8 + 0.2 * context.progress
            look.alpha = appearing ? Self.fadeIn(f) : Self.fadeOut(f)
        case .fadeThrough:
            if appearing { look.scale = 0.92 + 0.08 * f }
            look.alpha = appearing ? Self.fadeIn(f) : Self.fadeOut(f)
        case .fade:
            if appearing {
                look.alpha = min(f / 0.3, 1)
                look.scale = 0.8 + 0.2 * f
            } else {
                look.alpha = 1 - f
            }
        case .back, .compose: break
        }
    }

    /// Android 14's activity open and close outside the gesture (android-14.0.0_r51 as react-navigation 8 cites it):
    /// ±96 dp on the eased fraction, the short fade windows on the 450-ms fast_out_extra_slow_in timeline.
    private func activity(_ context: StyleContext, _ look: inout NavigationLook) {
        if context.isBelow {
            look.points = -96 * context.next
            return
        }
        let p = context.progress
        look.points = 96 * (1 - p)
        let ms = 450 * NavigationEasing.emphasized.inverse(context.popping ? 1 - p : p)
        look.alpha = context.popping ? 1 - min(max((ms - 35) / 83, 0), 1) : min(max((ms - 50) / 83, 0), 1)
    }

    /// The cross-activity back (DefaultCrossActivityBackAnimation): on p' = BACK_GESTURE(back progress) the
    /// closing window scales to 0.9 with its right edge 8 dp from the screen's, the entering one starts 96 dp to
    /// the left and scales in step; the window's corners; the 0.2 scrim. After a committed release, the shell's own
    /// timeline (`commit`).
    private func crossActivity(_ context: StyleContext, _ look: inout NavigationLook) {
        let w = context.size.width
        look.corner = Self.cornerRadius
        if let released = context.released, context.state == .closing, released > 0 {
            return commit(context, released: released, &look)
        }
        if context.isBelow {
            let e = NavigationEasing.backGesture.value(1 - context.next)
            look.scale = 1 - 0.1 * e
            look.points = -96
            look.dim = 0.2
            return
        }
        let e = NavigationEasing.backGesture.value(1 - context.progress)
        look.scale = 1 - 0.1 * e
        look.points = e * (0.05 * w - 8)
    }

    /// The shell's commit (onPostCommitProgress, reference §4.3) from the windows the release at top progress
    /// `released` left: over linear time t of 450 ms, on e = EMPHASIZED(t), the closing window grows back to full
    /// size while moving right by its left edge + 96 dp, at alpha max(1 − 5t, 0); the entering one grows to the
    /// full window; the scrim falls as 0.2·(1 − t). The container runs the commit's progress from `released` to 0
    /// on EMPHASIZED, so e is the fraction of it gone and t its inverse. The fling bounce is left out (docs/compat.md).
    private func commit(_ context: StyleContext, released: Double, _ look: inout NavigationLook) {
        let w = context.size.width
        let top = context.isBelow ? context.next : context.progress
        let e = min(max(1 - top / released, 0), 1)
        let t = NavigationEasing.emphasized.inverse(e)
        // The windows at the release: both scaled by s0; the closing one shifted by g·(W/20 − 8).
        let g = NavigationEasing.backGesture.value(1 - released)
        let s0 = 1 - 0.1 * g
        look.scale = s0 + (1 - s0) * e
        // NavigationLook scales about the centre: a window's left edge is (W − W·scale)/2 + its offset.
        let inset = (w - w * look.scale) / 2, inset0 = (w - w * s0) / 2
        if context.isBelow {
            look.points = (-96 + inset0) * (1 - e) - inset
            look.dim = 0.2 * (1 - t)
            return
        }
        look.points = inset0 + g * (0.05 * w - 8) + 96 * e - inset
        look.alpha = max(1 - 5 * t, 0)
    }
}
