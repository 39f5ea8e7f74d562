// Reads and validates scenario files, collecting every problem with its JSON path.

/// One problem in a scenario: where it is and what is wrong.
public struct ScenarioIssue: Sendable, Hashable, CustomStringConvertible {
    /// The JSON path (`timeline[2].direction`), or `line:column` for a syntax error.
    public var path: String
    /// What is wrong there: what was expected and what was found.
    public var message: String

    /// An issue at a JSON path.
    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    public var description: String {
        if path.isEmpty { return message }
        return message.isEmpty ? path : "\(path): \(message)"
    }
}

/// A scenario that cannot be run, with every problem found.
public struct ScenarioError: Error, Sendable, CustomStringConvertible {
    /// The scenario file's name as given, first on every message line.
    public var file: String
    /// Every problem found, in file order.
    public var issues: [ScenarioIssue]

    /// An error listing `issues` in `file`.
    public init(file: String, issues: [ScenarioIssue]) {
        self.file = file
        self.issues = issues
    }

    /// One line per problem: `file: path: message`.
    public var description: String {
        issues.map { issue in
            // A syntax error's place is line:column, written as file:line:column.
            issue.path.first?.isNumber == true ? "\(file):\(issue)" : "\(file): \(issue)"
        }.joined(separator: "\n")
    }
}

/// Turns scenario JSON into a `Scenario`, or into every problem it has.
public struct ScenarioLoader {
    private var issues: [ScenarioIssue] = []
    private let registry: StylerRegistry

    /// The container types a scenario may name.
    public static let containerTypes = ["drawer", "dynamics", "split", "sidemenu"]

    /// Parses and validates `text`.
    /// - Parameters:
    ///   - text: the scenario file's JSON.
    ///   - file: the name used in messages.
    ///   - registry: the stylers a scenario may name.
    /// - Throws: `ScenarioError` listing every problem.
    public static func load(_ text: String, file: String, registry: StylerRegistry = .builtins) throws(ScenarioError) -> Scenario {
        let json: JSONValue
        do {
            json = try JSONReader.parse(text)
        } catch {
            throw ScenarioError(file: file, issues: [ScenarioIssue(path: "\(error.line):\(error.column)", message: error.message)])
        }
        var loader = ScenarioLoader(registry: registry)
        let scenario = loader.scenario(json, file: file)
        guard loader.issues.isEmpty, let scenario else { throw ScenarioError(file: file, issues: loader.issues) }
        return scenario
    }

    private init(registry: StylerRegistry) {
        self.registry = registry
    }

    // MARK: - Reading helpers

    private mutating func report(_ path: String, _ message: String) {
        issues.append(ScenarioIssue(path: path, message: message))
    }

