// The typed action layer: each container's action type holds exactly the actions it takes, a typed host runs as
// the untyped one, and a mismatched action does not compile.

import Foundation
import PaneKit
import PaneKitTestSupport
import Testing

@Suite struct TypedActionTests {
    static let size = Size(width: 375, height: 667)
    static let point = Point(x: 40, y: 300)
    static let path = TouchPath(points: [Point(x: 5, y: 300), Point(x: 200, y: 300)], duration: 0.2)!

    /// One action of every kind (a `gesture` never reaches a container: the host delivers its samples as `pan`).
    static let everyKind: [Action] = [
        .open(.left), .close(), .toggle(.left), .bounce(.left), .replaceCenter(.close), .setMaximumWidth(.left, width: 200),
        .setPaneState(.open, .left), .replacePane(), .setSplitPosition(300), .setSplitWidth(10),
        .setDividerStyle(.paneSplitter), .toggleOrientation, .toggleMasterBeforeDetail, .toggleMaster, .rotate(.landscape),
        .resize(Size(width: 800, height: 600)), .showMasterPopover, .hideMasterPopover, .present(.left), .dismiss(),
        .setDetent("full"), .setContentHeight(400), Action(PagerAction.setPage(2)), .pan(.began, point), .tap(point),
        .back(BackGesture(times: [0, 0.2], progress: [0, 1], commit: true)!), .keyboard(height: 300),
        Action(NavigationAction.push("detail")), Action(NavigationAction.pop()),
    ]

    /// Every action a scenario can spell, for any registered family, is sampled.
    @Test func everyKindIsSampledOnce() {
        let spelled = Set(ContainerRegistry.builtins.flatMap { $0.actions + ActionSyntax.touch }.map(\.name))
        #expect(Set(Self.everyKind.map(\.name)) == spelled)
    }

    /// The kinds a container does not turn away as "does not take this action".
    static func kindsTaken(by make: () -> any Container) -> Set<String> {
        var taken: Set<String> = []
        for action in everyKind {
            var container = make()
            var events: [Event] = []
            container.perform(any: action, at: 0, events: &events)
            let refused = events.contains { event in
                guard case .actionIgnored(_, let reason, _) = event else { return false }
                return reason.hasSuffix("does not take this action")
            }
            if !refused { taken.insert(action.name) }
        }
        return taken
    }

    static func kinds<A: ContainerAction>(_ actions: [A]) -> Set<String> {
        Set(actions.map { $0.action.touch?.name == "gesture" ? "pan" : $0.name })
    }

    @Test func eachActionTypeHoldsWhatItsContainerTakes() {
        let drawer: [DrawerAction] = [
            .open(.left), .close(), .toggle(.left), .bounce(.left), .replaceCenter(.fullClose),
            .setMaximumWidth(.left, width: 200), .pan(.began, Self.point), .gesture(Self.path), .tap(Self.point),
        ]
        #expect(Self.kinds(drawer) == Self.kindsTaken { DrawerContainer(DrawerConfiguration(size: Self.size, widths: [.left: 280])) })
        let dynamics: [DynamicsAction] = [
            .setPaneState(.open), .bounce(.left), .replacePane(), .pan(.began, Self.point), .gesture(Self.path), .tap(Self.point),
        ]
        #expect(Self.kinds(dynamics) == Self.kindsTaken { DynamicsContainer(DynamicsConfiguration(size: Self.size)) })
        let split: [SplitAction] = [
            .setSplitPosition(300), .setSplitWidth(10), .setDividerStyle(.thin), .toggleOrientation, .toggleMasterBeforeDetail,
            .toggleMaster, .rotate(.portrait), .showMasterPopover, .hideMasterPopover, .pan(.began, Self.point),
            .gesture(Self.path), .tap(Self.point),
        ]
        #expect(Self.kinds(split) == Self.kindsTaken { SplitContainer(SplitConfiguration(size: Self.size)) })
        let sideMenu: [SideMenuAction] = [.present(), .dismiss(), .pan(.began, Self.point), .gesture(Self.path), .tap(Self.point)]
        #expect(Self.kinds(sideMenu) == Self.kindsTaken { SideMenuContainer(SideMenuConfiguration(size: Self.size)) })
        let adaptive: [AdaptiveAction] = [
            .resize(Self.size), .rotate(.landscape), .open(.left), .close(), .toggle(.left), .bounce(.left),
            .setSplitPosition(300), .setDividerStyle(.thin), .pan(.began, Self.point), .gesture(Self.path), .tap(Self.point),
        ]
        #expect(Self.kinds(adaptive) == Self.kindsTaken { AdaptiveContainer(AdaptiveConfiguration(size: Self.size)) })
    }

