// Issue 25, the keyboard: the `keyboard` action and node, each behavior's sheet while the keyboard is up
// (reference/sheets.md §4.5 for gorhom; docs/compat.md "Sheets" for the choices), the scenario's errors, and a
// scenario run end to end.

import Foundation
import Testing

@testable import PaneKit
@testable import PaneKitRender
@testable import PaneKitScenario

@Suite struct SheetKeyboardTests {
    static let size = Size(width: 375, height: 812)
    static let H = 812.0, kb = 300.0

    /// A sheet of `behavior` with a 500 pt content, at `initial` (nil: the platform's).
    static func sheet(_ behavior: SheetBehavior, initial: String? = nil, configure: (inout SheetConfiguration) -> Void = { _ in })
        throws -> SheetContainer
    {
        var c = SheetConfiguration(size: size, behavior: behavior)
        c.contentHeight = 500
        c.initialDetent = initial
        switch behavior {
        case .uikit: c.detents = [.named("medium"), .named("large")]
        case .gorhom: c.detents = [.fraction(name: "peek", 0.25), .fraction(name: "half", 0.5)]
        default: break
        }
        configure(&c)
        return try SheetContainer(c)
    }

    /// The sheet's and keyboard's rectangles at `time`.
    static func at(_ s: inout SheetContainer, _ time: Double) -> (sheet: Rect, keyboard: Node?) {
        var events: [Event] = []
        s.advance(to: time, events: &events)
        return (s.layout.sheet, s.keyboardNode)
    }

    /// Where each behavior's sheet rests with a 300 pt keyboard up, from its position p (docs/compat.md).
    static func expectedTop(_ behavior: SheetBehavior, p: Double, largest: Double) -> (top: Double, bottom: Double) {
        switch behavior {
        case .material: (max(0, p - kb), H - kb)
        case .compose: (max(0, p - kb), H)  // at expanded: the sheet grows by the keyboard
        case .uikit: (max(largest, p - kb), H - kb)
        case .floatingpanel: (p, H)
        case .gorhom: (max(0, largest - kb), H)  // interactive
        case .vaul: (p - kb, H - kb)  // fits above the keyboard
        }
    }

