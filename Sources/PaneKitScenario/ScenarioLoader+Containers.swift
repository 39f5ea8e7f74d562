// The scenario's `container` object: one reader per container type, with the keys each allows.

import PaneKit

extension ScenarioLoader {
    static let drawerKeys = [
        "type", "left", "right", "openMode", "stretch", "showsShadow", "shadowRadius", "shadowOpacity", "shadowOffset",
        "shadowColor", "showsStatusBarBackgroundView", "statusBarViewBackgroundColor", "animationVelocity",
        "animationVelocityLeft", "animationVelocityRight", "bounceDistance", "bezelPanningCenterViewRange",
        "panVelocityXAnimationThreshold", "openGestures", "closeGestures", "centerHiddenInteractionMode", "interruptible",
        "timing",
    ]

    mutating func container(_ json: JSONValue, size: Size) -> ContainerSpec? {
        guard case .object(let members) = json else {
            report(.wrongType, "container", "expected an object, got \(json.kindName)")
            return nil
        }
        guard let typeJSON = members.first(where: { $0.key == "type" })?.value else {
            report(.missingKey, "container.type", "missing; expected one of \(Self.containerTypes.joined(separator: ", "))")
            return nil
        }
        guard case .string(let type) = typeJSON, Self.containerTypes.contains(type) else {
            report(
                .unknownContainerType,
                "container.type",
                "expected one of \(Self.containerTypes.joined(separator: ", ")), got \(typeJSON.brief)"
                    + (typeJSON.stringValue.map { Suggestion.hint(for: $0, among: Self.containerTypes) } ?? ""))
            return nil
        }
        let (json, gestures) = gestureKeys(json, type: type)  // panPolicy, scrollRegions: ScenarioLoader+Gestures
        switch type {
        case "sidemenu": return sideMenu(json, size: size).map { gestures.applied(to: .sidemenu($0)) }
        case "dynamics": return dynamics(json, size: size).map { gestures.applied(to: .dynamics($0)) }
        case "split": return split(json, size: size).map(ContainerSpec.split)
        case "adaptive": return adaptive(json, size: size).map { gestures.applied(to: .adaptive($0)) }
        default: return drawer(json, size: size).map { gestures.applied(to: .drawer($0)) }
        }
    }

    mutating func drawer(_ json: JSONValue, size: Size) -> DrawerConfiguration? {
        guard let o = object(json, "container", allowed: Self.drawerKeys) else { return nil }
        var widths: [Direction: Double] = [:]
        for (side, width) in drawers(o, [.left, .right]) { widths[side] = width ?? DrawerConfiguration.defaultWidth }
        if o["left"] == nil && o["right"] == nil {
            report(
                .missingKey, "container", "expected at least one drawer: \"left\" or \"right\" (each an object such as {\"width\": 280})")
        }
        var c = DrawerConfiguration(size: size, widths: widths)
        if let mode = choice(o["openMode"], "container.openMode", ["push", "above", "pushContent", "aboveContent"]) {
            c.openMode = mode.hasPrefix("above") ? .above : .push
        }
        c.stretch = bool(o["stretch"], "container.stretch") ?? c.stretch
        c.showsShadow = bool(o["showsShadow"], "container.showsShadow") ?? c.showsShadow
        c.shadow.radius = number(o["shadowRadius"], "container.shadowRadius", "≥ 0") { $0 >= 0 } ?? c.shadow.radius
        c.shadow.opacity = number(o["shadowOpacity"], "container.shadowOpacity", "in 0…1") { (0...1).contains($0) } ?? c.shadow.opacity
        if let (x, y) = pair(o["shadowOffset"], "container.shadowOffset", positive: false) { c.shadow.offset = Point(x: x, y: y) }
        c.shadow.color = color(o["shadowColor"], "container.shadowColor") ?? c.shadow.color
        c.showsStatusBarBackgroundView = bool(o["showsStatusBarBackgroundView"], "container.showsStatusBarBackgroundView") ?? false
        c.statusBarViewBackgroundColor = color(o["statusBarViewBackgroundColor"], "container.statusBarViewBackgroundColor") ?? .black
        if let v = positive(o["animationVelocity"], "container.animationVelocity") {
            c.animationVelocityLeft = v
            c.animationVelocityRight = v
        }
        c.animationVelocityLeft = positive(o["animationVelocityLeft"], "container.animationVelocityLeft") ?? c.animationVelocityLeft
        c.animationVelocityRight = positive(o["animationVelocityRight"], "container.animationVelocityRight") ?? c.animationVelocityRight
        c.bounceDistance = positive(o["bounceDistance"], "container.bounceDistance") ?? c.bounceDistance
        c.bezelPanningCenterViewRange =
            number(o["bezelPanningCenterViewRange"], "container.bezelPanningCenterViewRange", "≥ 0") { $0 >= 0 } ?? 20
        c.panVelocityXAnimationThreshold =
            number(o["panVelocityXAnimationThreshold"], "container.panVelocityXAnimationThreshold", "≥ 0") { $0 >= 0 } ?? 200
        c.openGestures = gestures(o["openGestures"], "container.openGestures", DrawerOpenGestures.names)
        c.closeGestures = gestures(o["closeGestures"], "container.closeGestures", DrawerCloseGestures.names)
        c.centerHiddenInteractionMode =
            choice(
                o["centerHiddenInteractionMode"], "container.centerHiddenInteractionMode",
                CenterHiddenInteractionMode.allCases.map(\.rawValue)
            ).flatMap(CenterHiddenInteractionMode.init(rawValue:)) ?? c.centerHiddenInteractionMode
        c.interruptible = bool(o["interruptible"], "container.interruptible") ?? false
        c.timing = timing(o["timing"], "container.timing")
        return c
    }

