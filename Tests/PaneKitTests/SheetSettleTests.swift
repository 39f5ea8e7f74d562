// Settle durations and curves to 1 pt against closed forms written here (reference/sheets.md §1.6, §1b, §3.3,
// §4.1, §5.1), and the same pan at 30, 60 and 120 fps.

import Foundation
import Testing

@testable import PaneKit

@Suite struct SheetSettleTests {
    static let size = Size(width: 375, height: 812)

    static func sheet(_ behavior: SheetBehavior, _ edit: (inout SheetConfiguration) -> Void = { _ in }) throws -> SheetContainer {
        var c = SheetConfiguration(size: size, behavior: behavior)
        c.safeArea = SafeAreaInsets(top: 47, bottom: 34)
        edit(&c)
        return try SheetContainer(c)
    }

    /// Runs a pan from `from` to `to` (points) over `duration` s at 120 Hz samples from `start`, then frames to `end`.
    static func pan(
        _ s: inout SheetContainer, from: Double, to: Double, start: Double, duration: Double, x: Double = 187
    ) -> [Event] {
        var events: [Event] = []
        s.perform(.pan(.began, Point(x: x, y: from)), at: start, events: &events)
        let n = Int((duration * 120).rounded())
        for i in 1...n {
            let t = Double(i) / Double(n)
            s.perform(.pan(i == n ? .ended : .moved, Point(x: x, y: from + (to - from) * t)), at: start + duration * t, events: &events)
        }
        return events
    }

    // VDH computeSettleDuration, the reference's worked values (W = 1080 px): 332, 600 (cap) and 276 ms.
    @Test func materialDurationWorkedValues() {
        func ms(_ v: Double) -> Int {
            SheetSettle.materialDuration(dy: 600, velocity: v, width: 1080, range: 2000, minimumFling: 50, maximumFling: 8000)
        }
        #expect(ms(0) == 332)
        #expect(ms(3000) == 600)
        #expect(ms(8000) == 276)
        #expect(ms(20000) == 276)  // clamped to 8000 first
        #expect(ms(40) == 332)  // below 50 counts as no velocity
    }

    // VDH sInterpolator (t − 1)^5 + 1 over (|dy|/range + 1)·256 ms for setState (smoothSlideViewTo, no velocity).
    @Test func materialSettleIsQuinticEaseOut() throws {
        var s = try Self.sheet(.material)
        var events: [Event] = []
        s.perform(.setDetent("expanded"), at: 0, events: &events)
        #expect(events == [.detentWillChange(detent: "expanded")])
        let duration = (210.0 / 210 + 1) * 256  // ms; range = collapsedOffset (not hideable)
        // Android's clock reads whole milliseconds; the settle ends at the first one whose rounded pixel position,
        // 210 + round(f · −210) (Java's Math.round, floor(x + 0.5)), is the target (continueSettling's "close enough").
        func f(_ ms: Double) -> Double {
            let u = min(ms / duration, 1) - 1
            return u * u * u * u * u + 1
        }
        let end = try #require((0...512).first { ms in (f(Double(ms)) * -210 + 0.5).rounded(.down) == -210 })
        #expect(end < 400)  // well before the nominal 512 ms
        for i in 1...40 {
            let t = Double(i) / 60
            s.advance(to: t, events: &events)
            let ms = (t * 1000 + 1e-6).rounded(.down)
            let expected = ms >= Double(end) ? 0 : 210 + f(ms) * (0 - 210)
            #expect(abs(s.position - expected) < 1e-9, "t \(t)")
            #expect(s.isAtRest == (ms >= Double(end)), "t \(t)")
        }
        #expect(events.suffix(2) == [.detentDidChange(detent: "expanded"), .announcement(text: "expanded")])
        #expect(s.detent == "expanded" && s.isAtRest)
    }

    // A release uses the tracker's velocity in the duration: dy and v in px (density 2.625 here).
    @Test func materialReleaseDurationUsesTheReleaseVelocity() throws {
        var s = try Self.sheet(.material) { $0.density = 2.625 }
        let start = s.position
        _ = Self.pan(&s, from: start + 10, to: start - 60, start: 0, duration: 0.1)  // 700 pt/s up
        #expect(s.detent == "expanded" && s.state == .opening)
        let dy = (0 - s.position) * 2.625
        #expect(s.geometry.material?.collapsedOffset == 553)  // 2132 − (2132 − 984·9/16) with 984·9/16 = 553
        let expected = SheetSettle.materialDuration(
            dy: dy, velocity: -700 * 2.625, width: 984, range: Double(s.geometry.material!.collapsedOffset),
            minimumFling: 50 * 2.625, maximumFling: 8000 * 2.625)
        #expect(abs(s.materialDuration(to: 0, velocity: -700) - Double(expected) / 1000) < 1e-12)
    }

