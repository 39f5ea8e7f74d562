// panekit feel's two outputs: an aligned table for the terminal and one JSON object of a documented shape.

import PaneKit
import PaneKitRender

extension FeelCommand {
    /// The table's columns: title, whether numbers (right-aligned).
    static let columns: [(title: String, number: Bool)] = [
        ("behavior", false), ("gesture", false), ("at s", true), ("release s", true), ("from", false), ("detent", false),
        ("position pt", true), ("settle s", true), ("overshoot pt", true), ("peak pt/s", true),
    ]

    /// `x` rounded to `step` and written by the number format (a table shows a tenth of a point, a millisecond).
    static func number(_ x: Double, step: Double) -> String { NumberFormat.string((x / step).rounded() * step) }

    /// The table: a title line, a header, then one row per gesture of each behavior in order; a behavior without
    /// gestures gets a line saying where its sheet rests.
    static func text(_ runs: [Run], name: String, fps: Double) -> String {
        var rows: [[String]] = []
        var notes: [String] = []
        for run in runs {
            for g in run.gestures {
                rows.append([
                    run.behavior.rawValue, g.kind, NumberFormat.string(g.at), NumberFormat.string(g.release), g.from ?? "—",
                    g.detent ?? "—", number(g.position, step: 0.1), g.settle.map { number($0, step: 0.001) } ?? "—",
                    number(g.overshoot, step: 0.1), number(g.peakVelocity, step: 1),
                ])
            }
            if run.gestures.isEmpty {
                let rest = run.last.map { " the sheet rests at \($0.detent ?? "—"), \(NumberFormat.string($0.position)) pt" } ?? ""
                notes.append("\(run.behavior.rawValue): no gesture in the timeline;\(rest)")
            }
        }
        var out = "\(name) (\(NumberFormat.string(fps)) fps)\n"
        if !rows.isEmpty {
            out += table(columns, rows)
            if rows.contains(where: { $0[7] == "—" }) {
                out += "settle —: the next gesture starts before the sheet comes to rest\n"
            }
        }
        for note in notes { out += note + "\n" }
        return out
    }

    /// `rows` under a header of `columns`, each column as wide as its widest cell (numbers right-aligned), two
    /// spaces apart, one line each.
    static func table(_ columns: [(title: String, number: Bool)], _ rows: [[String]]) -> String {
        var out = ""
        let header = columns.map(\.title)
        let widths = columns.indices.map { c in ([header] + rows).map { $0[c].count }.max() ?? 0 }
        for row in [header] + rows {
            let cells = columns.indices.map { c in
                let pad = String(repeating: " ", count: widths[c] - row[c].count)
                return columns[c].number ? pad + row[c] : row[c] + pad
            }
            var line = cells.joined(separator: "  ")
            while line.hasSuffix(" ") { line.removeLast() }
            out += line + "\n"
        }
        return out
    }

    /// One JSON object (see the help), numbers by the number format, on one line.
    static func json(_ runs: [Run], path: String, name: String, fps: Double) -> String {
        func string(_ s: String?) -> String { s.map(FrameJSON.string) ?? "null" }
        func number(_ x: Double?) -> String { x.map(NumberFormat.string) ?? "null" }
        let behaviors = runs.map { run in
            let gestures = run.gestures.map { g in
                "{\"kind\":\(string(g.kind)),\"at\":\(number(g.at)),\"release\":\(number(g.release)),\"from\":\(string(g.from)),"
                    + "\"detent\":\(string(g.detent)),\"position\":\(number(g.position)),\"settle\":\(number(g.settle)),"
                    + "\"overshoot\":\(number(g.overshoot)),\"peakVelocity\":\(number(g.peakVelocity))}"
            }
            return "{\"behavior\":\(string(run.behavior.rawValue)),\"detent\":\(string(run.last?.detent)),"
                + "\"position\":\(number(run.last?.position)),\"gestures\":[\(gestures.joined(separator: ","))]}"
        }
        return "{\"scenario\":\(string(path)),\"name\":\(string(name)),\"fps\":\(number(fps)),"
            + "\"behaviors\":[\(behaviors.joined(separator: ","))]}\n"
    }
}
