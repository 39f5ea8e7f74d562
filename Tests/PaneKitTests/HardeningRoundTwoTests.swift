// Issue 20 (hardening, round two), found by reading the code: styler slots past 64, a baked styler's tracks
// changed after its initialiser, and the host's typed container accessors under right-to-left.

import Foundation
import Testing

@testable import PaneKit

@Suite struct HardeningRoundTwoTests {
    static let config = DrawerConfiguration(size: Size(width: 320, height: 568), widths: [.left: 280, .right: 280])

    static func noOps(_ count: Int) -> [any Styler] {
        (0..<count).map { i in ClosureStyler(name: "quiet\(i)") { _, _ in } }
    }

    static func writer(_ name: String, z: Int) -> any Styler {
        ClosureStyler(name: name) { _, edits in edits[.pane].z = z }
    }

    /// The conflicts on the first frame with `direction`'s drawer open and `stylers` on it.
    func conflicts(_ direction: Direction, _ stylers: [any Styler]) throws -> [Event] {
        var host = PaneHost(container: DrawerContainer(Self.config), stylers: [StylerGroup(direction): stylers], chrome: false)
        host.perform(.open(direction, animated: false))
        return try host.step().events.filter { $0.type == "styleConflict" }
    }

    /// Slot 64 of the left drawer had the writer number of the right drawer's slot 0 (direction·64 + slot), so a
    /// clash named the right drawer's default styler.
    @Test func aSixtyFifthStylerIsNamedInAConflict() throws {
        let found = try conflicts(.left, Self.noOps(64) + [Self.writer("x", z: 1), Self.writer("y", z: 2)])
        #expect(found.count == 1 && found.first?.value("stylers") == "x, y", "\(found)")
    }

    /// Past 64 slots on the right drawer the writer decoded to a direction with no such slot: out of range.
    @Test func hundredsOfStylersOnOneDirection() throws {
        let stylers = Self.noOps(150) + [Self.writer("x", z: 1)] + Self.noOps(40) + [Self.writer("y", z: 2)]
        let found = try conflicts(.right, stylers)
        #expect(found.count == 1 && found.first?.value("stylers") == "x, y", "\(found)")
    }

    // MARK: - BakedStyler.tracks

    static func track(_ direction: Direction, alpha: Double) -> BakedTrack {
        var edit = NodeEdit()
        edit.alpha = alpha
        return BakedTrack(
            group: StylerGroup(direction), reveal: 280, roles: [.pane], fractions: [0, 1], edits: [BakedEdit(edit), BakedEdit(edit)])
    }

    static let origin = BakeOrigin(styler: "s", params: [:], container: .drawer, size: Size(width: 320, height: 568))

    /// Setting `tracks` after the initialiser kept the old index: the left drawer played the right drawer's table.
    @Test func replacingTracksRebuildsTheIndex() throws {
        var baked = BakedStyler(name: "b", origin: Self.origin, tracks: [Self.track(.left, alpha: 0.5)])
        baked.tracks = [Self.track(.right, alpha: 0.25)]
        #expect(baked.track(.left) == nil)
        #expect(baked.track(.right)?.direction == .right)
        var context = StyleContext(direction: .left, closed: 0.5, reveal: 280, size: Size(width: 320, height: 568), container: .drawer)
        var edits = StyleEdits()
        #expect(throws: StylerError.self) { try baked.style(context, into: &edits) }
        context.direction = .right
        try baked.style(context, into: &edits)
        #expect(edits[.pane].alpha == 0.25)
        baked.tracks.append(Self.track(.left, alpha: 0.75))
        #expect(baked.track(.left)?.edits.first?.edit.alpha == 0.75)
        baked.tracks.removeAll()
        #expect(baked.track(.right) == nil && baked.track(.left) == nil)
    }

    /// A track whose arrays disagree (public fields set by hand) is refused with an error, not an index trap.
    @Test func aTrackWithoutSamplesIsRefused() throws {
        var broken = Self.track(.left, alpha: 0.5)
        broken.fractions = []
        var baked = BakedStyler(name: "b", origin: Self.origin, tracks: [broken])
        let context = StyleContext(direction: .left, closed: 0.5, reveal: 280, size: Size(width: 320, height: 568), container: .drawer)
        var edits = StyleEdits()
        #expect(throws: StylerError.self) { try baked.style(context, into: &edits) }
        baked.tracks[0].fractions = [0, 1]
        baked.tracks[0].edits.removeLast()
        #expect(throws: StylerError.self) { try baked.style(context, into: &edits) }
    }

    // MARK: - Typed accessors under right-to-left

    @Test func typedAccessorsAnswerUnderRightToLeft() throws {
        var rtl = Self.config
        rtl.layoutDirection = .rtl
        var host = PaneHost(container: DrawerContainer(rtl))
        #expect(host.drawer != nil, "the left-to-right counterpart of the mirrored drawer")
        host.perform(.open(.left, animated: false))
        _ = try host.step()
        // The counterpart's sides are swapped: the right-to-left left drawer is its right one.
        #expect(host.drawer?.openSide == .right)
        #expect(host.split == nil && host.dynamics == nil && host.sideMenu == nil && host.adaptive == nil)
    }

    @Test func adaptiveAccessor() throws {
        let ltr = PaneHost(container: AdaptiveContainer(AdaptiveConfiguration(size: Size(width: 1024, height: 768))))
        #expect(ltr.adaptive != nil && ltr.drawer == nil)
        var configuration = AdaptiveConfiguration(size: Size(width: 1024, height: 768))
        configuration.layoutDirection = .rtl
        let rtl = PaneHost(container: AdaptiveContainer(configuration))
        #expect(rtl.adaptive != nil && rtl.containerKind == .adaptive)
    }
}
