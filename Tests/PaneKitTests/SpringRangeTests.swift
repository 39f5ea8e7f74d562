// Springs at the edges of Double: every form is checked after conversion, the Swift constructors clamp, and a
// seeded fuzz of forms and curves never traps.

import Foundation
import PaneKitTestSupport
import Testing

@testable import PaneKit
@testable import PaneKitScenario

@Suite struct SpringRangeTests {
    /// The issue's reproductions: each converted to a stiffness or damping of 0, ∞ or NaN and trapped.
    static let underflows = [
        "response=1e300,dampingFraction=0.8", "duration=1e308,bounce=0.5", "visualDuration=1e308,bounce=0.2",
        "bounciness=4,speed=1.2e301", "origamiTension=1e308,origamiFriction=1e308", "response=5e-324,dampingFraction=0.8",
        "stiffness=1e308,dampingRatio=1e308", "mass=1e-320,stiffness=1e-320,damping=1e-320",
        "mass=1e300,stiffness=1e300,damping=1e300",
    ]

    @Test(arguments: underflows)
    func formsOutOfRangeAfterConversionAreRefused(_ form: String) {
        do {
            let spring = try Spring(parsing: form)
            Issue.record("\(form) was accepted as \(spring)")
        } catch {
            #expect(
                error.message.hasPrefix("expected a spring with a damping ratio in 0.001…100 and ω0 in 0.001…1000000 rad/s, got ζ "),
                "\(error)")
        }
    }

    /// The message of what `body` throws, nil when it does not throw.
    func refusal(_ body: () throws(SpringFormError) -> Spring) -> String? {
        do {
            _ = try body()
            return nil
        } catch {
            return error.message
        }
    }

    @Test func theMessageShowsNonFiniteValuesAsSuch() throws {
        let message = refusal { () throws(SpringFormError) in try Spring(parsing: "response=1e300,dampingFraction=0.8") }
        #expect(
            message
                == "expected a spring with a damping ratio in 0.001…100 and ω0 in 0.001…1000000 rad/s, got ζ inf, ω0 0 (keys dampingFraction, response)"
        )
        let nan = refusal { () throws(SpringFormError) in try Spring(parsing: "origamiTension=1e308,origamiFriction=1e308") }
        #expect(nan?.contains("got ζ nan, ω0 inf") == true, "\(nan ?? "")")
        // A value just outside the range is not rounded onto its bound.
        let near = refusal { () throws(SpringFormError) in try Spring(parsing: "stiffness=100,dampingRatio=0.0009999") }
        #expect(near?.contains("got ζ 0.0009999, ω0 10") == true, "\(near ?? "")")
        // The Origami bounds are the exact zero of the conversion, not a rounding of it.
        let origami = refusal { () throws(SpringFormError) in try Spring(parsing: "origamiTension=-23.5912,origamiFriction=7") }
        #expect(origami == "origamiTension: expected > -23.591160220994475 (a positive stiffness), got -23.5912")
    }

    @Test func aScenarioTimingNamesItsPlace() {
        let scenario = """
            {"size": [375, 667], "fps": 60, "container": {"type": "drawer", "left": {"width": 280}},
             "timeline": [{"at": 0, "action": "open", "direction": "left"}, {"at": 1, "action": "close"},
               {"at": 2, "action": "open", "direction": "left", "timing": {"spring": {"response": 1e300, "dampingFraction": 0.8}}}]}
            """
        do {
            _ = try ScenarioLoader.load(scenario, file: "t.json")
            Issue.record("loaded")
        } catch {
            let issues = error.issues.map { "\($0.path): \($0.message)" }
            #expect(
                issues.count == 1 && issues.first?.hasPrefix("timeline[2].timing.spring: expected a spring with a damping ratio") == true,
                "\(issues)")
        }
    }

    @Test func messageNumbers() {
        #expect(NumberFormat.message(.nan) == "nan" && NumberFormat.message(.infinity) == "inf")
        #expect(NumberFormat.message(-.infinity) == "-inf" && NumberFormat.message(-0.0) == "0")
        #expect(
            NumberFormat.message(0.5) == "0.5" && NumberFormat.message(1_000_000) == "1000000" && NumberFormat.message(-23.59) == "-23.59")
        #expect(NumberFormat.message(1e-7) == "1e-07" && NumberFormat.message(0.0009999) == "0.0009999")
        #expect(NumberFormat.message(5e-300) == "5e-300" && NumberFormat.message(2.0000001) == "2.0000001")
        // Frames and files keep their format.
        #expect(NumberFormat.string(.nan) == "0" && NumberFormat.string(2.0000001) == "2")
    }

    // MARK: - The Swift API

    static let hostile: [Double] = [
        .nan, -.nan, .infinity, -.infinity, 0, -0.0, -1, .leastNonzeroMagnitude * 2000, .leastNonzeroMagnitude, -.leastNonzeroMagnitude,
        1e-300,
        1e300, .greatestFiniteMagnitude, -.greatestFiniteMagnitude, 1, 100, 10, 0.5, 1e6, 1e12,
    ]

    /// Checks `s` is valid and finite; `settle` also runs the settle search (up to a million evaluations for a
    /// spring that rings at ζ 0.001, so the sweeps run it on a sample).
    func usable(_ s: Spring, _ label: String, settle: Bool = true) {
        #expect(Spring.problem(s) == nil, "\(label): \(s)")
        if settle {
            let duration = s.settlingDuration
            #expect(duration.isFinite && duration >= 0, "\(label): settles in \(duration)")
        }
        #expect(s.value(at: 0.1).isFinite && s.velocity(at: 0.1).isFinite, "\(label)")
    }

    /// The initialiser apps call clamps instead of trapping: every combination of hostile values gives a valid spring.
    @Test func theInitialiserClampsEveryValue() {
        var random = SplitMix64(seed: 0x5_9121_6000)
        for n in 0..<400 {
            let (m, k, c, v) = (
                Self.hostile[random.below(Self.hostile.count)], Self.hostile[random.below(Self.hostile.count)],
                Self.hostile[random.below(Self.hostile.count)], Self.hostile[random.below(Self.hostile.count)]
            )
            usable(
                Spring(mass: m, stiffness: k, damping: c, initialVelocity: v), "case \(n): m \(m), k \(k), c \(c), v \(v)",
                settle: n % 8 == 0)
        }
        // A valid spring is kept exactly.
        let kept = Spring(mass: 2, stiffness: 300, damping: 8, initialVelocity: 4)
        #expect(kept.mass == 2 && kept.stiffness == 300 && kept.damping == 8 && kept.initialVelocity == 4)
        // The documented clamp: ζ and ω0 to their ranges, NaN to Core Animation's default.
        let loose = Spring(mass: 1, stiffness: 1e18, damping: 1e-9)
        #expect(abs(loose.omega0 - 1e6) < 1e-3 && abs(loose.dampingRatio - 0.001) < 1e-12)
        let nan = Spring(mass: 1, stiffness: .nan, damping: 10)
        #expect(nan.omega0 == 10 && nan.dampingRatio == 0.5)
    }

    @Test func thePlatformConstructorsClamp() {
        for (i, x) in Self.hostile.enumerated() {
            for (j, y) in Self.hostile.enumerated() {
                let settle = (i + j) % 11 == 0
                usable(.swiftUI(response: x, dampingFraction: y), "swiftUI(response: \(x), dampingFraction: \(y))", settle: settle)
                usable(.swiftUI(duration: x, bounce: y), "swiftUI(duration: \(x), bounce: \(y))", settle: settle)
                usable(.compose(stiffness: x, dampingRatio: y), "compose(\(x), \(y))", settle: settle)
                usable(.reactSpring(tension: x, friction: y), "reactSpring(\(x), \(y))", settle: settle)
                usable(.framerMotion(visualDuration: x, bounce: y), "framerMotion(\(x), \(y))", settle: settle)
                usable(.origami(tension: x, friction: y), "origami(\(x), \(y))", settle: settle)
                usable(.pop(bounciness: x, speed: y, initialVelocity: x), "pop(\(x), \(y))", settle: settle)
            }
        }
    }

    @Test func validatedRefusesWhatTheInitialiserClamps() throws {
        #expect(try Spring.validated(stiffness: 100, damping: 10) == Spring.coreAnimation)
        for (m, k, c, v) in [(1.0, 0.0, 10.0, 0.0), (1, 100, .nan, 0), (-1, -100, 10, 0), (1, 100, 10, .infinity), (.infinity, 1, 1, 0)] {
            #expect(throws: SpringFormError.self, "m \(m), k \(k), c \(c), v \(v)") {
                try Spring.validated(mass: m, stiffness: k, damping: c, initialVelocity: v)
            }
        }
        let message = refusal { () throws(SpringFormError) in try Spring.validated(mass: -1, stiffness: -100, damping: 10) }
        #expect(message == "expected a finite positive mass, stiffness and damping, got mass -1, stiffness -100, damping 10")
    }

    @Test func timingCurvesClampInsteadOfTrapping() throws {
        for x in Self.hostile {
            let curve = TimingCurve(x1: x, y1: x, x2: x, y2: x)
            #expect((0...1).contains(curve.x1) && (0...1).contains(curve.x2) && curve.y1.isFinite && curve.y2.isFinite, "\(x)")
            for t in [0, 0.25, 0.5, 1.0] { #expect(curve.value(at: t).isFinite && curve.slope(at: t).isFinite, "\(x) at \(t)") }
        }
        #expect(TimingCurve(x1: 0.42, y1: 0, x2: 1, y2: 1) == .easeIn)
        #expect(TimingCurve(x1: -1, y1: .nan, x2: 2, y2: .infinity) == .linear)
        #expect(TimingCurve(x1: 0, y1: 1e300, x2: 1, y2: -1e300) == TimingCurve(x1: 0, y1: 1e6, x2: 1, y2: -1e6))
        #expect(throws: SpringFormError.self) { try Timing(parsing: "cubic-bezier(0,1e7,1,1)") }
        #expect(try Timing(parsing: "cubic-bezier(0,-1e6,1,1e6)") == .curve(TimingCurve(x1: 0, y1: -1e6, x2: 1, y2: 1e6)))
    }

    // MARK: - Fuzz

    /// A spring form: one key set (or a random mix) with values from the edges of Double, as numbers or text.
    static func form(_ random: inout SplitMix64) -> String {
        let values = [
            "nan", "NaN", "inf", "-inf", "infinity", "0", "-0", "-1", "1e-320", "4.9e-324", "1e-300", "1e300", "1.7976931348623157e308",
            "-1e308", "0.001", "0.0009999", "100.0001", "1", "0.5", "34", "34.0001", "-23.6", "1e6", "1e12", "medium", "HIGH_BOUNCY",
            "wobbly", "", " ", "1e", "0x10", "1_000",
        ]
        var keys = Spring.keySets[random.below(Spring.keySets.count)]
        if random.below(6) == 0 { keys.append(Spring.keySets.flatMap { $0 }[random.below(18)]) }
        if random.below(3) == 0 { keys.append("initialVelocity") }
        if random.below(8) == 0, !keys.isEmpty { keys.removeLast() }
        return keys.map { key in
            let value =
                random.below(3) == 0
                ? String(Double(random.next() >> 11) / Double(1 << 20) * [1e-300, 1e-6, 1, 1e6, 1e300][random.below(5)])
                : values[random.below(values.count)]
            return "\(key)=\(value)"
        }.joined(separator: ",")
    }

    static func curve(_ random: inout SplitMix64) -> String {
        let parts = ["0", "1", "0.5", "-0", "nan", "inf", "-inf", "1e308", "-1e308", "1e-320", "2", "-1", "", "x"]
        let n = random.below(6)
        let inner = (0..<n).map { _ in parts[random.below(parts.count)] }.joined(separator: ",")
        return ["cubic-bezier(\(inner))", "cubic-bezier(\(inner)", "easeOut", "ease-out", "linear()"][random.below(5)]
    }

    /// 2,000 seeded spring forms and 500 curves: each refused with a message or usable, never a trap.
    @Test func seededFormsNeverTrap() {
        var random = SplitMix64(seed: 0x20_5931_26)
        var accepted = 0, refused = 0
        for n in 0..<2000 {
            let text = Self.form(&random)
            do {
                let spring = try Spring(parsing: text)
                usable(spring, "seed 0x2059_3126 case \(n): \(text)")
                accepted += 1
            } catch {
                refused += 1
                #expect(error.message.hasPrefix("expected") || error.message.contains(": "), "case \(n): \(text): \(error)")
            }
        }
        for n in 0..<500 {
            let text = Self.curve(&random)
            if case .curve(let c)? = try? Timing(parsing: text) {
                #expect((0...1).contains(c.x1) && c.value(at: 0.5).isFinite, "curve case \(n): \(text)")
            }
        }
        #expect(accepted > 50 && refused > 500, "accepted \(accepted), refused \(refused)")
    }
}
