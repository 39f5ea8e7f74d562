// The back gesture under way: a finger's pan from the platform's hit region, or a predictive back's track, and the
// progress it gives the top screen (reference/navigation.md §1.3, §2.2, §3.1, §4.3).

/// A back gesture being followed.
struct NavigationTracking: Sendable {
    /// What drives it.
    enum Source: Sendable {
        /// A finger: where it touched down, where it is, and whether the pan is active yet (react-navigation
        /// activates after 5 pt).
        case pan(start: Point, last: Point, active: Bool)
        /// A predictive back's track, from `start`.
        case back(BackGesture, start: Double)
    }

    /// The driver.
    var source: Source
    /// The edge the gesture came from: its screen moves away from it.
    var edge: Direction
    /// Whether the gesture moves along y (a react-navigation modal's card).
    var vertical = false
    /// The system's smoothing spring (Android, Compose, Flutter's predictive back); nil: the progress follows the
    /// input directly.
    var smoothing: NavigationBackSmoothing?
    /// Whether the screen follows the gesture (false for a Flutter page whose builder ignores predictive back: the
    /// back only pops at its end).
    var visual = true
    /// The raw input now: the gesture's fraction of the distance (0 at the start, 1 all the way).
    var raw = 0.0
    /// The finger's velocity along the gesture, points per second, positive away from the edge.
    var sampled: SampledVelocity?
    /// The release a finger's last sample made, applied on the next advance.
    var release: Release?

    /// How the gesture let go.
    struct Release: Sendable, Hashable {
        /// Whether the back goes through.
        var commit: Bool
        /// The release velocity along the gesture, points per second, positive away from the edge.
        var velocity: Double
        /// When it let go.
        var time: Double
    }

    /// The top screen's progress now.
    var progress: Double {
        guard visual else { return 1 }
        return 1 - min(max(smoothing?.value ?? raw, 0), 1)
    }

    /// Moves the gesture to `time`: the track's progress or the smoothing spring; the release when it lets go.
    mutating func advance(to time: Double, in container: NavigationContainer) -> Release? {
        if case .back(let gesture, let start) = source {
            let end = start + gesture.duration
            raw = gesture.progress(at: min(time, end) - start)
            smoothing?.follow(raw, to: min(time, end))
            if time >= end {
                let speed = -(smoothing?.velocity ?? 0) * container.travel
                return Release(commit: gesture.commit, velocity: -speed, time: end)
            }
            return nil
        }
        if let release {
            smoothing?.follow(raw, to: release.time)
            return release
        }
        smoothing?.follow(raw, to: time)
        return nil
    }
}
