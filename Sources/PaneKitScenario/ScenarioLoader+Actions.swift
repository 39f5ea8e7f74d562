// The timeline's actions as a scenario spells them: one entry per action, with its keys, the containers that take
// it, and how its fields become an `Action`. Adding an action is one entry here (and its case in `Action` and
// `Action.Kind`, and its name in `Action.timedNames` when it takes a `timing`).

import PaneKit

extension ScenarioLoader {
    /// How one timeline action is written in a scenario file.
    struct ActionSyntax: Sendable {
        /// The action; its `rawValue` is the name in the file.
        let kind: Action.Kind
        /// The keys it takes besides `at` and `action` (and `timing`, when `timed`), in the order messages list them.
        let keys: [String]
        /// The container types that take it.
        let containers: [String]
        /// Whether it takes a `timing` (DESIGN §12): one of `Action.timedNames`.
        var timed: Bool { Action.timedNames.contains(kind.rawValue) }
        /// Reads its fields into an `Action`, or reports the problems and gives nil. Nil for `pan`, which the
        /// timeline reads as a touch path.
        let read: (@Sendable (inout ScenarioLoader, ActionFields) -> Action?)?

        init(
            _ kind: Action.Kind, _ keys: [String], in containers: [String],
            read: (@Sendable (inout ScenarioLoader, ActionFields) -> Action?)?
        ) {
            self.kind = kind
            self.keys = keys
            self.containers = containers
            self.read = read
        }
    }

    /// The members of one timeline entry, its path, the container's directions, and its `animated` (default true).
    struct ActionFields {
        let members: [String: JSONValue]
        let path: String
        let directions: [Direction]
        let animated: Bool

        subscript(key: String) -> JSONValue? { members[key] }
        func path(_ key: String) -> String { "\(path).\(key)" }
    }

    static let panKeys = ["points", "duration", "track", "cancelled"]

