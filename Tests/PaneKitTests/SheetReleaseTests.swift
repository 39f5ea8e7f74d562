// Release decisions on a grid of positions and velocities, against reference implementations of each rule
// written here from reference/sheets.md's pseudo-code (section cited per test).

import Foundation
import Testing

@testable import PaneKit

@Suite struct SheetReleaseTests {
    static let size = Size(width: 375, height: 812)

    static func geometry(_ behavior: SheetBehavior, _ edit: (inout SheetConfiguration) -> Void = { _ in }) throws -> (
        SheetGeometry, SheetConfiguration
    ) {
        var c = SheetConfiguration(size: size, behavior: behavior)
        c.safeArea = SafeAreaInsets(top: 47, bottom: 34)
        edit(&c)
        return (try SheetGeometry.resolve(c), c)
    }

    static let velocities: [Double] = [-9000, -3000, -600, -400, -130, -120, -40, 0, 40, 120, 130, 400, 499, 501, 600, 3000, 9000]

    // MARK: Material, reference §1.5 (BSB onViewReleased, shouldHide, releasedLow; VDH clampMag)

    /// The pseudo-code of §1.5, in pixels, with fling clamps 50/8000 dp/s.
    static func materialReference(
        top: Double, vx: Double, vy rawVy: Double, fit: Bool, hideable: Bool, skipCollapsed: Bool,
        expanded: Double, half: Double, collapsed: Double, fitOffset: Double, parentH: Double, peek: Double, density: Double
    ) -> String {
        func clamp(_ v: Double) -> Double { abs(v) < 50 * density ? 0 : (abs(v) > 8000 * density ? (v > 0 ? 8000 : -8000) * density : v) }
        let vy = clamp(rawVy), vx2 = clamp(vx)
        func shouldHide() -> Bool {
            if skipCollapsed { return true }
            if top < collapsed { return false }
            return abs(top + vy * 0.1 - collapsed) / peek > 0.5
        }
        if vy < 0 { return fit ? "expanded" : (top > half ? "halfExpanded" : "expanded") }
        if hideable && shouldHide() {
            if (abs(vx2) < abs(vy) && vy > 500) || top > (parentH + expanded) / 2 { return "hidden" }
            if fit { return "expanded" }
            return abs(top - expanded) < abs(top - half) ? "expanded" : "halfExpanded"
        }
        if vy == 0 || abs(vx2) > abs(vy) {
            if fit { return abs(top - fitOffset) < abs(top - collapsed) ? "expanded" : "collapsed" }
            if top < half { return top < abs(top - collapsed) ? "expanded" : "halfExpanded" }
            return abs(top - half) < abs(top - collapsed) ? "halfExpanded" : "collapsed"
        }
        if fit { return "collapsed" }
        return abs(top - half) < abs(top - collapsed) ? "halfExpanded" : "collapsed"
    }

    @Test(arguments: [(false, false, 1.0), (true, false, 1.0), (true, true, 1.0), (false, true, 2.625), (true, false, 3.0)])
    func materialReleaseMatchesOnViewReleased(fitToContents: Bool, hideable: Bool, density: Double) throws {
        for skip in [false, true] {
            let (g, c) = try Self.geometry(.material) {
                $0.fitToContents = fitToContents
                $0.hideable = hideable
                $0.skipCollapsed = skip
                $0.density = density
                $0.fitToContents = fitToContents
                if !fitToContents { $0.expandedOffset = 30 }
            }
            let m = try #require(g.material)
            for top in stride(from: 0.0, through: 812, by: 7) {
                for v in Self.velocities {
                    for vx in [0.0, 700] {
                        var r = SheetRelease(position: top, velocity: v, settled: "collapsed", startPosition: 0, translation: 0)
                        r.horizontalVelocity = vx
                        let expected = Self.materialReference(
                            top: top * density, vx: vx * density, vy: v * density, fit: fitToContents, hideable: hideable,
                            skipCollapsed: skip, expanded: Double(m.expandedOffset), half: Double(m.halfExpandedOffset),
                            collapsed: Double(m.collapsedOffset), fitOffset: Double(m.fitToContentsOffset),
                            parentH: Double(m.parentHeight), peek: Double(m.peek), density: density)
                        #expect(SheetReleaseRule.material(g, c, r) == expected, "top \(top) v \(v) vx \(vx) skip \(skip)")
                    }
                }
            }
        }
    }

