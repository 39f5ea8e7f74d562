// Scroll regions on a sheet (DESIGN §13, issue 25): a pan over a region in the sheet moves the sheet and scrolls the
// region in one gesture as each behavior's source decides (reference/sheets.md §1.7, §1b, §2, §3.6, §4.6, §5.8); a
// pan outside the sheet scrolls a region of the content behind.

extension SheetContainer {
    /// The content offset of each scroll region, in ``SheetConfiguration/scrollRegions`` order.
    package var scrollOffsets: [Double] { scroll.offsets }

    /// `scrollOffsets`: the sheet runs its regions itself (``PaneHost/scrollOffsets`` reads them here).
    package var regionOffsets: [Double]? { scroll.offsets }

    /// Appends one `scrolled` event for each region whose offset moved since the last call: the host calls it once
    /// per frame, after the frame's actions (an app driving the sheet alone does the same).
    package mutating func flushScrolled(events: inout [Event]) { scroll.flush(events: &events) }

    /// How close to its largest detent, in points, the sheet counts as there: positions come from the same
    /// arithmetic, so this only absorbs rounding.
    private static let epsilon = 1e-9

    /// Whether the sheet is at its largest detent (gorhom's EXTENDED, vaul's translate 0).
    private var isAtLargest: Bool { position <= geometry.largestPosition + Self.epsilon }

    /// Takes the pan sample when it belongs to a scroll region: a pan that begins over a region in the sheet, or
    /// outside the sheet over a region of the content behind. Returns false for the sheet's own pans.
    mutating func handsOff(_ phase: TouchPhase, _ p: Point, at time: Double, events: inout [Event]) -> Bool {
        guard !scroll.regions.isEmpty else { return false }
        switch phase {
        case .began:
            // A second touch while a region's pan runs is ignored, as the sheet ignores one during its drag.
            if scroll.pan != nil || scroll.panePan != nil { return true }
            guard drag == nil else { return false }
            // Hit-tested where the sheet is drawn: a raised keyboard may have lifted it above its position.
            let top = keyboardEdges.top
            if p.y >= top, let r = scroll.region(.sheet, at: Point(x: p.x, y: p.y - top)) {
                beginHandOff(r, at: p, time: time, events: &events)
                return true
            }
            let real = edge == .bottom ? p : Point(x: p.x, y: size.height - p.y)
            guard p.y < top, let r = scroll.region(.pane, at: real) else { return false }
            scroll.panePan = (r, real)
            return true
        case .moved, .ended:
            if let (r, last) = scroll.panePan {
                let real = edge == .bottom ? p : Point(x: p.x, y: size.height - p.y)
                _ = scroll.scroll(r, finger: scroll.regions[r].axis == .vertical ? real.y - last.y : real.x - last.x)
                scroll.panePan = phase == .ended ? nil : (r, real)
                return true
            }
            guard var pan = scroll.pan else { return false }
            move(&pan, to: p, at: time, events: &events)
            scroll.pan = phase == .ended ? nil : pan
            if phase == .ended { releaseHandOff(pan, at: p, time: time, events: &events) }
            return true
        case .cancelled:
            // The sheet's own cancel runs when the sheet moved (it holds the drag); a region keeps its offset.
            let handedOff = scroll.pan != nil || scroll.panePan != nil
            scroll.pan = nil
            scroll.panePan = nil
            return handedOff && drag == nil
        }
    }

    private mutating func beginHandOff(_ r: Int, at p: Point, time: Double, events: inout [Event]) {
        let caught = settle != nil
        if let running = settle {
            // The finger catches a moving sheet, as on the sheet's own surface.
            position = running.value(at: time)
            settle = nil
        }
        let top = geometry.largestPosition
        let ceiling = behavior == .uikit && !configuration.prefersScrollingExpandsWhenScrolledToEdge ? max(top, position) : top
        var pan = SheetScrollPan(region: r, at: p, time: time, sheet: position, ceiling: ceiling)
        // FloatingPanel's scroll view can take the touch only at the most expanded anchor, within 1 pt (Core.swift:626-684).
        pan.panelTracks = behavior == .floatingpanel && abs(position - top) > 1
        if caught { holdSheet(pan, events: &events) }
        scroll.pan = pan
    }

    /// The sheet's drag begins (a `panBegan`) the first time the sheet moves in the pan, or at once when the finger
    /// caught it between detents.
    private mutating func holdSheet(_ pan: SheetScrollPan, events: inout [Event]) {
        guard drag == nil else { return }
        drag = Drag(
            startPosition: pan.sheetStart, startPointer: pan.start, startTime: pan.startTime, settled: settledDetent, y: pan.y, x: pan.x)
        events.append(.panBegan)
    }

