// CSS easing functions as CSS writes them, checked against the web-platform-tests lists of css/css-easing (the
// strings browsers must accept with their computed forms, those they must refuse, and the outputs they must give),
// copied here as data. Where a WPT case needs what a timing string cannot hold (calc(), a comma list of
// functions), it is left out.

import Foundation
import Testing

@testable import PaneKit
@testable import PaneKitScenario

@Suite struct CSSEasingTests {
    /// timing-functions-syntax-valid/computed, step-timing-functions-syntax, linear-timing-functions-syntax: each
    /// string and the form browsers give back.
    static let valid: [(String, String)] = [
        ("linear", "linear"), ("ease", "ease"), ("ease-in", "ease-in"), ("ease-out", "ease-out"), ("ease-in-out", "ease-in-out"),
        ("cubic-bezier(0.1, 0.2, 0.8, 0.9)", "cubic-bezier(0.1, 0.2, 0.8, 0.9)"),
        ("cubic-bezier(0, -2, 1, 3)", "cubic-bezier(0, -2, 1, 3)"), ("cubic-bezier(0, 0.7, 1, 1.3)", "cubic-bezier(0, 0.7, 1, 1.3)"),
        ("steps(4, start)", "steps(4, start)"), ("steps(2, end)", "steps(2)"), ("steps(2, jump-start)", "steps(2, jump-start)"),
        ("steps(2, jump-end)", "steps(2)"), ("steps(2, jump-both)", "steps(2, jump-both)"), ("steps(2, jump-none)", "steps(2, jump-none)"),
        ("step-start", "steps(1, start)"), ("step-end", "steps(1)"), ("steps(1, start)", "steps(1, start)"), ("steps(1, end)", "steps(1)"),
        ("steps(1, jump-start)", "steps(1, jump-start)"), ("steps(1, jump-end)", "steps(1)"),
        ("steps(1, jump-both)", "steps(1, jump-both)"),
        ("linear(0 0%, 1 100%)", "linear(0 0%, 1 100%)"), ("linear(0 0% 50%, 1 50% 100%)", "linear(0 0%, 0 50%, 1 50%, 1 100%)"),
        ("linear(0, 0.5 25% 75%, 1 100% 100%)", "linear(0 0%, 0.5 25%, 0.5 75%, 1 100%, 1 100%)"),
        (
            "linear(0, 1.3, 1, 0.92, 1, 0.99, 1, 1.004, 0.998, 1 100% 100%)",
            "linear(0 0%, 1.3 11.1111%, 1 22.2222%, 0.92 33.3333%, 1 44.4444%, 0.99 55.5556%, 1 66.6667%, 1.004 77.7778%, "
                + "0.998 88.8889%, 1 100%, 1 100%)"
        ),
        ("linear(0, 1)", "linear(0 0%, 1 100%)"),
        (
            "linear(0, 1.3, 1, 0.92, 1, 0.99, 1, 0.998, 1 100% 100%)",
            "linear(0 0%, 1.3 12.5%, 1 25%, 0.92 37.5%, 1 50%, 0.99 62.5%, 1 75%, 0.998 87.5%, 1 100%, 1 100%)"
        ),
        ("linear(0, 0 40%, 1, 0.5, 1)", "linear(0 0%, 0 40%, 1 60%, 0.5 80%, 1 100%)"),
    ]

    /// timing-functions-syntax-invalid, step-timing-functions-syntax, linear-timing-functions-syntax: refused.
    static let invalid = [
        "auto", "ease-in ease-out", "cubic-bezier(1, 2, 3)", "cubic-bezier(1, 2, 3, infinite)", "cubic-bezier(1, 2, 3, 4, 5)",
        "cubic-bezier(-0.1, 0.1, 0.5, 0.9)", "cubic-bezier(0.5, 0.1, 1.1, 0.9)", "initial, cubic-bezier(0, -2, 1, 3)",
        "cubic-bezier(0, -2, 1, 3), initial", "steps(0, start)", "steps(0, end)", "steps(0, jump-start)", "steps(0, jump-end)",
        "steps(0, jump-both)", "steps(1, jump-none)", "steps(calc(0/0), jump-none)", "linear()", "linear(0)", "linear(100%)",
        "linear(0% 1 50%)", "linear(0 0% 100%)", "linear(0% 100% 0)", "linear(0 calc(50px - 50%), 0 calc(50em + 50em))",
        "linear(0 calc(50%, 50%), 0 calc(50% + 50%))",
    ]

