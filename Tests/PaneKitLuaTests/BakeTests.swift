// Baked stylers against the live ones: every built-in and every gallery plugin, in each direction it supports.

import Foundation
import PaneKit
import PaneKitScenario
import PaneKitLua
import Testing

@Suite struct BakeTests {
    static let size = Size(width: 375, height: 667)
    static let bound = BakeBound()

    /// The container each direction of a styler is baked on: its family's container with that drawer.
    static func container(family: String, _ direction: Direction) -> ContainerSpec {
        if family == "dynamics" || !direction.isHorizontal {
            return .dynamics(DynamicsConfiguration(size: size, widths: [direction: direction.isHorizontal ? 267 : 300]))
        }
        if family == "sidemenu" { return .sidemenu(SideMenuConfiguration(size: size, widths: [direction: 250])) }
        return .drawer(DrawerConfiguration(size: size, widths: [direction: 280]))
    }

    /// Bakes `styler`, writes and reads back the file, and compares the read-back table with the live styler at
    /// 1,001 fractions over −0.3…1.1 and at the midpoint of every two samples, then again through the host
    /// (`Sampler`, not the baker's own comparison) at fewer fractions.
    func check(_ styler: any Styler, family: String, directions: [Direction]) throws {
        // One bake file per container type: the side drawers on the family's, top and bottom on dynamics.
        let sides = directions.filter(\.isHorizontal), ends = directions.filter { !$0.isHorizontal }
        if !sides.isEmpty { try check(styler, family: family, directions: sides, container: family) }
        if !ends.isEmpty { try check(styler, family: family, directions: ends, container: "dynamics") }
    }

