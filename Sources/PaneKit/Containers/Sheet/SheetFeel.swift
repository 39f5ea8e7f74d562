// The numbers view of a sheet run (`panekit feel`): for each gesture of the timeline, where the sheet comes to
// rest, how long it takes, how far it goes past and how fast it moves, measured on the frames the engine makes.

/// What each gesture of a sheet scenario's timeline did to the sheet, measured on the run's frames: feed every
/// frame to ``add(_:)``, then ask ``measure(_:)`` with the scenario's timeline.
///
/// The measures are read from the frames alone, so they agree with `panekit render --format json` of the same run:
/// - the sheet's position is the y of its `sheet` node's top edge in points (a top sheet mirrored, as
///   `ctx.position`), to 6 decimals as the frames are written;
/// - a gesture's window runs from the first frame at or after its release (a pan's last sample, else the action's
///   time) to the last frame before the next gesture starts, or to the end of the run;
/// - the rest position and detent are the window's last frame's; the settle time is the time of the first frame
///   of the window from which the position never changes again, less the release time (0 when the sheet does
///   not move after the window's first frame),
///   nil when the window ends (the next gesture starts, or the run ends) while the sheet still moves;
/// - the overshoot is how far past the rest position the sheet went in its direction of travel (from the
///   window's first frame towards the rest position; with none, its first move), ≥ 0;
/// - the peak velocity is the largest |Δposition| / Δtime between consecutive frames of the window up to the
///   settle frame: the settle only, not the drag before the release (the window starts at or after it).
///
/// Frames are sampled at the run's rate, so times resolve to one frame (1/fps s) and velocities are means over
/// one frame; a run at a higher rate measures finer.
package struct SheetFeel: Sendable {
    /// The sheet on one frame.
    package struct Sample: Sendable, Equatable {
        /// The frame's time in seconds.
        package var time: Double
        /// The y of the sheet's top edge, in points, rounded to 6 decimals.
        package var position: Double
        /// The frame's detent.
        package var detent: String?
        /// Whether the frame is at rest (its state neither dragging, opening nor closing).
        package var atRest: Bool
    }

    /// One gesture's measures.
    package struct Gesture: Sendable, Equatable {
        /// `pan` for a touch track, else the action's scenario name (`setDetent`, `present`, `dismiss`, …).
        package var kind: String
        /// When the gesture starts, in seconds (the timeline's `at`).
        package var at: Double
        /// When the settle starts: a pan's release (its last sample), else `at`.
        package var release: Double
        /// The detent of the last frame before the gesture (the first frame's when none is before it).
        package var from: String?
        /// The detent the sheet rests at (while still moving: the one it settles to).
        package var detent: String?
        /// The sheet's position at rest, in points (the window's last frame).
        package var position: Double
        /// Seconds from the release to rest; nil when the next gesture starts (or the run ends) before the sheet
        /// is at rest.
        package var settle: Double?
        /// Points past the rest position in the direction of travel; 0 when none.
        package var overshoot: Double
        /// The largest speed of the settle, in points per second.
        package var peakVelocity: Double
    }

    /// The frames seen so far.
    package private(set) var samples: [Sample] = []

    /// Nothing measured yet.
    package init() {}

    /// Notes one frame's sheet; a frame without a `sheet` node is skipped.
    package mutating func add(_ frame: Frame) {
        guard let sample = Self.sample(frame) else { return }
        samples.append(sample)
    }

    /// The sheet on `frame`; nil without a `sheet` node.
    package static func sample(_ frame: Frame) -> Sample? {
        guard let node = frame.nodes.first(where: { $0.role == .sheet }) else { return nil }
        let top = frame.fractions.values.contains { $0.direction == .top }
        let y = top ? frame.size.height - (node.frame.y + node.frame.height) : node.frame.y
        let moving: Set<ContainerState> = [.dragging, .opening, .closing]
        return Sample(time: frame.time, position: rounded(y), detent: frame.detent, atRest: !moving.contains(frame.state))
    }

    /// `x` to 6 decimals, as frames are written.
    static func rounded(_ x: Double) -> Double { (x * 1_000_000).rounded() / 1_000_000 }

    /// A gesture of the timeline before it is measured.
    struct Entry {
        var kind: String
        var at: Double
        var release: Double
        var isPan: Bool
    }

    /// The programmatic moves, listed whether or not the sheet moves; other actions (a tap on the dimming, …)
    /// are listed when the sheet was at rest at their time and moves after them.
    static let moves: Set<String> = ["setDetent", "present", "dismiss", "setContentHeight"]

    /// The timeline's pans (a whole track, or `began` to `ended`/`cancelled` samples) and other actions, in order.
    static func entries(_ timeline: [TimedAction]) -> [Entry] {
        var entries: [Entry] = []
        var openPan: Int?
        for item in timeline {
            let action = item.action.untimed.action
            switch action.touch {
            case .gesture(let path):
                entries.append(Entry(kind: "pan", at: item.time, release: item.time + path.duration, isPan: true))
            case .pan(_, .began):
                openPan = entries.count
                entries.append(Entry(kind: "pan", at: item.time, release: item.time, isPan: true))
            case .pan(_, .ended), .pan(_, .cancelled):
                if let open = openPan { entries[open].release = item.time }
                openPan = nil
            case .pan:
                if let open = openPan { entries[open].release = item.time }
            case .tap, nil:
                entries.append(Entry(kind: action.name, at: item.time, release: item.time, isPan: false))
            }
        }
        return entries
    }

    /// The measures of each gesture of `timeline` on the frames added, in time order.
    package func measure(_ timeline: [TimedAction]) -> [Gesture] {
        guard !samples.isEmpty else { return [] }
        let all = Self.entries(timeline)
        // Which entries are rows: pans and moves always, another action when it sets a resting sheet moving.
        var listed: [Entry] = []
        for (i, entry) in all.enumerated() {
            let end = i + 1 < all.count ? all[i + 1].at : Double.infinity
            if entry.isPan || Self.moves.contains(entry.kind) || setsMoving(entry, until: end) {
                listed.append(entry)
            }
        }
        return listed.enumerated().map { i, entry in
            measure(entry, until: i + 1 < listed.count ? listed[i + 1].at : nil)
        }
    }

    /// Whether the sheet is at rest on the last frame before `entry` and moves before `end`.
    private func setsMoving(_ entry: Entry, until end: Double) -> Bool {
        let before = self.before(entry.at)
        guard before.atRest else { return false }
        return samples[window(from: entry.release, until: end)].contains { $0.position != before.position }
    }

    /// The last frame before `time` (the first frame when none is).
    private func before(_ time: Double) -> Sample {
        samples.lastIndex { $0.time < time - Self.epsilon }.map { samples[$0] } ?? samples[0]
    }

    /// Frame times that differ by less are the same time.
    static let epsilon = 1e-9

    /// The indices of the frames from the first at or after `release` (a frame at the release shows the sheet
    /// let go; the last frame when none is) to the last before `end`.
    private func window(from release: Double, until end: Double) -> ClosedRange<Int> {
        let start = samples.firstIndex { $0.time >= release - Self.epsilon } ?? samples.count - 1
        let last = samples.lastIndex { $0.time < end - Self.epsilon } ?? start
        return start...max(start, last)
    }

    private func measure(_ entry: Entry, until next: Double?) -> Gesture {
        let window = self.window(from: entry.release, until: next ?? .infinity)
        let frames = samples[window]
        let rest = frames.last!
        // The first frame from which the position never changes again.
        var settled = window.upperBound
        while settled > window.lowerBound, samples[settled - 1].position == rest.position { settled -= 1 }
        let atRest = rest.atRest
        let settle = atRest ? (settled == window.lowerBound ? 0 : samples[settled].time - entry.release) : nil
        // Travel: from the window's first frame towards rest; without that, the sheet's first move.
        let start = frames.first!.position
        var direction = (rest.position - start).sign == .minus ? -1.0 : 1.0
        if rest.position == start {
            let move = frames.first { $0.position != start }.map { $0.position - start } ?? 0
            direction = move < 0 ? -1 : move > 0 ? 1 : 0
        }
        let overshoot = frames.map { direction * ($0.position - rest.position) }.max() ?? 0
        var peak = 0.0
        let end = atRest ? settled : window.upperBound
        if end > window.lowerBound {
            for j in (window.lowerBound + 1)...end {
                let dt = samples[j].time - samples[j - 1].time
                if dt > 0 { peak = max(peak, abs(samples[j].position - samples[j - 1].position) / dt) }
            }
        }
        return Gesture(
            kind: entry.kind, at: entry.at, release: entry.release, from: before(entry.at).detent, detent: rest.detent,
            position: rest.position, settle: settle, overshoot: max(0, overshoot), peakVelocity: peak)
    }
}