    // BSB:226 the 500 px/s significant velocity is raw pixels: with skipCollapsed (so shouldHide holds) and a release
    // in the upper half (not releasedLow), 200 pt/s hides at density 3 (600 px/s) but not at density 1.
    @Test func materialSignificantVelocityIsInPixels() throws {
        for (density, expected) in [(3.0, "hidden"), (1.0, "expanded")] {
            let (g, c) = try Self.geometry(.material) {
                $0.hideable = true
                $0.skipCollapsed = true
                $0.density = density
            }
            let r = SheetRelease(position: 250, velocity: 200, settled: "collapsed", startPosition: 240, translation: 10)
            #expect(SheetReleaseRule.material(g, c, r) == expected, "density \(density)")
        }
    }

    // MARK: Compose, reference §1b (computeTarget with 56 dp positional and 125 dp/s velocity thresholds)

    static func composeReference(anchors: [(String, Double)], cur curName: String, offset: Double, v: Double) -> String {
        let cur = anchors.first { $0.0 == curName }!.1
        if cur == offset { return curName }
        func nearest(_ keep: (Double) -> Bool) -> String {
            anchors.filter { keep($0.1) }.min { abs($0.1 - offset) < abs($1.1 - offset) }!.0
        }
        if offset > cur {
            let lower = nearest { $0 >= offset }
            if v >= 125 { return lower }
            return offset < cur + 56 ? curName : lower
        }
        let upper = nearest { $0 <= offset }
        if v <= -125 { return upper }
        return offset > cur - 56 ? curName : upper
    }

    @Test func composeReleaseMatchesComputeTarget() throws {
        let (g, _) = try Self.geometry(.compose) { $0.contentHeight = 700 }
        let anchors = g.detents.map { ($0.name, $0.position) } + [("hidden", 812.0)]
        for settled in ["partiallyExpanded", "expanded", "hidden"] {
            for offset in stride(from: 112.0, through: 812, by: 5) {
                for v in Self.velocities {
                    let r = SheetRelease(position: offset, velocity: v, settled: settled, startPosition: 0, translation: 0)
                    let expected = Self.composeReference(anchors: anchors, cur: settled, offset: offset, v: v)
                    #expect(SheetReleaseRule.compose(g, r) == expected, "from \(settled) at \(offset) v \(v)")
                }
            }
        }
        // The positional threshold is an absolute 56 dp: 55 below partiallyExpanded stays, 57 goes to hidden.
        let stay = SheetRelease(position: 406 + 55, velocity: 0, settled: "partiallyExpanded", startPosition: 406, translation: 55)
        var go = stay
        go.position = 406 + 57
        #expect(SheetReleaseRule.compose(g, stay) == "partiallyExpanded")
        #expect(SheetReleaseRule.compose(g, go) == "hidden")
    }

    // MARK: FloatingPanel, reference §3.2 (Core.targetState, Layout.segment) and the 5.5 removal threshold

    /// targetState written from the pseudo-code and FloatingPanel's segment(at:forward:), with clamped next/pre.
    static func floatingPanelReference(_ anchors: [(String, Double)], state: String, y: Double, v: Double) -> String {
        let s = anchors.sorted { $0.1 < $1.1 }
        let n = s.count
        let stateY = s.first { $0.0 == state }!.1
        let forward = v == 0 ? (y - stateY) > 0 : v > 0
        var pY = y + (v / 1000) * 0.998 / (1 - 0.998)
        let upperIndex = s.firstIndex { forward ? y < $0.1 : y <= $0.1 }
        var lo: Int, up: Int
        switch upperIndex {
        case 0?: (lo, up) = (0, 0)
        case let i?: (lo, up) = (i - 1, i)
        case nil: (lo, up) = (n - 1, n - 1)
        }
        if lo == up { if forward { up = min(lo + 1, n - 1) } else { lo = max(lo - 1, 0) } }
        let (from, to) = forward ? (lo, up) : (up, lo)
        if forward { pY = max(min(pY, s[min(to + 1, n - 1)].1), s[from].1) } else { pY = max(min(pY, s[from].1), s[max(to - 1, 0)].1) }
        let progress = abs(pY - s[from].1) / abs(s[from].1 - s[to].1)
        return progress > 0.5 ? s[to].0 : s[from].0
    }

