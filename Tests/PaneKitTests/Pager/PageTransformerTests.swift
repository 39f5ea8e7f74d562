// Every built-in page styler's channels at offsets −1, −0.5, 0, 0.5 and 1 against its formula, written here again
// from reference/pagers.md (§1.9 the Android docs' samples, §6.1 the common set, §4.3 iCarousel, §5.1 Swiper).

import Foundation
import Testing

@testable import PaneKit

@Suite struct PageTransformerTests {
    static let offsets = [-1.0, -0.5, 0, 0.5, 1]
    static let w = 360.0, h = 640.0

    /// (translationX, scale x, scale y, rotation, rotationX, rotationY, pivot x, pivot y, alpha, hidden) from the
    /// reference's formula for `kind` at `p`.
    static func expected(_ kind: PageTransformerStyler.Kind, _ raw: Double) -> [Double] {
        let w = Self.w, h = Self.h
        switch kind {
        case .zoomOut:
            guard abs(raw) <= 1 else { return [0, 1, 1, 0, 0, 0, 0.5, 0.5, 0, 0] }
            let s = max(0.85, 1 - abs(raw)), vm = h * (1 - s) / 2, hm = w * (1 - s) / 2
            return [raw < 0 ? hm - vm / 2 : -hm + vm / 2, s, s, 0, 0, 0, 0.5, 0.5, 0.5 + (s - 0.85) / 0.15 * 0.5, 0]
        case .depth:
            if raw > 0, raw <= 1 {
                let s = 0.75 + 0.25 * (1 - raw)
                return [-w * raw, s, s, 0, 0, 0, 0.5, 0.5, 1 - raw, 0]
            }
            return [0, 1, 1, 0, 0, 0, 0.5, 0.5, abs(raw) > 1 ? 0 : 1, 0]
        default: break
        }
        let p = min(max(raw, -1), 1)
        let stacked = -w * p, offscreen: Double = p <= -1 || p >= 1 ? 0 : 1
        switch kind {
        case .accordion: return [stacked, p < 0 ? 1 + p : 1 - p, 1, 0, 0, 0, p < 0 ? 0 : 1, 0, offscreen, 0]
        case .backgroundToForeground:
            let s = max(p < 0 ? 1 : abs(1 - p), 0.5)
            return [p < 0 ? w * p : -w * p * 0.25, s, s, 0, 0, 0, 0.5, 0.5, offscreen, 0]
        case .foregroundToBackground:
            let s = max(p > 0 ? 1 : abs(1 + p), 0.5)
            return [p > 0 ? w * p : -w * p * 0.25, s, s, 0, 0, 0, 0.5, 0.5, offscreen, 0]
        case .cubeIn: return [0, 1, 1, 0, 0, -90 * p, p > 0 ? 0 : 1, 0, offscreen, 0]
        case .cubeOut: return [0, 1, 1, 0, 0, 90 * p, p < 0 ? 1 : 0, 0.5, offscreen, 0]
        case .flipHorizontal: return [stacked, 1, 1, 0, 0, 180 * p, 0.5, 0.5, abs(180 * p) > 90 ? 0 : offscreen, abs(p) >= 0.5 ? 1 : 0]
        case .flipVertical: return [stacked, 1, 1, 0, -180 * p, 0, 0.5, 0.5, abs(180 * p) > 90 ? 0 : offscreen, abs(p) >= 0.5 ? 1 : 0]
        case .rotateDown: return [0, 1, 1, 18.75 * p, 0, 0, 0.5, 1, offscreen, 0]
        case .rotateUp: return [0, 1, 1, -15 * p, 0, 0, 0.5, 0, offscreen, 0]
        case .scaleInOut:
            let s = 1 - abs(p)
            return [stacked, s, s, 0, 0, 0, p < 0 ? 0 : 1, 0.5, offscreen, 0]
        case .stack: return [p < 0 ? 0 : -w * p, 1, 1, 0, 0, 0, 0, 0, offscreen, 0]
        case .tablet:
            let degrees = 30 * abs(p) * (p < 0 ? 1 : -1)
            return [PageTransformerStyler.tabletOffset(degrees, w: w, h: h), 1, 1, 0, 0, degrees, 0.5, 0, offscreen, 0]
        case .zoomIn:
            let s = p < 0 ? p + 1 : abs(1 - p)
            return [stacked, s, s, 0, 0, 0, 0.5, 0.5, min(1, 1 - (s - 1)), 0]
        case .zoomOutSlide:
            let s = max(0.85, 1 - abs(p)), vm = h * (1 - s) / 2, hm = w * (1 - s) / 2
            return [p < 0 ? hm - vm / 2 : -hm + vm / 2, s, s, 0, 0, 0, 0.5, 0.5, 0.5 + (s - 0.85) / 0.15 * 0.5, 0]
        case .zoomOut, .depth: return []
        }
    }