    private static func join(_ path: String, _ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    /// The members of an object, after reporting unknown keys (with the allowed ones and the nearest).
    private mutating func object(_ value: JSONValue, _ path: String, allowed: [String]) -> [String: JSONValue]? {
        guard case .object(let members) = value else {
            report(path.isEmpty ? "(root)" : path, "expected an object, got \(value.kindName)")
            return nil
        }
        var result: [String: JSONValue] = [:]
        for (key, member) in members {
            if allowed.contains(key) {
                result[key] = member
            } else {
                report(Self.join(path, key), "unknown key; allowed: \(allowed.joined(separator: ", "))" + Suggestion.hint(for: key, among: allowed))
            }
        }
        return result
    }

    /// The largest magnitude of any number in a scenario: far beyond any screen or duration, and small enough
    /// that the containers' arithmetic cannot overflow to infinity.
    static let largestMagnitude = 1e9

    private mutating func number(_ value: JSONValue?, _ path: String, _ requirement: String = "",
                                 _ accept: (Double) -> Bool = { _ in true }) -> Double? {
        guard let value else { return nil }
        if case .number(let n) = value, abs(n) > Self.largestMagnitude {
            report(path, "expected a number of magnitude ≤ \(NumberFormat.string(Self.largestMagnitude)), got \(value.brief)")
            return nil
        }
        guard case .number(let n) = value, accept(n) else {
            let expected = requirement.isEmpty ? "a number" : "a number \(requirement)"
            report(path, "expected \(expected), got \(value.brief)")
            return nil
        }
        return n
    }

    private mutating func positive(_ value: JSONValue?, _ path: String) -> Double? {
        number(value, path, "> 0") { $0 > 0 }
    }

    private mutating func bool(_ value: JSONValue?, _ path: String) -> Bool? {
        guard let value else { return nil }
        guard case .bool(let b) = value else {
            report(path, "expected true or false, got \(value.brief)")
            return nil
        }
        return b
    }

    private mutating func string(_ value: JSONValue?, _ path: String) -> String? {
        guard let value else { return nil }
        guard case .string(let s) = value else {
            report(path, "expected a string, got \(value.brief)")
            return nil
        }
        return s
    }

    private mutating func choice(_ value: JSONValue?, _ path: String, _ choices: [String]) -> String? {
        guard let value else { return nil }
        guard case .string(let s) = value, choices.contains(s) else {
            let hint = value.stringValue.map { Suggestion.hint(for: $0, among: choices) } ?? ""
            report(path, "expected one of \(choices.joined(separator: ", ")), got \(value.brief)\(hint)")
            return nil
        }
        return s
    }

    private mutating func color(_ value: JSONValue?, _ path: String) -> Color? {
        guard let value else { return nil }
        guard case .string(let s) = value, let c = Color(hex: s) else {
            report(path, "expected a colour such as \"#000000\" or \"#00000080\", got \(value.brief)")
            return nil
        }
        return c
    }

    private mutating func pair(_ value: JSONValue?, _ path: String, positive: Bool) -> (Double, Double)? {
        guard let value else { return nil }
        let what = positive ? "two numbers > 0" : "two numbers"
        guard case .array(let items) = value, items.count == 2,
            case .number(let a) = items[0], case .number(let b) = items[1]
        else {
            report(path, "expected [\(positive ? "w, h" : "x, y")] (\(what)), got \(value.brief)")
            return nil
        }
        if abs(a) > Self.largestMagnitude || abs(b) > Self.largestMagnitude {
            report(path, "expected numbers of magnitude ≤ \(NumberFormat.string(Self.largestMagnitude)), got \(NumberFormat.string(abs(a) > abs(b) ? a : b))")
            return nil
        }
        if positive, a <= 0 || b <= 0 {
            report(path, "expected \(what), got [\(NumberFormat.string(a)), \(NumberFormat.string(b))]")
            return nil
        }
        return (a, b)
    }

    private mutating func required<T>(_ value: T?, _ raw: JSONValue?, _ path: String, _ what: String) -> T? {
        if raw == nil { report(path, "missing; expected \(what)") }
        return value
    }

    // MARK: - Scenario

    private static let rootKeys = ["name", "size", "fps", "frameTimes", "duration", "container", "stylers", "timeline", "reducedMotion"]

    private mutating func scenario(_ json: JSONValue, file: String) -> Scenario? {
        guard let root = object(json, "", allowed: Self.rootKeys) else { return nil }
        let name = string(root["name"], "name") ?? file
        let size = required(pair(root["size"], "size", positive: true), root["size"], "size", "[w, h]")
            .map { Size(width: $0.0, height: $0.1) }
        let fps = number(root["fps"], "fps", "> 0 and ≤ 1000") { $0 > 0 && $0 <= 1000 } ?? 60
        let duration = number(root["duration"], "duration", "≥ 0 and ≤ 3600") { $0 >= 0 && $0 <= 3600 }
        guard let containerJSON = root["container"] else {
            report("container", "missing; expected an object with a \"type\"")
            return nil
        }
        let container = self.container(containerJSON, size: size ?? Size(width: 375, height: 667))
        let directions = container?.directions ?? Direction.allCases
        let stylers = root["stylers"].map { self.stylers($0, directions: directions) } ?? [:]
        let timeline = root["timeline"].map {
            self.timeline($0, directions: directions, type: container?.typeName, lastTime: Double(Scenario.maximumFrames - 1) / fps)
        } ?? []
        if let duration, duration * fps + 1 > Double(Scenario.maximumFrames) {
            report("duration", "expected at most \(Scenario.maximumFrames) frames (duration × fps), got \(NumberFormat.string((duration * fps).rounded(.down) + 1))")
        }
        let frameTimes = root["frameTimes"].flatMap { self.frameTimes($0, fps: root["fps"], duration: root["duration"]) }
        guard let size, let container else { return nil }
        var scenario = Scenario(
            name: name, size: size, fps: fps, duration: duration, container: container, stylers: stylers, timeline: timeline)
        scenario.frameTimes = frameTimes
        scenario.reducedMotion = bool(root["reducedMotion"], "reducedMotion") ?? false
        return scenario
    }

    /// `frameTimes`: increasing, finite times ≥ 0, at most `Scenario.maximumFrames`, instead of `fps` and `duration`.
    private mutating func frameTimes(_ json: JSONValue, fps: JSONValue?, duration: JSONValue?) -> [Double]? {
        if fps != nil || duration != nil {
            report("frameTimes", "expected either \"frameTimes\" or \"fps\"/\"duration\", got both")
            return nil
        }
        guard case .array(let items) = json, !items.isEmpty, items.count <= Scenario.maximumFrames else {
            report("frameTimes", "expected an array of 1 to \(Scenario.maximumFrames) increasing times in seconds, got \(json.brief)")
            return nil
        }
        var times: [Double] = []
        for (i, item) in items.enumerated() {
            let previous = times.last ?? 0
            guard case .number(let t) = item, t >= 0, t <= 3600, times.isEmpty || t > previous else {
                let bound = times.isEmpty ? "≥ 0" : "> \(NumberFormat.string(previous)) (times must increase)"
                report("frameTimes[\(i)]", "expected a time \(bound) and ≤ 3600, got \(item.brief)")
                return nil
            }
            times.append(t)
        }
        return times
    }

    // MARK: - Container

    private static let drawerKeys = [
        "type", "left", "right", "openMode", "stretch", "showsShadow", "shadowRadius", "shadowOpacity", "shadowOffset",
        "shadowColor", "showsStatusBarBackgroundView", "statusBarViewBackgroundColor", "animationVelocity",
        "animationVelocityLeft", "animationVelocityRight", "bounceDistance", "bezelPanningCenterViewRange",
        "panVelocityXAnimationThreshold", "openGestures", "closeGestures", "centerHiddenInteractionMode", "interruptible",
        "timing",
    ]

    private mutating func container(_ json: JSONValue, size: Size) -> ContainerSpec? {
        guard case .object(let members) = json else {
            report("container", "expected an object, got \(json.kindName)")
            return nil
        }
        guard let typeJSON = members.first(where: { $0.key == "type" })?.value else {
            report("container.type", "missing; expected one of \(Self.containerTypes.joined(separator: ", "))")
            return nil
        }
        guard case .string(let type) = typeJSON, Self.containerTypes.contains(type) else {
            report(
                "container.type",
                "expected one of \(Self.containerTypes.joined(separator: ", ")), got \(typeJSON.brief)"
                    + (typeJSON.stringValue.map { Suggestion.hint(for: $0, among: Self.containerTypes) } ?? ""))
            return nil
        }
        switch type {
        case "sidemenu": return sideMenu(json, size: size).map(ContainerSpec.sidemenu)
        case "dynamics": return dynamics(json, size: size).map(ContainerSpec.dynamics)
        case "split": return split(json, size: size).map(ContainerSpec.split)
        default: return drawer(json, size: size).map(ContainerSpec.drawer)
        }
    }

    private mutating func drawer(_ json: JSONValue, size: Size) -> DrawerConfiguration? {
        guard let o = object(json, "container", allowed: Self.drawerKeys) else { return nil }
        var widths: [Direction: Double] = [:]
        for (side, width) in drawers(o, [.left, .right]) { widths[side] = width ?? DrawerConfiguration.defaultWidth }
        if o["left"] == nil && o["right"] == nil {
            report("container", "expected at least one drawer: \"left\" or \"right\" (each an object such as {\"width\": 280})")
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
        c.bezelPanningCenterViewRange = number(o["bezelPanningCenterViewRange"], "container.bezelPanningCenterViewRange", "≥ 0") { $0 >= 0 } ?? 20
        c.panVelocityXAnimationThreshold = number(o["panVelocityXAnimationThreshold"], "container.panVelocityXAnimationThreshold", "≥ 0") { $0 >= 0 } ?? 200
        c.openGestures = names(o["openGestures"], "container.openGestures", DrawerConfiguration.openGestureNames)
        c.closeGestures = names(o["closeGestures"], "container.closeGestures", DrawerConfiguration.closeGestureNames)
        c.centerHiddenInteractionMode = choice(
            o["centerHiddenInteractionMode"], "container.centerHiddenInteractionMode", CenterHiddenInteractionMode.allCases.map(\.rawValue)
        ).flatMap(CenterHiddenInteractionMode.init(rawValue:)) ?? c.centerHiddenInteractionMode
        c.interruptible = bool(o["interruptible"], "container.interruptible") ?? false
        c.timing = timing(o["timing"], "container.timing")
        return c
    }

    /// The drawers declared by direction keys, each `{}` or `{"width": w}`; a nil width means the container's default.
    private mutating func drawers(_ o: [String: JSONValue], _ sides: [Direction]) -> [Direction: Double?] {
        var widths: [Direction: Double?] = [:]
        for side in sides {
            let path = "container.\(side.rawValue)"
            guard let sideJSON = o[side.rawValue], let s = object(sideJSON, path, allowed: ["width"]) else { continue }
            widths[side] = .some(positive(s["width"], "\(path).width"))
        }
        return widths
    }

    private static let dynamicsKeys = [
        "type", "left", "right", "top", "bottom", "gravityMagnitude", "elasticity", "bounceElasticity", "bounceMagnitude",
        "paneStateOpenWideEdgeOffset", "paneViewSlideOffAnimationEnabled", "paneDragRevealEnabled", "paneTapToCloseEnabled",
        "interruptible",
    ]

    private mutating func dynamics(_ json: JSONValue, size: Size) -> DynamicsConfiguration? {
        guard let o = object(json, "container", allowed: Self.dynamicsKeys) else { return nil }
        let widths = drawers(o, [.left, .right, .top, .bottom])
        let horizontal = widths.keys.filter(\.isHorizontal), vertical = widths.keys.filter { !$0.isHorizontal }
        if widths.isEmpty {
            report("container", "expected a drawer: \"left\", \"right\", \"top\" or \"bottom\" (each {} or {\"width\": 267})")
        } else if !horizontal.isEmpty && !vertical.isEmpty {
            report("container", "expected drawers on one axis (left and right, or top and bottom), got \(widths.keys.sorted().map(\.rawValue).joined(separator: ", "))")
        }
        var c = DynamicsConfiguration(size: size, widths: widths)
        c.gravityMagnitude = number(o["gravityMagnitude"], "container.gravityMagnitude", "≥ 0 and ≤ 100") { $0 >= 0 && $0 <= 100 } ?? c.gravityMagnitude
        c.elasticity = number(o["elasticity"], "container.elasticity", "in 0…1") { (0...1).contains($0) } ?? c.elasticity
        c.bounceElasticity = number(o["bounceElasticity"], "container.bounceElasticity", "in 0…1") { (0...1).contains($0) } ?? c.bounceElasticity
        c.bounceMagnitude = number(o["bounceMagnitude"], "container.bounceMagnitude", "≥ 0 and ≤ 10000") { $0 >= 0 && $0 <= 10000 } ?? c.bounceMagnitude
        c.paneStateOpenWideEdgeOffset = number(o["paneStateOpenWideEdgeOffset"], "container.paneStateOpenWideEdgeOffset", "≥ 0") { $0 >= 0 }
            ?? c.paneStateOpenWideEdgeOffset
        c.paneViewSlideOffAnimationEnabled = bool(o["paneViewSlideOffAnimationEnabled"], "container.paneViewSlideOffAnimationEnabled")
            ?? c.paneViewSlideOffAnimationEnabled
        c.paneDragRevealEnabled = bool(o["paneDragRevealEnabled"], "container.paneDragRevealEnabled") ?? c.paneDragRevealEnabled
        c.paneTapToCloseEnabled = bool(o["paneTapToCloseEnabled"], "container.paneTapToCloseEnabled") ?? c.paneTapToCloseEnabled
        c.interruptible = bool(o["interruptible"], "container.interruptible") ?? false
        return c
    }

    private static let splitKeys = [
        "type", "orientation", "splitPosition", "splitWidth", "vertical", "masterBeforeDetail", "dividerStyle",
        "showsMasterInPortrait", "showsMasterInLandscape", "allowsDraggingDivider", "minimumViewExtent", "popoverSize",
        "statusBarHeight", "interruptible",
    ]

    private mutating func split(_ json: JSONValue, size: Size) -> SplitConfiguration? {
        guard let o = object(json, "container", allowed: Self.splitKeys) else { return nil }
        var c = SplitConfiguration(size: size)
        c.orientation = choice(o["orientation"], "container.orientation", Orientation.allCases.map(\.rawValue)).flatMap(Orientation.init(rawValue:))
        c.splitPosition = number(o["splitPosition"], "container.splitPosition", "≥ 0") { $0 >= 0 } ?? c.splitPosition
        c.splitWidth = number(o["splitWidth"], "container.splitWidth", "≥ 0") { $0 >= 0 }
        c.vertical = bool(o["vertical"], "container.vertical") ?? c.vertical
        c.masterBeforeDetail = bool(o["masterBeforeDetail"], "container.masterBeforeDetail") ?? c.masterBeforeDetail
        c.dividerStyle = choice(o["dividerStyle"], "container.dividerStyle", DividerStyle.allCases.map(\.rawValue))
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

    private static let sideMenuKeys = [
        "type", "left", "right", "animationDuration", "completionThreshold", "edgeWidth", "interruptible", "timing",
    ]

    private mutating func sideMenu(_ json: JSONValue, size: Size) -> SideMenuConfiguration? {
        guard let o = object(json, "container", allowed: Self.sideMenuKeys) else { return nil }
        let widths = drawers(o, [.left, .right])
        if widths.isEmpty {
            report("container", "expected a menu: \"left\" or \"right\" (each an object such as {} or {\"width\": 250})")
        }
        var c = SideMenuConfiguration(size: size, widths: widths)
        c.animationDuration = number(o["animationDuration"], "container.animationDuration", "≥ 0") { $0 >= 0 } ?? c.animationDuration
        c.completionThreshold = number(o["completionThreshold"], "container.completionThreshold", "in 0…1") { (0...1).contains($0) }
            ?? c.completionThreshold
        c.edgeWidth = number(o["edgeWidth"], "container.edgeWidth", "≥ 0") { $0 >= 0 } ?? c.edgeWidth
        c.interruptible = bool(o["interruptible"], "container.interruptible") ?? false
        c.timing = timing(o["timing"], "container.timing")
        return c
    }

    private mutating func names(_ value: JSONValue?, _ path: String, _ allowed: [String]) -> [String] {
        guard let value else { return [] }
        guard case .array(let items) = value else {
            report(path, "expected an array of names (\(allowed.joined(separator: ", "))), got \(value.brief)")
            return []
        }
        return items.enumerated().compactMap { i, item in choice(item, "\(path)[\(i)]", allowed) }
    }

    // MARK: - Stylers

    private mutating func stylers(_ json: JSONValue, directions: [Direction]) -> [Direction: [StylerReference]] {
        guard let o = object(json, "stylers", allowed: directions.map(\.rawValue)) else { return [:] }
        var result: [Direction: [StylerReference]] = [:]
        for direction in directions {
            guard let listJSON = o[direction.rawValue] else { continue }
            let path = "stylers.\(direction.rawValue)"
            guard case .array(let items) = listJSON else {
                report(path, "expected an array of styler names or {\"name\", \"params\"} objects, got \(listJSON.brief)")
                continue
            }
            result[direction] = items.enumerated().compactMap { i, item in styler(item, "\(path)[\(i)]") }
        }
        return result
    }

    private mutating func styler(_ json: JSONValue, _ path: String) -> StylerReference? {
        var reference: StylerReference
        var paramsPath = path
        switch json {
        case .string(let name):
            reference = StylerReference(name: name)
        case .object:
            guard let o = object(json, path, allowed: ["name", "params"]) else { return nil }
            guard let name = required(string(o["name"], "\(path).name"), o["name"], "\(path).name", "a styler name") else { return nil }
            reference = StylerReference(name: name)
            paramsPath = "\(path).params"
            if let paramsJSON = o["params"] {
                guard case .object(let members) = paramsJSON else {
                    report(paramsPath, "expected an object of parameters, got \(paramsJSON.brief)")
                    return nil
                }
                for (key, value) in members {
                    switch value {
                    case .number(let n): reference.params[key] = .number(n)
                    case .bool(let b): reference.params[key] = .bool(b)
                    case .string(let s): reference.params[key] = .string(s)
                    default: report("\(paramsPath).\(key)", "expected a number, boolean or string, got \(value.brief)")
                    }
                }
            }
        default:
            report(path, "expected a styler name or {\"name\", \"params\"}, got \(json.brief)")
            return nil
        }
        guard let entry = registry.entry(named: reference.name) else {
            report(
                path.hasSuffix("]") && json.stringValue != nil ? path : "\(path).name",
                "unknown styler \"\(reference.name)\"; known: \(registry.names.joined(separator: ", "))"
                    + Suggestion.hint(for: reference.name, among: registry.names))
            return nil
        }
        do {
            _ = try Parameters(specs: entry.params, overrides: reference.params)
        } catch {
            // The message starts with the parameter's name, which continues the path.
            report("\(paramsPath).\(error.message)", "")
            return nil
        }
        return reference
    }

    // MARK: - Timeline

    /// The actions of each container type with their keys.
    private static func actionKeys(for type: String?) -> [String: [String]] {
        switch type {
        case "sidemenu":
            ["present": ["direction", "animated"], "dismiss": ["animated"], "pan": panKeys, "tap": ["point"]]
        case "split":
            ["setSplitPosition": ["position", "animated"], "setSplitWidth": ["width"], "toggleOrientation": [],
             "toggleMasterBeforeDetail": [], "toggleMaster": [], "setDividerStyle": ["style", "animated"],
             "rotate": ["orientation"], "showMasterPopover": [], "hideMasterPopover": [], "pan": panKeys, "tap": ["point"]]
        case "dynamics":
            ["setPaneState": ["state", "direction", "animated"], "bounce": ["direction"], "replacePane": ["animated"],
             "pan": panKeys, "tap": ["point"]]
        default:
            drawerActionKeys
        }
    }

    private static let panKeys = ["points", "duration", "track"]

    private static let drawerActionKeys: [String: [String]] = [
        "open": ["direction", "animated"],
        "close": ["animated"],
        "toggle": ["direction", "animated"],
        "bounce": ["direction", "distance"],
        "replaceCenter": ["mode", "animated"],
        "setMaximumWidth": ["direction", "width", "animated"],
        "pan": panKeys,
        "tap": ["point"],
    ]

    /// The timeline's actions; an action or pan that ends after `lastTime` (the last frame any run can make) is
    /// more work than a run may do, and a problem.
    private mutating func timeline(_ json: JSONValue, directions: [Direction], type: String?, lastTime: Double) -> [TimedAction] {
        guard case .array(let items) = json else {
            report("timeline", "expected an array of actions, got \(json.brief)")
            return []
        }
        var result: [TimedAction] = []
        result.reserveCapacity(items.count)
        var last = 0.0
        let actionKeys = Self.actionKeys(for: type)
        let known = actionKeys.keys.sorted()
        let allowedKeys = Dictionary(uniqueKeysWithValues: actionKeys.map { name, keys in
            (name, ["at", "action"] + keys + (Action.timedNames.contains(name) ? ["timing"] : []))
        })
        let cap = "the frame cap: \(Scenario.maximumFrames) frames, t ≤ \(NumberFormat.string(lastTime)) s at this fps"
        for (i, item) in items.enumerated() {
            let path = "timeline[\(i)]"
            guard case .object(let members) = item else {
                report(path, "expected an object such as {\"at\": 0, \"action\": \"open\", \"direction\": \"left\"}, got \(item.brief)")
                continue
            }
            let actionName = members.first { $0.key == "action" }?.value
            guard let actionName else {
                report("\(path).action", "missing; expected one of \(known.joined(separator: ", "))")
                continue
            }
            guard case .string(let name) = actionName, actionKeys[name] != nil else {
                report(
                    "\(path).action",
                    "expected one of \(known.joined(separator: ", ")), got \(actionName.brief)"
                        + (actionName.stringValue.map { Suggestion.hint(for: $0, among: known) } ?? ""))
                continue
            }
            guard let o = object(item, path, allowed: allowedKeys[name]!) else { continue }
            guard let at = required(number(o["at"], "\(path).at", "≥ 0") { $0 >= 0 }, o["at"], "\(path).at", "a time in seconds")
            else { continue }
            if at < last {
                report("\(path).at", "expected a time ≥ \(NumberFormat.string(last)) (the timeline must be in order), got \(NumberFormat.string(at))")
            }
            last = max(last, at)
            if at > lastTime {
                report("\(path).at", "expected a time within \(cap), got \(NumberFormat.string(at))")
                continue
            }
            if name == "pan" {
                guard let gesture = pan(o, path) else { continue }
                if at + gesture.duration > lastTime {
                    let key = o["track"] != nil ? "track" : "duration"
                    report(
                        "\(path).\(key)",
                        "expected a pan that ends within \(cap), got one that ends at t = \(NumberFormat.string(at + gesture.duration)) s")
                    continue
                }
                result.append(TimedAction(at: at, .gesture(gesture)))
            } else if let action = self.action(name, o, path, directions: directions) {
                result.append(TimedAction(at: at, timing(o["timing"], "\(path).timing").map(action.timed) ?? action))
            }
        }
        return result
    }

    /// A transition's `timing`, reported under `path` when it is wrong.
    private mutating func timing(_ value: JSONValue?, _ path: String) -> Timing? {
        guard let value else { return nil }
        do {
            return try Timing(json: value)
        } catch {
            report(path + error.message.prefix { $0 != ":" }, String(error.message.drop { $0 != ":" }.dropFirst().drop { $0 == " " }))
            return nil
        }
    }

    private mutating func action(_ name: String, _ o: [String: JSONValue], _ path: String, directions: [Direction]) -> Action? {
        let animated = bool(o["animated"], "\(path).animated") ?? true
        func direction(_ me: inout ScenarioLoader) -> Direction? {
            let names = directions.map(\.rawValue)
            let value = me.choice(o["direction"], "\(path).direction", names).flatMap(Direction.init(rawValue:))
            return me.required(value, o["direction"], "\(path).direction", "one of \(names.joined(separator: ", "))")
        }
        switch name {
        case "open":
            return direction(&self).map { .open($0, animated: animated) }
        case "close":
            return .close(animated: animated)
        case "toggle":
            return direction(&self).map { .toggle($0, animated: animated) }
        case "bounce":
            let distance = positive(o["distance"], "\(path).distance")
            return direction(&self).map { .bounce($0, distance: distance) }
        case "replaceCenter":
            let mode = choice(o["mode"], "\(path).mode", ReplaceMode.allCases.map(\.rawValue)).flatMap(ReplaceMode.init(rawValue:))
            if o["mode"] != nil && mode == nil { return nil }
            return .replaceCenter(mode ?? .close, animated: animated)
        case "setPaneState":
            let state = required(
                choice(o["state"], "\(path).state", PaneState.allCases.map(\.rawValue)).flatMap(PaneState.init(rawValue:)),
                o["state"], "\(path).state", "one of closed, open, openWide")
            let names = directions.map(\.rawValue)
            let side = choice(o["direction"], "\(path).direction", names).flatMap(Direction.init(rawValue:))
            guard let state, o["direction"] == nil || side != nil else { return nil }
            return .setPaneState(state, side, animated: animated)
        case "replacePane":
            return .replacePane(animated: animated)
        case "setSplitPosition":
            let position = required(number(o["position"], "\(path).position"), o["position"], "\(path).position", "a position in points")
            return position.map { .setSplitPosition($0, animated: animated) }
        case "setSplitWidth":
            let width = required(number(o["width"], "\(path).width", "≥ 0") { $0 >= 0 }, o["width"], "\(path).width", "a width ≥ 0")
            return width.map { .setSplitWidth($0) }
        case "setDividerStyle":
            let style = required(
                choice(o["style"], "\(path).style", DividerStyle.allCases.map(\.rawValue)).flatMap(DividerStyle.init(rawValue:)),
                o["style"], "\(path).style", "thin or paneSplitter")
            return style.map { .setDividerStyle($0, animated: animated) }
        case "rotate":
            let target = required(
                choice(o["orientation"], "\(path).orientation", Orientation.allCases.map(\.rawValue)).flatMap(Orientation.init(rawValue:)),
                o["orientation"], "\(path).orientation", "portrait or landscape")
            return target.map { .rotate($0) }
        case "toggleOrientation": return .toggleOrientation
        case "toggleMasterBeforeDetail": return .toggleMasterBeforeDetail
        case "toggleMaster": return .toggleMaster
        case "showMasterPopover": return .showMasterPopover
        case "hideMasterPopover": return .hideMasterPopover
        case "present":
            let names = directions.map(\.rawValue)
            let side = choice(o["direction"], "\(path).direction", names).flatMap(Direction.init(rawValue:))
            if o["direction"] != nil && side == nil { return nil }
            if side == nil && directions.count > 1 {
                report("\(path).direction", "missing; expected one of \(names.joined(separator: ", ")) (the container has two menus)")
                return nil
            }
            return .present(side, animated: animated)
        case "dismiss":
            return .dismiss(animated: animated)
        case "tap":
            guard let (x, y) = required(pair(o["point"], "\(path).point", positive: false), o["point"], "\(path).point", "[x, y]")
            else { return nil }
            return .tap(Point(x: x, y: y))
        case "setMaximumWidth":
            let width = required(positive(o["width"], "\(path).width"), o["width"], "\(path).width", "a width > 0")
            guard let side = direction(&self), let width else { return nil }
            return .setMaximumWidth(side, width: width, animated: animated)
        default:
            return nil
        }
    }
}

extension ScenarioLoader {
    /// A pan as a touch path: `points` crossed at constant speed per segment over `duration` and sampled at
    /// 120 Hz, or `track`'s own samples `[t, x, y]` (t from the action's `at`). Its samples are made as the run
    /// reaches them, so a long pan costs no memory.
    private mutating func pan(_ o: [String: JSONValue], _ path: String) -> TouchPath? {
        if let track = o["track"] {
            if o["points"] != nil || o["duration"] != nil {
                report(path, "expected either \"track\" or \"points\" with \"duration\", got both")
                return nil
            }
            guard case .array(let items) = track, items.count >= 2 else {
                report("\(path).track", "expected at least two samples [t, x, y], got \(track.brief)")
                return nil
            }
            var times: [Double] = [], points: [Point] = []
            times.reserveCapacity(items.count)
            points.reserveCapacity(items.count)
            for (i, item) in items.enumerated() {
                guard case .array(let v) = item, v.count == 3, case .number(let t) = v[0], case .number(let x) = v[1],
                    case .number(let y) = v[2]
                else {
                    report("\(path).track[\(i)]", "expected [t, x, y] (three numbers), got \(item.brief)")
                    return nil
                }
                if max(abs(x), abs(y)) > Self.largestMagnitude {
                    report("\(path).track[\(i)]", "expected coordinates of magnitude ≤ \(NumberFormat.string(Self.largestMagnitude)), got \(item.brief)")
                    return nil
                }
                if t < 0 || t < (times.last ?? 0) {
                    report("\(path).track[\(i)]", "expected a time ≥ \(NumberFormat.string(times.last ?? 0)) (samples in order), got \(NumberFormat.string(t))")
                    return nil
                }
                times.append(t)
                points.append(Point(x: x, y: y))
            }
            return TouchPath(times: times, points: points)
        }
        let points = o["points"], durationJSON = o["duration"]
        guard let points else {
            report("\(path).points", "missing; expected [[x, y], …] with \"duration\", or a \"track\" of [t, x, y]")
            return nil
        }
        guard case .array(let items) = points, items.count >= 2 else {
            report("\(path).points", "expected at least two points [x, y], got \(points.brief)")
            return nil
        }
        var polyline: [Point] = []
        for (i, item) in items.enumerated() {
            guard let (x, y) = pair(item, "\(path).points[\(i)]", positive: false) else { return nil }
            polyline.append(Point(x: x, y: y))
        }
        guard let duration = required(positive(durationJSON, "\(path).duration"), durationJSON, "\(path).duration", "a duration > 0")
        else { return nil }
        return TouchPath(points: polyline, duration: duration)
    }

    /// A pan crossing `polyline` at constant speed per segment over `duration` (> 0), sampled at 120 Hz from
    /// `at` as the run reaches each sample: one queued action, whatever the duration.
    static func pan(through polyline: [Point], duration: Double, at: Double) -> [TimedAction] {
        TouchPath(points: polyline, duration: duration).map { [TimedAction(at: at, .gesture($0))] } ?? []
    }
}

extension JSONValue {
    var stringValue: String? { if case .string(let s) = self { s } else { nil } }
}
