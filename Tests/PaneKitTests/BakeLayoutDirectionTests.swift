// A bake records the reading direction its styler was told (`ctx.leading`): an `rtl` table plays in an `rtl`
// container as the live styler does there, and a table is refused by a container of the other direction.

import Foundation
import Testing

@testable import PaneKit
@testable import PaneKitScenario

@Suite struct BakeLayoutDirectionTests {
    static let size = Size(width: 375, height: 667)

    /// MS's dynamics container with a left drawer, in `layout`.
    func spec(_ layout: LayoutDirection) -> ContainerSpec {
        var c = DynamicsConfiguration(size: Self.size, widths: [.left: 267])
        c.layoutDirection = layout
        return .dynamics(c)
    }

    /// `ms.resize` reads `leading`: under `rtl` the left drawer is the trailing one and is laid out otherwise.
    func bake(_ layout: LayoutDirection) throws -> BakedStyler {
        let origin = BakeOrigin(
            styler: "ms.resize", params: [:], container: .dynamics, size: Self.size, layoutDirection: layout)
        let (baked, difference) = try StylerBaker.bake(
            MSResizeStyler(), name: "resize.bake.json", origin: origin, container: spec(.ltr), groups: [.left])
        #expect(difference.within(BakeBound()), "\(difference)")
        return baked
    }

    func text(_ baked: BakedStyler) -> String { BakeFile.text(baked, bound: BakeBound(), difference: BakeDifference()) }

    /// The drawer's frame on every frame of an open and a close in `layout`, styled by `styler`.
    func drawerFrames(_ styler: any Styler, _ layout: LayoutDirection) throws -> [Rect] {
        var host = PaneHost(container: spec(layout).makeContainer(), fps: 30, stylers: [.left: [styler]])
        host.strict = true
        host.schedule(.setPaneState(.open, .left), at: 0)
        host.schedule(.setPaneState(.closed, .left), at: 1.5)
        return try host.runUntilRest().compactMap { $0.node(.drawerLeft)?.frame }
    }

    @Test func aRightToLeftTablePlaysAsTheLiveStylerInARightToLeftContainer() throws {
        let baked = try bake(.rtl)
        let played = try drawerFrames(baked, .rtl), live = try drawerFrames(MSResizeStyler(), .rtl)
        #expect(!live.isEmpty && played.count == live.count)
        for (p, l) in zip(played, live) {
            #expect(abs(p.x - l.x) <= 0.25 && abs(p.width - l.width) <= 0.25, "\(p) against \(l)")
        }
        // The styler does tell the directions apart: the two tables differ.
        #expect(text(baked).replacingOccurrences(of: ",\"layoutDirection\":\"rtl\"", with: "") != text(try bake(.ltr)))
    }

    @Test func aTableIsRefusedByAContainerOfTheOtherDirection() throws {
        let ltr = try bake(.ltr)
        var context = StyleContext(direction: .left, closed: 0.5, reveal: 267, size: Self.size, container: .dynamics)
        context.layoutDirection = .rtl
        var edits = StyleEdits()
        do {
            try ltr.style(context, into: &edits)
            Issue.record("an ltr table played in an rtl context")
        } catch let error as StylerError {
            #expect(
                error.message
                    == "resize.bake.json: baked from ms.resize in a ltr layout, but met an rtl container; bake it again for that layout (panekit bake ms.resize --layout-direction rtl …)"
            )
        }
        context.layoutDirection = .ltr
        try ltr.style(context, into: &edits)
        #expect(throws: StylerError.self) { try bake(.rtl).style(context, into: &edits) }
    }

    @Test func theFileKeepsTheDirectionAndLeftToRightFilesTheirBytes() throws {
        for layout in LayoutDirection.allCases {
            let baked = try bake(layout)
            let file = text(baked)
            #expect(file.contains("\"layoutDirection\"") == (layout == .rtl))
            #expect(try BakeFile.read(file, file: "r.bake.json", name: "r").origin.layoutDirection == layout)
        }
        let bad = text(try bake(.rtl)).replacingOccurrences(of: "\"layoutDirection\":\"rtl\"", with: "\"layoutDirection\":\"up\"")
        #expect {
            try BakeFile.read(bad, file: "bad.bake.json", name: "bad")
        } throws: { "\($0)".contains("layoutDirection") && "\($0)".contains("\"up\"") }
    }
}
