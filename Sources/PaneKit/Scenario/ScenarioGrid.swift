// A scenario's `grid`: the scenario run once per cell, each cell with its own container keys and stylers, every
// cell's frame laid out in one frame (a contact sheet that plays: every output draws it as any frame).

/// The cells of a grid scenario (DESIGN §7 `grid`): one run of the scenario per cell, on the same timeline and
/// frame times, laid out left to right and top to bottom, `columns` to a row, each under a caption of its label.
package struct ScenarioGrid: Sendable {
    /// One cell: a label and what its run changes from the scenario.
    package struct Cell: Sendable {
        /// The caption (`cell.LABEL` in frames); unique in the grid, without `/`.
        package var label: String
        /// The cell's container: the scenario's with the cell's own container keys.
        package var container: ContainerSpec
        /// The cell's stylers: its own list per group, or the scenario's.
        package var stylers: [StylerGroup: [StylerReference]]

        /// A cell from its parts, as the loader builds it.
        package init(label: String, container: ContainerSpec, stylers: [StylerGroup: [StylerReference]]) {
            self.label = label
            self.container = container
            self.stylers = stylers
        }
    }

    /// The cells in order.
    package var cells: [Cell]
    /// The cells of a row (the last row may have fewer).
    package var columns: Int
    /// The space around and between cells, in points. Each cell clips its content to its own rectangle
    /// (`FrameCell`), so the pages a run shows past its edges (a carousel's neighbours) never cover the next cell.
    package var gap: Double

    /// A grid of `cells`, `columns` to a row, `gap` points apart.
    package init(cells: [Cell], columns: Int, gap: Double = ScenarioGrid.defaultGap) {
        self.cells = cells
        self.columns = columns
        self.gap = gap
    }

    /// The default `gap`, in points.
    package static let defaultGap = 16.0
    /// The height of a cell's caption, above its run, in points.
    package static let captionHeight = 24.0

    /// The size of the grid's frame for cells of `cell` points each.
    package func size(cell: Size) -> Size {
        let columns = min(self.columns, cells.count), rows = (cells.count + self.columns - 1) / self.columns
        return Size(
            width: Double(columns) * cell.width + Double(columns + 1) * gap,
            height: Double(rows) * (Self.captionHeight + cell.height) + Double(rows + 1) * gap)
    }

    /// The top-left corner of cell `index`'s run (its caption is just above it) in the grid's frame.
    package func origin(ofCell index: Int, cell: Size) -> Point {
        let column = index % columns, row = index / columns
        return Point(
            x: gap + Double(column) * (cell.width + gap),
            y: gap + Self.captionHeight + Double(row) * (Self.captionHeight + cell.height + gap))
    }
}
