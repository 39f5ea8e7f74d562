// The canonical spring against hand-computed values and an independent numeric integration, and every platform form.

import Foundation
import Testing

@testable import PaneKit

@Suite struct SpringTests {
    /// An independent solution: classic RK4 on m·x″ = −k(x − 1) − c·x′ with a fine step.
    func integrate(_ s: Spring, until end: Double, step h: Double = 1e-5) -> (x: Double, v: Double) {
        var x = 0.0, v = s.initialVelocity
        func a(_ x: Double, _ v: Double) -> Double { (-s.stiffness * (x - 1) - s.damping * v) / s.mass }
        let n = Int((end / h).rounded())
        for _ in 0..<n {
            let k1x = v, k1v = a(x, v)
            let k2x = v + h / 2 * k1v, k2v = a(x + h / 2 * k1x, v + h / 2 * k1v)
            let k3x = v + h / 2 * k2v, k3v = a(x + h / 2 * k2x, v + h / 2 * k2v)
            let k4x = v + h * k3v, k4v = a(x + h * k3x, v + h * k3v)
            x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
            v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
        }
        return (x, v)
    }

    static let regimes: [(String, Spring)] = [
        ("under, v0 = 0", Spring(mass: 1, stiffness: 100, damping: 10)),
        ("under, v0 = 4", Spring(mass: 2, stiffness: 300, damping: 8, initialVelocity: 4)),
        ("critical, v0 = 2", Spring(mass: 1, stiffness: 100, damping: 20, initialVelocity: 2)),
        ("critical, v0 = 0", Spring.compose(stiffness: 1500, dampingRatio: 1)),
        ("over, v0 = -3", Spring(mass: 1, stiffness: 100, damping: 50, initialVelocity: -3)),
        ("over, barely", Spring(mass: 1, stiffness: 100, damping: 20.0001, initialVelocity: 1)),
    ]

    @Test(arguments: regimes)
    func closedFormMatchesIntegration(_ label: String, _ spring: Spring) {
        for t in [0.05, 0.1, 0.25, 0.5, 0.8] {
            let reference = integrate(spring, until: t)
            #expect(abs(spring.value(at: t) - reference.x) < 1e-8, "\(label) x at \(t)")
            #expect(abs(spring.velocity(at: t) - reference.v) < 1e-7, "\(label) v at \(t)")
        }
    }

    @Test func handCheckedValues() {
        // Worked by hand from the textbook solutions (e^(−at)(…) forms and C1·e^(r1 t) + C2·e^(r2 t)).
        let under = Spring(mass: 1, stiffness: 100, damping: 10)
        #expect(abs(under.value(at: 0.1) - 0.34029984660829826) < 1e-12)
        #expect(abs(under.value(at: 0.3) - 1.1243547674084116) < 1e-12)
        let critical = Spring(mass: 1, stiffness: 100, damping: 20, initialVelocity: 2)
        #expect(critical.dampingRatio == 1)
        #expect(abs(critical.value(at: 0.1) - 0.33781700589140373) < 1e-12)
        #expect(abs(critical.value(at: 0.3) - 0.8307239675492626) < 1e-12)
        let over = Spring(mass: 1, stiffness: 100, damping: 50, initialVelocity: -3)
        #expect(abs(over.value(at: 0.1) - 0.09919376038458423) < 1e-12)
        #expect(abs(over.velocity(at: 0.1) - 1.8378600353651278) < 1e-12)
        #expect(abs(over.value(at: 0.3) - 0.40599465988818345) < 1e-12)
        #expect(abs(over.velocity(at: 0.3) - 1.2397584208436936) < 1e-12)
    }

