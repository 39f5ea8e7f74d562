// The host's pipeline: frame times, action delivery, composition rules, and failing stylers.

import Foundation
import Testing

@testable import PaneKit

@Suite struct HostTests {
    static let config = DrawerConfiguration(size: Size(width: 320, height: 568), widths: [.left: 280])

    func host(_ stylers: [any Styler], fps: Double = 60) -> PaneHost {
        PaneHost(container: DrawerContainer(Self.config), fps: fps, stylers: [.left: stylers])
    }

    @Test func framesAreAtComputedTimes() throws {
        var h = host([])
        for i in 0..<7 {
            let f = try h.step()
            #expect(f.index == i && f.time == Double(i) / 60)
        }
    }

    @Test func motionIsTheSameAtEveryFrameRate() throws {
        var offsets: [Double] = []
        for fps in [30.0, 60, 120] {
            var h = host([], fps: fps)
            h.schedule(.open(.left), at: 0.05)
            var frame = try h.step()
            while frame.time < 0.2 - 1e-9 { frame = try h.step() }
            offsets.append(frame.node(.pane)!.frame.x)
        }
        #expect(offsets[0] == offsets[1] && offsets[1] == offsets[2])
    }

    @Test func runEndsOneFrameAfterRest() throws {
        var h = host([])
        h.schedule(.open(.left), at: 0)
        let frames = try h.runUntilRest()
        #expect(frames.last!.state == .open)
        #expect(frames[frames.count - 2].state == .opening)
        #expect(frames.count == 21, "0.3333 s at 60 fps: frames 0…20")
    }

    @Test func compositionRules() throws {
        let a = ClosureStyler(name: "a") { ctx, edits in
            edits[.pane].transform = .translation(x: 10, y: 0)
            edits[.pane].alpha = 0.5
            edits[ctx.drawer].z = 3
        }
        let b = ClosureStyler(name: "b") { ctx, edits in
            edits[.pane].transform = .scale(x: 2, y: 1)
            edits[.pane].alpha = 0.5
            edits[ctx.drawer].z = 5
        }
        var h = host([a, b])
        h.perform(.open(.left, animated: false))
        let first = try h.step()
        let pane = first.node(.pane)!
        #expect(pane.style.transform == Transform3D.translation(x: 10, y: 0).concatenating(.scale(x: 2, y: 1)))
        #expect(pane.style.alpha == 0.25)
        #expect(first.node(.drawerLeft)!.style.z == 5, "last writer wins")
        #expect(first.nodes.last!.role == .drawerLeft, "z 5 sorts the drawer to the front")
        let conflicts = first.events.filter { $0.type == "styleConflict" }
        #expect(conflicts.count == 1)
        #expect(conflicts.first?.value("stylers") == "a, b" && conflicts.first?.value("property") == "z")
        let second = try h.step()
        #expect(second.events.isEmpty, "a conflict is reported once per run")
        #expect(second.node(.pane)!.style.alpha == 0.25, "edits are not sticky")
    }

    @Test func aFailingStylerIsDisabledAndTheRunGoesOn() throws {
        let bad = ClosureStyler(name: "bad") { _, _ in throw StylerError(styler: "bad", message: "bad.lua:3: boom") }
        let warnings = WarningSink()
        var h = host([bad, MMParallaxStyler()])
        h.onWarning = { warnings.append($0) }
        h.perform(.open(.left))
        let first = try h.step()
        #expect(
            first.events.contains { $0.type == "stylerFailed" && $0.value("styler") == "bad" && $0.value("message") == "bad.lua:3: boom" })
        #expect(first.node(.drawerLeft)!.style.transform.m41 == -140, "the next styler still ran")
        let second = try h.step()
        #expect(!second.events.contains { $0.type == "stylerFailed" })
        #expect(h.stylers(for: .left).map(\.name) == ["mm.parallax"])
        #expect(warnings.lines.count == 1 && warnings.lines[0].contains("bad.lua:3: boom"))

        var strict = host([bad])
        strict.strict = true
        strict.perform(.open(.left))
        #expect(throws: HostError.self) { try strict.step() }
    }

    @Test func stylersRunOnlyForAShownDrawer() throws {
        let counter = ClosureStyler(name: "count") { _, edits in edits[.pane].alpha = 0.5 }
        var h = host([counter])
        #expect(try h.step().node(.pane)!.style.alpha == 1, "closed and hidden: no styling")
        h.perform(.open(.left))
        #expect(try h.step().node(.pane)!.style.alpha == 0.5)
    }

    @Test func chromeStylersRunFirstUnlessReplaced() throws {
        var above = Self.config
        above.openMode = .above
        let h = PaneHost(container: DrawerContainer(above), stylers: [.left: [MMParallaxStyler()]])
        #expect(h.stylers(for: .left).map(\.name) == ["scrim", "mm.parallax"])
        let replaced = PaneHost(container: DrawerContainer(above), stylers: [.left: [ScrimStyler(maxAlpha: 0.8)]])
        #expect(replaced.stylers(for: .left).map(\.name) == ["scrim"])
        let defaults = PaneHost(container: DrawerContainer(Self.config))
        #expect(defaults.stylers(for: .left).map(\.name) == ["mm.stretch"])
    }

    @Test func reusedFrameStorage() throws {
        var h = host([MMParallaxStyler()])
        h.perform(.open(.left))
        var frame = try h.step()
        for _ in 0..<30 { try h.step(into: &frame) }
        #expect(frame.index == 30 && frame.state == .open)
        #expect(frame.nodes.count == 3)
    }
}

/// Collects warnings from the host's callback.
final class WarningSink: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [String] = []
    func append(_ line: String) { lock.withLock { stored.append(line) } }
    var lines: [String] { lock.withLock { stored } }
}