    /// A spring's position by its closed form, written here: ζ < 1 under-damped, ζ = 1 critical.
    static func spring(_ t: Double, x0: Double, v0: Double, zeta: Double, omega w: Double) -> Double {
        if zeta < 1 {
            let wd = w * (1 - zeta * zeta).squareRoot()
            return exp(-zeta * w * t) * (x0 * cos(wd * t) + (v0 + zeta * w * x0) / wd * sin(wd * t))
        }
        return exp(-w * t) * (x0 + (v0 + w * x0) * t)
    }

    // M3 MotionScheme: DefaultSpatial (0.9, 700) settles a release; FastEffects (1.0, 3800) hides.
    @Test func composeSpringsAreDefaultSpatialAndFastEffects() throws {
        var s = try Self.sheet(.compose)
        var events: [Event] = []
        s.perform(.setDetent("expanded"), at: 0, events: &events)  // expand() uses showMotionSpec, DefaultSpatial
        // Compose reads its play time in whole milliseconds.
        func ms(_ t: Double) -> Double { (t * 1000 + 1e-6).rounded(.down) / 1000 }
        for i in 1...30 {
            let t = Double(i) / 60
            s.advance(to: t, events: &events)
            let expected = 0 + Self.spring(ms(t), x0: 406, v0: 0, zeta: 0.9, omega: 700.0.squareRoot())
            #expect(abs(s.position - expected) < 1, "t \(t)")
        }
        s.advance(to: 2, events: &events)
        s.perform(.dismiss(), at: 2, events: &events)
        for i in 1...20 {
            let t = Double(i) / 120
            s.advance(to: 2 + t, events: &events)
            let expected = 812 + Self.spring(ms(t), x0: -812, v0: 0, zeta: 1, omega: 3800.0.squareRoot())
            #expect(abs(s.position - expected) < 1, "t \(t)")
        }
    }

    // M3 SheetState: show() runs showMotionSpec (DefaultSpatial) even to PartiallyExpanded; partialExpand() runs
    // hideMotionSpec (FastEffects).
    @Test func composeShowAndPartialExpandSprings() throws {
        var s = try Self.sheet(.compose) { $0.initialDetent = "hidden" }
        var events: [Event] = []
        s.perform(.present(), at: 0, events: &events)
        s.advance(to: 0.05, events: &events)
        let show = 406 + Self.spring(0.05, x0: 406, v0: 0, zeta: 0.9, omega: 700.0.squareRoot())
        #expect(abs(s.position - show) < 1e-4)  // Compose's damping ratio is the Float 0.9
        s.perform(.setDetent("expanded", animated: false), at: 1, events: &events)
        s.perform(.setDetent("partiallyExpanded"), at: 1, events: &events)
        s.advance(to: 1.05, events: &events)
        let partial = 406 + Self.spring(0.05, x0: -406, v0: 0, zeta: 1, omega: 3800.0.squareRoot())
        #expect(abs(s.position - partial) < 1e-4)
    }

    // Core.swift NumericSpringAnimator: x' = (f x + h v + h²ω² xt)/det, v' = (v + hω²(xt − x'))/det, ζ 0.5756 above
    // 300 pt/s, ω = 2π/0.4, stopping within 1/displayScale (3 by default); stepped at 60 Hz.
    @Test func floatingPanelStepperMatchesTheSource() throws {
        let zeta = log(0.991) / (-2 * Double.pi * 2.5 * 0.001)
        #expect(abs(zeta - 0.5756) < 1e-4)
        var s = try Self.sheet(.floatingpanel)
        let events = Self.pan(&s, from: 500, to: 300, start: 0, duration: 0.1)  // 2000 pt/s up from half
        guard case .panEnded(.pointsPerSecond(let v))? = events.first(where: { if case .panEnded = $0 { true } else { false } }) else {
            Issue.record("no panEnded")
            return
        }
        #expect(s.targetDetent == "full")
        var x = s.position, vel = v
        let target = 65.0, h = 1.0 / 60, w = 2 * Double.pi / 0.4
        let z = abs(v) > 300 ? zeta : 1
        var sink: [Event] = []
        for k in 1...120 {
            let f = 1 + 2 * h * z * w, det = f + h * h * w * w
            let pre = x
            x = (f * x + h * vel + h * h * w * w * target) / det
            vel = (vel + h * w * w * (target - x)) / det
            s.advance(to: 0.1 + Double(k) * h, events: &sink)
            if abs(target - x) <= 1.0 / 3 && abs(pre - x) <= 1.0 / 3 {
                #expect(s.position == target && s.isAtRest, "stops at step \(k)")
                break
            }
            #expect(abs(s.position - x) < 1e-9, "step \(k)")
        }
        #expect(sink == [.detentDidChange(detent: "full"), .announcement(text: "expanded")])
    }

