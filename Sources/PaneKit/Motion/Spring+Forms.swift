// Every platform's way of writing a spring, to and from the canonical one, with the platforms' own numbers.

import Foundation

/// Why a spring form, a timing or a spring's values were refused (DESIGN §12).
///
/// Its `reason` (a ``SpringFormReason``) says which, for an app to act on; its `message` is the text a person
/// reads: the keys found and the set expected, or the value out of range.
public typealias SpringFormError = MessageError<SpringFormReason>

/// Why a spring form or timing was refused (a ``SpringFormError``'s reason), for an app to compare or `switch` on;
/// new reasons may be added, so a `switch` needs a `default`.
public struct SpringFormReason: ErrorReason, MessageErrorReason {
    package enum Kind: String { case keySet, invalidValue, springOutOfRange, invalidCurve, malformed, other }
    package let kind: Kind
    /// The keys are not one of the platforms' sets: mixed, incomplete, unknown or none.
    public static let keySet = SpringFormReason(kind: .keySet)
    /// A key's value is out of its range, or a name that is not one of its constants or presets.
    public static let invalidValue = SpringFormReason(kind: .invalidValue)
    /// The values convert to a spring outside the range PaneKit runs (mass, stiffness, damping, velocity).
    public static let springOutOfRange = SpringFormReason(kind: .springOutOfRange)
    /// A timing that is not a curve name or a valid `cubic-bezier(x1,y1,x2,y2)`.
    public static let invalidCurve = SpringFormReason(kind: .invalidCurve)
    /// Text or JSON not in the form's shape: not `key=value`, a key given twice, a timing object of other keys.
    public static let malformed = SpringFormReason(kind: .malformed)
    /// An error made with ``MessageError/init(_:)``, which names no reason.
    public static let other = SpringFormReason(kind: .other)
}

/// One value of a spring form: a number, or a named constant (`medium`, `HIGH_BOUNCY`, `wobbly`).
package enum SpringFormValue: Hashable, Sendable {
    /// A plain number.
    case number(Double)
    /// A platform's named constant, matched without case or underscores.
    case name(String)
}

extension Spring {
    // MARK: - Platform constructors

    // Each platform constructor clamps as `init(mass:stiffness:damping:initialVelocity:)` does, so it never traps;
    // `init(form:)` converts through `Unchecked` and refuses what is out of range instead.

    /// SwiftUI `spring(response:dampingFraction:)`: k = (2π/response)², c = 4π·ζ/response, m = 1.
    public static func swiftUI(response: Double = 0.5, dampingFraction: Double = 0.825, initialVelocity: Double = 0) -> Spring {
        Unchecked.swiftUI(response: response, dampingFraction: dampingFraction, initialVelocity: initialVelocity).clampedIfInvalid
    }

    /// SwiftUI / iOS 17 `Spring(duration:bounce:)`: ζ = 1 − bounce for bounce ≥ 0, 1/(1 + bounce) below 0, and the
    /// duration is the response.
    public static func swiftUI(duration: Double, bounce: Double, initialVelocity: Double = 0) -> Spring {
        Unchecked.swiftUI(duration: duration, bounce: bounce, initialVelocity: initialVelocity).clampedIfInvalid
    }

    /// `CASpringAnimation` / UIKit defaults: mass 1, stiffness 100, damping 10, initial velocity 0.
    public static let coreAnimation = Spring(mass: 1, stiffness: 100, damping: 10)

    /// Android `SpringForce` / Compose `spring(dampingRatio, stiffness)`: m = 1, c = 2ζ√k.
    public static func compose(
        stiffness: Double = ComposeStiffness.medium, dampingRatio: Double = ComposeDampingRatio.noBouncy,
        initialVelocity: Double = 0
    ) -> Spring {
        Unchecked.compose(stiffness: stiffness, dampingRatio: dampingRatio, initialVelocity: initialVelocity).clampedIfInvalid
    }

