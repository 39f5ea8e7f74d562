// The scenario key `grid`: the scenario run once per cell (each with its own container keys and stylers) and laid
// out in one frame, a contact sheet that plays in every output.

import PaneKit

extension ScenarioLoader {
    /// The keys of `grid`.
    static let gridKeys = ["columns", "gap", "cells"]
    /// The keys of one cell.
    static let cellKeys = ["label", "container", "stylers"]
    /// The most cells a grid takes.
    static let maximumCells = 100

    /// `grid`: `{"columns": N, "gap": POINTS, "cells": [{"label", "container": {…}, "stylers": {…}}, …]}`. A cell's `container` keys
    /// replace the scenario's (not its `type`: every cell runs the scenario's timeline); its `stylers` replace the
    /// scenario's.
    mutating func grid(
        _ json: JSONValue, container containerJSON: JSONValue, size: Size, safeArea: SafeAreaInsets,
        stylers: [StylerGroup: [StylerReference]]
    ) -> ScenarioGrid? {
        guard let o = object(json, "grid", allowed: Self.gridKeys) else { return nil }
        guard case .array(let items)? = o["cells"], (1...Self.maximumCells).contains(items.count) else {
            report(
                o["cells"] == nil ? .missingKey : .wrongType, "grid.cells",
                "expected an array of 1 to \(Self.maximumCells) cells {\"label\", \"container\", \"stylers\"}, got \(o["cells"]?.brief ?? "none")"
            )
            return nil
        }
        let columns =
            number(o["columns"], "grid.columns", "that is a whole number ≥ 1 and ≤ \(Self.maximumCells)") {
                $0 >= 1 && $0 <= Double(Self.maximumCells) && $0.rounded() == $0
            }.map(Int.init) ?? Int(Double(items.count).squareRoot().rounded(.up))
        let gap = number(o["gap"], "grid.gap", "≥ 0 and ≤ 10000") { $0 >= 0 && $0 <= 10000 } ?? ScenarioGrid.defaultGap
        guard case .object(let base) = containerJSON else { return nil }
        var cells: [ScenarioGrid.Cell] = []
        var labels: Set<String> = []
        for (i, item) in items.enumerated() {
            let path = "grid.cells[\(i)]"
            guard let cell = object(item, path, allowed: Self.cellKeys) else { continue }
            guard let label = required(string(cell["label"], "\(path).label"), cell["label"], "\(path).label", "a label") else { continue }
            // The label names the cell's roles in every output (CSS classes, element ids): letters, digits, `.`, `-`, `_`.
            let allowed = label.unicodeScalars.allSatisfy {
                ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) || "._-".unicodeScalars.contains($0)
            }
            guard !label.isEmpty, label.count <= 64, allowed, labels.insert(label).inserted else {
                report(
                    .invalidValue, "\(path).label",
                    "expected a label of 1 to 64 letters, digits, \".\", \"-\" or \"_\" that no other cell has, got \(JSONValue.string(label).brief)"
                )
                continue
            }
            var merged = base
            if let own = cell["container"] {
                guard case .object(let members) = own else {
                    report(.wrongType, "\(path).container", "expected an object of container keys, got \(own.brief)")
                    continue
                }
                if members.contains(where: { $0.key == "type" }) {
                    report(
                        .unknownKey, "\(path).container.type",
                        "a cell runs the scenario's container type; give the other keys of its container")
                    continue
                }
                for (key, value) in members {
                    if let k = merged.firstIndex(where: { $0.key == key }) { merged[k].value = value } else { merged.append((key, value)) }
                }
            }
            let container = within("\(path).container", replacing: "container") {
                $0.container(.object(merged), size: size, safeArea: safeArea)
            }
            let groups = container?.configuration.stylerGroups ?? []
            let own = cell["stylers"].map { json in within("\(path).stylers", replacing: "stylers") { $0.stylers(json, groups: groups) } }
            if let container { cells.append(ScenarioGrid.Cell(label: label, container: container, stylers: own ?? stylers)) }
        }
        guard cells.count == items.count else { return nil }
        return ScenarioGrid(cells: cells, columns: columns, gap: gap)
    }

    /// Runs `read`, reporting its problems at `path` instead of `prefix` (a cell's container is read as the scenario's).
    private mutating func within<T>(_ path: String, replacing prefix: String, _ read: (inout ScenarioLoader) -> T) -> T {
        let before = issues.count
        let result = read(&self)
        for i in before..<issues.count where issues[i].path.hasPrefix(prefix) {
            issues[i].path = path + issues[i].path.dropFirst(prefix.count)
        }
        return result
    }
}
