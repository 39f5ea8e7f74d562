// The presets that galleries alone pinned, number for number against reference/navigation.md: the screens'
// positions, scales, opacities and dim at fixed times of a push and a pop. Every expected number below was computed
// from the reference's formula (cited per case) outside PaneKit, at W = 400, H = 600, and written here as a number.

import Testing

@testable import PaneKit

@Suite struct NavigationPresetNumbersTests {
    /// One channel a test reads off a frame; `b` is the top (pushed or popped) screen, `a` the one below it.
    enum Channel: String, CustomStringConvertible {
        case topX, topY, topA, topS, topH, clipY, belX, belY, belA, belS, dim

        var description: String { rawValue }

        func read(_ f: Frame) -> Double? {
            let top = f.node(Role.screen.member(named: "b"))
            switch self {
            case .topX: return f.x("b")
            case .topY: return f.y("b")
            case .topA: return f.alpha("b")
            case .topS: return f.scale("b")
            case .topH: return top.map { $0.frame.height / f.size.height }
            case .clipY: return top.map { $0.frame.y / f.size.height }
            case .belX: return f.x("a")
            case .belY: return f.y("a")
            case .belA: return f.alpha("a")
            case .belS: return f.scale("a")
            case .dim: return f.dim
            }
        }
    }

    /// The frames of a push of `b` over `a` (or a pop of `b` off `a`, `b` at rest) at `ms` milliseconds.
    func frames(_ behavior: NavigationBehavior, _ preset: String, version: Int = 7, pop: Bool, at ms: [Double]) throws -> [Frame] {
        var host = navigationHost(behavior, preset: preset, version: version, screens: pop ? ["a", "b"] : ["a"])
        host.perform(Action(pop ? NavigationAction.pop() : NavigationAction.push("b")))
        _ = try host.step(at: 0)
        return try host.frames(at: ms.map { $0 / 1000 })
    }

