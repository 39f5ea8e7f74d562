// The scenario's `container` object: its `type` names a registered container, whose descriptor reads the rest
// through `LoaderReading` (the loader's helpers behind the core's `ScenarioReading`).

import PaneKit

extension ScenarioLoader {
    mutating func container(_ json: JSONValue, size: Size, safeArea: SafeAreaInsets = .zero) -> ContainerSpec? {
        guard case .object(let members) = json else {
            report(.wrongType, "container", "expected an object, got \(json.kindName)")
            return nil
        }
        guard let typeJSON = members.first(where: { $0.key == "type" })?.value else {
            report(.missingKey, "container.type", "missing; expected one of \(Self.containerTypes.joined(separator: ", "))")
            return nil
        }
        guard case .string(let type) = typeJSON, let descriptor = ContainerRegistry.descriptor(named: type) else {
            report(
                .unknownContainerType,
                "container.type",
                "expected one of \(Self.containerTypes.joined(separator: ", ")), got \(typeJSON.brief)"
                    + (typeJSON.stringValue.map { Suggestion.hint(for: $0, among: Self.containerTypes) } ?? ""))
            return nil
        }
        let (rest, gestures) = gestureKeys(json, options: descriptor.gestureOptions)  // ScenarioLoader+Gestures
        guard let o = object(rest, "container", allowed: descriptor.keys) else { return nil }
        let reader = LoaderReading(self, o, path: "container", safeArea: safeArea)
        defer { self = reader.loader }
        return descriptor.spec(reading: reader, size: size, gestures: gestures)
    }

    /// The drawers declared by direction keys, each `{}` or `{"width": w}`; a nil width means the container's default.
    mutating func drawers(_ o: [String: JSONValue], _ sides: [Direction], at path: String) -> [Direction: Double?] {
        var widths: [Direction: Double?] = [:]
        for side in sides {
            let path = "\(path).\(side.rawValue)"
            guard let sideJSON = o[side.rawValue], let s = object(sideJSON, path, allowed: ["width"]) else { continue }
            widths[side] = .some(positive(s["width"], "\(path).width"))
        }
        return widths
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

/// One object of the file (the container object or a timeline entry) as a descriptor reads it: each accessor is
/// the loader's helper on the member, reported at `path.key`. The loader takes its issues back after the read.
final class LoaderReading: ScenarioReading {
    private var ownLoader: ScenarioLoader
    /// The reader of the object holding this one (an item of an array), which keeps the issues.
    private let parent: LoaderReading?
    /// The loader that keeps the issues: the outermost reader's.
    var loader: ScenarioLoader {
        get { parent?.loader ?? ownLoader }
        set {
            if let parent { parent.loader = newValue } else { ownLoader = newValue }
        }
    }
    let members: [String: JSONValue]
    let path: String
    let directions: [Direction]
    let animated: Bool
    let safeArea: SafeAreaInsets
    let container: ContainerSpec?

    init(
        _ loader: ScenarioLoader, _ members: [String: JSONValue], path: String, directions: [Direction] = [], animated: Bool = true,
        safeArea: SafeAreaInsets = .zero, container: ContainerSpec? = nil, parent: LoaderReading? = nil
    ) {
        self.safeArea = safeArea
        self.container = container
        self.parent = parent
        self.ownLoader = loader
        self.members = members
        self.path = path
        self.directions = directions
        self.animated = animated
    }

    func contains(_ key: String) -> Bool { members[key] != nil }
    func number(_ key: String, _ requirement: String, _ accept: (Double) -> Bool) -> Double? {
        loader.number(members[key], path(key), requirement, accept)
    }
    func bool(_ key: String) -> Bool? { loader.bool(members[key], path(key)) }
    func choice(_ key: String, _ choices: [String]) -> String? { loader.choice(members[key], path(key), choices) }
    func color(_ key: String) -> Color? { loader.color(members[key], path(key)) }
    func pair(_ key: String, positive: Bool) -> (Double, Double)? { loader.pair(members[key], path(key), positive: positive) }
    func timing(_ key: String) -> Timing? { loader.timing(members[key], path(key)) }
    func gestures<Mask: OptionSet>(_ key: String, _ table: [(name: String, gestures: Mask)]) -> Mask where Mask.Element == Mask {
        loader.gestures(members[key], path(key), table)
    }
    func drawers(_ sides: [Direction]) -> [Direction: Double?] { loader.drawers(members, sides, at: path) }
    func numbers(_ key: String) -> [Double]? {
        guard case .array(let items) = members[key] else { return nil }
        var numbers: [Double] = []
        for item in items {
            guard case .number(let n) = item else { return nil }
            numbers.append(n)
        }
        return numbers
    }
    func string(_ key: String) -> String? { loader.string(members[key], path(key)) }
    func numberRows(_ key: String) -> [(numbers: [Double]?, brief: String)]? {
        guard case .array(let rows) = members[key] else { return nil }
        return rows.map { row in
            guard case .array(let items) = row else { return (nil, row.brief) }
            var numbers: [Double] = []
            for item in items {
                guard case .number(let n) = item else { return (nil, row.brief) }
                numbers.append(n)
            }
            return (numbers, row.brief)
        }
    }
    func items(_ key: String, allowed: [String]) -> [ScenarioItem]? {
        guard let value = members[key] else { return nil }
        guard case .array(let elements) = value else {
            report(.wrongType, key, "expected an array, got \(value.brief)")
            return nil
        }
        var items: [ScenarioItem] = []
        for (i, element) in elements.enumerated() {
            let itemPath = "\(path(key))[\(i)]"
            switch element {
            case .string(let s): items.append(.string(s))
            case .object:
                guard let o = loader.object(element, itemPath, allowed: allowed) else {
                    items.append(.other(path: itemPath, brief: element.brief))
                    continue
                }
                items.append(.object(LoaderReading(loader, o, path: itemPath, directions: directions, safeArea: safeArea, parent: self)))
            default: items.append(.other(path: itemPath, brief: element.brief))
            }
        }
        return items
    }
    func brief(_ key: String) -> String { members[key]?.brief ?? "" }
    func report(_ problem: ScenarioProblem, _ key: String?, _ message: String) {
        loader.report(ScenarioIssue.Reason(problem), key.map(path(_:)) ?? path, message)
    }
}

extension ScenarioIssue.Reason {
    /// The issue reason of a problem a descriptor reports.
    init(_ problem: ScenarioProblem) {
        switch problem {
        case .missingKey: self = .missingKey
        case .wrongType: self = .wrongType
        case .invalidNumber: self = .invalidNumber
        case .invalidValue: self = .invalidValue
        case .unknownValue: self = .unknownValue
        case .conflict: self = .conflict
        }
    }
}
