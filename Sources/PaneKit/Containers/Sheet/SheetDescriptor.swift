// The sheet (DESIGN §13) as one descriptor: its kind, scenario keys, actions, demo and CLI defaults; then the
// `Container` conformance that maps the host's actions and events onto the sheet's own.

extension ContainerKind {
    /// A sheet resting at detents (`SheetContainer`).
    public static let sheet = ContainerKind("sheet")
}

extension ContainerSpec {
    /// A sheet.
    package static func sheet(_ configuration: SheetConfiguration) -> ContainerSpec { ContainerSpec(configuration) }
}

extension SheetConfiguration: ContainerConfiguration {
    /// ``ContainerKind/sheet``.
    package static var kind: ContainerKind { .sheet }
    /// The sheet's edge.
    package var directions: [Direction] { edge.directions }
    /// A ``SheetContainer``; a configuration that does not validate (only an app can make one: the scenario reader
    /// reports its problems) falls back to the behavior's defaults.
    package func makeContainer() -> any StaticPosing {
        if let sheet = try? SheetContainer(self) { return sheet }
        var fallback = SheetConfiguration(size: Size(width: max(size.width, 1), height: max(size.height, 1)), behavior: behavior)
        fallback.edge = edge
        return (try? SheetContainer(fallback)) ?? SheetContainer.minimal(edge: edge)
    }
    /// Nothing: a sheet moves vertically, so a right-to-left layout leaves it as it is.
    package mutating func swapHorizontalSides() {}
}