    /// Checks each channel of `expected` on the frames of a push or a pop, within the 4 decimals it was written to.
    func check(
        _ behavior: NavigationBehavior, _ preset: String, version: Int = 7, pop: Bool, at ms: [Double], _ expected: [Channel: [Double]],
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let frames = try frames(behavior, preset, version: version, pop: pop, at: ms)
        for (channel, values) in expected.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            for (frame, (t, value)) in zip(frames, zip(ms, values)) {
                let actual = channel.read(frame)
                #expect(
                    actual.map { abs($0 - value) < 2e-4 } == true,
                    "\(behavior) \(preset) v\(version) \(pop ? "pop" : "push") at \(t) ms: \(channel) \(String(describing: actual)), reference \(value)",
                    sourceLocation: sourceLocation)
            }
        }
    }

    // MARK: - Flutter (§1.4; curve Z PTT:215-227; Interval as §1.4 defines it)

    /// Zoom, 300 ms on the linear route animation: in, opacity Interval(0.125, 0.25), scale 0.85 → 1 on Z; below,
    /// scale 1 → 1.05 on Z with the surface scrim 0.6·Interval(0.2075, 0.4175); out, opacity 1 − Interval(0.0825,
    /// 0.2075)(q), scale 1 → 0.90 on Z(q); below 1.10 → 1 on Z(r) with no scrim.
    @Test func flutterZoom() throws {
        try check(
            .flutter, "zoom", pop: false, at: [30, 60, 90, 150],
            [
                .topA: [0, 0.6, 1, 1], .topS: [0.8841, 0.9241, 0.9606, 0.9905], .belS: [1.0114, 1.0247, 1.0369, 1.0468],
                .dim: [0, 0, 0.2643, 0.6],
            ])
        try check(
            .flutter, "zoom", pop: true, at: [15, 45, 60, 150],
            [
                .topA: [1, 0.46, 0.06, 0], .topS: [0.9898, 0.9643, 0.9506, 0.9063], .belS: [1.0898, 1.0643, 1.0506, 1.0063],
                .dim: [0, 0, 0, 0],
            ])
    }

    /// FadeForwards, 800 ms: in, x/W = 0.25·(1 − E(p)), opacity Interval(0, 0.75); below, x/W = −0.25·E(s),
    /// opacity 1 − Interval(0, 0.25); the pop mirrors both (E = easeInOutCubicEmphasized).
    @Test func flutterFadeForwards() throws {
        try check(
            .flutter, "fadeForwards", pop: false, at: [80, 200, 400],
            [
                .topX: [0.2266, 0.0568, 0.0123], .topA: [0.1333, 0.3333, 0.6667], .belX: [-0.0234, -0.1932, -0.2377],
                .belA: [0.6, 0, 0],
            ])
        try check(
            .flutter, "fadeForwards", pop: true, at: [80, 200, 400],
            [
                .topX: [0.0234, 0.1932, 0.2377], .topA: [0.6, 0, 0], .belX: [-0.2266, -0.0568, -0.0123],
                .belA: [0.1333, 0.3333, 0.6667],
            ])
    }

    /// FadeUpwards, 300 ms: y/H = 0.25·(1 − fastOutSlowIn(p)), opacity easeIn(p), both ways; the page below stays.
    @Test func flutterFadeUpwards() throws {
        try check(
            .flutter, "fadeUpwards", pop: false, at: [60, 150, 240],
            [.topY: [0.2165, 0.0561, 0.0062], .topA: [0.0623, 0.3154, 0.6916], .belX: [0, 0, 0], .belA: [1, 1, 1], .dim: [0, 0, 0]])
        try check(
            .flutter, "fadeUpwards", pop: true, at: [60, 150, 240],
            [.topY: [0.0062, 0.0561, 0.2165], .topA: [0.6916, 0.3154, 0.0623], .belX: [0, 0, 0], .belA: [1, 1, 1]])
    }

    /// OpenUpwards, 300 ms on c = cubic(0.2, 0, 0, 1)(p), flipped on the pop: the visible height c·H, the content
    /// 0.05·(1 − c) low, the black scrim 0.25·c; the page below up 0.025·c.
    @Test func flutterOpenUpwards() throws {
        try check(
            .flutter, "openUpwards", pop: false, at: [60, 150, 240],
            [
                .topH: [0.5, 0.8778, 0.9849], .topY: [0.025, 0.0061, 0.0008], .belY: [-0.0125, -0.0219, -0.0246],
                .dim: [0.125, 0.2195, 0.2462],
            ])
        try check(
            .flutter, "openUpwards", pop: true, at: [60, 150, 240],
            [
                .topH: [0.5, 0.1222, 0.0151], .topY: [0.025, 0.0439, 0.0492], .belY: [-0.0125, -0.0031, -0.0004],
                .dim: [0.125, 0.0305, 0.0038],
            ])
    }

    /// PredictiveBack outside a gesture is Zoom (Dec 2024, PBT:63-69): the same numbers as `flutterZoom`.
    @Test func flutterPredictiveBackIsZoomOutsideTheGesture() throws {
        try check(.flutter, "predictiveBack", pop: false, at: [60, 90, 150], [.topA: [0.6, 1, 1], .topS: [0.9241, 0.9606, 0.9905]])
        try check(.flutter, "predictiveBack", pop: true, at: [45, 60, 150], [.topA: [0.46, 0.06, 0], .topS: [0.9643, 0.9506, 0.9063]])
    }

    /// PredictiveBack under the gesture (§1.5, PBT:196-314) at W = 412, xShift = W/20 − 8 = 12.6: the leaving page
    /// at route value v and the page below at s = v.
    @Test func flutterPredictiveBackUnderTheGesture() throws {
        let styler = NavigationFlutterStyler(.predictiveBack)
        // v: (top x/W, scale, alpha), (below x/W, scale, alpha).
        let expected: [(v: Double, top: [Double], below: [Double])] = [
            (0.9, [0.008738, 0.985714, 0.985714], [0.003058, 1, 1]),
            (0.8, [0.017476, 0.971429, 0.971429], [0.006117, 1, 1]),
            (0.5, [0, 1, 0], [0.015291, 0.988462, 0.961538]),
            (0, [0, 1, 0], [0.030583, 0.95, 1]),
        ]
        for row in expected {
            for below in [false, true] {
                let look = try styled(styler, progress: below ? 1 : row.v, next: below ? row.v : 0, below: below, gesture: true)
                let want = below ? row.below : row.top
                for (name, (a, b)) in zip(["x", "scale", "alpha"], zip(look, want)) {
                    #expect(abs(a - b) < 1e-5, "v \(row.v) \(below ? "below" : "top") \(name): \(a), reference \(b)")
                }
            }
        }
    }

    /// A navigation screen styled by `styler` at W = 412 × 915: x/W, scale and alpha.
    func styled(_ styler: some Styler, progress: Double, next: Double, below: Bool, gesture: Bool) throws -> [Double] {
        let size = Size(width: 412, height: 915)
        var context = StyleContext(
            direction: .right, closed: 1 - progress, reveal: 412, size: size, state: .closing, container: .navigation)
        context.progress = progress
        context.next = next
        context.below = below
        context.gesture = gesture
        var edits = StyleEdits()
        try styler.style(context, into: &edits)
        let node = edits[context.drawer]
        return [(node.transform?.m41 ?? 0) / size.width, node.transform?.m11 ?? 1, node.alpha ?? 1]
    }

    // MARK: - react-navigation's Android presets (§2.4 specs, §2.5 interpolators; RN8's T is the elapsed time)

    /// FadeFromBottomAndroid. RN7 (CSI:199-230; TS 350 ms poly-5 out, 150 ms linear): y/H = 0.08·(1 − p), opacity
    /// interp(p: 0, 0.5 → 0.25, 0.9 → 0.7, 1) opening and p closing. RN8 (CSI:234-299; 250 ms accelerate⁴ close):
    /// opacity decelerate⁴(T/200) opening, 1 − (T − 100)/150 closing; the dim below 0.3·FAST_OUT_SLOW_IN(T/217)
    /// opening, 0.3·(1 − LINEAR_OUT_SLOW_IN(T/250)) closing.
    @Test func reactNavigationFadeFromBottomAndroid() throws {
        let preset = "fadeFromBottomAndroid"
        try check(
            .reactNavigation, preset, pop: false, at: [20, 50, 100, 200],
            [.topY: [0.0596, 0.0370, 0.0149, 0.0012], .topA: [0.1274, 0.2920, 0.6033, 0.9566], .dim: [0, 0, 0, 0]])
        try check(.reactNavigation, preset, pop: true, at: [30, 75, 120], [.topY: [0.016, 0.04, 0.064], .topA: [0.8, 0.5, 0.2]])
        try check(
            .reactNavigation, preset, version: 8, pop: false, at: [20, 50, 100, 200],
            [
                .topY: [0.0596, 0.0370, 0.0149, 0.0012], .topA: [0.3439, 0.6836, 0.9375, 1],
                .dim: [0.0065, 0.0577, 0.2164, 0.2990],
            ])
        try check(
            .reactNavigation, preset, version: 8, pop: true, at: [50, 125, 200],
            [.topY: [0.0001, 0.0050, 0.0328], .topA: [1, 0.8333, 0.3333], .dim: [0.15, 0.0482, 0.0067]])
    }

    /// RevealFromBottomAndroid, 425 ms. RN7 (CSI:235-289; the rough cubic): the container's top at H·(1 − p), the
    /// card below −0.02·H·n, the overlay interp(n: 0, 0.36 → 0.1, 1 → 0.1). RN8 (CSI:304-398; the exact
    /// FAST_OUT_EXTRA_SLOW_IN): the top at H·(1 − 0.959p − 0.041τ), τ = FAST_OUT_SLOW_IN(T/425) (its complement
    /// closing), the card below −0.02·H·τ, the overlay 0.1·T/117 opening, 0.1·(1 − ACTIVITY_CLOSE_DIM(T/425)) closing.
    @Test func reactNavigationRevealFromBottomAndroid() throws {
        let preset = "revealFromBottomAndroid"
        try check(
            .reactNavigation, preset, pop: false, at: [20, 85, 212, 340],
            [.clipY: [0.8160, 0.3439, 0.0588, 0.0056], .belY: [-0.0037, -0.0131, -0.0188, -0.0199], .dim: [0.0511, 0.1, 0.1, 0.1]])
        try check(
            .reactNavigation, preset, pop: true, at: [85, 212, 340],
            [.clipY: [0.6561, 0.9412, 0.9944], .belY: [-0.0069, -0.0012, -0.0001], .dim: [0.0955, 0.0163, 0.0015]])
        try check(
            .reactNavigation, preset, version: 8, pop: false, at: [20, 85, 212, 340],
            [.clipY: [0.9824, 0.3849, 0.0570, 0.0060], .belY: [-0.0001, -0.0027, -0.0155, -0.0195], .dim: [0.0171, 0.0726, 0.1, 0.1]])
        try check(
            .reactNavigation, preset, version: 8, pop: true, at: [85, 212, 340],
            [.clipY: [0.6151, 0.9430, 0.9940], .belY: [-0.0173, -0.0045, -0.0005], .dim: [0.0918, 0.0643, 0.0278]])
    }

    /// ScaleFromCenterAndroid, 400 ms. RN7 (CSI:294-338): q = p + n; opacity interp(q: 0, 0.75 → 0, 0.875 → 1, 1,
    /// 1.0825, 1.2075 → 1, 2 → 0); scale interp(q: 0.85, 1, 1.075), the closing card 0.925 + 0.075p. RN8
    /// (CSI:403-480): opacity (T − 50)/50 opening, 1 − (T − 33)/50 closing; scale 0.85 + 0.15p or 0.9 + 0.1p; the
    /// card below 1 + 0.05n or 1 + 0.1n, dimmed 0.6·(T − 83)/167 while the card above opens.
    @Test func reactNavigationScaleFromCenterAndroid() throws {
        let preset = "scaleFromCenterAndroid"
        try check(
            .reactNavigation, preset, pop: false, at: [5, 10, 20, 80, 200],
            [
                .topA: [0, 0, 0, 0, 1], .topS: [0.8574, 0.8647, 0.8793, 0.9484, 0.9912], .belA: [1, 1, 1, 0.4339, 0.0736],
                .belS: [1.0037, 1.0074, 1.0146, 1.0492, 1.0706],
            ])
        try check(
            .reactNavigation, preset, pop: true, at: [80, 200, 300, 350],
            [
                .topA: [0, 0, 0, 0], .topS: [0.9508, 0.9294, 0.9257, 0.9251], .belA: [0.8279, 1, 1, 1],
                .belS: [1.0258, 1.0044, 1.0007, 1.0001],
            ])
        try check(
            .reactNavigation, preset, version: 8, pop: false, at: [60, 80, 150, 200],
            [
                .topA: [0.2, 0.6, 1, 1], .topS: [0.8910, 0.9454, 0.9848, 0.9926], .belS: [1.0137, 1.0318, 1.0449, 1.0475],
                .dim: [0, 0, 0.2407, 0.4204],
            ])
        try check(
            .reactNavigation, preset, version: 8, pop: true, at: [40, 60, 200],
            [.topA: [0.86, 0.46, 0], .topS: [0.9907, 0.9727, 0.9049], .belS: [1.0907, 1.0727, 1.0049], .dim: [0, 0, 0]])
    }

    /// FadeFromRightAndroid. RN7 (CSI:343-390; TP:112-120: 350 ms poly-5 out, 150 ms linear): x = 96·(1 − p) −
    /// 96·n dp, opacity p. RN8 (CSI:485-542; 450 ms FAST_OUT_EXTRA_SLOW_IN): the same x, opacity (T − 50)/83
    /// opening, 1 − (T − 35)/83 closing.
    @Test func reactNavigationFadeFromRightAndroid() throws {
        let preset = "fadeFromRightAndroid"
        try check(
            .reactNavigation, preset, pop: false, at: [35, 100, 200],
            [.topX: [0.1417, 0.0446, 0.0035], .topA: [0.4095, 0.8141, 0.9855], .belX: [-0.0983, -0.1954, -0.2365]])
        try check(
            .reactNavigation, preset, pop: true, at: [30, 75, 120],
            [.topX: [0.048, 0.12, 0.192], .topA: [0.8, 0.5, 0.2], .belX: [-0.192, -0.12, -0.048]])
        try check(
            .reactNavigation, preset, version: 8, pop: false, at: [60, 100, 200],
            [.topX: [0.1937, 0.0691, 0.0163], .topA: [0.1205, 0.6024, 1], .belX: [-0.0463, -0.1709, -0.2237]])
        try check(
            .reactNavigation, preset, version: 8, pop: true, at: [45, 80, 200],
            [.topX: [0.0224, 0.1206, 0.2237], .topA: [0.8795, 0.4578, 0], .belX: [-0.2176, -0.1194, -0.0163]])
    }

    /// BottomSheetAndroid. RN7 (CSI:395-433; TS 250 ms cosine in, 200 ms t² out): y/H = 0.8·(1 − p), opacity p,
    /// overlay 0.3·p. RN8 (CSI:547-610; 400 / 350 ms FAST_OUT_EXTRA_SLOW_IN): y/H = 0.2·(1 − p), opacity p opening,
    /// 1 − FAST_OUT_EXTRA_SLOW_IN(T/300) closing, overlay 0.32·T/128 opening, 0.32·(1 − T/112) closing.
    @Test func reactNavigationBottomSheetAndroid() throws {
        let preset = "bottomSheetAndroid"
        try check(
            .reactNavigation, preset, pop: false, at: [50, 125, 200],
            [.topY: [0.7236, 0.4, 0.0764], .topA: [0.0955, 0.5, 0.9045], .dim: [0.0286, 0.15, 0.2714]])
        try check(
            .reactNavigation, preset, pop: true, at: [40, 100, 160],
            [.topY: [0.032, 0.2, 0.512], .topA: [0.96, 0.75, 0.36], .dim: [0.288, 0.225, 0.108]])
        try check(
            .reactNavigation, preset, version: 8, pop: false, at: [40, 100, 200],
            [.topY: [0.1813, 0.0454, 0.0099], .topA: [0.0935, 0.7728, 0.9506], .dim: [0.1, 0.25, 0.32]])
        try check(
            .reactNavigation, preset, version: 8, pop: true, at: [40, 100, 200],
            [.topY: [0.0258, 0.1649, 0.1936], .topA: [0.8070, 0.1294, 0.0170], .dim: [0.2057, 0.0343, 0]])
    }

    // MARK: - Material transitions (§4.2, M3: 450 ms emphasized; fade 400 ms decelerate in, 150 ms accelerate out)

    /// MaterialSharedAxis X and Y: ±30 dp, the appearing view's alpha 0 until f = 0.35 then (f − 0.35)/0.65, the
    /// disappearing one's 1 − f/0.35; backward mirrored.
    @Test func materialSharedAxis() throws {
        try check(
            .material, "sharedAxisX", pop: false, at: [45, 90, 225],
            [.topX: [0.068, 0.0273, 0.0037], .topA: [0, 0.4395, 0.924], .belX: [-0.007, -0.0477, -0.0713], .belA: [0.7329, 0, 0]])
        try check(
            .material, "sharedAxisX", pop: true, at: [45, 90, 225],
            [.topX: [0.007, 0.0477, 0.0713], .topA: [0.7329, 0, 0], .belX: [-0.068, -0.0273, -0.0037], .belA: [0, 0.4395, 0.924]])
        try check(
            .material, "sharedAxisY", pop: false, at: [45, 90, 225],
            [.topY: [0.0453, 0.0182, 0.0025], .belY: [-0.0047, -0.0318, -0.0475]])
        try check(
            .material, "sharedAxisZ", pop: false, at: [45, 90, 225],
            [.topS: [0.8187, 0.9271, 0.9901], .belS: [1.0093, 1.0636, 1.0951], .topA: [0, 0.4395, 0.924], .belA: [0.7329, 0, 0]])
        try check(
            .material, "sharedAxisZ", pop: true, at: [45, 90, 225],
            [.topS: [0.9813, 0.8729, 0.8099], .belS: [1.0907, 1.0364, 1.0049], .topA: [0.7329, 0, 0], .belA: [0, 0.4395, 0.924]])
    }

    /// MaterialFadeThrough (scale 0.92 → 1 on the appearing view) and MaterialFade (in: α over f ∈ [0, 0.3],
    /// scale 0.8 → 1; out: α 1 → 0 over the whole).
    @Test func materialFadeThroughAndFade() throws {
        try check(
            .material, "fadeThrough", pop: false, at: [45, 90, 225],
            [.topS: [0.9275, 0.9709, 0.996], .topA: [0, 0.4395, 0.924], .belA: [0.7329, 0, 0], .belS: [1, 1, 1]])
        try check(
            .material, "fadeThrough", pop: true, at: [45, 90, 225],
            [.belS: [0.9275, 0.9709, 0.996], .belA: [0, 0.4395, 0.924], .topA: [0.7329, 0, 0], .topS: [1, 1, 1]])
        try check(
            .material, "fade", pop: false, at: [10, 20, 100, 200],
            [.topA: [0.5909, 1, 1, 1], .topS: [0.8355, 0.8678, 0.9635, 0.9897], .belA: [0.8227, 0.6609, 0.1823, 0.0515]])
        try check(
            .material, "fade", pop: true, at: [30, 75, 120],
            [.topA: [0.9728, 0.8286, 0.4963], .belA: [0.0907, 0.5714, 1], .belS: [0.8054, 0.8343, 0.9007]])
    }

    // MARK: - Compose (§4.4)

    /// navigation-compose's defaults: fadeIn / fadeOut over tween(700) (FastOutSlowIn: docs/compat.md), both ways.
    @Test func composeDefaults() throws {
        try check(.compose, "fade", pop: false, at: [140, 350, 560], [.topA: [0.1339, 0.7756, 0.9753], .belA: [0.8661, 0.2244, 0.0247]])
        try check(.compose, "fade", pop: true, at: [140, 350, 560], [.topA: [0.8661, 0.2244, 0.0247], .belA: [0.1339, 0.7756, 0.9753]])
    }
}
