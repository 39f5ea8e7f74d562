// The on-screen keyboard of a sheet container (DESIGN §13 `keyboard`): its height over time, the `keyboard` node
// rising from the container's bottom, and where each behavior puts its sheet while the keyboard is up
// (reference/sheets.md §4.5; the choices where the platforms are silent are in docs/compat.md, "Sheets").

import Foundation

/// gorhom's `keyboardBehavior` (constants.ts:18-20, reference §4.5): where the sheet goes while the keyboard is up.
public enum SheetKeyboardBehavior: String, Sendable, Hashable, CaseIterable {
    /// The default: the sheet's top at max(0, highest detent − keyboard height), a temporary position.
    case interactive
    /// The sheet's top at its highest detent; the keyboard covers its bottom.
    case extend
    /// The sheet fills its container (its top at 0), a temporary position.
    case fillParent
}

/// The keyboard of a sheet container: its height over time and, for gorhom, the sheet's own move.
///
/// The keyboard moves the sheet's node, never its detent: the frame's `detent`, the closed fraction and
/// `ctx.position` stay the sheet's own, and the sheet is back where its detent puts it once the keyboard is down.
package struct SheetKeyboard: Sendable, Hashable {
    /// The keyboard's height in points over time.
    package var height: Tween
    /// gorhom: the sheet's top while the keyboard holds it at its keyboard position or gives it back (nil: the
    /// keyboard never moved it).
    package var lift: SheetSettle?
    /// gorhom: whether the keyboard holds the sheet at `lift`'s target (false once the keyboard hides).
    package var holds: Bool
    /// gorhom: the sheet's position when the last keyboard move began; a drag or a `setDetent` while the keyboard
    /// holds the sheet moves it by as much from its keyboard position.
    package var anchor = 0.0

    /// The iOS keyboard's curve 7: Core Animation's spring of mass 3, stiffness 1000 and damping 500 over 0.5 s
    /// (reference §4.1 "Keyboard-driven animation": gorhom maps the `keyboard` easing to that spring), run
    /// critically damped (ω0 = √(1000 / 3)) as Reanimated runs it.
    package static let iosMass = 3.0, iosStiffness = 1000.0
    /// How long the iOS keyboard's spring runs, in seconds; `UIKeyboardAnimationDurationUserInfoKey` says 0.25,
    /// which the curve-7 spring ignores.
    package static let iosDuration = 0.5
    /// The iOS notification's duration, 0.25 s: what a `timing` curve runs over on iOS when no `duration` is given.
    package static let iosCurveDuration = 0.25
    /// Android's IME inset animation with an insets-animation callback (`ANIMATION_DURATION_SYNC_IME_MS`, 285 ms,
    /// InsetsController.java), in seconds.
    package static let androidDuration = 0.285
    /// Android's IME inset curve (`SYNC_IME_INTERPOLATOR`, PathInterpolator(0.2, 0, 0, 1), InsetsController.java).
    package static let androidCurve = TimingCurve(x1: 0.2, y1: 0, x2: 0, y2: 1)
    /// vaul's `WINDOW_TOP_OFFSET`, 26 px: the room a drawer taller than the space above the keyboard leaves at the
    /// top when it is not "tall".
    package static let vaulTopOffset = 26.0
    /// vaul's "tall" drawer: taller than 0.8 of the window's height (reference §5.1), which keeps its top and
    /// shrinks above the keyboard.
    package static let vaulTallFraction = 0.8

    /// Whether `behavior`'s keyboard is Android's IME (material, compose) rather than iOS's (uikit, floatingpanel,
    /// gorhom, and vaul in Safari).
    package static func isAndroid(_ behavior: SheetBehavior) -> Bool { behavior == .material || behavior == .compose }

    /// The keyboard's motion from `from` to `to` points, starting at `start`: `timing` over `duration` (or the
    /// platform's duration); without a timing, the platform's keyboard animation, stretched to `duration` when
    /// one is given (Android's curve over it; iOS's spring with its mass scaled so it runs that long).
    package static func motion(
        from: Double, to: Double, start: Double, duration: Double?, timing: Timing?, android: Bool
    ) -> Tween {
        if let timing {
            return Tween(
                from: from, to: to, start: start, duration: duration ?? (android ? androidDuration : iosCurveDuration), timing: timing)
        }
        if android { return Tween(from: from, to: to, start: start, duration: duration ?? androidDuration, curve: androidCurve) }
        let d = duration ?? iosDuration
        guard d > 0, from != to else { return Tween(from: from, to: to, start: start, duration: d, curve: .linear) }
        // Stretching a spring's time by s multiplies its mass by s² (ω0 = √(k/m)).
        let mass = iosMass * (d / iosDuration) * (d / iosDuration)
        var tween = Tween(
            from: from, to: to, start: start,
            spring: Spring(mass: mass, stiffness: iosStiffness, damping: 2 * (iosStiffness * mass).squareRoot()))
        tween.duration = d
        return tween
    }

    /// Why a keyboard of `height` over `duration` cannot rise in a container of `size`, or nil.
    package static func refusal(height: Double, duration: Double?, in size: Size) -> String? {
        guard height.isFinite, height >= 0 else { return "the height is not a number ≥ 0" }
        guard height <= size.height else {
            return
                "the keyboard (\(NumberFormat.message(height)) pt) is taller than the container (\(NumberFormat.message(size.height)) pt)"
        }
        if let duration, !(duration.isFinite && duration >= 0) { return "the duration is not a number ≥ 0" }
        return nil
    }
}