    @Test func theStringsBrowsersAcceptReadAndWriteBackAsTheyDo() throws {
        for (text, computed) in Self.valid {
            let curve = try #require(TimingCurve(css: text), "\(text)")
            #expect(curve.css == computed, "\(text)")
            // The computed form reads back to the same curve (to its six digits) and writes itself again.
            let again = try #require(TimingCurve(css: computed), "\(computed)")
            #expect(again.css == computed)
            for x in stride(from: -0.2, through: 1.2, by: 0.01) {
                #expect(abs(again.output(x) - curve.output(x)) < 1e-5, "\(text) at \(x)")
            }
            // A scenario's timing takes it.
            #expect(try Timing(parsing: text) == .curve(curve), "\(text)")
        }
    }

    @Test func theStringsBrowsersRefuseAreRefused() {
        for text in Self.invalid {
            #expect(TimingCurve(css: text) == nil, "\(text)")
            #expect(throws: SpringFormError.self, "\(text)") { try Timing(parsing: text) }
        }
    }

    /// linear-timing-functions-output: (easing, [(time progress, expected output)]).
    static let linearOutputs: [(String, [(Double, Double)])] = [
        ("linear(0, 1.5, 1)", [(0, 0), (0.25, 0.75), (0.5, 1.5), (0.75, 1.25), (1, 1)]),
        ("linear(1, -0.5, 0)", [(0, 1), (0.25, 0.25), (0.5, -0.5), (0.75, -0.25), (1, 0)]),
    ]

    /// linear-timing-functions-output: pairs that must give the same output at the listed times.
    static let equivalents: [(String, String, [Double])] = [
        ("linear(0.2 0% 20%, 0.4 20% 40%, 0.6 40% 60%, 0.8 60% 80%, 1.0 80% 100%)", "steps(5, jump-start)", [0, 0.2, 0.4, 0.6, 0.8, 1]),
        ("linear(0, 0.1 -10%, 1)", "linear(0, 0.1 0%, 1)", [0, 0.1, 0.55, 1]),
        ("linear(0, 0.9 110%, 1)", "linear(0, 0.9 110%, 1 110%)", [0, 0.45, 0.9, 0.95, 1]),
    ]