    // Every behavior: the keyboard node rises from the bottom frame by frame; the sheet ends where its platform puts
    // it, and the keyboard hiding gives the sheet back its rectangle.
    @Test(arguments: SheetBehavior.allCases)
    func keyboardShowsAndHides(_ behavior: SheetBehavior) throws {
        var s = try Self.sheet(behavior, initial: behavior == .compose ? "expanded" : nil)
        let before = s.layout.sheet, p = s.position, largest = s.geometry.largestPosition, detent = s.detent
        #expect(s.keyboardNode == nil)
        var events: [Event] = []
        s.perform(.keyboard(height: Self.kb), at: 0.5, events: &events)
        #expect(events.isEmpty)
        let start = Self.at(&s, 0.5)
        #expect(start.keyboard?.frame == Rect(x: 0, y: Self.H, width: 375, height: 0) && start.keyboard?.style.hidden == true)
        #expect(start.sheet == before)
        #expect(!s.isAtRest)
        // Mid-way the keyboard is partly up; a sheet that rides on it has its bottom on the keyboard's top.
        let mid = Self.at(&s, 0.6)
        let h = try #require(mid.keyboard).frame.height
        #expect(h > 0 && h < Self.kb, "\(behavior) \(h)")
        #expect(mid.keyboard?.frame.y == Self.H - h && mid.keyboard?.style.hidden == false)
        if [.material, .uikit, .vaul].contains(behavior) { #expect(abs(mid.sheet.maxY - (Self.H - h)) < 1e-9, "\(behavior)") }
        let up = Self.at(&s, 1.5)
        #expect(s.isAtRest, "\(behavior)")
        #expect(up.keyboard?.frame == Rect(x: 0, y: Self.H - Self.kb, width: 375, height: Self.kb))
        let expected = Self.expectedTop(behavior, p: p, largest: largest)
        #expect(abs(up.sheet.y - expected.top) < 1, "\(behavior): \(up.sheet.y) vs \(expected.top)")
        #expect(abs(up.sheet.maxY - expected.bottom) < 1e-9, "\(behavior)")
        // The keyboard moves the node, not the detent.
        #expect(s.position == p && s.detent == detent && s.closedFraction == s.geometry.closedFraction(at: p))
        s.perform(.keyboard(height: 0), at: 2, events: &events)
        let down = Self.at(&s, 3)
        #expect(s.isAtRest && events.isEmpty)
        #expect(down.sheet == before, "\(behavior)")
        #expect(down.keyboard?.frame == Rect(x: 0, y: Self.H, width: 375, height: 0) && down.keyboard?.style.hidden == true)
    }

    // Android's IME inset animation (InsetsController: 285 ms on PathInterpolator(0.2, 0, 0, 1)) for material and
    // compose; iOS's curve-7 spring (mass 3, stiffness 1000, critically damped, 0.5 s) for the others.
    @Test func theKeyboardMovesAsItsPlatformsDoes() throws {
        var m = try Self.sheet(.material)
        var events: [Event] = []
        m.perform(.keyboard(height: Self.kb), at: 0, events: &events)
        for t in [0.05, 0.1, 0.2] {
            let h = try #require(Self.at(&m, t).keyboard).frame.height
            #expect(abs(h - Self.kb * TimingCurve(x1: 0.2, y1: 0, x2: 0, y2: 1).value(at: t / 0.285)) < 1e-9)
        }
        #expect(Self.at(&m, 0.285).keyboard?.frame.height == Self.kb)
        var u = try Self.sheet(.uikit)
        u.perform(.keyboard(height: Self.kb), at: 0, events: &events)
        let w = (1000.0 / 3).squareRoot()
        for t in [0.05, 0.1, 0.25] {
            let h = try #require(Self.at(&u, t).keyboard).frame.height
            #expect(abs(h - Self.kb * (1 - exp(-w * t) * (1 + w * t))) < 1e-6, "t \(t)")
        }
        #expect(!u.isAtRest)
        #expect(Self.at(&u, 0.5).keyboard?.frame.height == Self.kb && u.isAtRest)
        // A duration stretches the spring (its mass × (d / 0.5)²); a timing runs its curve over it.
        var slow = try Self.sheet(.uikit)
        slow.perform(.keyboard(height: Self.kb, duration: 1), at: 0, events: &events)
        let hs = try #require(Self.at(&slow, 0.2).keyboard).frame.height
        #expect(abs(hs - Self.kb * (1 - exp(-w * 0.1) * (1 + w * 0.1))) < 1e-6)
        var linear = try Self.sheet(.floatingpanel)
        linear.perform(.keyboard(height: Self.kb, duration: 0.4, timing: .curve(.linear)), at: 0, events: &events)
        #expect(Self.at(&linear, 0.1).keyboard?.frame.height == 75)
    }

    /// gorhom's default critically damped spring (ω0 = √(1000/3)) from `from` to `to`, t seconds in.
    static func gorhomSpring(from: Double, to: Double, t: Double) -> Double {
        let w = (1000.0 / 3).squareRoot(), x0 = from - to
        return to + exp(-w * t) * (x0 + w * x0 * t)
    }

    // gorhom §4.5: interactive max(0, highest − keyboard), extend the highest detent, fillParent 0, each reached with
    // gorhom's spring, and the sheet restored to its detent when the keyboard hides; checked to 1 pt.
    @Test(arguments: SheetKeyboardBehavior.allCases)
    func gorhomKeyboardBehaviors(_ kind: SheetKeyboardBehavior) throws {
        var s = try Self.sheet(.gorhom) { $0.keyboardBehavior = kind }
        let peek = Self.H * 0.75, half = Self.H * 0.5
        #expect(s.position == peek && s.geometry.largestPosition == half)
        let target: Double
        switch kind {
        case .interactive: target = max(0, half - Self.kb)
        case .extend: target = half
        case .fillParent: target = 0
        }
        #expect(SheetContainer.gorhomKeyboardTop(kind, highest: half, keyboard: Self.kb) == target)
        var events: [Event] = []
        s.perform(.keyboard(height: Self.kb), at: 1, events: &events)
        for t in [0.05, 0.1, 0.2] {
            let y = Self.at(&s, 1 + t).sheet.y
            #expect(abs(y - Self.gorhomSpring(from: peek, to: target, t: t)) < 1, "\(kind) t \(t): \(y)")
        }
        let up = Self.at(&s, 2).sheet
        #expect(abs(up.y - target) < 1 && up.maxY == Self.H, "\(kind)")
        #expect(s.detent == "peek" && s.position == peek && events.isEmpty)
        s.perform(.keyboard(height: 0), at: 3, events: &events)
        let back = Self.at(&s, 3.1).sheet.y
        #expect(abs(back - Self.gorhomSpring(from: target, to: peek, t: 0.1)) < 1, "\(kind)")
        #expect(Self.at(&s, 4).sheet.y == peek && s.isAtRest)
    }

    @Test func gorhomInteractiveStopsAtTheTop() throws {
        var s = try Self.sheet(.gorhom)
        var events: [Event] = []
        s.perform(.keyboard(height: 500), at: 0, events: &events)
        #expect(Self.at(&s, 1).sheet.y == 0)
        // A hidden sheet stays hidden.
        var hidden = try Self.sheet(.gorhom) {
            $0.hideable = true; $0.initialDetent = "hidden"
        }
        hidden.perform(.keyboard(height: Self.kb), at: 0, events: &events)
        #expect(Self.at(&hidden, 1).sheet.y == Self.H)
    }

    // Touches find the sheet where the keyboard put it, and a drag moves it from there.
    @Test func touchesFindTheSheetWhereTheKeyboardPutIt() throws {
        var s = try Self.sheet(.gorhom)
        var events: [Event] = []
        s.perform(.keyboard(height: Self.kb), at: 0, events: &events)
        #expect(Self.at(&s, 1).sheet.y == 106)
        s.perform(.tap(Point(x: 187, y: 150)), at: 1, events: &events)
        #expect(events == [.actionIgnored(action: "tap", reason: "the tap is on the sheet")])
        events = []
        s.perform(.pan(.began, Point(x: 187, y: 150)), at: 1.1, events: &events)
        s.perform(.pan(.moved, Point(x: 187, y: 100)), at: 1.2, events: &events)
        #expect(events == [.panBegan] && s.position == 559 && s.layout.sheet.y == 56)
        var m = try Self.sheet(.material)
        m.perform(.keyboard(height: Self.kb), at: 0, events: &events)
        let top = Self.at(&m, 1).sheet.y
        events = []
        m.perform(.pan(.began, Point(x: 187, y: top + 10)), at: 1, events: &events)
        #expect(events == [.panBegan])
    }

    // Compose at partiallyExpanded stays (its content is inset); UIKit's large sheet shrinks above the keyboard;
    // vaul's drawer taller than the room above the keyboard stops 26 pt below the top.
    @Test func sheetsThatDoNotFitAboveTheKeyboard() throws {
        var events: [Event] = []
        var compose = try Self.sheet(.compose)
        #expect(compose.detent == "partiallyExpanded")
        compose.perform(.keyboard(height: Self.kb), at: 0, events: &events)
        #expect(Self.at(&compose, 1).sheet == Rect(x: 0, y: Self.H / 2, width: 375, height: Self.H / 2))
        var large = try Self.sheet(.uikit, initial: "large")
        large.perform(.keyboard(height: Self.kb), at: 0, events: &events)
        #expect(Self.at(&large, 1).sheet == Rect(x: 0, y: 10, width: 375, height: Self.H - Self.kb - 10))
        var vaul = try Self.sheet(.vaul) { $0.contentHeight = 600 }
        vaul.perform(.keyboard(height: Self.kb), at: 0, events: &events)
        #expect(Self.at(&vaul, 1).sheet == Rect(x: 0, y: 26, width: 375, height: Self.H - Self.kb - 26))
        var tall = try Self.sheet(.vaul) { $0.contentHeight = 700 }
        tall.perform(.keyboard(height: Self.kb), at: 0, events: &events)
        #expect(Self.at(&tall, 1).sheet == Rect(x: 0, y: 112, width: 375, height: Self.H - Self.kb - 112))
        var material = try Self.sheet(.material, initial: "expanded") { $0.contentHeight = 700 }
        material.perform(.keyboard(height: Self.kb), at: 0, events: &events)
        #expect(Self.at(&material, 1).sheet == Rect(x: 0, y: 0, width: 375, height: Self.H - Self.kb))
    }

    // A top sheet is not moved by a keyboard rising at the bottom; bad keyboards are ignored with a reason.
    @Test func topSheetsAndBadKeyboards() throws {
        var top = try Self.sheet(.uikit) { $0.edge = .top }
        let before = top.layout.sheet
        var events: [Event] = []
        top.perform(.keyboard(height: Self.kb), at: 0, events: &events)
        let after = Self.at(&top, 1)
        #expect(after.sheet == before && after.keyboard?.frame.y == Self.H - Self.kb)
        var s = try Self.sheet(.material)
        s.perform(.keyboard(height: 900), at: 0, events: &events)
        s.perform(.keyboard(height: -1), at: 0, events: &events)
        s.perform(.keyboard(height: 100, duration: .nan), at: 0, events: &events)
        #expect(
            events == [
                .actionIgnored(action: "keyboard", reason: "the keyboard (900 pt) is taller than the container (812 pt)"),
                .actionIgnored(action: "keyboard", reason: "the height is not a number ≥ 0"),
                .actionIgnored(action: "keyboard", reason: "the duration is not a number ≥ 0"),
            ])
        #expect(s.keyboardNode == nil)
    }