/// The sheet's descriptor.
package struct SheetDescriptor: ContainerDescriptor {
    /// The descriptor (``ContainerRegistry/builtins`` lists it).
    package init() {}

    /// The pane behind, the sheet, its grabber, the keyboard and the overlay.
    package var roles: [Role] { Role.sheetFamily }
    /// Its events.
    package var eventTypes: [any ContainerEvent.Type] { [SheetEvent.self] }
    /// `ctx.detent`, `ctx.detents` and `ctx.position`.
    package var contextFields: [ContextFieldDeclaration] { SheetFields.all }

    package let keys = [
        "type", "behavior", "edge", "detents", "initialDetent", "contentHeight", "hideable", "skipCollapsed", "fitToContents",
        "halfExpandedRatio", "peekHeight", "expandedOffset", "skipPartiallyExpanded", "undimmedDetent", "density",
        "displayScale", "keyboardBehavior",
    ]

    /// The keys of a detent object.
    static let detentKeys = ["name", "height", "fraction", "inset"]

    package func configuration(reading r: any ScenarioReading, size: Size) -> SheetConfiguration? {
        let names = SheetBehavior.allCases.map(\.rawValue)
        guard let behavior = r.required(r.choice("behavior", SheetBehavior.self), "behavior", "one of \(names.joined(separator: ", "))")
        else { return nil }
        var c = SheetConfiguration(size: size, behavior: behavior)
        c.safeArea = r.safeArea
        c.edge = r.choice("edge", SheetEdge.self) ?? c.edge
        var ok = true
        if let items = r.items("detents", allowed: Self.detentKeys) {
            var detents: [SheetDetentSpec] = []
            for item in items {
                switch item {
                case .string("content"): detents.append(.content)
                case .string(let name): detents.append(.named(name))
                case .object(let o):
                    if let spec = Self.detent(o) { detents.append(spec) } else { ok = false }
                case .other(let path, let brief):
                    ok = false
                    r.report(
                        .wrongType, String(path.dropFirst(r.path.count + 1)),
                        "expected a detent name, \"content\" or an object {\"name\", \"height\" | \"fraction\" | \"inset\"}, got \(brief)")
                }
            }
            c.detents = detents
        } else if r.contains("detents") {
            ok = false
        }
        c.initialDetent = r.string("initialDetent")
        c.contentHeight = r.number("contentHeight", "≥ 0") { $0 >= 0 }
        c.hideable = r.bool("hideable")
        c.skipCollapsed = r.bool("skipCollapsed") ?? c.skipCollapsed
        c.fitToContents = r.bool("fitToContents")
        c.halfExpandedRatio = r.number("halfExpandedRatio", "strictly between 0 and 1") { $0 > 0 && $0 < 1 } ?? c.halfExpandedRatio
        if r.contains("peekHeight"), r.brief("peekHeight") != "\"auto\"" {
            c.peekHeight = r.number("peekHeight", "≥ 0, or \"auto\"") { $0 >= 0 }
            if c.peekHeight == nil { ok = false }
        }
        c.expandedOffset = r.number("expandedOffset", "≥ 0") { $0 >= 0 } ?? c.expandedOffset
        c.skipPartiallyExpanded = r.bool("skipPartiallyExpanded")
        c.undimmedDetent = r.string("undimmedDetent")
        c.density = r.positive("density") ?? c.density
        c.displayScale = r.positive("displayScale") ?? c.displayScale
        c.keyboardBehavior = Self.keyboardBehavior(r, behavior) ?? c.keyboardBehavior
        guard ok else { return nil }
        do {
            _ = try SheetGeometry.resolve(c)
        } catch {
            for issue in error.issues { r.report(.invalidValue, issue.path, issue.message) }
            return nil
        }
        return c
    }

    /// A detent object: `name` and exactly one of `height`, `fraction` (0…1) and `inset`.
    static func detent(_ o: any ScenarioReading) -> SheetDetentSpec? {
        let name = o.required(o.string("name"), "name", "the detent's name")
        let given = ["height", "fraction", "inset"].filter(o.contains)
        guard given.count == 1 else {
            o.report(
                given.isEmpty ? .missingKey : .conflict, nil,
                given.isEmpty
                    ? "expected one of \"height\", \"fraction\" or \"inset\""
                    : "expected one of \"height\", \"fraction\" or \"inset\", got \(given.joined(separator: " and "))")
            return nil
        }
        switch given[0] {
        case "height":
            guard let name, let h = o.number("height", "≥ 0", { $0 >= 0 }) else { return nil }
            return .height(name: name, h)
        case "fraction":
            guard let name, let f = o.number("fraction", "in 0…1", { (0...1).contains($0) }) else { return nil }
            return .fraction(name: name, f)
        default:
            guard let name, let i = o.number("inset", "≥ 0", { $0 >= 0 }) else { return nil }
            return .inset(name: name, i)
        }
    }

    package var actions: [ActionSyntax] { [.setDetent, .presentSheet, .dismissSheet, .setContentHeight, .back, .keyboard] }

    package func demo(of c: SheetConfiguration, group: StylerGroup, full: Bool) -> ContainerDemo {
        let geometry = try? SheetGeometry.resolve(c)
        let names = geometry?.detents.map(\.name) ?? []
        let largest = names.last ?? "hidden"
        let smallest = names.first ?? largest
        let H = c.size.height, x = c.size.width / 2
        let top = geometry?.largestPosition ?? 0
        // A pan on the sheet's surface from the largest detent down a quarter of the height.
        let from = c.edge == .bottom ? top + 20 : H - top - 20
        let to = c.edge == .bottom ? from + H / 4 : from - H / 4
        let pan =
            TouchPath(points: [Point(x: x, y: from), Point(x: x, y: to)], duration: 0.3).map { [TimedAction(at: 1.0, .gesture($0))] } ?? []
        let basic = [
            DemoSegment("to \(largest)", at: 0, .setDetent(largest)),
            DemoSegment("pan", at: 1.0, pan),
            DemoSegment("to \(smallest)", at: 2.2, .setDetent(smallest)),
        ]
        return ContainerDemo(container: .sheet(c), basic: basic, extra: [], full: full)
    }

    package var stylerPrefixes: [String] { ["sheet."] }

    /// A sheet is styled when a styler asks for it (`containers = {"sheet"}`).
    package var stylesByDefault: Bool { false }

    /// The bottom sheet, then the top one.
    package var posableGroups: [StylerGroup] { [.bottom, .top] }

    /// `sheet.scrim`, `sheet.material`, `sheet.floating`, `sheet.vaul-scale` and `sheet.ios`.
    public var stylers: [StylerEntry] { BuiltinStylers.sheet }

    /// Each gesture's row in `panekit feel`.
    package var feel: FeelMeasure? { SheetFeel.table }

    /// Every behavior (a tool poses FloatingPanel's when none is named).
    package var behaviors: [String] { SheetBehavior.allCases.map(\.rawValue) }

    /// A sheet of `behavior` (FloatingPanel's by default) on `group`'s edge (bottom unless `top`): `reveal` is the
    /// height of its largest detent (with the behavior's own detents when it takes no custom ones; gorhom's default
    /// snap point, its content, is half the container); nil when the sheet does not fit `size`.
    package func posing(
        size: Size, group: StylerGroup, reveal: Double?, behavior: String?
    ) -> (configuration: SheetConfiguration, reveal: Double)? {
        let chosen = behavior.flatMap(SheetBehavior.init(rawValue:)) ?? .floatingpanel
        var c = SheetConfiguration(size: size, behavior: chosen)
        c.edge = group == .top ? .top : .bottom
        if chosen.takesCustomDetents, let reveal, reveal > 0, reveal <= size.height { c.detents = [.height(name: "open", reveal)] }
        if c.detents == nil, chosen == .gorhom { c.contentHeight = size.height / 2 }
        guard let geometry = try? SheetGeometry.resolve(c) else { return nil }
        return (c, size.height - geometry.largestPosition)
    }

    package func bakeGroups(posed group: StylerGroup) -> [StylerGroup] { [group == .top ? .top : .bottom] }

    /// A sheet of each behavior on `group`'s edge: at rest at each of its detents (its real position, detent and
    /// detents), closed at its lowest position, and moving through the whole sweep.
    package func checkPoses(group: StylerGroup, size: Size) -> [CheckPose] {
        guard posableGroups.contains(group) else { return [] }
        return behaviors.compactMap { behavior in
            guard let c = posing(size: size, group: group, reveal: nil, behavior: behavior)?.configuration,
                let geometry = try? SheetGeometry.resolve(c)
            else { return nil }
            let resting = geometry.detentFractions.map(\.closed).filter { $0 < 1 }
            return CheckPose(
                c, group: group, label: "sheet \(behavior)", behavior: behavior,
                states: [(.closed, .at([1])), (.open, .at(resting)), (.opening, .sweep), (.closing, .sweep), (.dragging, .sweep)])
        }
    }
}

