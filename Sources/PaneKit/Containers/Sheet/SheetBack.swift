// Android's predictive back on a sheet (reference/sheets.md §1.2, §1b): the gesture's progress over time, the
// shrink it gives the sheet, and how the shrink goes away when the gesture is cancelled or commits.

/// A predictive back gesture (`{"action": "back", "track": [[t, progress], …], "commit": true}`): the system's
/// progress, 0…1, at times after the action, and whether the back commits at the last sample or is cancelled.
public struct BackGesture: Sendable, Hashable {
    /// The samples' times in seconds after the action, increasing.
    public let times: [Double]
    /// The progress at each time, in 0…1.
    public let progress: [Double]
    /// Whether the back commits at the last sample (false: the user cancelled it).
    public let commit: Bool

    /// A gesture from its samples; nil when there are none, the counts differ, a time is negative or not after the
    /// previous one, or a progress is outside 0…1.
    public init?(times: [Double], progress: [Double], commit: Bool) {
        guard !times.isEmpty, times.count == progress.count else { return nil }
        for i in 0..<times.count {
            guard times[i].isFinite, times[i] >= 0, i == 0 || times[i] > times[i - 1] else { return nil }
            guard (0...1).contains(progress[i]) else { return nil }
        }
        self.times = times
        self.progress = progress
        self.commit = commit
    }

    /// How long the gesture lasts: the last sample's time.
    package var duration: Double { times[times.count - 1] }

    /// The progress `elapsed` seconds after the action: linear between samples, from 0 at the action to the first
    /// sample (the gesture starts at rest), held after the last.
    /// - Complexity: O(samples), no allocation.
    package func progress(at elapsed: Double) -> Double {
        let lead = times[0] > 0 ? 1 : 0
        return SheetDimming.piecewise(elapsed, count: times.count + lead) { k in
            k < lead ? (0, 0) : (times[k - lead], progress[k - lead])
        }
    }
}

/// The numbers of the predictive back animation of a bottom sheet (MaterialBottomContainerBackHelper and
/// MaterialBackAnimationHelper in MDC; ModalBottomSheet.kt and PredictiveBack in Compose M3).
package enum SheetBackMotion {
    /// How far the sheet narrows at full progress, in points (48 dp, `m3_back_progress_bottom_container_max_scale_x_distance`).
    package static let maximumShrinkX = 48.0
    /// How far the sheet's height shrinks at full progress, in points (24 dp, `…_max_scale_y_distance`).
    package static let maximumShrinkY = 24.0
    /// The easing applied to the system's progress before it scales the sheet: MDC's `PathInterpolator(0.1, 0.1,
    /// 0, 1)` and Compose's `PredictiveBackEasing`, the same cubic.
    package static let progressEasing = TimingCurve(x1: 0.1, y1: 0.1, x2: 0, y2: 1)
    /// `FastOutSlowInInterpolator`: MDC's reset and slide-out animations.
    package static let fastOutSlowIn = TimingCurve(x1: 0.4, y1: 0, x2: 0.2, y2: 1)
    /// MDC's cancel animation: `motionDurationShort2`, 100 ms.
    package static let materialCancelDuration = 0.1
    /// Compose's `Animatable.animateTo(0f)` without a spec: `spring()`, damping ratio 1, stiffness 1500
    /// (`Spring.StiffnessMedium`).
    package static let composeReset = Spring(mass: 1, stiffness: 1500, damping: 2 * 1500.0.squareRoot())

    /// MDC's commit duration in seconds: `lerp(motionDurationMedium2 300 ms, motionDurationShort3 150 ms, progress)`
    /// with the system's (raw) progress.
    package static func materialCommitDuration(progress: Double) -> Double { (300 + (150 - 300) * progress) / 1000 }

    /// The sheet's rectangle shrunk by `eased` (the eased progress, 0…1): narrower by up to 48 pt about its centre
    /// and shorter by up to 24 pt, its bottom edge fixed (both clamped to the sheet's own size, as Compose clamps).
    package static func shrink(_ sheet: Rect, eased: Double) -> Rect {
        let dx = min(maximumShrinkX, sheet.size.width) * eased
        let dy = min(maximumShrinkY, sheet.size.height) * eased
        return Rect(x: sheet.origin.x + dx / 2, y: sheet.origin.y + dy, width: sheet.size.width - dx, height: sheet.size.height - dy)
    }
}

/// A predictive back on its way: the gesture from `start`, then how its shrink returns to nothing.
struct SheetBack: Sendable {
    /// The gesture.
    var gesture: BackGesture
    /// When the action came, in seconds of the run.
    var start: Double
    /// How the shrink ends once the gesture is over; nil while the track runs.
    var release: Release?

    /// How the shrink goes away after the gesture.
    enum Release: Sendable {
        /// The eased progress returns to 0 along this tween (a cancel, or a commit that keeps the sheet shown).
        case reset(Tween)
        /// The eased progress stays at this value while the sheet leaves, and ends when it lands.
        case heldWhileMoving(Double)
    }

    /// When the gesture ends, in seconds of the run.
    var end: Double { start + gesture.duration }

    /// The eased progress of the track at `time` (before any release).
    func trackEased(at time: Double) -> Double {
        SheetBackMotion.progressEasing.value(at: gesture.progress(at: time - start))
    }
}

extension ActionSyntax {
    /// `back` of a material or compose sheet: `track` `[[t, progress], …]` (t seconds after `at`, increasing;
    /// progress 0…1) and `commit` (true: the back completes; false: it is cancelled).
    package static let back = ActionSyntax("back", ["track", "commit"]) { r in
        let commit = r.required(r.bool("commit"), "commit", "true (the back completes) or false (it is cancelled)")
        guard let rows = r.numberRows("track"), !rows.isEmpty else {
            let found = r.numberRows("track") != nil ? "an empty array" : r.brief("track")
            if found.isEmpty {
                r.report(.missingKey, "track", "missing; expected [[t, progress], …] (t seconds after \"at\", progress 0…1)")
            } else {
                r.report(.wrongType, "track", "expected [[t, progress], …] (at least one sample), got \(found)")
            }
            return nil
        }
        var times: [Double] = [], progress: [Double] = []
        for (i, row) in rows.enumerated() {
            let key = "track[\(i)]"
            guard let v = row.numbers, v.count == 2 else {
                let found = row.numbers.map { "\($0.count) number\($0.count == 1 ? "" : "s")" } ?? row.brief
                r.report(.wrongType, key, "expected [t, progress] (two numbers), got \(found)")
                return nil
            }
            guard v[0].isFinite, v[0] >= 0, v[0] > (times.last ?? -1) else {
                let after = times.last.map { "after \(NumberFormat.message($0)) (samples in order)" } ?? "≥ 0"
                r.report(.invalidNumber, key, "expected a time \(after), got \(NumberFormat.message(v[0]))")
                return nil
            }
            guard (0...1).contains(v[1]) else {
                r.report(.invalidNumber, key, "expected a progress in 0…1, got \(NumberFormat.message(v[1]))")
                return nil
            }
            times.append(v[0])
            progress.append(v[1])
        }
        guard let commit, let gesture = BackGesture(times: times, progress: progress, commit: commit) else { return nil }
        return .back(gesture)
    }
}
