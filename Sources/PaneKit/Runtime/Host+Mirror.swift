// The host's share of a right-to-left run: touches go to the mirrored container in its counterpart's coordinates.

extension PaneHost {
    /// A touch action in the coordinates of a mirrored container's left-to-right counterpart: x ↦ width − x on a
    /// pan or tap point, and on every given point of a pan path, which is then sampled along the mirrored path so
    /// each sample is exactly the one the left-to-right run sees. Other actions are returned as they are.
    static func mirroredTouch(_ action: Action, width: Double) -> Action {
        switch action {
        case .pan(let phase, let p): .pan(phase, Point(x: width - p.x, y: p.y))
        case .tap(let p): .tap(Point(x: width - p.x, y: p.y))
        case .gesture(let path): .gesture(path.mirroredHorizontally(width: width))
        default: action
        }
    }
}
