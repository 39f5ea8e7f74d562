// Spring forms that name their platform (`platform=framerMotion,duration=0.8,bounce=0.25`): the platform's own meaning
// of its keys, its defaults and its rest rule.

import Foundation

/// A spring form's values, read one key at a time with the forms' words.
struct FormValues {
    let form: [String: SpringFormValue]

    /// The number under `key` (a named constant among `names`, matched without case or underscores), nil when the
    /// key is absent.
    /// - Throws: `SpringFormError` naming the key, what was expected and what was found.
    func number(_ key: String, _ check: (Double) -> Bool, _ range: String, names: [(String, Double)] = []) throws(SpringFormError)
        -> Double?
    {
        guard let raw = form[key] else { return nil }
        let value: Double
        switch raw {
        case .number(let n): value = n
        case .name(let text):
            let folded = text.lowercased().replacingOccurrences(of: "_", with: "")
                .replacingOccurrences(of: "stiffness", with: "").replacingOccurrences(of: "dampingratio", with: "")
            guard let named = names.first(where: { $0.0 == folded }) else {
                let choices = names.isEmpty ? "a number" : "a number or one of " + names.map(\.0).joined(separator: ", ")
                throw SpringFormError(.invalidValue, "\(key): expected \(choices), got \"\(text)\"")
            }
            value = named.1
        }
        guard value.isFinite, check(value) else {
            throw SpringFormError(.invalidValue, "\(key): expected \(range), got \(NumberFormat.message(value))")
        }
        return value
    }
}

extension Spring {
    /// The platforms a form may name with `platform` (the keys of `forms`, and React Native's `Animated.spring`).
    package static let formPlatforms = ["swiftui", "uikit", "compose", "reactSpring", "framerMotion", "origami", "pop", "reactNative"]

    /// Framer Motion's `{type: "spring", duration, bounce}`, as Motion resolves it (its `findSpring`): ζ = 1 − bounce
    /// clamped to 0.05…1, the duration clamped to 0.01…10 s, and ω0 where the spring's envelope has fallen to 0.001
    /// at the duration (under-damped: ζ/√(1 − ζ²)·e^(−ζ·ω0·d) = 0.001, solved in closed form; critically damped:
    /// (ω0·d + 1)·e^(−ω0·d) = 0.001); k = ω0², c = 2ζω0, mass 1. It rests at its duration, and ignores any initial
    /// velocity, as Motion's time-defined springs do.
    public static func framerMotion(duration: Double, bounce: Double = 0.3) -> Spring {
        let zeta = min(max(1 - bounce, 0.05), 1)
        let d = min(max(duration, 0.01), 10)
        let w0: Double
        if zeta < 1 {
            w0 = log(zeta / (0.001 * (1 - zeta * zeta).squareRoot())) / (zeta * d)
        } else {
            // (u + 1)·e^(−u) = 0.001 for u = ω0·d, past its maximum at u = 0: Newton's method from the envelope's
            // own estimate.
            var u = 10.0
            for _ in 0..<50 { u -= ((u + 1) * exp(-u) - 0.001) / (-u * exp(-u)) }
            w0 = u / d
        }
        return Spring(mass: 1, stiffness: w0 * w0, damping: 2 * zeta * w0).resting(.duration(d))
    }