    /// One movement of a hand-off pan, split between the sheet and the region as the behavior does.
    private mutating func move(_ pan: inout SheetScrollPan, to p: Point, at time: Double, events: inout [Event]) {
        pan.y.add(p.y, at: time)
        pan.x.add(p.x, at: time)
        if var d = drag {
            d.y.add(p.y, at: time)
            d.x.add(p.x, at: time)
            drag = d
        }
        let dy = p.y - pan.last.y
        if p != pan.last { pan.lastDelta = dy }
        pan.last = p
        guard dy != 0 else { return }
        let r = pan.region
        switch behavior {
        case .material:
            // onNestedPreScroll (BSB:831-900): up, the sheet to expanded and the rest to the child; down, the child
            // while it can scroll towards its top (what it cannot take is lost: onNestedScroll consumes nothing),
            // then the sheet.
            if dy < 0 {
                _ = toContent(toSheet(dy, &pan, events: &events), &pan)
            } else if scroll.isScrolled(r) {
                _ = toContent(dy, &pan)
            } else {
                _ = toSheet(dy, &pan, events: &events)
            }
        case .compose, .uikit:
            // Compose: pre-scroll gives an upward delta to the sheet first, post-scroll the content's leftover.
            // UIKit: the sheet rises to its largest detent (or stays, without prefersScrollingExpands…), the content
            // scrolls back to its top before the sheet comes down.
            if dy < 0 {
                _ = toContent(toSheet(dy, &pan, events: &events), &pan)
            } else {
                _ = toSheet(toContent(dy, &pan), &pan, events: &events)
            }
        case .floatingpanel:
            // Only at the most expanded anchor does the scroll view scroll; once the panel moves, the content is
            // pinned and the panel clamped to its anchors (§3.4 scrollingContent, §3.6).
            if pan.panelTracks {
                _ = toSheet(dy, &pan, events: &events)
            } else {
                let left = toContent(dy, &pan)
                if left > 0 {
                    pan.panelTracks = true
                    _ = toSheet(left, &pan, events: &events)
                }
            }
        case .gorhom:
            // The scrollable is locked unless the sheet is at its highest detent (useScrollable.ts): below it the
            // content keeps its offset; at it, the content scrolls back to 0 before the sheet moves (§4.3 negOff).
            if dy < 0 {
                _ = toContent(toSheet(dy, &pan, events: &events), &pan)
            } else if isAtLargest {
                _ = toSheet(toContent(dy, &pan), &pan, events: &events)
            } else {
                _ = toSheet(dy, &pan, events: &events)
            }
        case .vaul:
            if !pan.vaulAllowed { pan.vaulAllowed = vaulShouldDrag(pan, at: p, time: time) }
            if pan.vaulAllowed { _ = toSheet(dy, &pan, events: &events) } else { _ = toContent(dy, &pan) }
        }
    }

    /// vaul's `shouldDrag` (index.tsx:281-355) for a movement at `time`: allowed once the drawer is translated;
    /// refused (the content scrolls, and the refusal's time is kept) within the 100 ms scroll lock of the last
    /// refusal, while dragging towards open, or while the content is scrolled.
    private mutating func vaulShouldDrag(_ pan: SheetScrollPan, at p: Point, time: Double) -> Bool {
        guard isAtLargest else { return true }
        let locked = scroll.vaulLastPrevented.map { time - $0 < Self.vaulScrollLockTimeout } ?? false
        if locked || pan.start.y - p.y > 0 || scroll.isScrolled(pan.region) {
            scroll.vaulLastPrevented = time
            return false
        }
        return true
    }

    /// vaul's `scrollLockTimeout` default, 100 ms (constants.ts:10; its JSDoc's 500 is not what the code uses).
    package static let vaulScrollLockTimeout = 0.1

    /// Moves the sheet by `delta` (positive down) within the pan's ceiling and the behavior's drag limit; returns
    /// what it could not take upward (for the content). A sheet under a programmatic move takes nothing.
    private mutating func toSheet(_ delta: Double, _ pan: inout SheetScrollPan, events: inout [Event]) -> Double {
        guard delta != 0, settle == nil else { return delta }
        if drag == nil {
            // The sheet's share starts here: where a programmatic move may have left it since the pan began.
            pan.sheetStart = position
            pan.raw = position
        }
        var target = pan.raw + delta
        var left = 0.0
        // vaul's drawer has no content to hand to: its own limit stops it (snap points) or damps it.
        let cap = min(pan.ceiling, pan.raw)
        if behavior != .vaul, target < cap {
            left = target - cap
            target = cap
        }
        guard target != pan.raw else { return left }
        holdSheet(pan, events: &events)
        let moved = target - pan.raw
        pan.raw = target
        pan.contentLast = false
        if behavior == .floatingpanel {
            let bottom = geometry.canHide ? geometry.hiddenPosition : geometry.detents[0].position
            position = min(max(target, geometry.largestPosition), bottom)
        } else {
            position = SheetDragLimit.moved(
                from: position, by: moved, raw: target, behavior: behavior, geometry: geometry,
                rubberBanding: configuration.rubberBanding, snapPoints: snapPoints)
        }
        return left
    }