    /// The drawers declared by direction keys, each `{}` or `{"width": w}`; a nil width means the container's default.
    mutating func drawers(_ o: [String: JSONValue], _ sides: [Direction]) -> [Direction: Double?] {
        var widths: [Direction: Double?] = [:]
        for side in sides {
            let path = "container.\(side.rawValue)"
            guard let sideJSON = o[side.rawValue], let s = object(sideJSON, path, allowed: ["width"]) else { continue }
            widths[side] = .some(positive(s["width"], "\(path).width"))
        }
        return widths
    }

    static let dynamicsKeys = [
        "type", "left", "right", "top", "bottom", "gravityMagnitude", "elasticity", "bounceElasticity", "bounceMagnitude",
        "paneStateOpenWideEdgeOffset", "paneViewSlideOffAnimationEnabled", "paneDragRevealEnabled", "paneTapToCloseEnabled",
        "interruptible",
    ]

    mutating func dynamics(_ json: JSONValue, size: Size) -> DynamicsConfiguration? {
        guard let o = object(json, "container", allowed: Self.dynamicsKeys) else { return nil }
        let widths = drawers(o, [.left, .right, .top, .bottom])
        let horizontal = widths.keys.filter(\.isHorizontal), vertical = widths.keys.filter { !$0.isHorizontal }
        if widths.isEmpty {
            report(.missingKey, "container", "expected a drawer: \"left\", \"right\", \"top\" or \"bottom\" (each {} or {\"width\": 267})")
        } else if !horizontal.isEmpty && !vertical.isEmpty {
            report(
                .conflict,
                "container",
                "expected drawers on one axis (left and right, or top and bottom), got \(widths.keys.sorted().map(\.rawValue).joined(separator: ", "))"
            )
        }
        var c = DynamicsConfiguration(size: size, widths: widths)
        c.gravityMagnitude =
            number(o["gravityMagnitude"], "container.gravityMagnitude", "≥ 0 and ≤ 100") { $0 >= 0 && $0 <= 100 } ?? c.gravityMagnitude
        c.elasticity = number(o["elasticity"], "container.elasticity", "in 0…1") { (0...1).contains($0) } ?? c.elasticity
        c.bounceElasticity =
            number(o["bounceElasticity"], "container.bounceElasticity", "in 0…1") { (0...1).contains($0) } ?? c.bounceElasticity
        c.bounceMagnitude =
            number(o["bounceMagnitude"], "container.bounceMagnitude", "≥ 0 and ≤ 10000") { $0 >= 0 && $0 <= 10000 } ?? c.bounceMagnitude
        c.paneStateOpenWideEdgeOffset =
            number(o["paneStateOpenWideEdgeOffset"], "container.paneStateOpenWideEdgeOffset", "≥ 0") { $0 >= 0 }
            ?? c.paneStateOpenWideEdgeOffset
        c.paneViewSlideOffAnimationEnabled =
            bool(o["paneViewSlideOffAnimationEnabled"], "container.paneViewSlideOffAnimationEnabled")
            ?? c.paneViewSlideOffAnimationEnabled
        c.paneDragRevealEnabled = bool(o["paneDragRevealEnabled"], "container.paneDragRevealEnabled") ?? c.paneDragRevealEnabled
        c.paneTapToCloseEnabled = bool(o["paneTapToCloseEnabled"], "container.paneTapToCloseEnabled") ?? c.paneTapToCloseEnabled
        c.interruptible = bool(o["interruptible"], "container.interruptible") ?? false
        return c
    }