    @Test(arguments: PageTransformerStyler.Kind.allCases)
    func channelsFollowTheFormula(kind: PageTransformerStyler.Kind) {
        for p in Self.offsets {
            let v = PageTransformerStyler(kind).view(p: p, w: Self.w, h: Self.h)
            let pivot = v.pivot ?? Point(x: 0.5, y: 0.5)
            let got = [
                v.translationX, v.scaleX, v.scaleY, v.rotation, v.rotationX, v.rotationY, pivot.x, pivot.y, min(max(v.alpha, 0), 1),
                v.hidden ? 1 : 0,
            ]
            let want = Self.expected(kind, p)
            for (i, (a, b)) in zip(got, want).enumerated() {
                #expect(abs(a - b) < 1e-9, "\(kind.rawValue) at \(p): channel \(i) is \(a), expected \(b)")
            }
        }
    }

    @Test func androidDocsNumbers() {
        // ZoomOut reaches its floor at |p| = 0.15; at 0.1 scale 0.9, alpha 0.667. Depth at 0.5: scale 0.875, alpha 0.5.
        let zoom = PageTransformerStyler(.zoomOut).view(p: 0.1, w: 360, h: 640)
        #expect(abs(zoom.scaleX - 0.9) < 1e-12)
        #expect(abs(zoom.alpha - 2.0 / 3) < 1e-12)
        let depth = PageTransformerStyler(.depth).view(p: 0.5, w: 360, h: 640)
        #expect(depth.scaleX == 0.875 && depth.alpha == 0.5 && depth.z == -1)
    }

    // MARK: iCarousel

    @Test func coverFlowMatchesTheDerivedRows() {
        // W 200, defaults: o 0.25 → x 35, z −25, rotY −20.25°; 0.5 → 70, −50, −40.5°; 1 → 140, −100, −81°; 2 → x 190.
        let c = CarouselStyler(.coverFlow)
        for (o, x, z, angle) in [
            (0.25, 35.0, -25.0, -20.25), (0.5, 70, -50, -40.5), (1, 140, -100, -81), (2, 190, -100, -81), (3, 240, -100, -81),
        ] {
            let t = c.transform(o: o, w: 200, view: 320, items: 20)
            #expect(abs(t.m41 - x) < 1e-9 && abs(t.m43 - z) < 1e-9, "o \(o)")
            #expect(abs(atan2(-t.m13, t.m11) * 180 / .pi - angle) < 1e-9, "o \(o)")
        }
    }

    @Test func circularTypesMatchTheDerivedRows() {
        // itemWidth 200, 20 items, view 320: count 12, rotary radius 373.2 (offset 1 at x 186.6, z −50.0); wheel
        // radius 382.0, 30° per item; view 1024: count 18.
        let rotary = CarouselStyler(.rotary)
        #expect(rotary.count(view: 320, item: 200, items: 20) == 12)
        #expect(rotary.count(view: 1024, item: 200, items: 20) == 18)
        let t = rotary.transform(o: 1, w: 200, view: 320, items: 20)
        #expect(abs(t.m41 - 186.6) < 0.05 && abs(t.m43 - -50.0) < 0.05)
        let wheel = CarouselStyler(.wheel).transform(o: 1, w: 200, view: 320, items: 20)
        #expect(abs(atan2(wheel.m12, wheel.m11) * 180 / .pi - 30) < 1e-9)
        let r = 200.0 * 12 / (2 * .pi)
        #expect(abs(r - 382.0) < 0.05)
    }

    @Test(arguments: CarouselStyler.Kind.allCases)
    func everyCarouselTypeAtTheFiveOffsets(kind: CarouselStyler.Kind) {
        let c = CarouselStyler(kind), w = 200.0, s = kind.spacing, tilt = kind.tilt
        let count = c.count(view: 320, item: w, items: 20), arc = 2 * Double.pi
        let sign: Double = kind.inverted ? -1 : 1
        for o in Self.offsets {
            let t = c.transform(o: o, w: w, view: 320, items: 20)
            // Where the item's centre goes (x, y, z), from §4.3's table.
            let centre: (Double, Double, Double)
            switch kind {
            case .linear: centre = (o * w * s, 0, 0)
            case .rotary, .invertedRotary:
                let r = max(w * s / 2, w * s / 2 / tan(arc / 2 / count)) * sign, a = o / count * arc * sign
                centre = (r * sin(a), 0, r * cos(a) - r)
            case .cylinder, .invertedCylinder:
                let r = max(0.01, w * s / 2 / tan(arc / 2 / count)) * sign, a = o / count * arc * sign
                centre = ((r + 0.01) * sin(a), 0, (r + 0.01) * cos(a) - r)
            case .wheel, .invertedWheel:
                let r = w * s * count / arc * sign, a = arc / count * sign * o
                centre = (r * sin(a), r - r * cos(a), o * 0.01)
            case .coverFlow, .coverFlow2:
                let k = min(max(o, -1), 1)
                centre = ((k * 0.5 * tilt + o * s) * w, 0, abs(k) * -w * 0.5)
            case .timeMachine, .invertedTimeMachine: centre = (o * sign * w * tilt * sign, 0, o * sign * w * s)
            }
            #expect(abs(t.m41 - centre.0) < 1e-6 && abs(t.m42 - centre.1) < 1e-6 && abs(t.m43 - centre.2) < 1e-6, "\(kind) at \(o)")
            let fade = kind == .timeMachine ? 1 - min(max(o, 0), 1) : kind == .invertedTimeMachine ? 1 - min(max(-o, 0), 1) : 1
            #expect(c.alpha(o: o) == fade)
        }
    }