    /// Scrolls the pan's region by `delta` of finger travel; returns what its range could not take.
    private mutating func toContent(_ delta: Double, _ pan: inout SheetScrollPan) -> Double {
        guard delta != 0 else { return 0 }
        let left = scroll.scroll(pan.region, finger: delta)
        if left != delta { pan.contentLast = true }
        return left
    }

    /// The release of a hand-off pan: nothing when the sheet never moved (the content keeps its offset: PaneKit
    /// models no scroll momentum), else the behavior's target from the sheet's share of the gesture.
    private mutating func releaseHandOff(_ pan: SheetScrollPan, at p: Point, time: Double, events: inout [Event]) {
        guard let d = drag else { return }
        drag = nil
        let elapsed = time - pan.startTime
        let v = pan.y.rate
        var r = SheetRelease(
            position: position, velocity: v, settled: d.settled, startPosition: pan.sheetStart, translation: pan.raw - pan.sheetStart)
        r.horizontalVelocity = pan.x.rate
        r.averageSpeed = elapsed > 0 ? abs(p.y - pan.start.y) / (elapsed * 1000) : 0
        // Where the content moved last, the sheet is released without the finger's velocity (UIKit, FloatingPanel:
        // the scroll view tracked the finger; Material: smoothSlideViewTo never carries one).
        if pan.contentLast || behavior == .material { r.velocity = 0 }
        let target: String
        switch behavior {
        case .material: target = SheetReleaseRule.materialNested(geometry, configuration, r.with(velocity: v), lastDelta: pan.lastDelta)
        case .compose: target = SheetReleaseRule.compose(geometry, r.with(velocity: v))
        case .uikit: target = SheetReleaseRule.uikit(geometry, r)
        case .floatingpanel: target = SheetReleaseRule.floatingPanel(geometry, r)
        case .gorhom:
            // handleOnEnd: the scroll view handled the gesture at the highest detent: the sheet stays there.
            target =
                pan.contentLast && isAtLargest ? geometry.detents[geometry.detents.count - 1].name : SheetReleaseRule.gorhom(geometry, r)
        case .vaul: target = SheetReleaseRule.vaul(geometry, r, snapPoints: snapPoints)
        }
        let reported = behavior == .vaul ? (elapsed > 0 ? (p.y - pan.start.y) / elapsed : 0) : v
        events.append(.panEnded(velocity: .pointsPerSecond(reported)))
        // Compose's pre- and post-fling settle with the whole velocity (the content has no momentum to take it).
        let settleVelocity = behavior == .compose ? v : r.velocity
        startSettle(to: target, velocity: settleVelocity, kind: .release, timing: nil, animated: true, at: time, events: &events)
    }
}

extension SheetRelease {
    /// The release with another velocity.
    func with(velocity: Double) -> SheetRelease {
        var r = self
        r.velocity = velocity
        return r
    }
}

// MARK: - Reading and checking the regions

extension SheetDescriptor {
    /// `scrollRegions`, whose entries may say `"in": "sheet"`, and the flag `prefersScrollingExpandsWhenScrolledToEdge`;
    /// no `panPolicy` (the behavior decides every pan).
    package var gestureOptions: GestureOptions? {
        var options = GestureOptions(flags: [Self.prefersScrollingExpands])
        options.takesPanPolicy = false
        options.regionsInSheet = true
        return options
    }

    /// UIKit's key, spelled as UIKit does.
    static let prefersScrollingExpands = "prefersScrollingExpandsWhenScrolledToEdge"

    /// `configuration` with the scenario's regions and UIKit's flag.
    package func applying(_ gestures: GestureSettings, to configuration: SheetConfiguration) -> SheetConfiguration {
        var c = configuration
        c.scrollRegions = gestures.regions
        c.prefersScrollingExpandsWhenScrolledToEdge = gestures.flags[Self.prefersScrollingExpands] ?? true
        return c
    }
}

extension SheetConfigurationCheck {
    /// A region in the sheet scrolls vertically, along the sheet's moves; the sheet's node holds at most
    /// `NodeScrolls.capacity` of them.
    mutating func checkScrollRegions() {
        for (i, region) in c.scrollRegions.enumerated() where region.space == .sheet && region.axis != .vertical {
            fail("scrollRegions[\(i)].axis", "expected vertical for a region in the sheet, got \(region.axis.rawValue)")
        }
        let inSheet = c.scrollRegions.count(where: { $0.space == .sheet })
        if inSheet > NodeScrolls.capacity {
            fail("scrollRegions", "expected at most \(NodeScrolls.capacity) regions in the sheet, got \(inSheet)")
        }
    }
}