    /// Android's named stiffnesses (`SpringForce.STIFFNESS_*`, Compose `Spring.Stiffness*`).
    public enum ComposeStiffness {
        /// Stiffness in newtons per metre on a unit mass: 10 000, 1 500, 200 and 50.
        public static let high = 10_000.0, medium = 1_500.0, low = 200.0, veryLow = 50.0
        static let named: [(String, Double)] = [("high", high), ("medium", medium), ("low", low), ("verylow", veryLow)]
    }

    /// Android's named damping ratios (`SpringForce.DAMPING_RATIO_*`, Compose `Spring.DampingRatio*`).
    public enum ComposeDampingRatio {
        /// Damping ratios, 0 (no damping) to 1 (critical): 0.2, 0.5, 0.75 and 1.
        public static let highBouncy = 0.2, mediumBouncy = 0.5, lowBouncy = 0.75, noBouncy = 1.0
        static let named: [(String, Double)] = [
            ("highbouncy", highBouncy), ("mediumbouncy", mediumBouncy), ("lowbouncy", lowBouncy), ("nobouncy", noBouncy),
        ]
    }

    /// react-spring `tension/friction` (mass 1): the force is −tension·x − friction·v.
    public static func reactSpring(tension: Double = 170, friction: Double = 26, initialVelocity: Double = 0) -> Spring {
        Spring(mass: 1, stiffness: tension, damping: friction, initialVelocity: initialVelocity)
    }

    /// react-spring's presets (`config.default`, `config.gentle`, …) as tension and friction.
    package static let reactSpringPresets: [(name: String, tension: Double, friction: Double)] = [
        ("default", 170, 26), ("gentle", 120, 14), ("wobbly", 180, 12), ("stiff", 210, 20), ("slow", 280, 60),
        ("molasses", 280, 120),
    ]

    /// Framer Motion `visualDuration/bounce`, as motion's `getSpringOptions` resolves it: root = 2π/(1.2·visualDuration),
    /// k = root², c = 2·clamp(0.05, 1, 1 − bounce)·root, m = 1.
    public static func framerMotion(visualDuration: Double = 0.3, bounce: Double = 0.3, initialVelocity: Double = 0) -> Spring {
        Unchecked.framerMotion(visualDuration: visualDuration, bounce: bounce, initialVelocity: initialVelocity).clampedIfInvalid
    }

    /// Origami / Quartz Composer tension and friction, through Rebound's `OrigamiValueConverter`
    /// (facebookarchive/rebound-js, src/OrigamiValueConverter.js; React Native's Libraries/Animated/SpringConfig.js):
    /// tension = (t − 30)·3.62 + 194, friction = (f − 8)·3 + 25, mass 1. Origami's defaults are 40 and 7.
    public static func origami(tension: Double = 40, friction: Double = 7, initialVelocity: Double = 0) -> Spring {
        Unchecked.origami(tension: tension, friction: friction, initialVelocity: initialVelocity).clampedIfInvalid
    }

    /// Pop `springBounciness/springSpeed` (defaults 4 and 12), through Rebound's `BouncyConversion`
    /// (facebookarchive/rebound-js, src/BouncyConversion.js; the same numbers as Pop's POPSpringSolver setup):
    /// b = 0.8·(bounciness/1.7)/20, s = (speed/1.7)/20, Origami tension 0.5 + 199.5·s, Origami friction
    /// quadraticOut(b, b3Nobounce(tension), 0.01); then the Origami conversion.
    public static func pop(bounciness: Double = 4, speed: Double = 12, initialVelocity: Double = 0) -> Spring {
        Unchecked.pop(bounciness: bounciness, speed: speed, initialVelocity: initialVelocity).clampedIfInvalid
    }

    /// The platform conversions as written, without a check: `init(form:)` checks their result and refuses it.
    enum Unchecked {
        static func swiftUI(response: Double, dampingFraction: Double, initialVelocity: Double) -> Spring {
            let w = 2 * Double.pi / response
            return Spring(
                unchecked: 1, stiffness: w * w, damping: 4 * Double.pi * dampingFraction / response, initialVelocity: initialVelocity)
        }

        static func swiftUI(duration: Double, bounce: Double, initialVelocity: Double) -> Spring {
            swiftUI(response: duration, dampingFraction: bounce >= 0 ? 1 - bounce : 1 / (1 + bounce), initialVelocity: initialVelocity)
        }