    /// Every action of every container. `bounce` has two entries: the drawer's takes a `distance`, the dynamics
    /// container's does not.
    static let actionSyntax: [ActionSyntax] = [
        // Drawer.
        ActionSyntax(.open, ["direction", "animated"], in: ["drawer", "adaptive"]) { me, f in
            me.direction(f).map { .open($0, animated: f.animated) }
        },
        ActionSyntax(.close, ["animated"], in: ["drawer", "adaptive"]) { _, f in .close(animated: f.animated) },
        ActionSyntax(.toggle, ["direction", "animated"], in: ["drawer", "adaptive"]) { me, f in
            me.direction(f).map { .toggle($0, animated: f.animated) }
        },
        ActionSyntax(.bounce, ["direction", "distance"], in: ["drawer", "adaptive"], read: readBounce),
        ActionSyntax(.replaceCenter, ["mode", "animated"], in: ["drawer"]) { me, f in
            let mode = me.choice(f["mode"], f.path("mode"), ReplaceMode.allCases.map(\.rawValue)).flatMap(ReplaceMode.init(rawValue:))
            if f["mode"] != nil && mode == nil { return nil }
            return .replaceCenter(mode ?? .close, animated: f.animated)
        },
        ActionSyntax(.setMaximumWidth, ["direction", "width", "animated"], in: ["drawer"]) { me, f in
            let width = me.required(me.positive(f["width"], f.path("width")), f["width"], f.path("width"), "a width > 0")
            guard let side = me.direction(f), let width else { return nil }
            return .setMaximumWidth(side, width: width, animated: f.animated)
        },
        // Dynamics.
        ActionSyntax(.setPaneState, ["state", "direction", "animated"], in: ["dynamics"]) { me, f in
            let state = me.required(
                me.choice(f["state"], f.path("state"), PaneState.allCases.map(\.rawValue)).flatMap(PaneState.init(rawValue:)),
                f["state"], f.path("state"), "one of closed, open, openWide")
            let side = me.optionalDirection(f)
            guard let state, f["direction"] == nil || side != nil else { return nil }
            return .setPaneState(state, side, animated: f.animated)
        },
        ActionSyntax(.bounce, ["direction"], in: ["dynamics"], read: readBounce),
        ActionSyntax(.replacePane, ["animated"], in: ["dynamics"]) { _, f in .replacePane(animated: f.animated) },
        // Split.
        ActionSyntax(.setSplitPosition, ["position", "animated"], in: ["split", "adaptive"]) { me, f in
            let position = me.required(
                me.number(f["position"], f.path("position")), f["position"], f.path("position"), "a position in points")
            return position.map { .setSplitPosition($0, animated: f.animated) }
        },
        ActionSyntax(.setSplitWidth, ["width"], in: ["split"]) { me, f in
            let width = me.required(
                me.number(f["width"], f.path("width"), "≥ 0") { $0 >= 0 }, f["width"], f.path("width"), "a width ≥ 0")
            return width.map { .setSplitWidth($0) }
        },
        ActionSyntax(.toggleOrientation, [], in: ["split"]) { _, _ in .toggleOrientation },
        ActionSyntax(.toggleMasterBeforeDetail, [], in: ["split"]) { _, _ in .toggleMasterBeforeDetail },
        ActionSyntax(.toggleMaster, [], in: ["split"]) { _, _ in .toggleMaster },
        ActionSyntax(.setDividerStyle, ["style", "animated"], in: ["split", "adaptive"]) { me, f in
            let style = me.required(
                me.choice(f["style"], f.path("style"), DividerStyle.allCases.map(\.rawValue)).flatMap(DividerStyle.init(rawValue:)),
                f["style"], f.path("style"), "thin or paneSplitter")
            return style.map { .setDividerStyle($0, animated: f.animated) }
        },
        ActionSyntax(.rotate, ["orientation"], in: ["split", "adaptive"]) { me, f in
            let target = me.required(
                me.choice(f["orientation"], f.path("orientation"), Orientation.allCases.map(\.rawValue))
                    .flatMap(Orientation.init(rawValue:)),
                f["orientation"], f.path("orientation"), "portrait or landscape")
            return target.map { .rotate($0) }
        },
        ActionSyntax(.showMasterPopover, [], in: ["split"]) { _, _ in .showMasterPopover },
        ActionSyntax(.hideMasterPopover, [], in: ["split"]) { _, _ in .hideMasterPopover },
        // Adaptive (with the drawer's and the split's above).
        ActionSyntax(.resize, ["size", "animated"], in: ["adaptive"], read: readResize),
        // Side menu.
        ActionSyntax(.present, ["direction", "animated"], in: ["sidemenu"]) { me, f in
            let side = me.optionalDirection(f)
            if f["direction"] != nil && side == nil { return nil }
            if side == nil && f.directions.count > 1 {
                let names = f.directions.map(\.rawValue)
                me.report(
                    .missingKey, f.path("direction"),
                    "missing; expected one of \(names.joined(separator: ", ")) (the container has two menus)")
                return nil
            }
            return .present(side, animated: f.animated)
        },
        ActionSyntax(.dismiss, ["animated"], in: ["sidemenu"]) { _, f in .dismiss(animated: f.animated) },
        // Every container.
        ActionSyntax(.pan, panKeys, in: containerTypes, read: nil),
        ActionSyntax(.tap, ["point"], in: containerTypes) { me, f in
            guard let (x, y) = me.required(me.pair(f["point"], f.path("point"), positive: false), f["point"], f.path("point"), "[x, y]")
            else { return nil }
            return .tap(Point(x: x, y: y))
        },
    ]

    /// The actions a container type takes, by name; an unknown type (a container that did not load) is a drawer.
    static func actionSyntax(for type: String?) -> [String: ActionSyntax] {
        let type = type ?? "drawer"
        return Dictionary(uniqueKeysWithValues: actionSyntax.filter { $0.containers.contains(type) }.map { ($0.kind.rawValue, $0) })
    }

    @Sendable private static func readBounce(_ me: inout ScenarioLoader, _ f: ActionFields) -> Action? {
        let distance = me.positive(f["distance"], f.path("distance"))
        return me.direction(f).map { .bounce($0, distance: distance) }
    }

    /// The entry's required `direction`, one of the container's.
    mutating func direction(_ f: ActionFields) -> Direction? {
        let names = f.directions.map(\.rawValue)
        let value = choice(f["direction"], f.path("direction"), names).flatMap(Direction.init(rawValue:))
        return required(value, f["direction"], f.path("direction"), "one of \(names.joined(separator: ", "))")
    }

    /// The entry's optional `direction`: nil when absent, or after reporting one the container lacks.
    mutating func optionalDirection(_ f: ActionFields) -> Direction? {
        choice(f["direction"], f.path("direction"), f.directions.map(\.rawValue)).flatMap(Direction.init(rawValue:))
    }
}
