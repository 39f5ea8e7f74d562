// The drawer container's touch gestures: MM's pan (with stretch and the velocity decision) and tap to close
// (reference/mmdrawer.md §4–5), and the fork's above-content pan (§11).

/// MM's gesture mask bits, by scenario name.
/// A pan in progress.
struct DrawerDrag: Sendable {
    /// The pane offset when the pan began (MM's startingPanRect).
    var startX: Double
    var startPoint: Point
    /// Above-content mode: the side chosen when the pan began (nil until the first movement).
    var side: Direction?
    // The finger's and the pane's velocity samples are the container's `tracks` (DrawerTracks), out of line.
}

extension DrawerContainer {
    /// The open gestures MM would allow for a touch starting at `point` (reference §5, "Possible OPEN modes").
    /// There is no navigation bar in the model, so the navigation-bar modes never match.
    func possibleOpenModes(at point: Point) -> DrawerOpenGestures {
        var modes: DrawerOpenGestures = []
        let content = centerContent
        if content.contains(point) { modes.insert(.panningCenterView) }
        let range = configuration.resolvedEdgeWidth
        let inLeftBezel = point.x >= 0 && point.x < range && content.contains(point)
        let inRightBezel = point.x >= size.width - range && point.x < size.width && content.contains(point)
        if (inLeftBezel && widths[.left] != nil) || (inRightBezel && widths[.right] != nil) { modes.insert(.bezelPanningCenterView) }
        return modes
    }

    /// The close gestures MM would allow for a pan (or, with `tap`, a tap) at `point`.
    func possibleCloseModes(at point: Point, tap: Bool) -> DrawerCloseGestures {
        let content = centerContent
        if tap { return content.contains(point) ? .tapCenterView : [] }
        var modes: DrawerCloseGestures = []
        if content.contains(point) { modes.insert(.panningCenterView) }
        let range = configuration.resolvedEdgeWidth
        let inLeftBezel = point.x >= 0 && point.x < range && content.contains(point)
        let inRightBezel = point.x >= size.width - range && point.x < size.width && content.contains(point)
        if (inRightBezel && openSide == .left) || (inLeftBezel && openSide == .right) { modes.insert(.bezelPanningCenterView) }
        if !content.contains(point) { modes.insert(.panningDrawerView) }
        return modes
    }

    /// The pane's frame clipped to the container: where touches land on the content.
    var centerContent: Rect {
        let top = configuration.showsStatusBarBackgroundView ? DrawerConfiguration.statusBarHeight : 0
        let paneX = configuration.openMode == .above ? 0 : paneOffset
        let minX = max(paneX, 0), maxX = min(paneX + size.width, size.width)
        return Rect(x: minX, y: top, width: max(0, maxX - minX), height: size.height - top)
    }

    /// Whether MM's recognizers would receive a touch at `point` (shouldReceiveTouch).
    func receivesTouch(at point: Point, tap: Bool) -> Bool {
        if openSide == nil {
            return !tap && !configuration.openGestures.isDisjoint(with: possibleOpenModes(at: point))
        }
        return !configuration.closeGestures.isDisjoint(with: possibleCloseModes(at: point, tap: tap))
    }

    mutating func pan(_ phase: TouchPhase, _ point: Point, at time: Double, events: inout [Event]) {
        switch phase {
        case .began:
            guard drag == nil else { return }
            // MM disables its pan recognizer for good when a pan begins during an animation; we ignore only
            // this pan (docs/compat.md). An interruptible container catches a sliding pane where it is.
            let catches = isAnimating && isRetargetable
            guard !isAnimating || catches else {
                return events.append(Self.ignored(.touch(.pan(point, .began)), "a drawer animation is running"))
            }
            let aboveTouch = configuration.openMode == .above && (openSide != nil || catches)
            guard aboveTouch || receivesTouch(at: point, tap: false) || (catches && centerContent.contains(point)) else {
                return events.append(Self.ignored(.touch(.pan(point, .began)), "the gesture masks do not allow this pan"))
            }
            endBounce()
            motion = .none
            if catches {
                isAnimating = false
                let shown: Direction? = x > 0 ? .left : (x < 0 ? .right : nil)
                openSide = shown
                if let shown { present(shown) }
                events.append(.caught(direction: shown))
            }
            drag = DrawerDrag(startX: x, startPoint: point, side: openSide)
            uniqueTracks().start(finger: point.x, pane: x, at: time)
            events.append(.panBegan)
        case .moved, .ended:
            guard var d = drag else { return }
            // Touch times, not frame times, fitted over a window: a release reported with the last move's
            // timestamp, or repeating its point a little later, keeps the flick's speed.
            let tracks = uniqueTracks()
            tracks.finger.add(point.x, at: time)
            let tx = point.x - d.startPoint.x
            if configuration.openMode == .above {
                if d.side == nil, tx != 0 {
                    let wanted: Direction = tx > 0 ? .left : .right
                    d.side = widths[wanted] != nil ? wanted : (widths[wanted.opposite] != nil ? wanted.opposite : nil)
                }
                moveAbove(tx: tx, drag: d)
            } else {
                movePush(raw: d.startX + tx)
            }
            tracks.pane.add(x, at: time)
            drag = d
            if phase == .ended { finishPan(d, at: time, events: &events) }
        case .cancelled:
            guard let d = drag else { return }
            cancelPan(d, at: time, events: &events)
        }
    }

