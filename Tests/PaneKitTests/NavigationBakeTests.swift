// `panekit bake` of a navigation styler keeps what it does to each screen it styles: the top one by its progress
// and the one below by `next`, both keyed by the top screen's closed fraction, so a baked table (and the file it is
// written to) plays the stack back as the live styler does.

import Testing

@testable import PaneKit
@testable import PaneKitScenario

@Suite struct NavigationBakeTests {
    static let size = Size(width: 390, height: 844)

    /// The navigation stack `sample` and the baker pose: `inbox` under `detail`.
    static func spec(_ behavior: NavigationBehavior, version: Int = 7) -> ContainerSpec {
        var c = NavigationConfiguration(size: size, behavior: behavior, screens: ["inbox", "detail"])
        c.version = version
        return ContainerSpec(c)
    }

    /// Bakes `name`, writes the table and reads it back, and samples the live and the read-back styler at the same
    /// fractions: every node (both screens and the overlay) within the bake's bound.
    @Test(arguments: [
        ("nav.rn.slide-from-right-ios", NavigationBehavior.reactNavigation, 7),
        ("nav.rn.slide-from-right-ios", .reactNavigation, 8),
        ("nav.rn.modal-presentation-ios", .reactNavigation, 8),
        ("nav.rn.reveal-from-bottom-android", .reactNavigation, 7),
        ("nav.uikit", .uikit, 7),
    ])
    func aBakedPresetPlaysBothScreensAsSampleDoes(name: String, behavior: NavigationBehavior, version: Int) throws {
        let live = try #require(NavigationStylers.make(name, version: version))
        let spec = Self.spec(behavior, version: version)
        let origin = BakeOrigin(styler: name, params: [:], container: .navigation, size: Self.size)
        let bound = BakeBound()
        let (baked, difference) = try StylerBaker.bake(live, name: name, origin: origin, container: spec, groups: [.screens], bound: bound)
        #expect(difference.within(bound), "\(difference)")
        let read = try BakeFile.read(BakeFile.text(baked, bound: bound, difference: difference), file: "t.bake.json", name: name)
        let fractions = (0...20).map { Double($0) / 20 } + [0.013, 0.377, 0.981]
        let expected = try Sampler.sample(live, container: spec, group: .screens, fractions: fractions)
        let played = try Sampler.sample(read, container: spec, group: .screens, fractions: fractions)
        for (want, got) in zip(expected, played) {
            #expect(want.nodes.map(\.role) == got.nodes.map(\.role), "\(name) v\(version) closed \(want.closed)")
            for (a, b) in zip(want.nodes, got.nodes) {
                let label = "\(name) v\(version) closed \(want.closed) \(a.role.rawValue)"
                let corners = zip(a.corners.values, b.corners.values).map { p, q in
                    ((p.x - q.x) * (p.x - q.x) + (p.y - q.y) * (p.y - q.y)).squareRoot()
                }
                #expect(corners.max()! <= bound.points, "\(label): corners \(a.corners) vs \(b.corners)")
                #expect(abs(a.style.alpha - b.style.alpha) <= bound.alpha, "\(label): alpha \(a.style.alpha) vs \(b.style.alpha)")
                #expect(a.style.hidden == b.style.hidden, "\(label): hidden")
            }
        }
    }

    /// A track's `member` is a whole number from 1; another value is refused with its place.
    @Test func aBadMemberIsRefusedWithItsPlace() throws {
        let live = try #require(NavigationStylers.make("nav.rn.slide-from-right-ios", version: 7))
        let origin = BakeOrigin(styler: live.name, params: [:], container: .navigation, size: Self.size)
        let (baked, difference) = try StylerBaker.bake(
            live, name: "s", origin: origin, container: Self.spec(.reactNavigation), groups: [.screens])
        let text = BakeFile.text(baked, bound: BakeBound(), difference: difference)
        #expect(text.contains("\"member\":1,"))
        for bad in ["0", "1.5", "\"x\""] {
            do {
                _ = try BakeFile.read(
                    text.replacingOccurrences(of: "\"member\":1,", with: "\"member\":\(bad),"), file: "s.bake.json", name: "s")
                Issue.record("accepted member \(bad)")
            } catch {
                #expect(error.message.contains("directions[1].member"), "\(error.message)")
            }
        }
    }
}