    // The host: the sheet takes `keyboard` with its timing; the other containers turn it away with a reason.
    @Test func theHostMapsTheActionAndOtherContainersIgnoreIt() throws {
        var host = PaneHost(container: try Self.sheet(.vaul), chrome: false)
        host.schedule(.keyboard(height: 200, duration: 0.5).timed(.curve(.linear)), at: 0)
        let frames = try host.runUntilRest()
        #expect(frames.last?.node(.keyboard)?.frame.height == 200)
        #expect(frames.contains { abs(($0.node(.keyboard)?.frame.height ?? 0) - 200 * $0.time / 0.5) < 1e-9 && $0.time == 0.25 })
        var drawer: any Container = DrawerContainer(DrawerConfiguration(size: Self.size, widths: [.left: 280]))
        var events: [Event] = []
        drawer.perform(any: .keyboard(height: 300), at: 0, events: &events)
        guard case .actionIgnored(let kind, let reason, _) = events.first else {
            Issue.record("expected actionIgnored, got \(events)")
            return
        }
        #expect(kind == "keyboard" && reason.hasSuffix("does not take this action"))
    }

    // MARK: - Scenarios

    static func scenario(_ container: String, _ timeline: String) -> String {
        """
        { "size": [375, 812], "fps": 60, "container": \(container), "timeline": \(timeline) }
        """
    }

