// panekit feel's two outputs, the same for every family: an aligned table for the terminal and one JSON object,
// both of the columns the family's `FeelMeasure` declares.

import PaneKit
import PaneKitRender

extension FeelCommand {
    /// `x` rounded to `step` and written by the number format (a table shows a tenth of a point, a millisecond).
    static func number(_ x: Double, step: Double) -> String { NumberFormat.string((x / step).rounded() * step) }

    /// A cell of the table: `—` for no value, a number rounded as its column says.
    static func cell(_ value: FeelMeasure.Value, _ format: FeelMeasure.Format) -> String {
        switch (value, format) {
        case (.text(let s), _): s ?? "—"
        case (.number(nil), _): "—"
        case (.number(let x?), .integer): String(Int(x))
        case (.number(let x?), .number(let step?)): number(x, step: step)
        case (.number(let x?), _): NumberFormat.string(x)
        }
    }

    /// A value in JSON: a string, a number unrounded (a whole number's without a fraction), or null.
    static func json(_ value: FeelMeasure.Value, _ format: FeelMeasure.Format) -> String {
        switch (value, format) {
        case (.text(let s), _): s.map(FrameJSON.string) ?? "null"
        case (.number(nil), _): "null"
        case (.number(let x?), .integer): String(Int(x))
        case (.number(let x?), _): NumberFormat.string(x)
        }
    }

    /// The table: a title line, a header, then one row per gesture of each behavior in order, a note for each
    /// column a row has no value in; a behavior without gestures gets a line saying where it rests.
    static func text(_ feel: FeelMeasure, _ runs: [(behavior: String, run: FeelMeasure.Run)], name: String, fps: Double) -> String {
        var rows: [[String]] = []
        var notes: [String] = []
        for (behavior, run) in runs {
            for row in run.rows { rows.append([behavior] + zip(row, feel.columns).map { cell($0, $1.format) }) }
            if run.rows.isEmpty { notes.append("\(behavior): no gesture in the timeline" + (run.rest.map { "; " + $0 } ?? "")) }
        }
        var out = "\(name) (\(NumberFormat.string(fps)) fps)\n"
        if !rows.isEmpty {
            let columns =
                [(title: "behavior", number: false)]
                + feel.columns.map { column in
                    if case .text = column.format { (column.title, false) } else { (column.title, true) }
                }
            out += table(columns, rows)
            for (c, column) in feel.columns.enumerated() {
                if let missing = column.missing, rows.contains(where: { $0[c + 1] == "—" }) { out += missing + "\n" }
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

    /// One JSON object (see `jsonShape`), numbers by the number format, on one line.
    static func json(_ feel: FeelMeasure, _ runs: [(behavior: String, run: FeelMeasure.Run)], path: String, name: String, fps: Double)
        -> String
    {
        func fields(_ values: [FeelMeasure.Value], _ columns: [FeelMeasure.Column]) -> String {
            zip(values, columns).map { "\(FrameJSON.string($1.key)):\(json($0, $1.format))," }.joined()
        }
        let behaviors = runs.map { behavior, run in
            let gestures = run.rows.map { "{" + fields($0, feel.columns).dropLast() + "}" }
            return "{\"behavior\":\(FrameJSON.string(behavior)),\(fields(run.summary, feel.summary))"
                + "\"gestures\":[\(gestures.joined(separator: ","))]}"
        }
        return "{\"scenario\":\(FrameJSON.string(path)),\"name\":\(FrameJSON.string(name)),\"fps\":\(NumberFormat.string(fps)),"
            + "\"behaviors\":[\(behaviors.joined(separator: ","))]}\n"
    }

    /// The shape of `feel`'s JSON for the help: `{"scenario","name","fps","behaviors":[{"behavior",…}]}`.
    static func jsonShape(_ feel: FeelMeasure) -> String {
        func keys(_ columns: [FeelMeasure.Column]) -> String { columns.map { "\"\($0.key)\"," }.joined() }
        return "{\"scenario\",\"name\",\"fps\",\"behaviors\":[{\"behavior\",\(keys(feel.summary))\"gestures\":[{"
            + keys(feel.columns).dropLast() + "}]}]}"
    }
}