extension SheetContainer {
    /// The keyboard's height now, in points (0 before any `keyboard` action).
    package var keyboardHeight: Double { keyboard?.height.value(at: now) ?? 0 }

    /// Whether the keyboard and the sheet's keyboard move have ended.
    var keyboardIsAtRest: Bool {
        guard let k = keyboard else { return true }
        return k.height.isFinished(at: now) && (k.lift?.isFinished(at: now) ?? true)
    }

    /// Starts the keyboard's move to `height` at `time` and, for gorhom, the sheet's (reference §4.5): shown, the
    /// sheet goes to its keyboard position; hidden, it goes back to its detent (gorhom's `keyboardBlurBehavior`
    /// `restore`, docs/compat.md).
    mutating func showKeyboard(height: Double, duration: Double?, timing: Timing?, at time: Double, events: inout [Event]) {
        let android = SheetKeyboard.isAndroid(behavior)
        let motion = SheetKeyboard.motion(
            from: keyboardHeight, to: height, start: time, duration: duration, timing: timing, android: android)
        var k = keyboard ?? SheetKeyboard(height: motion, lift: nil, holds: false)
        k.height = motion
        if behavior == .gorhom, edge == .bottom {
            let top = keyboardEdges.top
            k.anchor = position
            if height > 0, detent != "hidden" {
                let target = Self.gorhomKeyboardTop(configuration.keyboardBehavior, highest: geometry.largestPosition, keyboard: height)
                k.lift = gorhomLift(from: top, to: target, duration: duration, timing: timing, at: time)
                k.holds = true
            } else if k.holds {
                k.lift = gorhomLift(from: top, to: position, duration: duration, timing: timing, at: time)
                k.holds = false
            }
        }
        keyboard = k
    }

    /// gorhom's keyboard position (`getEvaluatedPosition`, reference §4.5): `interactive` max(0, highest −
    /// keyboard), `extend` the highest detent, `fillParent` 0. The keyboard's height within the container is the
    /// keyboard's own (no `bottomInset`, the container at the window's bottom).
    package static func gorhomKeyboardTop(_ behavior: SheetKeyboardBehavior, highest: Double, keyboard: Double) -> Double {
        switch behavior {
        case .interactive: max(0, highest - keyboard)
        case .extend: highest
        case .fillParent: 0
        }
    }

    /// gorhom's move for the keyboard: its spring (the `keyboard` easing) when the action gives neither a
    /// duration nor a timing, else the keyboard's own motion (the event's easing and duration).
    private func gorhomLift(from: Double, to: Double, duration: Double?, timing: Timing?, at time: Double) -> SheetSettle {
        guard duration != nil || timing != nil else {
            return SheetSettle.gorhom(from: from, to: to, velocity: 0, start: time, rate: configuration.displayRate)
        }
        return .tween(SheetKeyboard.motion(from: from, to: to, start: time, duration: duration, timing: timing, android: false))
    }

