// Where a released sheet goes: each behavior's release rule as its source decides it (reference/sheets.md §1.5,
// §1b computeTarget, §3.2, §4.4, §5.4-5.5; UIKit's is a choice, docs/compat.md "Sheets").

/// A finger lifting off a sheet: what the release rules read. Positions are the sheet's top edge, measured as for
/// a bottom sheet; velocities are positive downward.
package struct SheetRelease: Sendable, Hashable {
    /// The sheet's position at the release (after the drag limit).
    package var position: Double
    /// The vertical release velocity in points per second, from the behavior's estimator.
    package var velocity: Double
    /// The horizontal release velocity in points per second (material compares it with the vertical one).
    package var horizontalVelocity = 0.0
    /// The detent the sheet was settled at when the gesture began (Compose's `currentValue`, FloatingPanel's
    /// `state`, vaul's active snap point).
    package var settled: String
    /// Where the sheet's top was when the gesture began.
    package var startPosition: Double
    /// The finger's vertical travel, positive downward (gorhom's `translationY`; vaul's dragged distance is its
    /// negative).
    package var translation: Double
    /// vaul's velocity: the finger's travel over the whole gesture's duration, in points per millisecond.
    package var averageSpeed = 0.0

    /// A release at `position` with `velocity`, from a gesture that began at `startPosition` settled at `settled`,
    /// the finger having moved `translation` points down.
    package init(position: Double, velocity: Double, settled: String, startPosition: Double, translation: Double) {
        self.position = position
        self.velocity = velocity
        self.settled = settled
        self.startPosition = startPosition
        self.translation = translation
    }
}

