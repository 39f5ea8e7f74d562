// The `sheet.*` stylers against their sources' numbers (reference/sheets.md §1.2, §3.1, §5.7).

import Testing

@testable import PaneKit

@Suite struct SheetStylerTests {
    static let size = Size(width: 375, height: 812)

    static func run(_ styler: any Styler, closed: Double, direction: Direction = .bottom) throws -> StyleEdits {
        var edits = StyleEdits()
        try styler.style(StyleContext(direction: direction, closed: closed, reveal: 700, size: size), into: &edits)
        return edits
    }

    // vaul use-scale-background.ts: open scale (W − 26)/W from the top, 14 px down; while dragging scale
    // s + p(1 − s) and translate max(0, 14 − 14p).
    @Test func vaulScaleFollowsTheDrag() throws {
        let s = (375.0 - 26) / 375
        for c in [0.0, 0.25, 0.5, 1, 1.5] {
            let edits = try Self.run(SheetScaleBackStyler.vaul, closed: c)
            let t = try #require(edits[.pane].transform)
            let p = min(c, 1)
            #expect(abs(t.m11 - (s + p * (1 - s))) < 1e-12 && abs(t.m22 - t.m11) < 1e-12, "closed \(c)")
            #expect(abs(t.m42 - max(0, 14 - 14 * p)) < 1e-12, "closed \(c)")
            #expect(edits[.pane].anchor == Point(x: 0.5, y: 0))
        }
        let top = try Self.run(SheetScaleBackStyler.vaul, closed: 0, direction: .top)
        #expect(top[.pane].transform?.m42 == -14 && top[.pane].anchor == Point(x: 0.5, y: 1))
    }

    // UIKit leaves the presenting view full size at the medium detent (undimmed or not) and pushes it back as the sheet
    // rises to large: sheet.ios measures its progress from the next smaller detent.
    @Test func iosCardPushesThePageBackOnlyAboveTheNextDetent() throws {
        var c = SheetConfiguration(size: Size(width: 390, height: 844), behavior: .uikit)
        c.safeArea = SafeAreaInsets(top: 47, bottom: 34)
        c.detents = [.named("medium"), .named("large")]
        c.undimmedDetent = "medium"
        let sheet = try SheetContainer(c)
        let medium = try #require(sheet.detentFractions.first { $0.name == "medium" }?.closed)
        func edits(_ closed: Double) throws -> StyleEdits {
            var context = StyleContext(direction: .bottom, closed: closed, reveal: 700, size: c.size)
            context.detents = sheet.detentFractions
            var edits = StyleEdits()
            try SheetScaleBackStyler.ios.style(context, into: &edits)
            return edits
        }
        for closed in [medium, medium + 0.1, 1] {
            let e = try edits(closed)
            #expect(e[.pane].transform == .identity && e[.pane].cornerRadius == CornerRadius(0), "closed \(closed)")
        }
        let large = try edits(0)
        #expect(large[.pane].transform?.m11 == (390.0 - 26) / 390 && large[.pane].cornerRadius == CornerRadius(10))
        let between = try edits(medium / 2)
        #expect(abs((between[.pane].transform?.m11 ?? 0) - (1 + (390.0 - 26) / 390) / 2) < 1e-12)
        #expect(between[.drawerBottom].cornerRadius == large[.drawerBottom].cornerRadius)
    }

    // FloatingPanel SurfaceView.swift:16-36: black, offset (0, 1), opacity 0.2, radius 3, on the sheet.
    @Test func floatingShadowIsTheSurfaces() throws {
        let edits = try Self.run(SheetFloatingStyler(), closed: 0.4)
        #expect(edits[.drawerBottom].shadow == Shadow(radius: 3, opacity: 0.2, offset: Point(x: 0, y: 1), color: .black))
        let top = try Self.run(SheetFloatingStyler(), closed: 0.4, direction: .top)
        #expect(top[.drawerTop].shadow?.offset == Point(x: 0, y: -1))
    }

    // M3 dialog dim 0.32 (m3_comp_scrim_container_opacity) while the sheet shows; sheet.scrim scales it by open.
    @Test func materialDimAndScrim() throws {
        #expect(try Self.run(SheetMaterialStyler(), closed: 0.7)[.overlay].alpha == 0.32)
        #expect(try Self.run(SheetMaterialStyler(), closed: 1)[.overlay].hidden == true)
        #expect(try Self.run(SheetScrimStyler(), closed: 0.5)[.overlay].alpha == 0.16)
        #expect(try Self.run(SheetScrimStyler(), closed: -0.2)[.overlay].alpha == 0.32)
        #expect(BuiltinStylers.sheet.map(\.name) == ["sheet.scrim", "sheet.material", "sheet.floating", "sheet.vaul-scale", "sheet.ios"])
    }
}