extension ActionSyntax {
    /// `setDetent` of a sheet (`detent`, `animated`, `timing`).
    package static let setDetent = ActionSyntax("setDetent", ["detent", "animated"], timed: true) { r in
        r.required(detent(r), "detent", "a detent name").map { .setDetent($0, animated: r.animated) }
    }
    /// `present` a hidden sheet, at `detent` or its initial detent.
    package static let presentSheet = ActionSyntax("present", ["detent", "animated"], timed: true) { r in
        let name = detent(r)
        if r.contains("detent"), name == nil { return nil }
        return .presentSheet(detent: name, animated: r.animated)
    }

    /// The entry's `detent`, one of the sheet's when the scenario's sheet read (its names, `hidden` last).
    private static func detent(_ r: any ScenarioReading) -> String? {
        let names = r.container?.configuration(as: SheetConfiguration.self).flatMap { try? SheetGeometry.resolve($0).names } ?? []
        return names.isEmpty ? r.string("detent") : r.choice("detent", names)
    }
    /// `dismiss` a sheet (`animated`).
    package static let dismissSheet = ActionSyntax(
        "dismiss", ["animated"], timed: true,
        family: { r in
            SheetAction.dismiss(animated: r.animated)
        })
    /// `setContentHeight` of a sheet (`height`, `animated`).
    package static let setContentHeight = ActionSyntax("setContentHeight", ["height", "animated"]) { r in
        r.required(r.number("height", "≥ 0") { $0 >= 0 }, "height", "a height in points ≥ 0").map {
            .setContentHeight($0, animated: r.animated)
        }
    }
}

// MARK: - The host's container

extension SheetContainer: StaticPosing {
    /// ``ContainerKind/sheet``.
    package var kind: ContainerKind { .sheet }

    /// Moves the sheet forward to `time`, then reports the scroll regions' offsets that changed (one `scrolled`
    /// event per region and frame).
    package mutating func advance(to time: Double, events: inout [Event]) {
        advanceMotion(to: time, events: &events)
        flushScrolled(events: &events)
    }

    /// The behavior's chrome when a scenario names no styler: material's and UIKit's cards, FloatingPanel's shadow;
    /// none for Compose (its scrim is the overlay), gorhom and vaul (vaul scales the page only on request).
    package func defaultStylers(for group: StylerGroup) -> [any Styler] {
        switch behavior {
        case .material: [SheetMaterialStyler()]
        case .uikit: [SheetScaleBackStyler.ios]
        case .floatingpanel: [SheetFloatingStyler()]
        case .compose, .gorhom, .vaul: []
        }
    }

    /// A shown sheet holds focus, with an escape while it can hide; where touches pass through to the content
    /// behind (UIKit's undimmed detents, FloatingPanel's lower anchors, gorhom below its backdrop) that content
    /// stays reachable and the sheet is not modal (SheetContainer+Accessibility.swift).
    package func accessibility(of pose: Pose) -> Accessibility { sheetAccessibility(of: pose) }

    /// The frame's `"detent"`.
    package func writeFields(into fields: inout FrameFields) { fields.set("detent", .text(detent)) }

    /// `ctx.detent`, `ctx.detents` and `ctx.position`.
    package func describe(_ subject: Subject, in context: inout StyleContext) {
        context[SheetFields.detent] = detent
        context[SheetFields.detents] = detentFractions
        context[SheetFields.position] = position
    }
}

extension PaneHost {
    /// The container when it is a sheet, else nil.
    package var sheet: SheetContainer? { container(as: SheetContainer.self) }
}
