// Mistakes a Swift styler can make are errors: undeclared parameter names, wrong kinds, non-finite numbers.

import Testing

@testable import PaneKit
@testable import PaneKitScenario

@Suite struct StylerInputTests {
    let specs: [ParamSpec] = [
        .number("angle", 0.5, doc: "radians"), .color("tint", .black, doc: "colour"), .bool("flip", false, doc: "mirror"),
    ]

    @Test func aMisspeltParameterNameIsAnErrorWithASuggestion() throws {
        let p = try Parameters(specs: specs)
        #expect(try p.number("angle") == 0.5)
        #expect(throws: ParamError("angel: no such parameter (read as a number); declared: angle, flip, tint; did you mean \"angle\"?")) {
            try p.number("angel")
        }
        #expect(throws: ParamError("tint: read as a number, but it is declared as a colour")) { try p.number("tint") }
        #expect(throws: ParamError.self) { try p.bool("angle") }
        #expect(throws: ParamError.self) { try p.color("flip") }
        #expect(throws: ParamError("x: no such parameter (read as a string); this styler declares none")) {
            try Parameters(specs: []).string("x")
        }
    }

    @Test func aBuiltInReadingAnUndeclaredNameFailsToMakeNotSilentlyZero() throws {
        var registry = StylerRegistry()
        try registry.register(
            StylerEntry(name: "t.tilt", description: "", params: specs) { p in
                let angle = try p.number("angel")
                return ClosureStyler(name: "t.tilt") { _, edits in edits[.pane].transform = .rotation(angle: angle, x: 0, y: 0, z: 1) }
            })
        #expect(
            throws: RegistryError(
                "t.tilt: angel: no such parameter (read as a number); declared: angle, flip, tint; did you mean \"angle\"?")
        ) {
            _ = try registry.make("t.tilt")
        }
        // Every built-in reads only what it declares.
        for entry in BuiltinStylers.entries { #expect(throws: Never.self) { _ = try StylerRegistry.builtins.make(entry.name) } }
    }

    /// NaN or an infinity from a Swift styler fails that styler, as a Lua result does; it is never written as 0.
    @Test func aNonFiniteNumberFromASwiftStylerIsAStylerFailure() throws {
        let cases: [(String, @Sendable (inout StyleEdits) -> Void, String)] = [
            ("alpha", { $0[.pane].alpha = .nan }, "pane.alpha"),
            ("transform", { $0[.pane].transform = .translation(x: .infinity, y: 0) }, "pane.transform.m41"),
            ("anchor", { $0[.drawerLeft].anchor = Point(x: 0.5, y: -.infinity) }, "drawer.left.anchor"),
            ("shadow", { $0[.pane].shadow = Shadow(radius: .nan, opacity: 1) }, "pane.shadow"),
            ("frame", { $0[.pane].frame = Rect(x: 0, y: 0, width: .nan, height: 1) }, "pane.frame"),
            ("color", { $0[.overlay].color = Color(red: 0, green: .nan, blue: 0) }, "overlay.color"),
        ]
        for (label, write, place) in cases {
            let bad = ClosureStyler(name: "bad") { _, edits in write(&edits) }
            let config = DrawerConfiguration(size: Size(width: 320, height: 568), widths: [.left: 280])
            var host = PaneHost(container: DrawerContainer(config), stylers: [.left: [bad, MMParallaxStyler()]])
            host.perform(.open(.left))
            let frame = try host.step()
            let failure = frame.events.first { $0.type == "stylerFailed" }
            #expect(failure?.value("styler") == "bad", "\(label)")
            #expect(failure?.value("message") == "\(place) is not a finite number", "\(label)")
            #expect(frame.nodes.allSatisfy { $0.style.alpha == 1 && $0.style.transform.values.allSatisfy(\.isFinite) }, "\(label)")
            #expect(host.stylers(for: .left).map(\.name) == ["mm.parallax"], "\(label)")

            var strict = PaneHost(container: DrawerContainer(config), stylers: [.left: [bad]])
            strict.strict = true
            strict.perform(.open(.left))
            #expect(throws: HostError("styler bad failed: \(place) is not a finite number"), "\(label)") { try strict.step() }
        }
    }

    /// Finite edits can still overflow when composed; the frame is checked as a whole and the run ends with an
    /// error naming the node, rather than writing the infinity as 0.
    @Test func aFrameThatOverflowsEndsTheRunWithAnError() throws {
        let huge = ClosureStyler(name: "huge") { _, edits in edits[.pane].transform = .scale(1e200) }
        let config = DrawerConfiguration(size: Size(width: 320, height: 568), widths: [.left: 280])
        var host = PaneHost(container: DrawerContainer(config), stylers: [.left: [huge, huge]])
        host.perform(.open(.left))
        #expect(
            throws: HostError(
                "frame 0 (t = 0 s): pane.transform.m11 is not a finite number; the scenario's numbers are beyond what the drawer container can compute"
            )
        ) { try host.step() }
    }

    @Test func centerHiddenInteractionModeIsStored() throws {
        func mode(_ json: String) throws -> CenterHiddenInteractionMode? {
            let text = #"{"size": [375, 667], "container": {"type": "drawer", "left": {}\#(json)}}"#
            guard let c = (try ScenarioLoader.load(text, file: "s.json")).container.configuration(as: DrawerConfiguration.self) else {
                return nil
            }
            return c.centerHiddenInteractionMode
        }
        #expect(try mode("") == .navigationBarOnly)
        #expect(try mode(#", "centerHiddenInteractionMode": "full""#) == CenterHiddenInteractionMode.full)
        #expect(try mode(#", "centerHiddenInteractionMode": "none""#) == CenterHiddenInteractionMode.none)
        #expect(throws: ScenarioError.self) { try mode(#", "centerHiddenInteractionMode": "fool""#) }
    }
}

extension ParamError: Equatable {
    public static func == (a: ParamError, b: ParamError) -> Bool { a.message == b.message }
}

extension RegistryError: Equatable {
    public static func == (a: RegistryError, b: RegistryError) -> Bool { a.message == b.message }
}

extension HostError: Equatable {
    public static func == (a: HostError, b: HostError) -> Bool { a.message == b.message }
}