    // MARK: Swiper

    @Test(arguments: SwiperEffectStyler.Kind.allCases)
    func everySwiperEffectAtTheFiveOffsets(kind: SwiperEffectStyler.Kind) {
        let s = SwiperEffectStyler(kind), w = 360.0
        for p in Self.offsets {
            let e = s.effect(p: p, w: w, pages: 5), progress = -p
            switch kind {
            case .cube:
                // 90° per page about the cube's centre: the face's centre at (r sin, 0, r cos − r), r = w/2.
                let a = 90 * p * .pi / 180
                #expect(abs(e.transform.m41 - w / 2 * sin(a)) < 1e-9 && abs(e.transform.m43 - (w / 2 * cos(a) - w / 2)) < 1e-9)
                #expect(e.hidden == (abs(p) >= 1))
            case .coverflow:
                // translate3d(0, 0, −100·|m|) rotateY(50°·m), m = −p.
                #expect(abs(e.transform.m43 - -100 * abs(progress)) < 1e-9)
                #expect(abs(atan2(-e.transform.m13, e.transform.m11) * 180 / .pi - 50 * progress) < 1e-9)
                #expect(e.z == 1 - Int(abs((progress + 0.5).rounded(.down))))
            case .flip:
                let angle = -180 * min(max(progress, -1), 1)
                #expect(abs(e.transform.m11 - cos(angle * .pi / 180)) < 1e-9 && abs(e.transform.m13 - -sin(angle * .pi / 180)) < 1e-9)
                #expect(e.hidden == (abs(angle) > 90))
            case .cards:
                let q = min(max(progress, -4), 4)
                let shift = (8 - abs(q) * 0.75) * abs(q) / 100 * w * (q < 0 ? 1 : q > 0 ? -1 : 0)
                #expect(abs(e.transform.m41 - shift) < 1e-9 && abs(e.transform.m43 - -100 * abs(q)) < 1e-9)
                #expect(abs(atan2(e.transform.m12, e.transform.m11) * 180 / .pi - -2 * q) < 1e-9)
            case .creative:
                #expect(e.transform == .identity && e.alpha == 1)
            case .fade:
                #expect(e.alpha == 1 + min(max(progress, -1), 0))
            }
        }
    }
}

@Suite struct PageStylerParameterTests {
    /// Every parameter of a pager built-in changes its edits at some offset in −1.5 … 1.5 (the creative effect's
    /// progress options with its sides set to move, as Swiper's defaults move nothing).
    @Test func everyDeclaredParameterIsRead() throws {
        func edits(_ entry: StylerEntry, _ overrides: [String: ParamValue]) throws -> [PerRole<NodeEdit>] {
            var base: [String: ParamValue] = [:]
            if entry.name == "swiper.creative" { base = ["nextScale": .number(0.5), "prevScale": .number(0.5)] }
            let styler = try entry.make(try Parameters(specs: entry.params, overrides: base.merging(overrides) { $1 }))
            return try [-1.5, -0.5, 0.5, 1.5].map { offset in
                var context = StyleContext(direction: .right, closed: 0.5, reveal: 360, size: Size(width: 360, height: 640))
                (context.pageOffset, context.page, context.pageCount) = (offset, 2, 5)
                context.frames[context.subject] = Rect(x: offset * 360, y: 0, width: 360, height: 640)
                var edits = StyleEdits()
                try styler.style(context, into: &edits)
                return edits.edits
            }
        }
        for entry in BuiltinStylers.pager where !entry.params.isEmpty {
            let plain = try edits(entry, [:])
            for spec in entry.params {
                #expect(try edits(entry, [spec.name: ParamKeyTests.changed(spec)]) != plain, "\(entry.name).\(spec.name)")
            }
        }
    }
}
