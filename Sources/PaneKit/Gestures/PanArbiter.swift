// Decides who takes each pan before the container sees it: the drawer, a scrolling region, or nobody.

import Foundation

/// The host's gesture arbiter: it holds a pan's samples until its first movement says which recognizer wins
/// (DESIGN §12, docs/scenario.md "Gesture arbitration").
///
/// A pan that starts inside a scrolling region and moves mostly along the region's axis scrolls it; when the region's
/// offset reaches the end of its range and the pan runs along the drawers' axis, the rest of the movement goes to the
/// drawer, which sees a pan begin where the region stopped. Otherwise a pan steeper than the policy's lock angle, or
/// heading for a side with no drawer when the policy fails those, goes to nobody. The decision is a `panArbitrated`
/// event; each region whose offset moved during a frame gets one `scrolled` event on that frame.
///
/// A container whose policy is empty and that has no regions gets every sample at once, as in the originals, and no
/// event is written.
struct PanArbiter: Sendable {
    private enum Stage: Sendable {
        case idle
        /// Samples go straight to the container (no arbitration declared).
        case direct
        /// Waiting for the first movement from `start`.
        case possible(start: Point, arbitration: PanArbitration, region: Int?)
        case drawer
        case scrolling(region: Int, last: Point, arbitration: PanArbitration, locks: Bool)
        case failed
    }

    private var stage = Stage.idle
    /// Each region's content offset.
    private(set) var offsets: [Double]
    private var moved: [Bool]

    /// An arbiter for a container with `regions` (its scrolling regions at the start of the run).
    init(regions: [ScrollRegion]) {
        offsets = regions.map(\.offset)
        moved = Array(repeating: false, count: regions.count)
    }

    /// Passes one pan sample to `container`, or keeps it, as the arbitration decides.
    /// - Complexity: O(regions) on a pan's first sample, O(1) after; no allocation unless an event is written.
    mutating func deliver(
        _ phase: TouchPhase, _ point: Point, at time: Double, to container: inout any Container, events: inout [Event]
    ) {
        if phase == .began { begin(point, at: time, container: &container, events: &events) }
        if phase == .cancelled {
            // The system took the touch: only a container that has the pan hears of it; a region keeps its offset.
            switch stage {
            case .idle, .direct, .drawer: container.perform(touch: .pan(point, .cancelled), at: time, events: &events)
            case .possible, .scrolling, .failed: break
            }
            stage = .idle
            return
        }
        switch stage {
        case .failed:
            break
        case .idle, .direct, .drawer:
            // (A stray sample with no pan begun goes to the container, which ignores it, as before arbitration.)
            if phase != .began { container.perform(touch: .pan(point, phase), at: time, events: &events) }
        case .possible(let start, let arbitration, let region):
            guard phase != .began else { break }
            decide(from: start, to: point, phase, at: time, arbitration, region, container: &container, events: &events)
        case .scrolling(let region, let last, let arbitration, let locks):
            guard phase != .began else { break }
            scroll(region, from: last, to: point, phase, at: time, arbitration, locks, container: &container, events: &events)
        }
        if phase == .ended { stage = .idle }
    }

    /// Writes one `scrolled` event per region whose offset changed since the last call.
    mutating func flush(events: inout [Event]) {
        for r in 0..<moved.count where moved[r] {
            moved[r] = false
            events.append(.scrolled(region: r, offset: offsets[r]))
        }
    }

    private mutating func begin(_ point: Point, at time: Double, container: inout any Container, events: inout [Event]) {
        switch stage {
        case .direct, .drawer:
            // A second touch while one is held: the container decides, as it always did.
            container.perform(touch: .pan(point, .began), at: time, events: &events)
            return
        default:
            break
        }
        guard let arbitration = container.panArbitration() else {
            stage = .direct
            container.perform(touch: .pan(point, .began), at: time, events: &events)
            return
        }
        if offsets.count != arbitration.regions.count { self = PanArbiter(regions: arbitration.regions) }
        let region = arbitration.regions.lastIndex { $0.rect.contains(point) }
        if region == nil, arbitration.lockAngle >= PanPolicy.originalLockAngle, !arbitration.failsWithoutDrawer {
            // Nothing to wait for: the drawer takes the pan from its first touch, as in the originals.
            stage = .drawer
            events.append(.panArbitrated(winner: .drawer(region: nil)))
            container.perform(touch: .pan(point, .began), at: time, events: &events)
            return
        }
        stage = .possible(start: point, arbitration: arbitration, region: region)
    }