/// The release rules, one per behavior: pure functions of the geometry and the release.
package enum SheetReleaseRule {
    // MARK: Material (BSB onViewReleased, reference §1.5)

    /// Material's significant velocity, 500 px/s (BSB:226; raw pixels, not scaled by density).
    package static let materialSignificantVelocity = 500.0
    /// Material's hide friction, 0.1 s (BSB:230).
    package static let materialHideFriction = 0.1
    /// Material's hide threshold, half the peek (BSB:228).
    package static let materialHideThreshold = 0.5
    /// ViewDragHelper's fling clamps, 50 and 8000 dp/s (ViewConfiguration MINIMUM/MAXIMUM_FLING_VELOCITY).
    package static let androidMinimumFling = 50.0, androidMaximumFling = 8000.0

    /// ViewDragHelper's `clampMag`: a magnitude below `minimum` becomes 0, one above `maximum` is capped.
    package static func clampMagnitude(_ v: Double, minimum: Double, maximum: Double) -> Double {
        let a = abs(v)
        if a < minimum { return 0 }
        if a > maximum { return v > 0 ? maximum : -maximum }
        return v
    }

    /// Material's target state for a release, in `BottomSheetBehavior.onViewReleased`'s order, computed in pixels.
    /// - Parameters:
    ///   - geometry: the resolved sheet (its ``SheetGeometry/material`` offsets must be set).
    ///   - configuration: the options (`skipCollapsed`, `density`).
    ///   - release: the release, in points.
    /// - Returns: `expanded`, `halfExpanded`, `collapsed` or `hidden`.
    package static func material(
        _ geometry: SheetGeometry, _ configuration: SheetConfiguration, _ release: SheetRelease
    ) -> String {
        guard let m = geometry.material else { return release.settled }
        let d = configuration.density
        let top = release.position * d
        let vy = clampMagnitude(release.velocity * d, minimum: androidMinimumFling * d, maximum: androidMaximumFling * d)
        let vx = clampMagnitude(release.horizontalVelocity * d, minimum: androidMinimumFling * d, maximum: androidMaximumFling * d)
        let fit = geometry.position(of: "halfExpanded") == nil
        let expanded = Double(m.expandedOffset), half = Double(m.halfExpandedOffset)
        let collapsed = Double(m.collapsedOffset), parentH = Double(m.parentHeight), peek = Double(m.peek)
        func shouldHide() -> Bool {
            if configuration.skipCollapsed { return true }
            if top < collapsed { return false }
            let projected = top + vy * materialHideFriction
            return abs(projected - collapsed) / peek > materialHideThreshold
        }
        if vy < 0 {
            if fit { return "expanded" }
            return top > half ? "halfExpanded" : "expanded"
        }
        if geometry.canHide && shouldHide() {
            let releasedLow = top > (parentH + expanded) / 2
            if (abs(vx) < abs(vy) && vy > materialSignificantVelocity) || releasedLow { return "hidden" }
            if fit { return "expanded" }
            return abs(top - expanded) < abs(top - half) ? "expanded" : "halfExpanded"
        }
        if vy == 0 || abs(vx) > abs(vy) {
            if fit {
                return abs(top - Double(m.fitToContentsOffset)) < abs(top - collapsed) ? "expanded" : "collapsed"
            }
            if top < half {
                // BSB's quirk: it compares against 0 (top itself), not against expandedOffset().
                return top < abs(top - collapsed) ? "expanded" : "halfExpanded"
            }
            return abs(top - half) < abs(top - collapsed) ? "halfExpanded" : "collapsed"
        }
        if fit { return "collapsed" }
        return abs(top - half) < abs(top - collapsed) ? "halfExpanded" : "collapsed"
    }

    // MARK: Compose (AnchoredDraggable computeTarget, reference §1b)

    /// Compose's sheet positional threshold, 56 dp (an absolute distance; `BottomSheetDefaults.PositionalThreshold`).
    package static let composePositionalThreshold = 56.0
    /// Compose's sheet velocity threshold, 125 dp/s (`BottomSheetDefaults.VelocityThreshold`).
    package static let composeVelocityThreshold = 125.0

    /// The anchors of a sheet: its detents and, when it can hide, hidden (name and position).
    static func anchors(_ geometry: SheetGeometry) -> [SheetDetent] {
        geometry.detents + (geometry.canHide ? [SheetDetent(name: "hidden", position: geometry.hiddenPosition)] : [])
    }

    /// The anchor nearest `offset` among those at or below it (`below`: position ≥ offset) or at or above it.
    static func closest(_ anchors: [SheetDetent], to offset: Double, below: Bool) -> SheetDetent? {
        var best: SheetDetent?
        for a in anchors where below ? a.position >= offset : a.position <= offset {
            if best == nil || abs(a.position - offset) < abs(best!.position - offset) { best = a }
        }
        return best
    }

    /// Compose's `computeTarget`: from the settled anchor, a fling at or past 125 dp/s goes to the next anchor in
    /// its direction; otherwise the sheet moves on only once it is 56 dp past the settled anchor.
    package static func compose(_ geometry: SheetGeometry, _ release: SheetRelease) -> String {
        let anchors = anchors(geometry)
        let offset = release.position, v = release.velocity
        guard let cur = anchors.first(where: { $0.name == release.settled })?.position, cur != offset else {
            return release.settled
        }
        if cur < offset {
            guard let lower = closest(anchors, to: offset, below: true) else { return release.settled }
            if v >= composeVelocityThreshold { return lower.name }
            return offset < abs(cur + composePositionalThreshold) ? release.settled : lower.name
        }
        guard let upper = closest(anchors, to: offset, below: false) else { return release.settled }
        if v <= -composeVelocityThreshold { return upper.name }
        let threshold = abs(cur - composePositionalThreshold)
        if offset < 0 { return abs(offset) < threshold ? release.settled : upper.name }
        return offset > threshold ? release.settled : upper.name
    }

    // MARK: UIKit (a choice: the fluid-interfaces projection, reference §6)

    /// `UIScrollView.DecelerationRate.normal`, 0.998 per millisecond (reference §6).
    package static let decelerationRateNormal = 0.998

    /// The distance a velocity travels while decelerating at `rate` per millisecond (WWDC18 803's `project`).
    package static func project(_ velocity: Double, rate: Double) -> Double { velocity / 1000 * rate / (1 - rate) }

    /// UIKit's release, chosen: the detent (or hidden, when the sheet can hide) nearest the position projected
    /// with the normal deceleration rate, as Apple's "Designing Fluid Interfaces" recommends. Ties go to the
    /// smaller sheet.
    package static func uikit(_ geometry: SheetGeometry, _ release: SheetRelease) -> String {
        let projected = release.position + project(release.velocity, rate: decelerationRateNormal)
        return nearest(anchors(geometry), to: projected).name
    }

    /// The anchor nearest `point`; ties go to the first in the list.
    static func nearest(_ anchors: [SheetDetent], to point: Double) -> SheetDetent {
        var best = anchors[0]
        for a in anchors.dropFirst() where abs(a.position - point) < abs(best.position - point) { best = a }
        return best
    }

    // MARK: FloatingPanel (Core.targetState, panningEnd, reference §3.2)

    /// FloatingPanel's `redirectionalProgress`, 0.5 (Behavior.swift:76-78).
    package static let floatingPanelRedirectionalProgress = 0.5
    /// FloatingPanel's `removalInteractionVelocityThreshold`, 5.5 per second (Behavior.swift:84).
    package static let floatingPanelRemovalThreshold = 5.5

    /// FloatingPanel's release: the removal interaction (when the sheet can hide: `panningEnd` removes the panel when
    /// the velocity over the distance to hidden reaches 5.5 /s), else `targetState` among the layout's anchors
    /// (hidden is not one of them) with the 0.998 projection trimmed to the current segment and the 0.5
    /// redirectional progress.
    package static func floatingPanel(_ geometry: SheetGeometry, _ release: SheetRelease) -> String {
        let y = release.position, v = release.velocity
        if geometry.canHide {
            let distance = abs(y - geometry.hiddenPosition)
            if distance > 0, v / distance >= floatingPanelRemovalThreshold { return "hidden" }
        }
        let sorted = geometry.detents.sorted { $0.position < $1.position }
        guard sorted.count > 1 else { return release.settled }
        func pos(_ i: Int) -> Double { sorted[i].position }
        func next(_ i: Int) -> Int { min(i + 1, sorted.count - 1) }
        func pre(_ i: Int) -> Int { max(i - 1, 0) }
        func segment(_ p: Double, forward: Bool) -> (lower: Int?, upper: Int?) {
            let upper = sorted.firstIndex { forward ? p < $0.position : p <= $0.position }
            switch upper {
            case 0: return (nil, 0)
            case let i?: return (i - 1, i)
            default: return (sorted.count - 1, nil)
            }
        }
        let settledPosition = sorted.first { $0.name == release.settled }?.position ?? y
        // Projected as the source does, through the velocity over the anchors' span (the same number up to rounding).
        let span = abs(sorted[sorted.count - 1].position - sorted[0].position)
        var pY = project(v / span, rate: decelerationRateNormal) * span + y
        let forward = v == 0 ? y - settledPosition > 0 : v > 0
        // shouldProjectMomentum is false for every state by default, so the projection is trimmed to the segment.
        let s = segment(y, forward: forward)
        var lower = s.lower ?? 0, upper = s.upper ?? sorted.count - 1
        if lower == upper {
            if forward { upper = next(lower) } else { lower = pre(lower) }
        }
        let (from, to) = forward ? (lower, upper) : (upper, lower)
        if forward {
            pY = max(min(pY, pos(next(to))), pos(from))
        } else {
            pY = max(min(pY, pos(from)), pos(pre(to)))
        }
        let progress = abs(pY - pos(from)) / abs(pos(from) - pos(to))
        return progress > floatingPanelRedirectionalProgress ? sorted[to].name : sorted[from].name
    }

    // MARK: gorhom (handleOnEnd, reference §4.4)

    /// gorhom's release projection, 0.2 s (snapPoint.ts:7).
    package static let gorhomProjection = 0.2

    /// gorhom's release: the detent (plus the closed position when it can hide) nearest the unlimited drag
    /// position plus 0.2 s of velocity. Ties go to the first in its array: the closed position, which
    /// `handleOnEnd` puts before the detents (`unshift`), then the smaller sheet.
    package static func gorhom(_ geometry: SheetGeometry, _ release: SheetRelease) -> String {
        let raw = release.startPosition + release.translation
        let point = raw + gorhomProjection * release.velocity
        let closest = nearest(geometry.detents, to: point)
        guard geometry.canHide else { return closest.name }
        return abs(geometry.hiddenPosition - point) <= abs(closest.position - point) ? "hidden" : closest.name
    }

    // MARK: vaul (use-snap-points.ts onRelease, index.tsx onRelease, reference §5.4-5.5)

    /// vaul's velocity threshold, 0.4 px/ms (constants.ts:6).
    package static let vaulVelocityThreshold = 0.4
    /// vaul's fast fling, 2 px/ms (use-snap-points.ts:186-195).
    package static let vaulFastFling = 2.0
    /// vaul's one-step limit, 0.4 of the window height (use-snap-points.ts:204-205).
    package static let vaulSequentialLimit = 0.4
    /// vaul's close threshold, 0.25 of the drawer's height (constants.ts:8).
    package static let vaulCloseThreshold = 0.25

    /// vaul's release. With snap points (`snapPoints` true): a fast fling goes to the last point or closes, a
    /// fling past 0.4 px/ms moves one point in its direction, otherwise the nearest point. Without: a drag down
    /// closes past 0.4 px/ms or a quarter of the drawer's height.
    package static func vaul(_ geometry: SheetGeometry, _ release: SheetRelease, snapPoints: Bool) -> String {
        let dragged = -release.translation  // positive upward
        let v = release.averageSpeed
        let dismissible = geometry.canHide
        let points = geometry.detents
        let first = points[0].name, last = points[points.count - 1].name
        guard snapPoints else {
            if dragged > 0 { return release.settled }
            let open = points[points.count - 1].position
            let visible = geometry.size.height - open
            if dismissible && (v > vaulVelocityThreshold || abs(release.position - open) >= visible * vaulCloseThreshold) {
                return "hidden"
            }
            return release.settled
        }
        guard let active = points.firstIndex(where: { $0.name == release.settled }) else { return release.settled }
        let cur = points[active].position - dragged
        if v > vaulFastFling {
            if dragged <= 0 { return dismissible ? "hidden" : first }
            return last
        }
        var closest = points[0]
        for p in points.dropFirst() where abs(p.position - cur) < abs(closest.position - cur) { closest = p }
        if v > vaulVelocityThreshold && abs(dragged) < vaulSequentialLimit * geometry.size.height {
            if dragged > 0 && active == points.count - 1 { return last }
            if active == 0 && dragged < 0 {
                // vaul closes, then snaps to offsets[-1] (undefined, a no-op); not dismissible, it stays at the first.
                return dismissible ? "hidden" : first
            }
            let step = active + (dragged > 0 ? 1 : -1)
            return points[min(max(step, 0), points.count - 1)].name
        }
        return closest.name
    }
}