    @Test func floatingPanelReleaseMatchesTargetState() throws {
        let (g, _) = try Self.geometry(.floatingpanel)
        let anchors = g.detents.map { ($0.name, $0.position) }
        for state in ["tip", "half", "full"] {
            for y in stride(from: 20.0, through: 780, by: 6) {
                for v in Self.velocities {
                    let r = SheetRelease(position: y, velocity: v, settled: state, startPosition: 0, translation: 0)
                    #expect(
                        SheetReleaseRule.floatingPanel(g, r) == Self.floatingPanelReference(anchors, state: state, y: y, v: v),
                        "\(state) y \(y) v \(v)")
                }
            }
        }
        // A fling never skips an anchor: from half, 9000 pt/s up lands at full, down at tip.
        let up = SheetRelease(position: 400, velocity: -9000, settled: "half", startPosition: 412.5, translation: -12.5)
        #expect(SheetReleaseRule.floatingPanel(g, up) == "full")
    }

    // Core.swift:774-824: removal when v / distance to hidden ≥ 5.5; hidden is not one of targetState's anchors.
    @Test func floatingPanelRemovalThreshold() throws {
        let (g, _) = try Self.geometry(.floatingpanel) { $0.hideable = true }
        // At tip (709) the hidden anchor is 203 below: 5.5 · 203 = 1116.5 pt/s.
        let below = SheetRelease(position: 709, velocity: 1116, settled: "tip", startPosition: 709, translation: 0)
        var at = below
        at.velocity = 1116.5
        #expect(SheetReleaseRule.floatingPanel(g, at) == "hidden")
        // Just below the threshold the layout's anchors decide: tip is the last, so the panel stays there.
        let anchors = g.detents.map { ($0.name, $0.position) }
        #expect(SheetReleaseRule.floatingPanel(g, below) == "tip")
        #expect(Self.floatingPanelReference(anchors, state: "tip", y: 709, v: 1116) == "tip")
        // Moving up at 1000 pt/s from 800 goes to half (the next anchor up), not to tip as a hidden anchor would make it.
        let up = SheetRelease(position: 800, velocity: -1000, settled: "tip", startPosition: 800, translation: 0)
        #expect(SheetReleaseRule.floatingPanel(g, up) == Self.floatingPanelReference(anchors, state: "tip", y: 800, v: -1000))
    }

    // MARK: gorhom, reference §4.4 (nearest to raw + 0.2·v, ties first: the closed position, then the smaller sheet)

    @Test func gorhomReleaseIsNearestToTheProjectedRawPosition() throws {
        for hide in [false, true] {
            let (g, _) = try Self.geometry(.gorhom) {
                $0.detents = [.height(name: "a", 200), .fraction(name: "b", 0.5), .height(name: "c", 700)]
                $0.hideable = hide
            }
            // handleOnEnd puts the closed position first (`unshift`).
            let candidates = (hide ? [812] : []) + [612.0, 406, 112]
            let names = (hide ? ["hidden"] : []) + ["a", "b", "c"]
            for start in [612.0, 406, 112] {
                for translation in stride(from: -400.0, through: 600, by: 13) {
                    for v in Self.velocities {
                        let point = start + translation + 0.2 * v
                        var best = 0
                        for i in candidates.indices where abs(candidates[i] - point) < abs(candidates[best] - point) { best = i }
                        let r = SheetRelease(position: 0, velocity: v, settled: "a", startPosition: start, translation: translation)
                        #expect(SheetReleaseRule.gorhom(g, r) == names[best])
                    }
                }
            }
        }
    }

    // MARK: vaul, reference §5.4-5.5

    static func vaulReference(offsets: [Double], active: Int, dragged: Double, v: Double, dismissible: Bool, windowH: Double) -> Int {
        // -1 stands for close().
        let cur = offsets[active] - dragged
        if v > 2 && dragged <= 0 { return dismissible ? -1 : 0 }
        if v > 2 && dragged > 0 { return offsets.count - 1 }
        var closest = 0
        for i in offsets.indices where abs(offsets[i] - cur) < abs(offsets[closest] - cur) { closest = i }
        if v > 0.4 && abs(dragged) < 0.4 * windowH {
            if dragged > 0 && active == offsets.count - 1 { return offsets.count - 1 }
            if active == 0 && dragged < 0 { return dismissible ? -1 : 0 }
            return active + (dragged > 0 ? 1 : -1)
        }
        return closest
    }

    @Test func vaulReleaseWithSnapPoints() throws {
        for dismissible in [true, false] {
            let (g, _) = try Self.geometry(.vaul) {
                $0.detents = [.fraction(name: "s", 0.25), .fraction(name: "m", 0.5), .fraction(name: "l", 0.9)]
                $0.hideable = dismissible
            }
            let offsets = g.detents.map(\.position)
            for active in 0..<3 {
                for dragged in stride(from: -500.0, through: 600, by: 11) {
                    for speed in [0.0, 0.1, 0.39, 0.41, 1, 1.99, 2.01, 5] {
                        var r = SheetRelease(
                            position: offsets[active] - dragged, velocity: 0, settled: g.detents[active].name,
                            startPosition: offsets[active], translation: -dragged)
                        r.averageSpeed = speed
                        let i = Self.vaulReference(
                            offsets: offsets, active: active, dragged: dragged, v: speed, dismissible: dismissible, windowH: 812)
                        let expected = i < 0 ? "hidden" : g.detents[i].name
                        #expect(SheetReleaseRule.vaul(g, r, snapPoints: true) == expected, "active \(active) dragged \(dragged) v \(speed)")
                    }
                }
            }
        }
    }

    // index.tsx:600-663 without snap points: up resets; down closes past 0.4 px/ms or 25 % of the drawer's height.
    @Test func vaulReleaseWithoutSnapPoints() throws {
        let (g, _) = try Self.geometry(.vaul) { $0.contentHeight = 400 }
        func release(_ down: Double, _ speed: Double) -> String {
            var r = SheetRelease(position: 412 + max(down, 0), velocity: 0, settled: "open", startPosition: 412, translation: down)
            r.averageSpeed = speed
            return SheetReleaseRule.vaul(g, r, snapPoints: false)
        }
        #expect(release(-50, 3) == "open")
        #expect(release(99, 0.4) == "open")
        #expect(release(100, 0.1) == "hidden")  // 400 · 0.25
        #expect(release(20, 0.41) == "hidden")
    }

    // MARK: UIKit (chosen: the nearest detent to the 0.998 projection, docs/compat.md)

    @Test func uikitReleaseProjectsWithTheNormalDecelerationRate() throws {
        let (g, _) = try Self.geometry(.uikit) { $0.detents = [.named("medium"), .named("large")] }
        #expect(abs(SheetReleaseRule.project(1000, rate: 0.998) - 499) < 1e-9)
        for y in stride(from: 57.0, through: 812, by: 9) {
            for v in Self.velocities {
                let p = y + 0.499 * v
                let anchors: [(String, Double)] = [("medium", 812 * 0.47), ("large", 57), ("hidden", 812)]
                let expected = anchors.min { abs($0.1 - p) < abs($1.1 - p) }!.0
                let r = SheetRelease(position: y, velocity: v, settled: "medium", startPosition: y, translation: 0)
                #expect(SheetReleaseRule.uikit(g, r) == expected)
            }
        }
    }
}
