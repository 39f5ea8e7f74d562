// The navigation stack (DESIGN §14) as one descriptor: its scenario keys and actions, its vocabulary, its demo and
// how the tools pose a styler on it; then the `Container` conformance's remaining members.

/// The navigation stack's descriptor.
package struct NavigationDescriptor: ContainerDescriptor {
    /// The descriptor (``ContainerRegistry/builtins`` lists it).
    package init() {}

    /// `screen.NAME` and the overlay.
    package var roles: [Role] { Role.navigationFamily }
    /// `ctx.progress`, `ctx.next`, `ctx.gesture`, `ctx.screen`, `ctx.index`, `ctx.preset`.
    package var contextFields: [ContextFieldDeclaration] { NavigationFields.all }
    /// Its events.
    package var eventTypes: [any ContainerEvent.Type] { [NavigationEvent.self] }

    package let keys = ["type", "behavior", "preset", "version", "screens"]

    package func configuration(reading r: any ScenarioReading, size: Size) -> NavigationConfiguration? {
        let names = NavigationBehavior.allCases.map(\.rawValue)
        guard
            let behavior = r.required(r.choice("behavior", NavigationBehavior.self), "behavior", "one of \(names.joined(separator: ", "))")
        else { return nil }
        var c = NavigationConfiguration(size: size, behavior: behavior)
        c.safeArea = r.safeArea
        var ok = true
        if r.contains("version") {
            c.version = r.number("version", "7 or 8") { $0 == 7 || $0 == 8 }.map(Int.init) ?? c.version
            if r.number("version", "7 or 8", { $0 == 7 || $0 == 8 }) == nil { ok = false }
        }
        if r.contains("preset") {
            let presets = NavigationPreset.all(behavior, version: c.version).map(\.name)
            c.preset = r.choice("preset", presets)
            if c.preset == nil { ok = false }
        }
        if let items = r.items("screens", allowed: []) {
            var screens: [String] = []
            for item in items {
                switch item {
                case .string(let name) where Self.validName(name) && !screens.contains(name): screens.append(name)
                case .string(let name):
                    ok = false
                    let why = screens.contains(name) ? "a name not already in the stack" : "a screen name of letters, digits, _ and -"
                    r.report(.invalidValue, "screens[\(screens.count)]", "expected \(why), got \"\(name)\"")
                case .object(let o):
                    ok = false
                    o.report(.wrongType, nil, "expected a screen name, got an object")
                case .other(let path, let brief):
                    ok = false
                    r.report(.wrongType, String(path.dropFirst(r.path.count + 1)), "expected a screen name, got \(brief)")
                }
            }
            if screens.isEmpty, ok {
                ok = false
                r.report(.invalidValue, "screens", "expected at least one screen name, got an empty array")
            }
            if !screens.isEmpty { c.screens = screens }
        } else if r.contains("screens") {
            ok = false
        }
        return ok ? c : nil
    }

    /// A screen name: letters, digits, `_` and `-` (it becomes the role `screen.NAME`).
    static func validName(_ name: String) -> Bool {
        !name.isEmpty && name.count <= 64
            && name.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" || $0 == "-" }
    }

    /// `push` (`screen`, `preset`, `modal`, `animated`, `timing`).
    static let push = ActionSyntax("push", ["screen", "preset", "modal", "animated"], timed: true) { r in
        let screen = r.required(r.string("screen"), "screen", "the pushed screen's name")
        if let screen, !validName(screen) {
            r.report(.invalidValue, "screen", "expected a screen name of letters, digits, _ and -, got \"\(screen)\"")
            return nil
        }
        var preset: String?
        if r.contains("preset") {
            let c = r.container?.configuration(as: NavigationConfiguration.self)
            let names = c.map { NavigationPreset.all($0.behavior, version: $0.version).map(\.name) } ?? []
            preset = names.isEmpty ? r.string("preset") : r.choice("preset", names)
            if preset == nil { return nil }
        }
        let modal = r.bool("modal") ?? false
        return screen.map { NavigationAction.push($0, preset: preset, modal: modal, animated: r.animated) }.map { Action($0) }
    }

    /// `pop` (`animated`, `timing`).
    static let pop = ActionSyntax("pop", ["animated"], timed: true, family: { r in NavigationAction.pop(animated: r.animated) })

    /// `back`: predictive back, `track` `[[t, progress], …]`, `commit`, and `edge` (`left` or `right`).
    static let back = ActionSyntax("back", ["track", "commit", "edge"]) { r in
        let edge = r.contains("edge") ? r.choice("edge", ["left", "right"]).flatMap(Direction.init(rawValue:)) : .left
        guard let edge, let read = ActionSyntax.back.read?(r), case .back(let gesture)? = read.as(SheetAction.self) else { return nil }
        return Action(NavigationAction.back(gesture, edge: edge))
    }

    package var actions: [ActionSyntax] { [Self.push, Self.pop, Self.back] }

    /// A push, then an interactive back from the leading edge released past half, then a pop.
    package func demo(of c: NavigationConfiguration, group: StylerGroup, full: Bool) -> ContainerDemo {
        let name = c.screens.contains("detail") ? "detail2" : "detail"
        let w = c.size.width, y = c.size.height / 2
        let pan =
            TouchPath(points: [Point(x: 4, y: y), Point(x: w * 0.7, y: y)], duration: 0.4).map {
                [TimedAction(at: 1.0, .gesture($0))]
            } ?? []
        let basic = [
            DemoSegment("push", at: 0, Action(NavigationAction.push(name))),
            DemoSegment("swipe back", at: 1.0, pan),
        ]
        let extra = [
            DemoSegment("push", at: 2.2, Action(NavigationAction.push(name))),
            DemoSegment("pop", at: 3.2, Action(NavigationAction.pop())),
        ]
        return ContainerDemo(container: ContainerSpec(c), basic: basic, extra: extra, full: full)
    }

    package var stylerPrefixes: [String] { ["nav."] }
    /// A navigation stack is styled when a styler asks for it (`containers = {"navigation"}`).
    package var stylesByDefault: Bool { false }
    /// `screens`.
    package var posableGroups: [StylerGroup] { [.screens] }
    /// The `nav.*` built-ins.
    package var stylers: [StylerEntry] { NavigationStylers.entries }
    /// Every behavior (a tool poses react-navigation's when none is named).
    package var behaviors: [String] { NavigationBehavior.allCases.map(\.rawValue) }

    /// Each gesture's row in `panekit feel`.
    package var feel: FeelMeasure? { NavigationFeel.table }

    package func bakeGroups(posed group: StylerGroup) -> [StylerGroup] { [.screens] }
    package func states(layout: AdaptiveLayout) -> [ContainerState] { [.open, .opening, .closing, .dragging] }
    /// At rest the top screen is in place (closed 0); moving, the whole sweep.
    package func checkFractions(_ state: ContainerState) -> CheckFractions { state == .open ? .at([0]) : .sweep }

    /// Two screens, `inbox` under `detail`, of `behavior` (react-navigation's by default); the reveal is the width.
    package func posing(size: Size, group: StylerGroup, reveal: Double?, behavior: String?) -> (
        configuration: NavigationConfiguration, reveal: Double
    )? {
        guard group == .screens else { return nil }
        let chosen = behavior.flatMap(NavigationBehavior.init(rawValue:)) ?? .reactNavigation
        let c = NavigationConfiguration(size: size, behavior: chosen, screens: ["inbox", "detail"])
        return (c, size.width)
    }

    /// Each behavior's stack, in each state.
    package func checkPoses(group: StylerGroup, size: Size) -> [CheckPose] {
        guard group == .screens else { return [] }
        return behaviors.compactMap { behavior in
            posing(size: size, group: group, reveal: nil, behavior: behavior).map {
                CheckPose(
                    $0.configuration, group: group, label: "navigation \(behavior)", behavior: behavior,
                    states: checkStates(layout: .drawer))
            }
        }
    }
}

extension PaneHost {
    /// The container when it is a navigation stack, else nil.
    package var navigation: NavigationContainer? { container(as: NavigationContainer.self) }
}
