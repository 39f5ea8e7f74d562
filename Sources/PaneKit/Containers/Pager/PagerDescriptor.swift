// The pager (DESIGN §14) as one descriptor: its kind, scenario keys, actions, demo and how the tools pose a page
// styler (against the page's offset: `panekit plot` charts −2 … 2).

/// The pager's descriptor.
package struct PagerDescriptor: ContainerDescriptor {
    /// The descriptor (``ContainerRegistry/builtins`` lists it).
    package init() {}

    /// The pane behind and the numbered pages.
    package var roles: [Role] { [.pane, Role.page] }
    /// `pageWillChange` and `pageDidChange`.
    package var eventTypes: [any ContainerEvent.Type] { [PagerEvent.self] }
    /// `ctx.offset`, `ctx.page` and `ctx.pages`.
    package var contextFields: [ContextFieldDeclaration] { PagerFields.all }

    /// The container object's keys.
    package let keys = [
        "type", "behavior", "pages", "initialPage", "orientation", "wrap", "pageSize", "spacing", "density", "version",
        "offsetMultiplier",
    ]

    /// The most pages a scenario may give.
    package static let maxPages = 1_000_000

    /// The behaviors whose platform wraps (iCarousel's wrap, Swiper's loop, Embla's and reanimated-carousel's loop).
    package static let wrapping: Set<PagerBehavior> = [.icarousel, .swiper, .embla, .reanimatedCarousel]

    /// Reads the container object; every problem is reported at its key.
    package func configuration(reading r: any ScenarioReading, size: Size) -> PagerConfiguration? {
        var c = PagerConfiguration(size: size)
        var ok = true
        if r.contains("behavior") {
            guard let behavior = r.choice("behavior", PagerBehavior.self) else { return nil }
            c.behavior = behavior
        }
        if r.brief("pages") == "an array" {
            var names: [String] = []
            for item in r.items("pages", allowed: []) ?? [] {
                switch item {
                case .string(let name) where !name.isEmpty && !names.contains(name): names.append(name)
                case .string(let name):
                    ok = false
                    r.report(
                        .invalidValue, "pages",
                        name.isEmpty ? "expected page names, got an empty name" : "expected distinct page names, got \"\(name)\" twice")
                case .object, .other:
                    ok = false
                    r.report(.wrongType, "pages", "expected a page count or an array of page names (strings)")
                }
            }
            if names.isEmpty, ok {
                ok = false
                r.report(.invalidValue, "pages", "expected at least one page name, got an empty array")
            }
            (c.names, c.pages) = (names, names.count)
        } else if r.contains("pages") {
            guard
                let n = r.number(
                    "pages", "in 1…\(Self.maxPages), whole (or an array of page names)",
                    { $0 == $0.rounded() && $0 >= 1 && $0 <= Double(Self.maxPages) })
            else { return nil }
            c.pages = Int(n)
        }
        if r.contains("initialPage") {
            let last = c.pages - 1
            guard
                let n = r.number("initialPage", "in 0…\(last), a whole page index", { $0 == $0.rounded() && $0 >= 0 && $0 <= Double(last) })
            else { return nil }
            c.initialPage = Int(n)
        }
        c.orientation = r.choice("orientation", PagerOrientation.self) ?? c.orientation
        if let wrap = r.bool("wrap") {
            if wrap, !Self.wrapping.contains(c.behavior) {
                ok = false
                let names = PagerBehavior.allCases.filter(Self.wrapping.contains).map(\.rawValue).joined(separator: ", ")
                r.report(.conflict, "wrap", "\(c.behavior.rawValue) does not wrap; the behaviors that do: \(names)")
            }
            c.wrap = wrap
        }
        // Every key is read, so that one run reports every problem.
        if r.contains("pageSize") {
            c.pageSize = r.number("pageSize", "> 0: a fraction of the container (≤ 1) or points (> 1)") { $0 > 0 && $0.isFinite }
            ok = ok && c.pageSize != nil
        }
        if r.contains("spacing") {
            let spacing = r.number("spacing", "≥ 0 points") { $0 >= 0 && $0.isFinite }
            (c.spacing, ok) = (spacing ?? 0, ok && spacing != nil)
        }
        if r.contains("density") {
            let density = r.positive("density")
            (c.density, ok) = (density ?? 1, ok && density != nil)
        }
        if r.contains("version") {
            if c.behavior != .reanimatedCarousel {
                ok = false
                r.report(.conflict, "version", "only reanimated-carousel takes a version, not \(c.behavior.rawValue)")
            } else if let v = r.number("version", "4 or 5", { $0 == 4 || $0 == 5 }) {
                c.version = Int(v)
            } else {
                ok = false
            }
        }
        if r.contains("offsetMultiplier") {
            if c.behavior != .icarousel {
                ok = false
                r.report(.conflict, "offsetMultiplier", "only icarousel takes an offsetMultiplier, not \(c.behavior.rawValue)")
            } else if let m = r.number("offsetMultiplier", "in [-10, 10]", { abs($0) <= 10 }) {
                c.offsetMultiplier = m
            } else {
                ok = false
            }
        }
        return ok ? c : nil
    }

    /// `setPage`.
    package var actions: [ActionSyntax] { [.setPage] }

    /// A swipe forward across half the pager in 0.3 s, then `setPage` back to the first page.
    package func demo(of c: PagerConfiguration, group: StylerGroup, full: Bool) -> ContainerDemo {
        let w = c.size.width, h = c.size.height
        let points =
            c.orientation == .horizontal
            ? [Point(x: w * 0.75, y: h / 2), Point(x: w * 0.25, y: h / 2)] : [Point(x: w / 2, y: h * 0.75), Point(x: w / 2, y: h * 0.25)]
        let swipe = TouchPath(points: points, duration: 0.3).map { [TimedAction(at: 0, .gesture($0))] } ?? []
        let back = Action(PagerAction.setPage(c.initialPage))
        return ContainerDemo(
            container: .pager(c), basic: [DemoSegment("swipe", at: 0, swipe)], extra: [DemoSegment("setPage", at: 1.5, back)],
            full: full)
    }

    /// `page.*`, `carousel.*` and `swiper.*`.
    package var stylerPrefixes: [String] { ["page.", "carousel.", "swiper."] }
    /// The built-in transformers.
    package var stylers: [StylerEntry] { BuiltinStylers.pager }
    /// A pager is styled when a styler asks for it (`containers = {"pager"}`).
    package var stylesByDefault: Bool { false }
    /// `pages`.
    package var posableGroups: [StylerGroup] { [.pages] }
    /// Every behavior (ViewPager2's when none is named).
    package var behaviors: [String] { PagerBehavior.allCases.map(\.rawValue) }

    /// Each gesture's row in `panekit feel`.
    package var feel: FeelMeasure? { PagerFeel.table }

    /// `pages`.
    package func bakeGroups(posed group: StylerGroup) -> [StylerGroup] { [.pages] }
    /// Idle, dragging and settling.
    package func states(layout: AdaptiveLayout) -> [ContainerState] { [.idle, .dragging, .settling] }

    /// The offsets a page meets: whole pages at rest, every eighth of a page from −2 to 2 while it moves.
    package func checkFractions(_ state: ContainerState) -> CheckFractions {
        state == .idle ? .at([-2, -1, 0, 1, 2]) : .at(Self.offsets)
    }

    /// The middle page's offset, −2 … 2, posed at −1, −0.5, 0, 0.5 and 1.
    package var poseAxis: PoseAxis {
        PoseAxis(
            legend: "x: the page's offset in pages (+1 the next page, −1 the previous one); dots every 0.05", range: -2...2,
            poses: [-1, -0.5, 0, 0.5, 1], guides: [("previous", -1), ("current", 0), ("next", 1)])
    }

    /// −2 … 2 by eighths.
    static let offsets = (-16...16).map { Double($0) / 8 }

    /// Five pages of `behavior` (ViewPager2's by default) filling `size`; `reveal`, when given, is the page size in
    /// points. The tools pose the middle page at an offset.
    package func posing(size: Size, group: StylerGroup, reveal: Double?, behavior: String?) -> (
        configuration: PagerConfiguration, reveal: Double
    )? {
        guard group == .pages else { return nil }
        var c = PagerConfiguration(size: size, behavior: behavior.flatMap(PagerBehavior.init(rawValue:)) ?? .viewpager2, pages: 5)
        c.initialPage = 2
        if let reveal, reveal > 0, reveal < size.width { c.pageSize = reveal }
        return (c, c.stride)
    }

    /// One pose per behavior is the same geometry: the pager is checked once, ViewPager2's.
    package func checkPoses(group: StylerGroup, size: Size) -> [CheckPose] {
        guard group == .pages, let c = posing(size: size, group: group, reveal: nil, behavior: nil)?.configuration else { return [] }
        return [CheckPose(c, group: group, label: "pager", states: checkStates(layout: .drawer))]
    }
}

extension ActionSyntax {
    /// `setPage` of a pager (`page`, `animated`).
    package static let setPage = ActionSyntax("setPage", ["page", "animated"]) { r in
        let pages = r.container?.configuration(as: PagerConfiguration.self)?.pages ?? PagerDescriptor.maxPages
        return r.required(
            r.number("page", "in 0…\(pages - 1), a whole page index") { $0 == $0.rounded() && $0 >= 0 && $0 < Double(pages) }, "page",
            "a page number in 0…\(pages - 1)"
        ).map { Action(PagerAction.setPage(Int($0), animated: r.animated)) }
    }
}

extension PaneHost {
    /// The container when it is a pager, else nil.
    package var pager: PagerContainer? { container(as: PagerContainer.self) }
}