    @Test func typedActionsConvertToTheSameUntypedAction() {
        let spring = Timing.spring(.swiftUI(response: 0.5, dampingFraction: 0.825))
        #expect(DrawerAction.open(.right, animated: false).action == .open(.right, animated: false))
        #expect(DrawerAction.setMaximumWidth(.left, width: 200).timed(spring).action == .timed(.setMaximumWidth(.left, width: 200), spring))
        #expect(DynamicsAction.setPaneState(.openWide, .left).action == .setPaneState(.openWide, .left))
        #expect(DynamicsAction(converting: .bounce(.left, distance: nil)) == .bounce(.left))
        #expect(SplitAction.setSplitPosition(250, animated: false).action == .setSplitPosition(250, animated: false))
        #expect(SideMenuAction.present().timed(.curve(.linear)).action == .timed(.present(nil), .curve(.linear)))
        #expect(AdaptiveAction.gesture(Self.path).action == .gesture(Self.path))
        #expect(Action.toggleMaster.action == .toggleMaster)
    }

    /// The same timeline, typed and untyped, gives identical frames.
    @Test func aTypedHostRunsAsTheUntypedOne() throws {
        var configuration = DrawerConfiguration(size: Self.size, widths: [.left: 280, .right: 200])
        configuration.openGestures = [.bezelPanningCenterView]
        configuration.closeGestures = [.tapCenterView]
        let stylers: [StylerGroup: [any Styler]] = [.left: [MMParallaxStyler(factor: 2)]]
        var typed = TypedPaneHost(DrawerContainer(configuration), fps: 30, stylers: stylers)
        var untyped = PaneHost(container: DrawerContainer(configuration), fps: 30, stylers: stylers)
        let timeline: [(Double, DrawerAction)] = [
            (0, .open(.left)), (0.6, DrawerAction.close().timed(.curve(.easeOut))), (1.2, .gesture(Self.path)),
            (2, .tap(Point(x: 340, y: 300))), (2.6, .bounce(.right)), (3.6, .toggle(.right)),
        ]
        for (time, action) in timeline {
            typed.schedule(action, at: time)
            untyped.schedule(action.action, at: time)
        }
        let frames = try typed.runUntilRest()
        #expect(frames == (try untyped.runUntilRest()))
        let opened = frames.flatMap(\.events).compactMap { event -> Direction? in
            guard case .didOpen(let direction)? = event.as(DrawerEvent.self) else { return nil }
            return direction
        }
        #expect(opened == [.left, .left, .right])  // the open, the pan from the bezel, the toggle
        #expect(typed.isAtRest && typed.container.openSide == .right)
    }

    @Test func theContainerNeedsNoCastAndARightToLeftOneIsItsCounterpart() throws {
        var configuration = DrawerConfiguration(size: Self.size, widths: [.left: 280])
        var ltr = TypedPaneHost(DrawerContainer(configuration))
        ltr.perform(.open(.left, animated: false))
        _ = try ltr.step()
        #expect(ltr.container.openSide == .left)
        configuration.layoutDirection = .rtl
        var rtl = TypedPaneHost(DrawerContainer(configuration))
        rtl.perform(.open(.left, animated: false))  // the physical left: the counterpart's right drawer, mirrored
        let frame = try rtl.step()
        #expect(frame.fractions[.left] == 0)
        #expect(rtl.container.openSide == .right)
    }

    @Test func wrappingAnUntypedHostChecksItsContainer() {
        let host = PaneHost(container: SplitContainer(SplitConfiguration(size: Self.size)))
        #expect(TypedPaneHost<SplitContainer>(host) != nil)
        #expect(TypedPaneHost<DrawerContainer>(host) == nil)
    }

    // MARK: - Mismatches do not compile

    /// `swiftc` on PATH and the folder of the built `PaneKit.swiftmodule`, when both are there.
    static let compiler: (swiftc: URL, modules: URL)? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let swiftc = path.split(separator: ":").map { URL(fileURLWithPath: String($0)).appendingPathComponent("swiftc") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
        let folders = [URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(), Bundle.main.bundleURL]
            .flatMap { [$0, $0.deletingLastPathComponent()] }.map { $0.appendingPathComponent("Modules") }
        let modules = folders.first {
            FileManager.default.fileExists(atPath: $0.appendingPathComponent("PaneKit.swiftmodule").path)
        }
        guard let swiftc, let modules else { return nil }
        return (swiftc, modules)
    }()