    func check(_ styler: any Styler, family: String, directions: [Direction], container type: String) throws {
        let containers = directions.map { (StylerGroup($0), Self.container(family: family, $0)) }
        let origin = BakeOrigin(styler: styler.name, params: [:], container: ContainerKind(rawValue: type)!, size: Self.size)
        let (baked, difference) = try StylerBaker.bake(styler, name: styler.name, origin: origin, containers: containers)
        #expect(difference.within(Self.bound), "\(styler.name): \(difference)")
        let text = BakeFile.text(baked, bound: Self.bound, difference: difference)
        let played = try BakeFile.read(text, file: "\(styler.name).bake.json", name: styler.name)
        #expect(played.tracks.map(\.fractions) == baked.tracks.map(\.fractions))
        // The file's table at 1,001 fractions and between every two samples, styler called directly.
        let replayed = try StylerBaker.difference(played, from: styler, containers: containers)
        #expect(replayed.within(Self.bound), "\(styler.name): \(replayed)")
        for (group, container) in containers {
            let direction = group.direction!
            let track = try #require(played.track(group))
            // Through the host as a scenario runs it, at 141 fractions and 50 midpoints between samples.
            var fractions = (0...140).map { -0.3 + Double($0) / 100 }
            let step = max(1, track.fractions.count / 50)
            for i in stride(from: 1, to: track.fractions.count, by: step) where track.fractions[i] - track.fractions[i - 1] > 1e-8 {
                fractions.append((track.fractions[i - 1] + track.fractions[i]) / 2)
            }
            let live = try Sampler.sample(styler, container: container, group: StylerGroup(direction), fractions: fractions)
            let replay = try Sampler.sample(played, container: container, group: StylerGroup(direction), fractions: fractions)
            var worst = (points: 0.0, alpha: 0.0)
            for (l, r) in zip(live, replay) {
                #expect(l.nodes.map(\.role) == r.nodes.map(\.role), "\(styler.name) \(direction) at \(l.closed)")
                for (a, b) in zip(l.nodes, r.nodes) {
                    #expect(
                        a.style.z == b.style.z && a.style.hidden == b.style.hidden, "\(styler.name) \(direction) \(a.role) at \(l.closed)")
                    let (qa, qb) = (a.corners, b.corners)
                    for (p, q) in [
                        (qa.topLeft, qb.topLeft), (qa.topRight, qb.topRight), (qa.bottomRight, qb.bottomRight),
                        (qa.bottomLeft, qb.bottomLeft),
                    ] {
                        worst.points = max(worst.points, ((p.x - q.x) * (p.x - q.x) + (p.y - q.y) * (p.y - q.y)).squareRoot())
                    }
                    worst.alpha = max(worst.alpha, abs(a.style.alpha - b.style.alpha))
                }
            }
            #expect(worst.points <= Self.bound.points, "\(styler.name) \(direction): \(worst.points) pt")
            #expect(worst.alpha <= Self.bound.alpha, "\(styler.name) \(direction): alpha \(worst.alpha)")
        }
    }

    static let pluginsFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Plugins").path

    @Test(arguments: StylerRegistry.builtins.names)
    func builtinBakesWithinTheBound(_ name: String) throws {
        let family = name.hasPrefix("ms.") ? "dynamics" : (name.hasPrefix("sidemenu.") ? "sidemenu" : "drawer")
        let directions: [Direction] = family == "dynamics" ? Direction.allCases : [.left, .right]
        try check(try StylerRegistry.builtins.make(name), family: family, directions: directions)
    }

    @Test func everyGalleryPluginBakesWithinTheBound() throws {
        let catalog = try PluginCatalog(folder: Self.pluginsFolder)
        #expect(catalog.plugins.count >= 10)
        for plugin in catalog.plugins {
            try check(try LuaStyler(plugin: plugin), family: "drawer", directions: plugin.manifest.directions)
        }
    }

    @Test func aStylerReadingTimeVelocityOrStateIsRefusedNamingTheField() throws {
        let timed = try LuaStyler(
            plugin: LuaPlugin(
                source: "return { style = function(ctx) return { pane = { translate = { ctx.open * 100 + ctx.time, 0 } } } end }",
                path: "/virtual/timed.lua"))
        let stately = try LuaStyler(
            plugin: LuaPlugin(
                source: "return { style = function(ctx) return { pane = { alpha = ctx.state == 'dragging' and 0.5 or 1 } } end }",
                path: "/virtual/stately.lua"))
        let origin = BakeOrigin(styler: "x", params: [:], container: .drawer, size: Self.size)
        let fast = try LuaStyler(
            plugin: LuaPlugin(
                source: "return { style = function(ctx) return { pane = { translate = { ctx.open * 100 + ctx.velocity * 3, 0 } } } end }",
                path: "/virtual/fast.lua"))
        for (styler, field) in [(timed as any Styler, "ctx.time"), (stately, "ctx.state"), (fast, "ctx.velocity")] {
            do {
                _ = try StylerBaker.bake(
                    styler, name: "x", origin: origin, container: Self.container(family: "drawer", .left), groups: [.left])
                Issue.record("\(field) was not detected")
            } catch {
                #expect(error.message.contains("reads \(field)"), "\(error.message)")
            }
        }
    }

    @Test func flatRegionsAreSparseAndJumpsAreLocated() throws {
        // Linear in the closed fraction: the 15 grid samples suffice. A jump at 0.5: samples crowd there only.
        let linear = ClosureStyler(name: "linear") { ctx, edits in edits[.pane].transform = .translation(x: ctx.open * 200, y: 0) }
        let jump = ClosureStyler(name: "jump") { ctx, edits in edits[.pane].z = ctx.closed < 0.5 ? 1 : 0 }
        let origin = BakeOrigin(styler: "x", params: [:], container: .drawer, size: Self.size)
        let spec = Self.container(family: "drawer", .left)
        let a = try StylerBaker.bake(linear, name: "linear", origin: origin, container: spec, groups: [.left])
        #expect(a.styler.tracks[0].fractions.count == 15)
        let b = try StylerBaker.bake(jump, name: "jump", origin: origin, container: spec, groups: [.left])
        let f = b.styler.tracks[0].fractions
        #expect(f.count < 60)
        let below = try #require(f.last { $0 < 0.5 })
        #expect(f.contains(0.5) && 0.5 - below <= 1e-9, "\(below)")
        #expect(b.difference.setMismatches == 0)
    }

    @Test func aBakedStylerRefusesAnotherGeometryWithAClearError() throws {
        let origin = BakeOrigin(styler: "mm.slide", params: [:], container: .drawer, size: Self.size)
        let (baked, _) = try StylerBaker.bake(
            try StylerRegistry.builtins.make("mm.slide"), name: "slide.bake.json", origin: origin,
            container: Self.container(family: "drawer", .left), groups: [.left])
        var edits = StyleEdits()
        let context = StyleContext(direction: .left, closed: 0.5, reveal: 280, size: Size(width: 320, height: 568))
        #expect(throws: StylerError.self) { try baked.style(context, into: &edits) }
        do { try baked.style(context, into: &edits) } catch let error as StylerError {
            #expect(error.message.contains("baked from mm.slide for a drawer container of 375x667"))
            #expect(error.message.contains("320x568"))
        }
    }

    @Test func malformedBakeFilesNameThePlace() {
        let cases: [(String, String)] = [
            ("{\"format\":\"panekit.bake\",\"version\":2}", "version: this PaneKit reads bake files of version 1, got 2"),
            ("{\"format\":\"x\"}", "format: expected \"panekit.bake\", got \"x\""),
            ("[1", "f.bake.json:1:"),
        ]
        for (text, expected) in cases {
            do {
                _ = try BakeFile.read(text, file: "f.bake.json", name: "f")
                Issue.record("accepted \(text)")
            } catch {
                #expect(error.message.contains(expected), "\(error.message)")
            }
        }
    }
}