        static func compose(stiffness: Double, dampingRatio: Double, initialVelocity: Double) -> Spring {
            Spring(unchecked: 1, stiffness: stiffness, damping: 2 * dampingRatio * stiffness.squareRoot(), initialVelocity: initialVelocity)
        }

        static func framerMotion(visualDuration: Double, bounce: Double, initialVelocity: Double) -> Spring {
            let root = 2 * Double.pi / (visualDuration * 1.2)
            let zeta = min(max(1 - bounce, 0.05), 1)
            return Spring(unchecked: 1, stiffness: root * root, damping: 2 * zeta * root, initialVelocity: initialVelocity)
        }

        static func origami(tension: Double, friction: Double, initialVelocity: Double) -> Spring {
            Spring(
                unchecked: 1, stiffness: OrigamiConversion.stiffness(tension), damping: OrigamiConversion.damping(friction),
                initialVelocity: initialVelocity)
        }

        static func pop(bounciness: Double, speed: Double, initialVelocity: Double) -> Spring {
            let o = OrigamiConversion.bouncy(bounciness: bounciness, speed: speed)
            return origami(tension: o.tension, friction: o.friction, initialVelocity: initialVelocity)
        }
    }

    /// This spring, or the nearest valid one when it is not (the initialiser's documented clamp).
    var clampedIfInvalid: Spring {
        Spring(mass: mass, stiffness: stiffness, damping: damping, initialVelocity: initialVelocity).resting(rest)
    }

    // MARK: - Forms

    /// The damping ratios a form may give.
    package static let dampingRatios = 0.001...100.0

    /// The key sets of a spring form (DESIGN §12), each optionally with `initialVelocity`.
    package static let keySets: [[String]] = [
        ["response", "dampingFraction"], ["duration", "bounce"], ["mass", "stiffness", "damping"], ["stiffness", "dampingRatio"],
        ["tension", "friction"], ["origamiTension", "origamiFriction"], ["bounciness", "speed"], ["visualDuration", "bounce"],
        ["preset"],
    ]

