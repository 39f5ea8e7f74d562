// A drawer pan's velocity tracks, out of line so that the container stays small enough to copy.

/// The finger's and the pane offset's samples of the pan in progress (or of the last one), each a
/// ``SampledVelocity`` ring of 20 samples: 670 bytes that were once stored in the container itself, which every
/// protocol witness and every look at `drag` then copied whole, every frame. A container makes one at its start and
/// keeps it: a pan resets it in place, so pans allocate nothing.
///
/// Copy-on-write: containers that are copies of each other share it until one of them pans
/// (`DrawerContainer.uniqueTracks()`), so a container is still a value.
final class DrawerTracks: @unchecked Sendable {
    // @unchecked: the fields are written only through a uniquely referenced instance (copy-on-write), so no two
    // containers, and no two threads, ever see a write to one they share.

    /// The finger's x over the last 100 ms of touch samples: MM's release velocity (velocityInView), pt/s.
    var finger: SampledVelocity
    /// The pane offset's velocity from the touch times, pt/s.
    var pane: SampledVelocity

    /// Tracks with no pan yet.
    init() {
        finger = SampledVelocity(0, at: 0)
        pane = SampledVelocity(0, at: 0)
    }

    /// A copy of `other`, for a container about to pan while another container shares its tracks.
    init(copying other: DrawerTracks) {
        finger = other.finger
        pane = other.pane
    }

    /// Starts the tracks of a pan: the finger at `finger` and the pane at `pane`, both at `time`.
    /// - Complexity: O(1), no allocation.
    func start(finger: Double, pane: Double, at time: Double) {
        self.finger = SampledVelocity(finger, at: time)
        self.pane = SampledVelocity(pane, at: time)
    }
}
