// The static pose behind `panekit sample` and the baker: a package hook, not part of the public `Container`.

/// A container that can be put at rest in the pose of one closed fraction, as `panekit sample` and `StylerBaker`
/// draw it. Every built-in container conforms; apps never need it, so it stays out of the public API.
package protocol StaticPosing: Container {
    /// Puts the container at rest in the static pose of `direction` at closed fraction `closed`
    /// (past open for closed < 0), with that drawer shown.
    mutating func setStaticPose(_ direction: Direction, closed: Double)
}