    /// Reads a spring form: exactly one key set, optionally with `initialVelocity`; with `platform`, that platform's
    /// key sets in its own meaning, and its rest rule (`platformForm`).
    /// - Throws: `SpringFormError` naming the keys when the set is mixed, incomplete or unknown, or a value is out of range.
    package init(form: [String: SpringFormValue]) throws(SpringFormError) {
        if let platform = form["platform"] {
            self = try Self.platformForm(platform, form.filter { $0.key != "platform" })
            return
        }
        let keys = Set(form.keys).subtracting(["initialVelocity"])
        let listed = keys.sorted().joined(separator: ", ")
        guard let set = Self.keySets.first(where: { Set($0) == keys }) else {
            let sets = Self.keySets.map { $0.joined(separator: "+") }.joined(separator: " | ")
            let partial = Self.keySets.filter { !keys.isEmpty && keys.isSubset(of: Set($0)) }
            let what =
                keys.isEmpty
                ? "no keys" : partial.isEmpty ? "keys \(listed), a mixed or unknown set" : "keys \(listed), an incomplete set"
            throw SpringFormError(.keySet, "expected one spring key set (\(sets)), optionally with initialVelocity; got \(what)")
        }
        let values = FormValues(form: form)
        func number(_ key: String, _ check: (Double) -> Bool, _ range: String, names: [(String, Double)] = []) throws(SpringFormError)
            -> Double
        { try values.number(key, check, range, names: names)! }
        let v0 =
            form["initialVelocity"] == nil
            ? 0
            : try number(
                "initialVelocity", { Self.initialVelocities.contains($0) },
                "a number in \(NumberFormat.message(Self.initialVelocities.lowerBound))…"
                    + "\(NumberFormat.message(Self.initialVelocities.upperBound)) (distances per second)")
        let positive: (Double) -> Bool = { $0 > 0 }
        let spring: Spring
        switch set[0] {
        case "response":
            spring = Unchecked.swiftUI(
                response: try number("response", positive, "> 0"),
                dampingFraction: try number("dampingFraction", positive, "> 0"), initialVelocity: v0)
        case "duration":
            spring = Unchecked.swiftUI(
                duration: try number("duration", positive, "> 0"), bounce: try number("bounce", { $0 > -1 && $0 < 1 }, "> -1 and < 1"),
                initialVelocity: v0)
        case "mass":
            spring = Spring(
                unchecked: try number("mass", positive, "> 0"), stiffness: try number("stiffness", positive, "> 0"),
                damping: try number("damping", positive, "> 0"), initialVelocity: v0)
        case "stiffness":
            spring = Unchecked.compose(
                stiffness: try number("stiffness", positive, "> 0", names: ComposeStiffness.named),
                dampingRatio: try number("dampingRatio", positive, "> 0", names: ComposeDampingRatio.named), initialVelocity: v0)
        case "tension":
            spring = Spring(
                unchecked: 1, stiffness: try number("tension", positive, "> 0"), damping: try number("friction", positive, "> 0"),
                initialVelocity: v0)
        case "origamiTension":
            spring = Unchecked.origami(
                tension: try number(
                    "origamiTension", { OrigamiConversion.stiffness($0) > 0 },
                    "> \(NumberFormat.message(OrigamiConversion.tension(stiffness: 0))) (a positive stiffness)"),
                friction: try number(
                    "origamiFriction", { OrigamiConversion.damping($0) > 0 },
                    "> \(NumberFormat.message(OrigamiConversion.friction(damping: 0))) (a positive damping)"), initialVelocity: v0)
        case "bounciness":
            let b = try number("bounciness", { $0 >= 0 && $0 <= 34 }, "0 to 34 (Pop's bounciness)")
            let s = try number("speed", positive, "> 0")
            spring = Unchecked.pop(bounciness: b, speed: s, initialVelocity: v0)
        case "visualDuration":
            spring = Unchecked.framerMotion(
                visualDuration: try number("visualDuration", positive, "> 0"), bounce: try number("bounce", { _ in true }, "a number"),
                initialVelocity: v0)
        default:
            guard case .name(let name) = form["preset"]!, let p = Self.reactSpringPresets.first(where: { $0.name == name }) else {
                let names = Self.reactSpringPresets.map(\.name).joined(separator: ", ")
                throw SpringFormError(.invalidValue, "preset: expected one of react-spring's presets \(names)")
            }
            spring = Spring(unchecked: 1, stiffness: p.tension, damping: p.friction, initialVelocity: v0)
        }
        // Checked after conversion: finite and positive values can still give a spring outside the range (1e300 → 0).
        if let problem = Self.problem(spring) { throw SpringFormError(.springOutOfRange, "\(problem) (keys \(listed))") }
        self = spring
    }