    @Test func aScenarioRaisesAndLowersTheKeyboard() throws {
        let text = Self.scenario(
            """
            { "type": "sheet", "behavior": "gorhom", "keyboardBehavior": "interactive",
              "detents": [{ "name": "peek", "fraction": 0.25 }, { "name": "half", "fraction": 0.5 }] }
            """,
            """
            [ { "at": 0.5, "action": "keyboard", "height": 300 },
              { "at": 1.5, "action": "keyboard", "height": 0, "duration": 0.25, "timing": "easeOut" } ]
            """)
        let frames = try SheetScenarioTests.frames(text)
        #expect(frames.prefix(30).allSatisfy { $0.node(.keyboard) == nil })
        #expect(frames[30].node(.keyboard)?.frame.height == 0 && frames[30].nodes.last?.role == .keyboard)
        let up = try #require(frames.first { $0.time == 1.4 })
        #expect(up.node(.keyboard)?.frame == Rect(x: 0, y: 512, width: 375, height: 300))
        #expect(abs((up.node(.sheet)?.frame.y ?? 0) - 106) < 1 && up.detent == "peek")
        let last = try #require(frames.last)
        #expect(last.node(.sheet)?.frame.y == 609 && last.node(.keyboard)?.style.hidden == true)
        #expect(last.time < 2.5)
        #expect(FrameJSON.line(up).contains("\"role\":\"keyboard\""))
    }

    @Test func badKeyboardEntriesAreNamedByTheirPath() {
        let sheet = "{ \"type\": \"sheet\", \"behavior\": \"gorhom\", \"contentHeight\": 400 }"
        let cases: [(String, String, String)] = [
            (sheet, "[ { \"at\": 0, \"action\": \"keyboard\" } ]", "timeline[0].height: missing; expected the keyboard's height"),
            (sheet, "[ { \"at\": 0, \"action\": \"keyboard\", \"height\": -5 } ]", "timeline[0].height: expected a number ≥ 0, got -5"),
            (sheet, "[ { \"at\": 0, \"action\": \"keyboard\", \"height\": \"tall\" } ]", "timeline[0].height: expected"),
            (sheet, "[ { \"at\": 0, \"action\": \"keyboard\", \"height\": 300, \"duration\": -1 } ]", "timeline[0].duration: expected"),
            (sheet, "[ { \"at\": 0, \"action\": \"keyboard\", \"height\": 300, \"timing\": \"bouncy\" } ]", "timeline[0].timing"),
            (
                sheet, "[ { \"at\": 0, \"action\": \"keyboard\", \"height\": 300, \"animated\": false } ]",
                "timeline[0].animated: unknown key"
            ),
            (
                "{ \"type\": \"sheet\", \"behavior\": \"gorhom\", \"keyboardBehavior\": \"bounce\" }", "[]",
                "container.keyboardBehavior: expected one of interactive, extend, fillParent, got \"bounce\""
            ),
            (
                "{ \"type\": \"sheet\", \"behavior\": \"material\", \"keyboardBehavior\": \"extend\" }", "[]",
                "container.keyboardBehavior: expected no keyboardBehavior for material (only gorhom has one: interactive, extend, fillParent), got \"extend\""
            ),
        ]
        for (container, timeline, expected) in cases {
            let found = SheetScenarioTests.problems(Self.scenario(container, timeline))
            #expect(found.contains { $0.hasPrefix(expected) }, "\(timeline): \(found)")
        }
        let drawer = SheetScenarioTests.problems(
            Self.scenario("{ \"type\": \"drawer\", \"left\": {} }", "[ { \"at\": 0, \"action\": \"keyboard\", \"height\": 300 } ]"))
        #expect(drawer.contains { $0.hasPrefix("timeline[0].action: expected one of") }, "\(drawer)")
    }
}
