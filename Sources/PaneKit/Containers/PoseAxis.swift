// What the number a tool poses a styler at means for a family: the drawer families' closed fraction, a pager's
// offset in pages. `panekit plot` draws its horizontal axis from it and `sample` takes its default poses.

/// The meaning of the value `StaticPosing.setStaticPose(_:closed:)` takes, for the tools that pose a styler.
package struct PoseAxis: Sendable {
    /// The axis's legend in a chart (`x: closed fraction (1 closed, 0 open, below 0 past open)`).
    package var legend: String
    /// The values `plot` charts by default.
    package var range: ClosedRange<Double>
    /// The poses `sample` and `plot --appearance` draw by default, in order.
    package var poses: [Double]
    /// Words marked on the axis at their values (`open` at 0, `closed` at 1).
    package var guides: [(word: String, at: Double)]

    /// An axis.
    package init(legend: String, range: ClosedRange<Double>, poses: [Double], guides: [(word: String, at: Double)]) {
        self.legend = legend
        self.range = range
        self.poses = poses
        self.guides = guides
    }

    /// The drawer families' closed fraction: −0.1 … 1.1, posed at 1, 0.75, 0.5, 0.25 and 0.
    package static let closedFraction = PoseAxis(
        legend: "x: closed fraction (1 closed, 0 open, below 0 past open); dots every 0.05", range: -0.1...1.1,
        poses: [1, 0.75, 0.5, 0.25, 0], guides: [("open", 0), ("closed", 1)])
}