    /// Reads a form written `key=value,key=value` (the command line's form).
    /// - Throws: `SpringFormError` for a malformed pair, a repeated key, or what `init(form:)` refuses.
    package init(parsing text: String) throws(SpringFormError) {
        var form: [String: SpringFormValue] = [:]
        for pair in text.split(separator: ",", omittingEmptySubsequences: false) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let key = parts[0].trimmingCharacters(in: .whitespaces)
            guard parts.count == 2, !key.isEmpty else { throw SpringFormError(.malformed, "expected key=value, got \"\(pair)\"") }
            guard form[key] == nil else { throw SpringFormError(.malformed, "\(key): given twice") }
            let raw = parts[1].trimmingCharacters(in: .whitespaces)
            form[key] = Double(raw).map(SpringFormValue.number) ?? .name(raw)
        }
        try self.init(form: form)
    }

    // MARK: - Written for every platform

    /// The same spring written for each platform, in a stable order: (platform, [(key, value)]), each with where the
    /// spring ends under that platform's rest rule (`settlingDuration`: PaneKit's threshold for SwiftUI and UIKit,
    /// Compose's visibility threshold of 0.01, Motion's default restDelta and restSpeed on its 50 ms steps, React
    /// Native's thresholds of 0.001 at 60 Hz for `origami` and `pop`, whose numbers are its `Animated.spring`'s);
    /// `css` has one value with an empty key, the `linear()` easing over the spring's own settle time
    /// (its platform's when its form named one). A value is `.none`
    /// where the platform's form cannot express this spring (Framer's visualDuration below ζ 0.05, Pop outside its range).
    /// Every form but `uikit` has mass 1, so stiffness and damping are scaled to keep ω0 and ζ.
    package var forms: [(platform: String, values: [(key: String, value: FormOutput)])] {
        let w0 = omega0, zeta = dampingRatio
        let k1 = w0 * w0, c1 = 2 * zeta * w0
        let bounce = zeta <= 1 ? 1 - zeta : 1 / zeta - 1
        let visual: [(key: String, value: FormOutput)] =
            zeta >= 0.05 && zeta <= 1
            ? [("visualDuration", .number(2 * Double.pi / (1.2 * w0))), ("bounce", .number(1 - zeta))]
            : [("visualDuration", .none), ("bounce", .none)]
        let origami = (tension: OrigamiConversion.tension(stiffness: k1), friction: OrigamiConversion.friction(damping: c1))
        let pop = OrigamiConversion.bounciness(tension: origami.tension, friction: origami.friction)
        // Each platform's own rest: where the spring ends there.
        let settle = resting(.threshold).settlingDuration
        let motion = resting(.framerMotion(restDelta: nil, restSpeed: nil)).settlingDuration
        let compose = resting(.compose(visibilityThreshold: 0.01)).settlingDuration
        let reactNative = resting(.reactNative(displacement: 0.001, speed: 0.001)).settlingDuration
        return [
            (
                "swiftui",
                [
                    ("response", .number(2 * Double.pi / w0)), ("dampingFraction", .number(zeta)),
                    ("duration", .number(2 * Double.pi / w0)), ("bounce", .number(bounce)), ("settlingDuration", .number(settle)),
                ]
            ),
            (
                "uikit",
                [
                    ("mass", .number(mass)), ("stiffness", .number(stiffness)), ("damping", .number(damping)),
                    ("initialVelocity", .number(initialVelocity)), ("settlingDuration", .number(settle)),
                ]
            ),
            (
                "compose",
                [("stiffness", .number(k1)), ("dampingRatio", .number(zeta)), ("settlingDuration", .number(compose))]
            ),
            ("reactSpring", [("tension", .number(k1)), ("friction", .number(c1)), ("mass", .number(1))]),
            (
                "framerMotion",
                [("stiffness", .number(k1)), ("damping", .number(c1)), ("mass", .number(1))] + visual + [
                    ("settlingDuration", .number(motion))
                ]
            ),

            // Origami's and Pop's numbers are also React Native's `Animated.spring` tension/friction and
            // bounciness/speed: where it ends there is React Native's rest.
            (
                "origami",
                [
                    ("origamiTension", .number(origami.tension)), ("origamiFriction", .number(origami.friction)),
                    ("settlingDuration", .number(reactNative)),
                ]
            ),
            (
                "pop",
                [
                    ("bounciness", pop.map { .number($0.bounciness) } ?? .none), ("speed", pop.map { .number($0.speed) } ?? .none),
                    ("settlingDuration", pop == nil ? .none : .number(reactNative)),
                ]
            ),
            // One value, no key: the easing itself, over `settlingDuration`.
            ("css", [("", cssLinear().map(FormOutput.text) ?? .none)]),
        ]
    }

    /// A value in a written form.
    package enum FormOutput: Hashable, Sendable {
        /// A number in the platform's unit.
        case number(Double)
        /// Text, such as CSS's `linear(…)` easing or a named preset.
        case text(String)
        /// Not expressible in that platform's form.
        case none
    }

    /// CSS `linear()` easing over the settle time: the fewest evenly spaced stops (at least 10) whose straight
    /// segments stay within 0.5 % of the distance of the curve, stops written with 4 decimals; nil when 2000 stops
    /// are not enough (a spring that rings for thousands of periods).
    package func cssLinear(tolerance: Double = 0.005) -> String? {
        let duration = settlingDuration
        guard duration > 0 else { return "linear(0, 1)" }
        var count = 10
        while count < 2000 {
            let stops = (0...count).map { value(at: duration * Double($0) / Double(count)) }
            var worst = 0.0
            for i in 0..<count {
                for j in 1..<8 {
                    let f = Double(j) / 8
                    let t = duration * (Double(i) + f) / Double(count)
                    worst = max(worst, abs(value(at: t) - (stops[i] + (stops[i + 1] - stops[i]) * f)))
                }
            }
            // Rounding to 4 decimals adds at most 5e-5.
            if worst + 5e-5 <= tolerance {
                var written = stops.map { String(format: "%.4f", $0) }
                written[count] = "1"
                written[0] = String(format: "%.4f", stops[0])
                return "linear(" + written.map(Self.trimmed).joined(separator: ", ") + ")"
            }
            count = count * 3 / 2
        }
        return nil
    }

    private static func trimmed(_ s: String) -> String {
        var s = s
        if s.contains(".") {
            while s.hasSuffix("0") { s.removeLast() }
            if s.hasSuffix(".") { s.removeLast() }
        }
        return s == "-0" ? "0" : s
    }
}

