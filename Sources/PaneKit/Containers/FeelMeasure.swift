// What `panekit feel` measures on a family's runs, declared by the family (its descriptor's `feel`): the columns
// of its rows and, for one run's timeline and frames, one row per gesture. The command writes every family's
// table and JSON the same way, so a family's numbers view is one value in its own folder.

/// A family's numbers view of a run: one row per gesture of the timeline (what a sheet's gesture settles to, what
/// a back swipe decided, the page a swipe rests on), measured on the frames the run makes.
package struct FeelMeasure: Sendable {
    /// How a column's values are written.
    package enum Format: Sendable {
        /// Words, as they are.
        case text
        /// A whole number.
        case integer
        /// A number: in the table rounded to `step` when one is given (JSON always writes it unrounded).
        case number(step: Double?)
    }

    /// One column of the rows.
    package struct Column: Sendable {
        /// The table's header (`settle s`).
        package var title: String
        /// The JSON key (`settle`).
        package var key: String
        /// How its values are written.
        package var format: Format
        /// The note under the table when a row has no value here (`settle —: the next gesture starts before …`).
        package var missing: String?

        /// A column.
        package init(_ title: String, key: String, _ format: Format, missing: String? = nil) {
            self.title = title
            self.key = key
            self.format = format
            self.missing = missing
        }
    }

    /// One cell: words or a number, nil for none (`—` in the table, `null` in JSON).
    package enum Value: Sendable, Equatable {
        /// Words.
        case text(String?)
        /// A number (also a whole number's).
        case number(Double?)
    }

    /// One behavior's run, measured.
    package struct Run: Sendable {
        /// One row per gesture, a value per column.
        package var rows: [[Value]]
        /// A value per summary column.
        package var summary: [Value]
        /// Where the run ends at rest, said under the table when it has no gesture (`the sheet rests at half, 420 pt`).
        package var rest: String?

        /// A run's measures.
        package init(rows: [[Value]], summary: [Value] = [], rest: String? = nil) {
            self.rows = rows
            self.summary = summary
            self.rest = rest
        }
    }

    /// What the family is called in the plural in messages (`sheets`, `navigation stacks`).
    package var noun: String
    /// The columns of a row, after the behavior.
    package var columns: [Column]
    /// The behavior's own fields in JSON, before its gestures (a sheet's last `detent` and `position`).
    package var summary: [Column]
    /// The help's paragraph on what a row is for this family.
    package var help: String
    /// The behavior a scenario's container has.
    package var behavior: @Sendable (ContainerSpec) -> String?
    /// Measures one run: its timeline and every frame it made, in order.
    package var measure: @Sendable (_ timeline: [TimedAction], _ frames: [Frame]) -> Run

    /// A family's measure.
    package init(
        noun: String, columns: [Column], summary: [Column] = [], help: String, behavior: @escaping @Sendable (ContainerSpec) -> String?,
        measure: @escaping @Sendable (_ timeline: [TimedAction], _ frames: [Frame]) -> Run
    ) {
        self.noun = noun
        self.columns = columns
        self.summary = summary
        self.help = help
        self.behavior = behavior
        self.measure = measure
    }
}