    /// A cancelled pan (UIKit's cancelled state): the drawer settles back where the pan began, at its animation
    /// velocity and not the finger's, and the sample's point is not used. A pan that caught a sliding pane settles
    /// at the end it was nearer when caught.
    private mutating func cancelPan(_ d: DrawerDrag, at time: Double, events: inout [Event]) {
        drag = nil
        events.append(.panCancelled)
        let side: Direction? = d.startX > 0 ? .left : (d.startX < 0 ? .right : nil)
        if let side, abs(d.startX) >= maximumWidth(side) / 2 {
            if x == side.sign * maximumWidth(side) {
                openSide = side
                return
            }
            open(side, animated: true, at: time, events: &events)
        } else if x != 0 {
            close(animated: true, at: time, events: &events)
        } else {
            openSide = nil
            presentedSide = nil
        }
    }

    /// Push mode: x = floor(C(raw)) with MM's stretch; the open side follows the sign of x at once.
    private mutating func movePush(raw: Double) {
        let newX = configuration.constrainedPaneX(raw: raw, containerWidth: size.width)
        let visible: Direction? = newX > 0 ? .left : (newX < 0 ? .right : nil)
        if openSide != visible {
            openSide = visible
            if let visible { present(visible) } else { presentedSide = nil }
        }
        x = newX
    }

    /// Above-content mode: the drawer of the pan's side follows the finger, clamped to [closed, open], no stretch.
    private mutating func moveAbove(tx: Double, drag d: DrawerDrag) {
        guard let side = d.side else { return }
        let w = maximumWidth(side)
        let start = openSide == side ? d.startX : 0
        let revealed = min(max(side.sign * start + side.sign * tx, 0), w)
        present(side)
        x = side.sign * revealed
        let p = w > 0 ? revealed / w : 0
        openSide = p > 0.01 ? side : nil
    }

    /// MM's release decision (reference §4 "Finish") or the fork's above-content one (§11).
    private mutating func finishPan(_ d: DrawerDrag, at time: Double, events: inout [Event]) {
        drag = nil
        let vx = tracks.finger.rate
        events.append(.panEnded(velocity: .pointsPerSecond(vx)))
        if configuration.openMode == .above {
            finishAbove(d, vx: vx, at: time, events: &events)
            return
        }
        let threshold = configuration.resolvedVelocityThreshold
        let fling = max(abs(vx), 2 * threshold)
        // With a container timing the release hands over the pane's own velocity (the finger's, unless stretched).
        let handed: Double? = configuration.timing == nil ? nil : tracks.pane.rate
        switch openSide {
        case .left:
            let w = maximumWidth(.left)
            if vx > threshold {
                open(.left, animated: true, at: time, events: &events, velocity: fling, curve: .easeOut, handed: handed)
            } else if vx < -threshold {
                close(animated: true, at: time, events: &events, velocity: fling, curve: .easeOut, handed: handed)
            } else if x < w * configuration.resolvedDistanceThreshold {
                close(animated: true, at: time, events: &events, handed: handed)
            } else {
                open(.left, animated: true, at: time, events: &events, handed: handed)
            }
        case .right:
            let w = maximumWidth(.right)
            if vx > threshold {
                close(animated: true, at: time, events: &events, velocity: fling, curve: .easeOut, handed: handed)
            } else if vx < -threshold {
                open(.right, animated: true, at: time, events: &events, velocity: fling, curve: .easeOut, handed: handed)
            } else if size.width + x > size.width - w * configuration.resolvedDistanceThreshold {
                close(animated: true, at: time, events: &events, handed: handed)
            } else {
                open(.right, animated: true, at: time, events: &events, handed: handed)
            }
        default:
            presentedSide = nil
        }
    }

    /// The fork's above-content release: ±500 pt/s or the half-way point (the pan policy's defaults), then a fixed 0.25 s ease-in-out.
    private mutating func finishAbove(_ d: DrawerDrag, vx: Double, at time: Double, events: inout [Event]) {
        guard let side = d.side else { return }
        let w = maximumWidth(side)
        let revealed = side.sign * x
        let towardsOpen = side.sign * vx
        let threshold = configuration.resolvedVelocityThreshold
        let opens =
            towardsOpen > threshold ? true : (towardsOpen < -threshold ? false : revealed > w * configuration.resolvedDistanceThreshold)
        let target = opens ? side.sign * w : 0
        present(side)
        events.append(opens ? .willOpen(direction: side) : .willClose(direction: side))
        let handed: Double? = configuration.timing == nil ? nil : tracks.pane.rate
        motion = .slide(
            slide(to: target, at: time, duration: 0.25, curve: .easeInEaseOut, timing: nil, handed: handed), target: opens ? side : nil)
    }

    /// MM's tap: closes an open drawer when the close mask allows a tap there. In above-content mode the scrim
    /// closes on any tap outside the drawer, and a tap on the drawer does nothing.
    mutating func tap(_ point: Point, at time: Double, events: inout [Event]) {
        guard let side = openSide, !isAnimating else {
            return events.append(Self.ignored(.touch(.tap(point)), "no drawer is open"))
        }
        if configuration.openMode == .above {
            let w = maximumWidth(side)
            let onDrawer = side == .left ? point.x < w : point.x >= size.width - w
            guard !onDrawer else { return events.append(Self.ignored(.touch(.tap(point)), "the tap is on the drawer")) }
        } else {
            guard receivesTouch(at: point, tap: true) else {
                return events.append(Self.ignored(.touch(.tap(point)), "the gesture masks do not allow this tap"))
            }
        }
        close(animated: true, at: time, events: &events)
    }
}