    /// The sheet's top and bottom edges now, as for a bottom sheet, with the keyboard's effect: without a keyboard
    /// (or for a top sheet, which the keyboard rising at the bottom does not move) its position and the
    /// container's bottom.
    ///
    /// - material (the dialog's window resizes above the IME): the sheet rides on the keyboard, its top stopping
    ///   at the container's top, where it shrinks;
    /// - compose (the sheet's content padded by the IME inset): the sheet grows by the keyboard, so at expanded its
    ///   top rises by it (stopping at 0) and at partiallyExpanded (half the height) it stays, its content inset;
    /// - uikit: rides on the keyboard, its top stopping at the large detent's, where it shrinks;
    /// - floatingpanel: does not move (it does not follow the keyboard);
    /// - gorhom: its own move to its keyboard position and back (a drag while the keyboard is up moves it from
    ///   there);
    /// - vaul (`repositionInputs`): rides on the keyboard when it fits above it; a drawer that does not keeps its
    ///   top when tall (over 0.8 of the height), else stops 26 pt below the top, and shrinks.
    /// - Complexity: O(1), no allocation.
    package var keyboardEdges: (top: Double, bottom: Double) {
        let H = size.height, p = position
        guard let k = keyboard, edge == .bottom else { return (p, H) }
        let h = k.height.value(at: now)
        switch behavior {
        case .gorhom:
            if let lift = k.lift, k.holds || !lift.isFinished(at: now) { return (lift.value(at: now) + p - k.anchor, H) }
            return (p, H)
        case .floatingpanel: return (p, H)
        case .material: return (min(p, max(0, p - h)), H - h)
        case .uikit: return (min(p, max(geometry.largestPosition, p - h)), H - h)
        case .compose: return (min(p, max(0, p - h * composeShare(at: p))), H)
        case .vaul:
            if p >= h { return (p - h, H - h) }
            if H - p > SheetKeyboard.vaulTallFraction * H { return (p, H - h) }
            return (min(p, SheetKeyboard.vaulTopOffset), H - h)
        }
    }

    /// How much of the keyboard's height Compose's sheet rises by at `p`: all of it at the expanded anchor and
    /// above, none at the next anchor down (partiallyExpanded, else hidden), in between linearly.
    private func composeShare(at p: Double) -> Double {
        let expanded = geometry.largestPosition
        let below = geometry.detents.count > 1 ? geometry.detents[geometry.detents.count - 2].position : geometry.hiddenPosition
        if p <= expanded { return 1 }
        if p >= below || below <= expanded { return 0 }
        return (below - p) / (below - expanded)
    }

    /// The `keyboard` node: the keyboard's height at the container's bottom, hidden at 0; nil before any
    /// `keyboard` action, so a run without one has no keyboard node.
    package var keyboardNode: Node? {
        guard keyboard != nil else { return nil }
        let h = keyboardHeight
        var style = NodeStyle()
        style.hidden = h <= 0
        return Node(role: .keyboard, frame: Rect(x: 0, y: size.height - h, width: size.width, height: h), style: style)
    }
}

extension ActionSyntax {
    /// `keyboard` of a sheet (`height` ≥ 0, 0 hides it; `duration` ≥ 0 in seconds; `timing`).
    package static let keyboard = ActionSyntax("keyboard", ["height", "duration"], timed: true) { r in
        let height = r.required(
            r.number("height", "≥ 0") { $0 >= 0 }, "height", "the keyboard's height in points ≥ 0 (0 hides it)")
        let duration = r.number("duration", "≥ 0 (seconds)") { $0 >= 0 }
        if r.contains("duration"), duration == nil { return nil }
        return height.map { .keyboard(height: $0, duration: duration) }
    }
}

extension SheetDescriptor {
    /// The container's `keyboardBehavior`: gorhom's `interactive`, `extend` or `fillParent`; the other behaviors
    /// have no such option, and refuse the key naming themselves.
    static func keyboardBehavior(_ r: any ScenarioReading, _ behavior: SheetBehavior) -> SheetKeyboardBehavior? {
        guard r.contains("keyboardBehavior") else { return nil }
        guard behavior == .gorhom else {
            let names = SheetKeyboardBehavior.allCases.map(\.rawValue).joined(separator: ", ")
            r.report(
                .invalidValue, "keyboardBehavior",
                "expected no keyboardBehavior for \(behavior.rawValue) (only gorhom has one: \(names)), got \(r.brief("keyboardBehavior"))")
            return nil
        }
        return r.choice("keyboardBehavior", SheetKeyboardBehavior.self)
    }
}