    /// The first movement decides; the drawer then sees its pan begin at the touch's start.
    private mutating func decide(
        from start: Point, to point: Point, _ phase: TouchPhase, at time: Double, _ arbitration: PanArbitration,
        _ region: Int?, container: inout any Container, events: inout [Event]
    ) {
        let dx = point.x - start.x, dy = point.y - start.y
        guard dx != 0 || dy != 0 else {
            if phase == .ended { fail(.noMovement, events: &events) }
            return
        }
        let horizontal = arbitration.axis == .horizontal
        let along = horizontal ? dx : dy, across = horizontal ? dy : dx
        let angle = Double.atan2Degrees(abs(across), abs(along))
        let locks = angle <= arbitration.lockAngle
        if let region {
            let regionAxis: Axis = abs(dx) >= abs(dy) ? .horizontal : .vertical
            if arbitration.regions[region].axis == regionAxis {
                events.append(.panArbitrated(winner: .scrollRegion(region)))
                stage = .scrolling(region: region, last: start, arbitration: arbitration, locks: locks)
                scroll(region, from: start, to: point, phase, at: time, arbitration, locks, container: &container, events: &events)
                return
            }
        }
        guard locks else { return fail(.angle, events: &events) }
        guard !arbitration.failsWithoutDrawer || arbitration.moves(towards: along) else {
            return fail(.noDrawer, events: &events)
        }
        stage = .drawer
        events.append(.panArbitrated(winner: .drawer(region: nil)))
        container.perform(touch: .pan(start, .began), at: time, events: &events)
        container.perform(touch: .pan(point, phase), at: time, events: &events)
    }

    /// Moves region `r`'s offset with the finger; what the offset's range cannot take goes to the drawer when the
    /// region scrolls along the drawers' axis.
    private mutating func scroll(
        _ r: Int, from last: Point, to point: Point, _ phase: TouchPhase, at time: Double, _ arbitration: PanArbitration,
        _ locks: Bool, container: inout any Container, events: inout [Event]
    ) {
        let region = arbitration.regions[r]
        let horizontal = region.axis == .horizontal
        let along = horizontal ? point.x - last.x : point.y - last.y
        let before = offsets[r], wanted = before - along
        // The part of the finger's movement the offset's range could not take (0 inside the range).
        var leftover = 0.0
        var offset = wanted
        if wanted < region.range.lowerBound {
            offset = region.range.lowerBound
            leftover = along - (before - offset)
        } else if wanted > region.range.upperBound {
            offset = region.range.upperBound
            leftover = along - (before - offset)
        }
        if offset != before {
            offsets[r] = offset
            moved[r] = true
        }
        stage = .scrolling(region: r, last: point, arbitration: arbitration, locks: locks)
        guard leftover != 0, region.axis == arbitration.axis, locks,
            !arbitration.failsWithoutDrawer || arbitration.moves(towards: leftover)
        else { return }
        // The region is at its edge: the drawer takes over, its pan beginning where the region stopped.
        var handover = point
        if horizontal { handover.x -= leftover } else { handover.y -= leftover }
        stage = .drawer
        events.append(.panArbitrated(winner: .drawer(region: r)))
        container.perform(touch: .pan(handover, .began), at: time, events: &events)
        container.perform(touch: .pan(point, phase), at: time, events: &events)
    }

    private mutating func fail(_ reason: Event.PanRefusal, events: inout [Event]) {
        stage = .failed
        events.append(.panArbitrated(winner: .nobody(reason: reason)))
    }
}

extension PanArbitration {
    /// Whether something moves for a pan heading along the axis with the sign of `along`.
    func moves(towards along: Double) -> Bool {
        along > 0 ? movesTowardsPositive : (along < 0 ? movesTowardsNegative : true)
    }
}

extension Double {
    /// The angle of the vector (`x`, `y`) from the x axis in degrees, for non-negative components.
    static func atan2Degrees(_ y: Double, _ x: Double) -> Double {
        atan2(y, x) * 180 / Double.pi
    }
}
