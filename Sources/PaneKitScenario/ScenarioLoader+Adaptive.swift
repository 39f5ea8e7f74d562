// Reads the adaptive container's keys and its `resize` action (its entry is in ScenarioLoader+Actions.swift).

import PaneKit

extension ScenarioLoader {
    static let adaptiveKeys = [
        "type", "breakpoints", "left", "right", "showsSidebar", "openMode", "openGestures", "closeGestures", "splitPosition",
        "dividerStyle",
    ]

    /// `{"type": "adaptive", "breakpoints": [narrowMax, mediumMax], "left": {"width": 280}, …}`: one sidebar
    /// (`left` or `right`) and breakpoints that increase.
    mutating func adaptive(_ json: JSONValue, size: Size) -> AdaptiveConfiguration? {
        guard let o = object(json, "container", allowed: Self.adaptiveKeys) else { return nil }
        var c = AdaptiveConfiguration(size: size)
        if let value = o["breakpoints"] {
            if case .array(let items) = value, items.count == 2, case .number(let a) = items[0], case .number(let b) = items[1],
                a > 0, b > a, b <= Self.largestMagnitude
            {
                c.narrowMax = a
                c.mediumMax = b
            } else {
                var found = value.brief
                if case .array(let items) = value, items.allSatisfy({ if case .number = $0 { true } else { false } }) {
                    found =
                        "[" + items.map { if case .number(let n) = $0 { NumberFormat.message(n) } else { "" } }.joined(separator: ", ")
                        + "]"
                }
                report(
                    .invalidValue,
                    "container.breakpoints",
                    "expected [narrowMax, mediumMax] (two widths in points, 0 < narrowMax < mediumMax), got \(found)")
            }
        }
        let sides = drawers(o, [.left, .right])
        if sides.count != 1 {
            report(
                sides.isEmpty ? .missingKey : .conflict,
                "container",
                "expected one sidebar: \"left\" or \"right\" (an object such as {\"width\": 280}), got "
                    + (sides.isEmpty ? "none" : "both"))
        }
        if let (side, width) = sides.min(by: { $0.key < $1.key }) {
            c.side = side
            c.sidebarWidth = width ?? c.sidebarWidth
        }
        if let value = o["showsSidebar"] {
            if case .bool(let b) = value {
                c.showsSidebar = b
            } else {
                report(.wrongType, "container.showsSidebar", "expected true or false, got \(value.brief)")
            }
        }
        if let mode = choice(o["openMode"], "container.openMode", ["push", "above", "pushContent", "aboveContent"]) {
            c.openMode = mode.hasPrefix("above") ? .above : .push
        }
        if o["openGestures"] != nil { c.openGestures = gestures(o["openGestures"], "container.openGestures", DrawerOpenGestures.names) }
        if o["closeGestures"] != nil {
            c.closeGestures = gestures(o["closeGestures"], "container.closeGestures", DrawerCloseGestures.names)
        }
        c.splitPosition = number(o["splitPosition"], "container.splitPosition", "≥ 0") { $0 >= 0 } ?? c.splitPosition
        c.dividerStyle =
            choice(o["dividerStyle"], "container.dividerStyle", DividerStyle.allCases.map(\.rawValue))
            .flatMap(DividerStyle.init(rawValue:)) ?? c.dividerStyle
        return c
    }

    /// `{"action": "resize", "size": [w, h]}`: the container's new size.
    @Sendable static func readResize(_ me: inout ScenarioLoader, _ f: ActionFields) -> Action? {
        let size = me.required(me.pair(f["size"], f.path("size"), positive: true), f["size"], f.path("size"), "[w, h]")
        return size.map { .resize(Size(width: $0.0, height: $0.1), animated: f.animated) }
    }
}