    /// Type-checks `good` and `bad` against the built module, outside the package (as an app is), and returns the
    /// errors as `file:line: message`.
    static func typeCheckErrors(good: String, bad: String) throws -> [String] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("panekit-typed-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try good.write(to: folder.appendingPathComponent("good.swift"), atomically: true, encoding: .utf8)
        try bad.write(to: folder.appendingPathComponent("bad.swift"), atomically: true, encoding: .utf8)
        let (swiftc, modules) = try #require(compiler)
        // The timeout only guards against a hang: alone the check takes under a second, but beside the whole
        // suite (the browser tests included) on two cores it has taken over two minutes.
        let result = try runProgram(
            swiftc,
            ["-typecheck", "-diagnostic-style", "llvm", "-I", modules.path, "good.swift", "bad.swift"],
            in: folder, timeout: 600)
        #expect(!result.timedOut)
        return (result.stdout + result.stderr).split(separator: "\n").compactMap { line in
            let parts = line.split(separator: ":", maxSplits: 4, omittingEmptySubsequences: false)
            guard parts.count == 5, parts[3] == " error" else { return nil }
            return "\(parts[0]):\(parts[1]):\(parts[4])"
        }
    }

    @Test(.enabled(if: compiler != nil, "needs swiftc on PATH and the PaneKit module built by swift build"))
    func aMismatchedActionDoesNotCompile() throws {
        let good = """
            import PaneKit
            func use(_ drawerConfiguration: DrawerConfiguration, _ splitConfiguration: SplitConfiguration) throws {
                var drawer = TypedPaneHost(DrawerContainer(drawerConfiguration))
                drawer.perform(.open(.left))
                drawer.schedule(DrawerAction.toggle(.left).timed(.curve(.easeIn)), at: 1)
                drawer.perform(.tap(Point(x: 1, y: 2)))
                _ = try drawer.step(at: 0)
                let side: Direction? = drawer.container.openSide
                _ = side
                var split = TypedPaneHost(SplitContainer(splitConfiguration))
                split.perform(.setSplitPosition(300))
            }
            """
        let bad = """
            import PaneKit
            func misuse(_ drawerConfiguration: DrawerConfiguration, _ splitConfiguration: SplitConfiguration) {
                var drawer = TypedPaneHost(DrawerContainer(drawerConfiguration))
                drawer.perform(.setSplitPosition(300))
                var split = TypedPaneHost(SplitContainer(splitConfiguration))
                split.perform(.open(.left))
            }
            """
        let errors = try Self.typeCheckErrors(good: good, bad: bad)
        #expect(!errors.contains { $0.hasPrefix("good.swift") }, "the correct use does not compile: \(errors)")
        let expected = [
            "bad.swift:4: type 'DrawerAction' has no member 'setSplitPosition'",
            "bad.swift:6: type 'SplitAction' has no member 'open'",
        ]
        for line in expected { #expect(errors.contains(line), "missing: \(line)\nerrors: \(errors)") }
    }
}

extension TypedActionTests {
    /// A sheet has a typed host too: its `SheetAction`s (with a timing, a whole gesture, the keyboard, back) run
    /// exactly as the untyped actions a scenario spells.
    @Test func aTypedSheetHostRunsAsTheUntypedOne() throws {
        var configuration = SheetConfiguration(size: Size(width: 375, height: 812), behavior: .floatingpanel)
        configuration.detents = [.named("tip"), .named("half"), .named("full")]
        configuration.hideable = true
        var typed = TypedPaneHost(try SheetContainer(configuration), fps: 30)
        var untyped = PaneHost(container: try SheetContainer(configuration), fps: 30)
        let drag = TouchPath(points: [Point(x: 187, y: 450), Point(x: 187, y: 650)], duration: 0.2)!
        let timeline: [(Double, SheetAction, Action)] = [
            (0, .setDetent("full"), .setDetent("full")),
            (0.8, SheetAction.setDetent("half").timed(.curve(.easeOut)), Action.setDetent("half").timed(.curve(.easeOut))),
            (1.6, .gesture(drag), .gesture(drag)),
            (2.6, .keyboard(height: 300, duration: 0.2), .keyboard(height: 300, duration: 0.2)),
            (3.2, .keyboard(height: 0), .keyboard(height: 0)),
            (3.8, .dismiss(), Action(SheetAction.dismiss())),
            (4.6, .present("full"), .presentSheet(detent: "full")),
        ]
        for (time, action, spelled) in timeline {
            #expect(action.action == spelled, "\(action)")
            typed.schedule(action, at: time)
            untyped.schedule(spelled, at: time)
        }
        let frames = try typed.runUntilRest()
        #expect(frames == (try untyped.runUntilRest()))
        #expect(frames.flatMap(\.events).contains(.detentDidChange(detent: "tip")), "the drag took the sheet down")
        #expect(typed.container.detent == "full" && typed.container.position == typed.container.geometry.largestPosition)
        // The container itself takes samples: a whole gesture handed to it directly is refused with a reason.
        var sheet = try SheetContainer(configuration)
        var events: [Event] = []
        sheet.perform(.gesture(drag), at: 0, events: &events)
        #expect(events == [.actionIgnored(action: "gesture", reason: "a whole pan is delivered by the host, sample by sample")])
    }
}
