// A drawer container's running tweens, out of line so that the container stays small enough to copy.

/// The tweens of the drawer's motion (`DrawerContainer.motion`): a slide's in `.0`; a full close's out, grow and
/// back; a resize's x and width. Three tweens are about 450 bytes, which stored in the container were copied
/// whole wherever the container was passed by value (the protocol witness of `pose(into:)`, every frame).
///
/// Copy-on-write, as `DrawerTracks`: containers that are copies of each other share it until one of them starts a
/// motion (`DrawerContainer.uniqueTweens()`), so a container is still a value and a motion allocates nothing.
final class DrawerTweens: @unchecked Sendable {
    // @unchecked: the tweens are written only through a uniquely referenced instance (copy-on-write), so no two
    // containers, and no two threads, ever see a write to one they share.

    /// The tweens, in storage this object owns: read and written through the pointer, in place (a class's stored
    /// `var` is checked for exclusive access at run time on each read).
    let tweens: UnsafeMutablePointer<(Tween, Tween, Tween)>

    /// Three still tweens.
    init() {
        tweens = .allocate(capacity: 1)
        tweens.initialize(to: (.still, .still, .still))
    }

    /// A copy of `other`'s tweens, for a container about to start a motion while another container shares them.
    init(copying other: DrawerTweens) {
        tweens = .allocate(capacity: 1)
        tweens.initialize(to: other.tweens.pointee)
    }

    deinit {
        tweens.deinitialize(count: 1)
        tweens.deallocate()
    }
}