    /// A form with `platform`: the named platform's key sets, in its meaning and with its defaults, and its rest rule.
    ///
    /// - `framerMotion`: `duration` (+ `bounce`, default 0.3), Motion's duration form above; `visualDuration`
    ///   (+ `bounce`, default 0); or any of `stiffness`, `damping`, `mass` (defaults 100, 10, 1); optionally
    ///   `restDelta` and `restSpeed` (Motion's rest, `SpringRest.framerMotion`).
    /// - `compose`: `stiffness` and/or `dampingRatio` (defaults 1500 and 1, the names of `spring()` too), optionally
    ///   `visibilityThreshold` (default 0.01).
    /// - `reactNative`: `tension`/`friction` (Origami's, as `Animated.spring` converts them; defaults 40 and 7),
    ///   `bounciness`/`speed` (Pop's; defaults 8 and 12), or `stiffness`/`damping`/`mass` (defaults 100, 10, 1);
    ///   optionally `restDisplacementThreshold` and `restSpeedThreshold` (0.001 each).
    /// - `swiftui`, `uikit`, `reactSpring`, `origami`, `pop`: the forms' key sets of that platform, PaneKit's rest.
    ///
    /// Every form may add `initialVelocity` (except Motion's time-defined forms, which ignore velocity).
    /// - Throws: `SpringFormError` naming the platform and what it expects.
    static func platformForm(_ platform: SpringFormValue, _ form: [String: SpringFormValue]) throws(SpringFormError) -> Spring {
        guard case .name(let name) = platform, formPlatforms.contains(name) else {
            let found: String
            switch platform {
            case .name(let text): found = "\"\(text)\""
            case .number(let n): found = NumberFormat.message(n)
            }
            throw SpringFormError(.invalidValue, "platform: expected one of \(formPlatforms.joined(separator: ", ")), got \(found)")
        }
        let values = FormValues(form: form)
        let positive: (Double) -> Bool = { $0 > 0 }
        let keys = Set(form.keys)
        func velocity() throws(SpringFormError) -> Double {
            try values.number(
                "initialVelocity", { Self.initialVelocities.contains($0) },
                "a number in \(NumberFormat.message(Self.initialVelocities.lowerBound))…"
                    + "\(NumberFormat.message(Self.initialVelocities.upperBound)) (distances per second)") ?? 0
        }
        func refuse(_ expected: String) -> SpringFormError {
            SpringFormError(
                .keySet,
                "expected \(name)'s keys (\(expected)), got " + (keys.isEmpty ? "no keys" : "keys " + keys.sorted().joined(separator: ", "))
            )
        }
        func only(_ allowed: Set<String>, _ expected: String) throws(SpringFormError) -> Set<String> {
            guard keys.isSubset(of: allowed) else { throw refuse(expected) }
            return keys
        }
        let spring: Spring
        switch name {
        case "framerMotion":
            let expected = "duration[+bounce] | visualDuration[+bounce] | any of stiffness, damping, mass; optionally restDelta, restSpeed"
            let core = try only(
                ["duration", "visualDuration", "bounce", "stiffness", "damping", "mass", "restDelta", "restSpeed", "initialVelocity"],
                expected
            )
            .subtracting(["restDelta", "restSpeed", "initialVelocity"])
            let rest = SpringRest.framerMotion(
                restDelta: try values.number("restDelta", positive, "> 0"), restSpeed: try values.number("restSpeed", positive, "> 0"))
            if core.contains("duration") && core.isSubset(of: ["duration", "bounce"]) {
                let duration = try values.number("duration", positive, "> 0 (seconds)")!
                spring = framerMotion(duration: duration, bounce: try values.number("bounce", { $0 > -1 && $0 < 1 }, "> -1 and < 1") ?? 0.3)
            } else if core.contains("visualDuration") && core.isSubset(of: ["visualDuration", "bounce"]) {
                spring = Unchecked.framerMotion(
                    visualDuration: try values.number("visualDuration", positive, "> 0 (seconds)")!,
                    bounce: try values.number("bounce", { _ in true }, "a number") ?? 0, initialVelocity: 0
                ).resting(rest)
            } else if !core.isEmpty && core.isSubset(of: ["stiffness", "damping", "mass"]) {
                spring = Spring(
                    unchecked: try values.number("mass", positive, "> 0") ?? 1,
                    stiffness: try values.number("stiffness", positive, "> 0") ?? 100,
                    damping: try values.number("damping", positive, "> 0") ?? 10, initialVelocity: try velocity()
                ).resting(rest)
            } else {
                throw refuse(expected)
            }
        case "compose":
            let expected = "stiffness and/or dampingRatio; optionally visibilityThreshold"
            guard
                !(try only(["stiffness", "dampingRatio", "visibilityThreshold", "initialVelocity"], expected)).isDisjoint(with: [
                    "stiffness", "dampingRatio",
                ])
            else { throw refuse(expected) }
            spring = Unchecked.compose(
                stiffness: try values.number("stiffness", positive, "> 0", names: ComposeStiffness.named) ?? ComposeStiffness.medium,
                dampingRatio: try values.number("dampingRatio", positive, "> 0", names: ComposeDampingRatio.named) ?? 1,
                initialVelocity: try velocity()
            ).resting(.compose(visibilityThreshold: try values.number("visibilityThreshold", positive, "> 0") ?? 0.01))
        case "reactNative":
            let expected =
                "tension/friction (Origami's) | bounciness/speed | stiffness/damping/mass; optionally restDisplacementThreshold, restSpeedThreshold"
            let core = try only(
                [
                    "tension", "friction", "bounciness", "speed", "stiffness", "damping", "mass", "restDisplacementThreshold",
                    "restSpeedThreshold", "initialVelocity",
                ],
                expected
            ).subtracting(["restDisplacementThreshold", "restSpeedThreshold", "initialVelocity"])
            let rest = SpringRest.reactNative(
                displacement: try values.number("restDisplacementThreshold", positive, "> 0") ?? 0.001,
                speed: try values.number("restSpeedThreshold", positive, "> 0") ?? 0.001)
            let v0 = try velocity()
            if !core.isEmpty && core.isSubset(of: ["tension", "friction"]) {
                spring = Unchecked.origami(
                    tension: try values.number("tension", { _ in true }, "a number") ?? 40,
                    friction: try values.number("friction", { _ in true }, "a number") ?? 7, initialVelocity: v0)
            } else if !core.isEmpty && core.isSubset(of: ["bounciness", "speed"]) {
                spring = Unchecked.pop(
                    bounciness: try values.number("bounciness", { $0 >= 0 && $0 <= 34 }, "0 to 34") ?? 8,
                    speed: try values.number("speed", positive, "> 0") ?? 12, initialVelocity: v0)
            } else if !core.isEmpty && core.isSubset(of: ["stiffness", "damping", "mass"]) {
                spring = Spring(
                    unchecked: try values.number("mass", positive, "> 0") ?? 1,
                    stiffness: try values.number("stiffness", positive, "> 0") ?? 100,
                    damping: try values.number("damping", positive, "> 0") ?? 10, initialVelocity: v0)
            } else {
                throw refuse(expected)
            }
            return try checked(spring.resting(rest), keys)
        default:
            let sets: [String: [[String]]] = [
                "swiftui": [["response", "dampingFraction"], ["duration", "bounce"]], "uikit": [["mass", "stiffness", "damping"]],
                "reactSpring": [["tension", "friction"], ["preset"]], "origami": [["origamiTension", "origamiFriction"]],
                "pop": [["bounciness", "speed"]],
            ]
            let own = sets[name] ?? []
            guard own.contains(where: { Set($0) == keys.subtracting(["initialVelocity"]) }) else {
                throw refuse(own.map { $0.joined(separator: "+") }.joined(separator: " | "))
            }
            return try Spring(form: form)
        }
        return try checked(spring, keys)
    }

    /// `spring` when it is in the range PaneKit runs.
    private static func checked(_ spring: Spring, _ keys: Set<String>) throws(SpringFormError) -> Spring {
        if let problem = problem(spring) {
            throw SpringFormError(.springOutOfRange, "\(problem) (keys \(keys.sorted().joined(separator: ", ")))")
        }
        return spring
    }
}