    // The stepper depends on the display rate: at 120 Hz the same release follows another path (docs/motion.md).
    @Test func floatingPanelStepperDependsOnTheDisplayRate() throws {
        var a = try Self.sheet(.floatingpanel)
        var b = try Self.sheet(.floatingpanel) { $0.displayRate = 120 }
        _ = Self.pan(&a, from: 500, to: 300, start: 0, duration: 0.1)
        _ = Self.pan(&b, from: 500, to: 300, start: 0, duration: 0.1)
        var sink: [Event] = []
        a.advance(to: 0.2, events: &sink)
        b.advance(to: 0.2, events: &sink)
        #expect(abs(a.position - b.position) > 0.5)
    }

    // gorhom: Reanimated runs the (500, 1000, 3) spring critically damped with ω0 = √(1000/3) ≈ 18.257, from
    // velocity/2, stopping once |v| < 10 and |Δx| < 10 on a display frame.
    @Test func gorhomSpringIsCriticallyDampedWithHalfTheVelocity() throws {
        #expect(abs(SheetSettle.gorhomOmega - 18.257) < 1e-3)
        var s = try Self.sheet(.gorhom) { $0.detents = [.height(name: "low", 200), .height(name: "high", 600)] }
        _ = Self.pan(&s, from: 700, to: 600, start: 0, duration: 0.1)  // 1000 pt/s up from 612
        #expect(s.targetDetent == "high")
        let x0 = s.position - 212, v0 = -1000.0 / 2
        var sink: [Event] = []
        for i in 1...60 {
            let t = Double(i) / 60
            s.advance(to: 0.1 + t, events: &sink)
            guard !s.isAtRest else { break }
            let expected = 212 + Self.spring(t, x0: x0, v0: v0, zeta: 1, omega: SheetSettle.gorhomOmega)
            #expect(abs(s.position - expected) < 1e-6, "t \(t)")
        }
        #expect(s.isAtRest && s.position == 212)
    }

    // vaul: 0.5 s on cubic-bezier(0.32, 0.72, 0, 1), whatever the release velocity.
    @Test func vaulSettleIsTheBezierOverHalfASecond() throws {
        var s = try Self.sheet(.vaul) { $0.detents = [.fraction(name: "half", 0.5), .fraction(name: "full", 0.9)] }
        var events: [Event] = []
        s.perform(.setDetent("full"), at: 0, events: &events)
        /// The bezier solved by bisection on x, written here.
        func bezier(_ x: Double) -> Double {
            func b(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
                3 * (1 - s) * (1 - s) * s * p1 + 3 * (1 - s) * s * s * p2 + s * s * s
            }
            var lo = 0.0, hi = 1.0
            for _ in 0..<60 { let mid = (lo + hi) / 2; if b(mid, 0.32, 0) < x { lo = mid } else { hi = mid } }
            return b((lo + hi) / 2, 0.72, 1)
        }
        for i in 1...29 {
            let t = Double(i) / 60
            s.advance(to: t, events: &events)
            let expected = 406 + (81.2 - 406) * bezier(t / 0.5)
            #expect(abs(s.position - expected) < 1e-3, "t \(t)")
        }
        s.advance(to: 0.5, events: &events)
        #expect(abs(s.position - 81.2) < 1e-9 && events.suffix(2) == [.detentDidChange(detent: "full"), .announcement(text: "expanded")])
    }

    // DESIGN §3: the same pan rendered at 30, 60 and 120 fps agrees at the common times, for every behavior.
    @Test(arguments: SheetBehavior.allCases)
    func samePanAgreesAtThirtySixtyAndOneTwentyFPS(behavior: SheetBehavior) throws {
        func run(_ fps: Double) throws -> [Double] {
            var s = try Self.sheet(behavior) {
                if behavior.takesCustomDetents {
                    $0.detents = [.fraction(name: "a", 0.3), .fraction(name: "b", 0.6), .fraction(name: "c", 0.9)]
                }
                $0.contentHeight = 700
            }
            // Touches at their own times, frames at the render rate, merged in time order.
            let top = s.position
            var touches: [(Double, SheetAction)] = [(0.2, .pan(.began, Point(x: 100, y: top + 20)))]
            for i in 1...24 {
                let t = Double(i) / 120
                touches.append((0.2 + t, .pan(i == 24 ? .ended : .moved, Point(x: 100, y: top + 20 - 300 * t))))
            }
            var samples: [Double] = []
            var events: [Event] = []
            var next = 0
            for frame in 0...Int(2 * fps) {
                let t = Double(frame) / fps
                while next < touches.count, touches[next].0 <= t {
                    s.perform(touches[next].1, at: touches[next].0, events: &events)
                    next += 1
                }
                s.advance(to: t, events: &events)
                if frame % Int(fps / 30) == 0 { samples.append(s.position) }
            }
            return samples
        }
        let a = try run(30), b = try run(60), c = try run(120)
        for i in a.indices {
            #expect(abs(a[i] - b[i]) < 1e-9 && abs(a[i] - c[i]) < 1e-9, "\(behavior) sample \(i): \(a[i]) \(b[i]) \(c[i])")
        }
    }
}
