// A container posed statically for one subject: what `panekit check`, `bake` and `test` style a styler on, built
// by the same `StyleContext(subject:of:pose:)` the host uses every frame.

extension ContainerSpec {
    /// A fresh container with `group`'s subject posed at `closed`, and its nodes and subjects.
    package func posed(_ group: StylerGroup, closed: Double) -> (container: any StaticPosing, pose: Pose) {
        var container = makePosableContainer()
        container.setStaticPose(group, closed: closed)
        var pose = Pose()
        container.pose(into: &pose)
        return (container, pose)
    }

    /// The subject of `group` in `pose` (the first, for a group with several); a container that has none (a
    /// group it does not style) gives the pane, so a tool can still say what the styler did there.
    package static func subject(_ group: StylerGroup, in pose: Pose, closed: Double) -> Subject {
        pose.subjects.first { $0.group == group }
            ?? Subject(group: group, role: .pane, direction: group.direction ?? .left, closed: closed, styled: true)
    }

    /// The context the host builds for `group`'s subject with the container posed statically at `closed`.
    package func posedContext(_ group: StylerGroup, closed: Double) -> StyleContext {
        let (container, pose) = posed(group, closed: closed)
        return StyleContext(subject: Self.subject(group, in: pose, closed: closed), of: container, pose: pose)
    }

    /// The contexts the host builds for every subject of `group` (a deck's cards, a pager's visible pages) with
    /// the container posed statically at `closed`: the posed subject first, each as the host styles it.
    package func posedContexts(_ group: StylerGroup, closed: Double) -> [StyleContext] {
        let (container, pose) = posed(group, closed: closed)
        let subjects = pose.subjects.filter { $0.group == group }
        return (subjects.isEmpty ? [Self.subject(group, in: pose, closed: closed)] : subjects).map {
            StyleContext(subject: $0, of: container, pose: pose)
        }
    }
}