    static let splitKeys = [
        "type", "orientation", "splitPosition", "splitWidth", "vertical", "masterBeforeDetail", "dividerStyle",
        "showsMasterInPortrait", "showsMasterInLandscape", "allowsDraggingDivider", "minimumViewExtent", "popoverSize",
        "statusBarHeight", "interruptible",
    ]

    mutating func split(_ json: JSONValue, size: Size) -> SplitConfiguration? {
        guard let o = object(json, "container", allowed: Self.splitKeys) else { return nil }
        var c = SplitConfiguration(size: size)
        c.orientation = choice(o["orientation"], "container.orientation", Orientation.allCases.map(\.rawValue)).flatMap(
            Orientation.init(rawValue:))
        c.splitPosition = number(o["splitPosition"], "container.splitPosition", "≥ 0") { $0 >= 0 } ?? c.splitPosition
        c.splitWidth = number(o["splitWidth"], "container.splitWidth", "≥ 0") { $0 >= 0 }
        c.vertical = bool(o["vertical"], "container.vertical") ?? c.vertical
        c.masterBeforeDetail = bool(o["masterBeforeDetail"], "container.masterBeforeDetail") ?? c.masterBeforeDetail
        c.dividerStyle =
            choice(o["dividerStyle"], "container.dividerStyle", DividerStyle.allCases.map(\.rawValue))
            .flatMap(DividerStyle.init(rawValue:)) ?? c.dividerStyle
        c.showsMasterInPortrait = bool(o["showsMasterInPortrait"], "container.showsMasterInPortrait") ?? c.showsMasterInPortrait
        c.showsMasterInLandscape = bool(o["showsMasterInLandscape"], "container.showsMasterInLandscape") ?? c.showsMasterInLandscape
        c.allowsDraggingDivider = bool(o["allowsDraggingDivider"], "container.allowsDraggingDivider")
        c.minimumViewExtent = number(o["minimumViewExtent"], "container.minimumViewExtent", "≥ 0") { $0 >= 0 } ?? c.minimumViewExtent
        if let (w, h) = pair(o["popoverSize"], "container.popoverSize", positive: true) { c.popoverSize = Size(width: w, height: h) }
        c.statusBarHeight = number(o["statusBarHeight"], "container.statusBarHeight", "≥ 0") { $0 >= 0 } ?? c.statusBarHeight
        c.interruptible = bool(o["interruptible"], "container.interruptible") ?? false
        return c
    }

    static let sideMenuKeys = [
        "type", "left", "right", "animationDuration", "completionThreshold", "edgeWidth", "interruptible", "timing",
    ]

    mutating func sideMenu(_ json: JSONValue, size: Size) -> SideMenuConfiguration? {
        guard let o = object(json, "container", allowed: Self.sideMenuKeys) else { return nil }
        let widths = drawers(o, [.left, .right])
        if widths.isEmpty {
            report(.missingKey, "container", "expected a menu: \"left\" or \"right\" (each an object such as {} or {\"width\": 250})")
        }
        var c = SideMenuConfiguration(size: size, widths: widths)
        c.animationDuration = number(o["animationDuration"], "container.animationDuration", "≥ 0") { $0 >= 0 } ?? c.animationDuration
        c.completionThreshold =
            number(o["completionThreshold"], "container.completionThreshold", "in 0…1") { (0...1).contains($0) }
            ?? c.completionThreshold
        c.edgeWidth = number(o["edgeWidth"], "container.edgeWidth", "≥ 0") { $0 >= 0 } ?? c.edgeWidth
        c.interruptible = bool(o["interruptible"], "container.interruptible") ?? false
        c.timing = timing(o["timing"], "container.timing")
        return c
    }

    /// A gesture mask written as an array of MM's names: the union of the named gestures.
    mutating func gestures<Mask: OptionSet>(_ value: JSONValue?, _ path: String, _ table: [(name: String, gestures: Mask)]) -> Mask
    where Mask.Element == Mask {
        guard let value else { return [] }
        let allowed = table.map(\.name)
        guard case .array(let items) = value else {
            report(.wrongType, path, "expected an array of names (\(allowed.joined(separator: ", "))), got \(value.brief)")
            return []
        }
        var mask: Mask = []
        for (i, item) in items.enumerated() {
            guard let name = choice(item, "\(path)[\(i)]", allowed), let bits = table.first(where: { $0.name == name }) else { continue }
            mask.formUnion(bits.gestures)
        }
        return mask
    }
}
