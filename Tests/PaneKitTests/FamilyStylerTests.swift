// The MSDynamicsDrawer and SideMenu stylers against values computed by hand from the references.

import Foundation
import Testing

@testable import PaneKit

@Suite struct FamilyStylerTests {
    static let size = Size(width: 320, height: 568)

    func nodes(_ name: String, _ direction: Direction, _ closed: Double, params: [String: ParamValue] = [:]) throws -> [Node] {
        let styler = try StylerRegistry.builtins.make(name, params: params)
        let config = DrawerConfiguration(size: Self.size, widths: [direction: 280])
        return try Sampler.sample(styler, container: .drawer(config), group: StylerGroup(direction), fractions: [closed])[0].nodes
    }

    func drawer(_ name: String, _ direction: Direction, _ closed: Double, params: [String: ParamValue] = [:]) throws -> Node {
        try nodes(name, direction, closed, params: params).first { $0.role == .drawer(direction) }!
    }

    @Test func msParallaxTrailsBy35PercentOfTheReveal() throws {
        for (direction, closed, left) in [
            (Direction.left, 1.0, -98.0), (.left, 0.5, -49), (.left, 0, 0), (.left, -0.1, 9.8),
            (.right, 1, 138), (.right, 0.5, 89), (.right, 0, 40),
        ] {
            let node = try drawer("ms.parallax", direction, closed)
            #expect(abs(node.corners.topLeft.x - left) < 1e-9, "\(direction) \(closed): \(node.corners.topLeft.x)")
        }
    }

    @Test func msFadeGoesFromClosedAlphaToOne() throws {
        for (closed, alpha) in [(1.0, 0.2), (0.5, 0.6), (0, 1), (-0.1, 1)] {
            let node = try drawer("ms.fade", .left, closed, params: ["closedAlpha": .number(0.2)])
            #expect(abs(node.style.alpha - alpha) < 1e-12, "closed \(closed)")
        }
        #expect(try drawer("ms.fade", .left, 1).style.alpha == 0)
    }

    @Test func msScaleShrinksByClosedScale() throws {
        let closed = try drawer("ms.scale", .left, 1).corners
        #expect(abs(closed.topLeft.x - 14) < 1e-9 && abs(closed.topRight.x - 266) < 1e-9 && abs(closed.topLeft.y - 28.4) < 1e-9)
        let half = try drawer("ms.scale", .left, 0.5).corners
        #expect(abs(half.topLeft.x - 7) < 1e-9 && abs(half.topRight.x - 273) < 1e-9)
    }

    @Test func msResizeSpansTheRevealedArea() throws {
        #expect(try drawer("ms.resize", .left, 1).frame.width == 280)
        #expect(abs(try drawer("ms.resize", .left, -0.1).frame.width - 308) < 1e-9)
        let right = try drawer("ms.resize", .right, 0.5)
        #expect(right.frame.x == 180 && right.frame.width == 280, "starts at the pane's right edge")
        let custom = try drawer("ms.resize", .left, 0.5, params: ["minimumRevealWidth": .number(100)])
        #expect(custom.frame.width == 140)
    }

    @Test func msShadowIsOnThePane() throws {
        let pane = try nodes("ms.shadow", .left, 0.5).first { $0.role == .pane }!
        #expect(pane.style.shadow == Shadow(radius: 10, opacity: 1, offset: .zero, color: .black))
    }

    func sideMenu(_ name: String, closed: Double, direction: Direction = .left) throws -> StyleEdits {
        var edits = StyleEdits()
        let context = StyleContext(direction: direction, closed: closed, reveal: 250, size: Self.size)
        try StylerRegistry.builtins.make(name).style(context, into: &edits)
        return edits
    }

    @Test func sideMenuPresets() throws {
        let slideIn = try sideMenu("sidemenu.menu-slide-in", closed: 0.5)
        #expect(slideIn[.drawerLeft].transform == .translation(x: -125, y: 0))
        #expect(slideIn[.drawerLeft].z == 1 && slideIn[.pane].transform == .identity)
        let rightSlideIn = try sideMenu("sidemenu.menu-slide-in", closed: 1, direction: .right)
        #expect(rightSlideIn[.drawerRight].transform == .translation(x: 250, y: 0), "mirrored for a right menu")

        let slideOut = try sideMenu("sidemenu.view-slide-out", closed: 0.25)
        #expect(slideOut[.pane].transform == .translation(x: 187.5, y: 0) && slideOut[.pane].z == 1)
        #expect(slideOut[.drawerLeft].transform == .identity)

        let dissolve = try sideMenu("sidemenu.menu-dissolve-in", closed: 0.5)
        #expect(dissolve[.drawerLeft].alpha == 0.5)

        let partialOut = try sideMenu("sidemenu.view-slide-out-menu-partial-out", closed: 1)
        #expect(partialOut[.drawerLeft].transform == .translation(x: 125, y: 0))

        let zoom = try sideMenu("sidemenu.view-slide-out-menu-zoom", closed: 1)
        #expect(zoom[.drawerLeft].transform == .scale(x: 0.95, y: 0.95, z: 1))
        let zoomOpen = try sideMenu("sidemenu.view-slide-out-menu-zoom", closed: 0)
        #expect(zoomOpen[.drawerLeft].transform == .identity)
        #expect(zoomOpen[.pane].transform == .translation(x: 250, y: 0))
    }

    @Test func sideMenuCustomCarriesEveryKnob() throws {
        let styler = try StylerRegistry.builtins.make(
            "sidemenu.custom",
            params: [
                "presentingScaleFactor": .number(0.8), "presentingEndAlpha": .number(0.5), "menuOnTop": .bool(true),
                "onTopShadowOpacity": .number(0.5),
            ])
        var edits = StyleEdits()
        try styler.style(StyleContext(direction: .left, closed: 0, reveal: 250, size: Self.size), into: &edits)
        #expect(edits[.pane].transform == .scale(x: 0.8, y: 0.8, z: 1))
        #expect(edits[.pane].alpha == 0.5)
        #expect(edits[.drawerLeft].shadow?.opacity == 0.5 && edits[.drawerLeft].z == 1)
        #expect(SideMenuStyle.parameterSpecs.count == 12)
    }
}
