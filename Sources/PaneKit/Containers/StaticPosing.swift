// The static pose behind `panekit sample`, `panekit check` and the baker: what a container needs besides `Container`
// for a styler to be drawn at one closed fraction.

/// A container that can be put at rest in the pose of one closed fraction, as `panekit sample` and `StylerBaker`
/// draw it. Every built-in container conforms, and a registered container must (``ContainerConfiguration``).
package protocol StaticPosing: Container {
    /// Puts the container at rest in the static pose of `group`'s subject at closed fraction `closed` (past open
    /// for closed < 0), with that subject shown.
    mutating func setStaticPose(_ group: StylerGroup, closed: Double)
}