    @Test(arguments: regimes)
    func settleTimeIsTheLastCrossingOfTheThreshold(_ label: String, _ spring: Spring) {
        let settle = spring.settlingDuration
        func inside(_ t: Double) -> Bool {
            abs(spring.value(at: t) - 1) <= Spring.restDistance + 1e-12 && abs(spring.velocity(at: t)) <= Spring.restSpeed + 1e-12
        }
        #expect(!inside(settle - 1e-6), "\(label): outside just before")
        for i in 0..<2000 { #expect(inside(settle + Double(i) * 0.005), "\(label): inside after") }
    }

    func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool { abs(a - b) <= tolerance * max(1, abs(b)) }

    @Test func platformConversions() throws {
        // SwiftUI: k = (2π/response)², c = 4π·ζ/response.
        let swiftUI = Spring.swiftUI()
        #expect(close(swiftUI.stiffness, 157.91367041742973) && close(swiftUI.damping, 20.734511513692635))
        #expect(close(swiftUI.dampingRatio, 0.825) && close(swiftUI.omega0, 4 * Double.pi))
        #expect(close(Spring.swiftUI(duration: 0.5, bounce: 0.3).dampingRatio, 0.7))
        #expect(close(Spring.swiftUI(duration: 0.5, bounce: -0.5).dampingRatio, 2))
        // Compose: MEDIUM 1500, NO_BOUNCY 1 → c = 2√1500.
        let compose = try Spring(parsing: "stiffness=medium,dampingRatio=NO_BOUNCY")
        #expect(compose == Spring(mass: 1, stiffness: 1500, damping: 2 * 1500.0.squareRoot()))
        #expect(close(try Spring(parsing: "stiffness=STIFFNESS_LOW,dampingRatio=HIGH_BOUNCY").damping, 2 * 0.2 * 200.0.squareRoot()))
        // react-spring presets.
        #expect(try Spring(parsing: "preset=wobbly") == Spring(mass: 1, stiffness: 180, damping: 12))
        #expect(try Spring(parsing: "tension=280,friction=120") == Spring(mass: 1, stiffness: 280, damping: 120))
        // Origami 40/7: (40 − 30)·3.62 + 194 = 230.2, (7 − 8)·3 + 25 = 22.
        let origami = try Spring(parsing: "origamiTension=40,origamiFriction=7")
        #expect(close(origami.stiffness, 230.2) && close(origami.damping, 22))
        // Pop 4/12: Origami tension 0.5 + 199.5·(12/1.7)/20 = 70.9117…, friction quadOut(…) = 9.8289…
        let pop = try Spring(parsing: "bounciness=4,speed=12")
        #expect(close(pop.stiffness, 342.10058823529414) && close(pop.damping, 30.48697964824425))
        // Framer Motion visualDuration 0.3, bounce 0.3: root = 2π/0.36, c = 2·0.7·root.
        let framer = try Spring(parsing: "visualDuration=0.3,bounce=0.3")
        #expect(close(framer.stiffness, 304.6174197867086) && close(framer.damping, 24.434609527920614))
        #expect(close(try Spring(parsing: "visualDuration=0.3,bounce=0.99").dampingRatio, 0.05))
        // Core Animation passes through, with its velocity.
        let ca = try Spring(parsing: "mass=2,stiffness=300,damping=8,initialVelocity=1.5")
        #expect(ca == Spring(mass: 2, stiffness: 300, damping: 8, initialVelocity: 1.5))
    }

    @Test func formsRoundTrip() throws {
        let spring = Spring.pop(bounciness: 4, speed: 12)
        let forms = Dictionary(uniqueKeysWithValues: spring.forms.map { ($0.platform, $0.values) })
        func number(_ platform: String, _ key: String) -> Double? {
            guard case .number(let n) = forms[platform]?.first(where: { $0.key == key })?.value else { return nil }
            return n
        }
        let back: [(String, Spring)] = [
            ("swiftui", .swiftUI(response: number("swiftui", "response")!, dampingFraction: number("swiftui", "dampingFraction")!)),
            ("swiftui bounce", .swiftUI(duration: number("swiftui", "duration")!, bounce: number("swiftui", "bounce")!)),
            ("compose", .compose(stiffness: number("compose", "stiffness")!, dampingRatio: number("compose", "dampingRatio")!)),
            ("reactSpring", .reactSpring(tension: number("reactSpring", "tension")!, friction: number("reactSpring", "friction")!)),
            (
                "framerMotion",
                .framerMotion(visualDuration: number("framerMotion", "visualDuration")!, bounce: number("framerMotion", "bounce")!)
            ),
            ("origami", .origami(tension: number("origami", "origamiTension")!, friction: number("origami", "origamiFriction")!)),
            ("pop", .pop(bounciness: number("pop", "bounciness")!, speed: number("pop", "speed")!)),
        ]
        #expect(close(number("pop", "bounciness")!, 4) && close(number("pop", "speed")!, 12))
        for (label, other) in back {
            #expect(close(other.omega0, spring.omega0) && close(other.dampingRatio, spring.dampingRatio), "\(label)")
        }
    }

    @Test func cssLinearStaysWithinHalfAPercent() throws {
        let spring = Spring.swiftUI(response: 0.5, dampingFraction: 0.5)
        let css = try #require(spring.cssLinear())
        let stops = css.dropFirst("linear(".count).dropLast().split(separator: ",").map {
            Double($0.trimmingCharacters(in: .whitespaces))!
        }
        let duration = spring.settlingDuration
        for i in 0...1000 {
            let f = Double(i) / 1000 * Double(stops.count - 1)
            let j = min(Int(f), stops.count - 2)
            let linear = stops[j] + (stops[j + 1] - stops[j]) * (f - Double(j))
            #expect(abs(linear - spring.value(at: duration * Double(i) / 1000)) <= 0.005, "at \(i)")
        }
    }

    @Test func badFormsNameTheKeys() {
        func message(_ text: String) -> String {
            do {
                _ = try Spring(parsing: text)
                return ""
            } catch { return error.message }
        }
        #expect(message("response=0.5").contains("response, an incomplete set"))
        #expect(message("response=0.5,bounce=0.2").contains("bounce, response, a mixed or unknown set"))
        #expect(message("stiffness=100,damping=10,dampingRatio=1").contains("mixed"))
        #expect(message("response=0,dampingFraction=1").contains("response: expected > 0, got 0"))
        #expect(message("stiffness=medium,dampingRatio=soft").contains("dampingRatio: expected a number or one of"))
        #expect(message("response").contains("expected key=value"))
        #expect(message("stiffness=100,dampingRatio=0.00001").contains("expected a spring with a damping ratio in 0.001…100"))
        #expect(message("mass=1e-300,stiffness=1e300,damping=1").contains("ω0"))
    }

    @Test func timingStrings() throws {
        #expect(try Timing(parsing: "easeOut") == .curve(.easeOut))
        #expect(try Timing(parsing: "cubic-bezier(0.1, 0.2, 0.3, 1.4)") == .curve(TimingCurve(x1: 0.1, y1: 0.2, x2: 0.3, y2: 1.4)))
        #expect(throws: SpringFormError.self) { try Timing(parsing: "cubic-bezier(1.5,0,0,1)") }
        #expect(throws: SpringFormError.self) { try Timing(parsing: "bouncy") }
    }

    @Test func springTweenKeepsVelocityAndSettles() {
        let spring = Spring.swiftUI()
        let tween = Tween(from: 100, to: 0, start: 1, spring: spring, velocity: 300)
        #expect(tween.value(at: 1) == 100 && abs(tween.velocity(at: 1) - 300) < 1e-9)
        #expect(tween.value(at: tween.end) == 0)
        #expect(abs(tween.value(at: tween.end - 1e-9)) <= 0.1 + 1e-9)
        // A curve with a starting velocity: the slope at the start carries it.
        let curve = Tween(from: 0, to: 100, start: 0, duration: 0.5, timing: .curve(.easeInEaseOut), velocity: -50)
        #expect(abs(curve.velocity(at: 0) - -50) < 1e-6)
    }
}