/// Rebound's conversions between Origami / Quartz Composer values and spring constants, both ways.
///
/// Sources: facebookarchive/rebound-js `src/OrigamiValueConverter.js` (tensionFromOrigamiValue,
/// frictionFromOrigamiValue) and `src/BouncyConversion.js` (bounciness and speed), which Pop's
/// `POPAnimationExtras` and React Native's `SpringConfig.js` repeat with the same constants.
enum OrigamiConversion {
    static func stiffness(_ origamiTension: Double) -> Double { (origamiTension - 30) * 3.62 + 194 }
    static func damping(_ origamiFriction: Double) -> Double { (origamiFriction - 8) * 3 + 25 }
    static func tension(stiffness: Double) -> Double { (stiffness - 194) / 3.62 + 30 }
    static func friction(damping: Double) -> Double { (damping - 25) / 3 + 8 }

    /// b3Nobounce: the Origami friction that just stops a bounce at an Origami tension (three cubic fits).
    static func noBounceFriction(_ tension: Double) -> Double {
        func cubic(_ a: Double, _ b: Double, _ c: Double, _ d: Double) -> Double {
            a * tension * tension * tension - b * tension * tension + c * tension + d
        }
        if tension <= 18 { return cubic(0.0007, 0.031, 0.64, 1.28) }
        if tension <= 44 { return cubic(0.000044, 0.006, 0.36, 2) }
        return cubic(0.00000045, 0.000332, 0.1078, 5.84)
    }

    /// BouncyConversion: Pop's bounciness and speed to Origami tension and friction.
    static func bouncy(bounciness: Double, speed: Double) -> (tension: Double, friction: Double) {
        let b = 0.8 * (bounciness / 1.7) / 20  // projectNormal(normalize(b/1.7, 0, 20), 0, 0.8)
        let s = (speed / 1.7) / 20  // normalize(s/1.7, 0, 20)
        let tension = 0.5 + s * (200 - 0.5)  // projectNormal(s, 0.5, 200)
        let q = 2 * b - b * b  // quadraticOutInterpolation(b, start, end) = start + q·(end − start)
        let start = noBounceFriction(tension)
        return (tension, start + q * (0.01 - start))
    }

    /// The inverse of `bouncy`, when the Origami values lie in Pop's range (speed > 0, 0 ≤ b ≤ 0.8).
    static func bounciness(tension: Double, friction: Double) -> (bounciness: Double, speed: Double)? {
        guard tension > 0.5 else { return nil }
        let speed = (tension - 0.5) / 199.5 * 20 * 1.7
        let start = noBounceFriction(tension)
        guard start != 0.01 else { return nil }
        // friction = 0.01 + (start − 0.01)·(1 − b)²
        let u2 = (friction - 0.01) / (start - 0.01)
        guard u2 >= 0 else { return nil }
        let b = 1 - u2.squareRoot()
        guard b >= -1e-12, b <= 0.8 + 1e-12 else { return nil }
        return (max(b, 0) / 0.8 * 20 * 1.7, speed)
    }
}
