// A grid scenario's cell in a frame: where the cell's run is drawn, so that every writer clips the cell's nodes to it.

/// One cell of a grid scenario's frame (`ScenarioGrid`): its label, its rectangle and the range of its nodes.
///
/// A cell's nodes are drawn inside its rectangle only: a carousel's neighbouring pages, posed past the cell's edges,
/// would otherwise cover the next cell. The captions are not in any cell (they sit above the rectangles), so they
/// are never clipped. An ordinary frame has no cells and pays nothing for them (an empty array).
package struct FrameCell: Hashable, Sendable {
    /// The cell's label: its caption's role is `cell.LABEL`, its nodes' roles `cell.LABEL/ROLE`.
    package var label: String
    /// The cell's rectangle in the frame (its run's size, at its place in the grid): its nodes are clipped to it.
    package var rect: Rect
    /// The indices of the cell's nodes in the frame's `nodes`, back to front (a grid frame keeps each cell's nodes
    /// together, in cell order).
    package var nodes: Range<Int>

    /// A cell from its parts.
    package init(label: String, rect: Rect, nodes: Range<Int>) {
        self.label = label
        self.rect = rect
        self.nodes = nodes
    }
}