    @Test func linearGivesTheOutputsOfTheSpec() throws {
        for (text, samples) in Self.linearOutputs {
            let curve = try #require(TimingCurve(css: text))
            for (x, y) in samples { #expect(abs(curve.output(x) - y) <= 1e-4, "\(text) at \(x)") }
        }
        for (a, b, times) in Self.equivalents {
            let (p, q) = (try #require(TimingCurve(css: a)), try #require(TimingCurve(css: b)))
            for t in times { #expect(abs(p.output(t) - q.output(t)) <= 1e-4, "\(a) and \(b) at \(t)") }
        }
    }

    /// step-timing-functions-output: a keyframe's steps() fed by an effect's cubic-bezier that leaves 0…1, as
    /// (keyframe easing, effect easing, [(time progress, expected left in px of a 0 → 100 px keyframe)]).
    static let stepOutputs: [(String, String, [(Double, Double)])] = [
        ("step-start", "cubic-bezier(0, 1.5, 1, 1.5)", [(0, 100), (0.23, 100), (0.25, 200), (1, 100)]),
        ("step-start", "cubic-bezier(0, 3, 1, 3)", [(0, 100), (0.114, 200), (0.5, 300), (0.9, 200)]),
        ("step-start", "cubic-bezier(0, -0.5, 1, -0.5)", [(0, 100), (0.75, 0), (0.8, 100), (1, 100)]),
        ("step-start", "cubic-bezier(0, -2, 1, -2)", [(0, 100), (0.1, 0), (0.5, -100), (1, 100)]),
        ("step-end", "cubic-bezier(0, 1.5, 1, 1.5)", [(0, 0), (0.23, 0), (0.25, 100), (1, 100)]),
        ("step-end", "cubic-bezier(0, 3, 1, 3)", [(0, 0), (0.114, 100), (0.5, 200), (0.9, 100)]),
        ("step-end", "cubic-bezier(0, -0.5, 1, -0.5)", [(0, 0), (0.75, -100), (0.8, 0), (1, 100)]),
        ("steps(1, jump-both)", "cubic-bezier(0, 1.5, 1, 1.5)", [(0, 50), (0.23, 50), (0.25, 100), (1, 100)]),
        ("steps(1, jump-both)", "cubic-bezier(0, 3, 1, 3)", [(0, 50), (0.114, 100), (0.5, 150), (0.9, 100)]),
        ("steps(1, jump-both)", "cubic-bezier(0, -0.5, 1, -0.5)", [(0, 50), (0.75, 0), (0.8, 50), (1, 100)]),
        ("steps(2, jump-none)", "cubic-bezier(0, 1.5, 1, 1.5)", [(0, 0), (0.045, 100), (0.23, 100), (0.25, 200), (1, 100)]),
        ("steps(2, jump-none)", "cubic-bezier(0, 3, 1, 3)", [(0, 0), (0.114, 300), (0.5, 400), (0.9, 300)]),
        ("steps(2, jump-none)", "cubic-bezier(0, -0.5, 1, -0.5)", [(0, 0), (0.75, -100), (0.8, 0), (1, 100)]),
    ]

    @Test func stepsGiveTheOutputsOfTheSpecForAnyInput() throws {
        for (steps, effect, samples) in Self.stepOutputs {
            let (keyframe, outer) = (try #require(TimingCurve(css: steps)), try #require(TimingCurve(css: effect)))
            for (t, left) in samples {
                #expect(abs(100 * keyframe.output(outer.output(t)) - left) < 1e-9, "\(steps) after \(effect) at \(t)")
            }
        }
    }

    @Test func cubicBezierGoesOnAlongItsEndTangents() throws {
        // cubic-bezier-timing-functions-output: past 1 along the line through P2 and P3, before 0 through P0 and P1;
        // where that tangent is vertical (x2 = 1, x1 = 0), the end value holds.
        let curve = try #require(TimingCurve(css: "cubic-bezier(0.5, 1, 0.5, 0)"))
        for x in [1.1, 1.3, 1.5] { #expect(abs(curve.output(x) - (1 + (0 - 1) / (0.5 - 1) * (x - 1))) < 1e-12) }
        for x in [-0.1, -0.3] { #expect(abs(curve.output(x) - x / 0.5) < 1e-12) }
        let vertical = try #require(TimingCurve(css: "cubic-bezier(0, 1.5, 1, 1.5)"))
        #expect(vertical.output(1.2) == 1)
        #expect(try #require(TimingCurve(css: "cubic-bezier(0, -0.5, 1, -0.5)")).output(-0.2) == 0)
        // Within 0…1, a transition's time progress, nothing changed.
        #expect(abs(curve.value(at: 0.3) - curve.output(0.3)) < 1e-15 && curve.value(at: 1.5) == 1)
    }

    @Test func theLinearThatPanekitSpringWritesReadsBackAsTheSpring() throws {
        for spring in [Spring.swiftUI(response: 0.5, dampingFraction: 0.6), .compose(), .reactSpring(tension: 280, friction: 12)] {
            let css = try #require(spring.cssLinear())
            guard case .curve(let curve) = try Timing(parsing: css) else {
                Issue.record("\(css) is not a curve")
                continue
            }
            let duration = spring.settlingDuration
            for k in 0...200 {
                let t = duration * Double(k) / 200
                #expect(abs(curve.value(at: t / duration) - spring.value(at: t)) <= 0.005 + 1e-9, "\(spring) at \(t)")
            }
        }
    }

    @Test func aScenarioTransitionRunsOnCSSSteps() throws {
        let json = TimingScenarioTests.drawer(
            "{\"at\": 0, \"action\": \"open\", \"direction\": \"left\", \"timing\": \"steps(4, jump-end)\"}", root: "\"fps\": 60,")
        let scenario = try ScenarioLoader.load(json, file: "t.json")
        let closed = try scenario.run().map { $0.fractions[.left] ?? 1 }
        // A steps() open moves the drawer in four jumps: only 1, 0.75, 0.5, 0.25 and 0 appear.
        let seen = Set(closed.map { ($0 * 4).rounded() / 4 })
        #expect(closed.allSatisfy { abs($0 * 4 - ($0 * 4).rounded()) < 1e-9 }, "\(closed)")
        #expect(seen == [1, 0.75, 0.5, 0.25, 0])
    }
}
