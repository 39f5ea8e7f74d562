// The host's share of a right-to-left run: touches go to the mirrored container in its counterpart's coordinates.

extension PaneHost {
    /// A touch in the coordinates of a mirrored container's left-to-right counterpart: x ↦ width − x on a pan or
    /// tap point, and on every given point of a pan path, which is then sampled along the mirrored path so each
    /// sample is exactly the one the left-to-right run sees.
    static func mirrored(_ touch: Touch, width: Double) -> Touch {
        if case .gesture(let path) = touch { return .gesture(path.mirroredHorizontally(width: width)) }
        return touch.mirroredHorizontally(width: width)
    }
}
