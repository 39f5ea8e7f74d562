// The sheet container: a surface resting at detents, moved by actions and pans under one platform's rules
// (DESIGN §13, reference/sheets.md).

/// A sheet resting at detents, reproducing one platform's sheet number for number (``SheetBehavior``).
///
/// Internally every position is the y of the sheet's top edge as for a bottom sheet; a top sheet mirrors the
/// touches coming in and the frames going out, so it is the exact mirror image. Motion is frame-rate independent:
/// the closed forms are evaluated at the frame's time, and FloatingPanel's stepper and gorhom's rest test run at
/// the display rate (``SheetConfiguration/displayRate``), whatever the rate the host renders at.
public struct SheetContainer: Sendable {
    /// The options the container runs with (`contentHeight` follows `setContentHeight`).
    public private(set) var configuration: SheetConfiguration
    /// The resolved detents.
    package private(set) var geometry: SheetGeometry {
        didSet { detentFractions = geometry.detentFractions }
    }
    /// Each resting detent with its closed fraction (`ctx.detents`), hidden last when the sheet can hide: resolved
    /// with the geometry, so the host reads it every frame without building it again.
    package private(set) var detentFractions: [(name: String, closed: Double)]
    /// The sheet's position: the y of its top edge as for a bottom sheet, in points (`ctx.position`).
    public internal(set) var position: Double
    /// The detent the sheet last came to rest at.
    package private(set) var settledDetent: String
    /// The detent of the running settle (the settled one at rest).
    package private(set) var targetDetent: String

    var settle: SheetSettle?
    /// What starts a move: a finger's release (the behavior's release settle, with the finger's velocity), a
    /// `present` (Compose's `show()` runs DefaultSpatial whatever the target) or another programmatic move.
    enum MoveKind { case release, show, move }

    /// Whether the running move ends at another detent than the settled one (a `detentDidChange` on landing).
    private var changesDetent = false
    var drag: Drag?
    private(set) var now = 0.0
    /// Compose's scrim, 0…1, faded by the DefaultEffects spring when the target changes between hidden and shown.
    private var scrim: ComposeSpring
    /// The predictive back under way or easing out (SheetContainer+Back.swift).
    var back: SheetBack?
    /// The on-screen keyboard, from the first `keyboard` action on (SheetKeyboard.swift).
    var keyboard: SheetKeyboard?
    /// The scroll regions' offsets and the hand-off of a pan over one (SheetContainer+Scroll.swift).
    var scroll = SheetScroll(regions: [])

    /// A pan in progress, in the bottom sheet's coordinates.
    struct Drag: Sendable {
        var startPosition: Double
        var startPointer: Point
        var startTime: Double
        var settled: String
        var y: SampledVelocity
        var x: SampledVelocity
    }

    /// A sheet at rest at its initial detent.
    /// - Throws: ``SheetConfigurationError`` with every problem of `configuration`.
    public init(_ configuration: SheetConfiguration) throws(SheetConfigurationError) {
        self.configuration = configuration
        geometry = try SheetGeometry.resolve(configuration)
        detentFractions = geometry.detentFractions
        let initial = configuration.initialDetent ?? Self.defaultInitialDetent(configuration.behavior, geometry)
        settledDetent = initial
        targetDetent = initial
        position = geometry.position(of: initial) ?? geometry.largestPosition
        scrim = Self.restingScrim(shown: initial != "hidden", at: 0)
        scroll = SheetScroll(regions: configuration.scrollRegions)
    }

    /// The platform's initial detent: material collapsed (BSB:321-323), Compose's `show()` target, UIKit's smallest
    /// (`selectedDetentIdentifier` nil), FloatingPanel's half (Layout.swift:30-32), gorhom's index 0, vaul's first.
    static func defaultInitialDetent(_ behavior: SheetBehavior, _ g: SheetGeometry) -> String {
        let names = g.detents.map(\.name)
        switch behavior {
        case .material where names.contains("collapsed"): return "collapsed"
        case .compose where names.contains("partiallyExpanded"): return "partiallyExpanded"
        case .compose where names.contains("expanded"): return "expanded"
        case .floatingpanel where names.contains("half"): return "half"
        default: return names[0]
        }
    }

    // MARK: - Queries

    /// The behavior.
    package var behavior: SheetBehavior { configuration.behavior }
    /// The container's size.
    package var size: Size { configuration.size }
    /// The edge the sheet rests against.
    package var edge: SheetEdge { configuration.edge }
    /// The direction whose closed fraction the sheet drives.
    package var directions: [Direction] { edge.directions }
    /// Whether vaul runs with snap points (the scenario listed detents) or as a single open drawer.
    var snapPoints: Bool { configuration.detents != nil }

    /// The frame's `detent`: the one the sheet rests at or is settling to; while dragging, the last settled one.
    public var detent: String { drag != nil || settle == nil ? settledDetent : targetDetent }
    /// Whether nothing moves.
    package var isAtRest: Bool { drag == nil && settle == nil && scrim.isFinished(at: now) && backIsOver && keyboardIsAtRest }
    /// Whether a finger holds the sheet.
    package var isDragging: Bool { drag != nil }

    /// The state for frames and stylers: `dragging`, `opening` (moving to a larger detent), `closing`, `open`, or
    /// `closed` (hidden).
    package var state: ContainerState {
        if drag != nil { return .dragging }
        if let settle { return settle.target < position ? .opening : .closing }
        return settledDetent == "hidden" ? .closed : .open
    }

    /// The closed fraction of the sheet's edge (0 at the largest detent, 1 at the lowest resting position).
    package var closedFraction: Double { geometry.closedFraction(at: position) }

    /// The sheet's velocity in points per second, positive towards its edge.
    package var velocity: Double {
        if let drag { return drag.y.rate }
        return settle?.velocity(at: now) ?? 0
    }

    /// The overlay's alpha now.
    package var dimming: Double {
        if behavior == .compose { return SheetDimming.materialScrim * scrim.value(at: now) }
        return SheetDimming.alpha(
            at: position, behavior: behavior, geometry: geometry, undimmedDetent: configuration.undimmedDetent,
            snapPoints: snapPoints)
    }

    // MARK: - Actions

    private static func ignored(_ action: SheetAction, _ reason: String) -> Event {
        .actionIgnored(action: action.name, reason: reason)
    }

    /// Takes `action` at `time` (not before the last time), appending what happened to `events`.
    package mutating func perform(_ action: SheetAction, at time: Double, events: inout [Event]) {
        advanceMotion(to: time, events: &events)
        if let reason = refusal(of: action) { return events.append(Self.ignored(action, reason)) }
        switch action {
        case .setDetent(let name, let animated, let timing):
            guard geometry.position(of: name) != nil, name != "hidden" || canDismiss else {
                let reason =
                    name == "hidden" ? "the sheet is not hideable" : "no detent named '\(name)' (\(geometry.names.joined(separator: ", ")))"
                return events.append(Self.ignored(action, reason))
            }
            guard !(settle == nil && settledDetent == name && position == geometry.position(of: name)) else {
                return events.append(Self.ignored(action, "the sheet is already at '\(name)'"))
            }
            startSettle(
                to: name, velocity: programmaticVelocity, kind: .move, timing: timing, animated: animated, at: time, events: &events)
        case .present(let name, let animated):
            guard detent == "hidden" else { return events.append(Self.ignored(action, "the sheet is already shown")) }
            let target = name ?? initialShownDetent
            guard target != "hidden", geometry.position(of: target) != nil else {
                return events.append(
                    Self.ignored(action, "no detent named '\(target)' (\(geometry.detents.map(\.name).joined(separator: ", ")))"))
            }
            startSettle(to: target, velocity: 0, kind: .show, timing: nil, animated: animated, at: time, events: &events)
        case .dismiss(let animated):
            guard canDismiss else { return events.append(Self.ignored(action, "the sheet is not hideable")) }
            guard detent != "hidden" else { return events.append(Self.ignored(action, "the sheet is already hidden")) }
            startSettle(
                to: "hidden", velocity: programmaticVelocity, kind: .move, timing: nil, animated: animated, at: time, events: &events)
        case .setContentHeight(let height, let animated):
            setContentHeight(height, animated: animated, at: time, events: &events)
        case .touch(.pan(let point, let phase)):
            pan(phase, local(point), at: time, events: &events)
        case .touch(.tap(let point)):
            tap(local(point), action: action, at: time, events: &events)
        case .back(let gesture):
            startBack(gesture, at: time, events: &events)
        case .keyboard(let height, let duration, let timing):
            showKeyboard(height: height, duration: duration, timing: timing, at: time, events: &events)
        case .touch(.gesture):
            events.append(Self.ignored(action, "a whole pan is delivered by the host, sample by sample"))
        case .timed(let inner, let timing):
            perform(inner.withTiming(timing), at: time, events: &events)
        }
    }

    /// Why `action` cannot run now, before any action-specific check: a programmatic action during a pan (the
    /// finger wins), or a point or height that is not a finite number.
    private func refusal(of action: SheetAction) -> String? {
        switch action {
        case .touch(.pan(let p, _)), .touch(.tap(let p)):
            guard p.x.isFinite, p.y.isFinite else { return "the point is not a finite number" }
            if case .touch(.tap) = action, drag != nil { return "a pan is in progress" }
            return nil
        case .setContentHeight(let h, _) where !h.isFinite:
            return "the height is not a finite number"
        case .keyboard(let h, let d, _):
            return SheetKeyboard.refusal(height: h, duration: d, in: size)
        default:
            return drag != nil ? "a pan is in progress" : nil
        }
    }

    /// Material refuses hidden when not hideable (BSB:1483-1486) and Compose's `skipHiddenState` has no hidden
    /// anchor; the other platforms dismiss programmatically whatever their gestures may do.
    private var canDismiss: Bool {
        switch behavior {
        case .material, .compose: geometry.canHide
        default: true
        }
    }

    /// The detent `present` shows when it names none: the configured initial one, else the platform's.
    private var initialShownDetent: String {
        if let initial = configuration.initialDetent, initial != "hidden" { return initial }
        return Self.defaultInitialDetent(behavior, geometry)
    }

    /// The velocity a programmatic move starts with: Compose's `animateTo` carries `lastVelocity`; the others
    /// start from rest (ViewDragHelper's `smoothSlideViewTo`, a spring or transition from where the sheet is).
    private var programmaticVelocity: Double { behavior == .compose ? (settle?.velocity(at: now) ?? 0) : 0 }

    private mutating func setContentHeight(_ height: Double, animated: Bool, at time: Double, events: inout [Event]) {
        var changed = configuration
        changed.contentHeight = height
        let next: SheetGeometry
        do {
            next = try SheetGeometry.resolve(changed)
        } catch {
            return events.append(Self.ignored(.setContentHeight(height, animated: animated), error.description))
        }
        configuration = changed
        geometry = next
        guard drag == nil else { return }
        var name = detent
        if next.position(of: name) == nil {
            // The detent went away (Compose's partiallyExpanded once the sheet is no taller than half): the nearest.
            name = SheetReleaseRule.nearest(SheetReleaseRule.anchors(next), to: position).name
        }
        startSettle(to: name, velocity: 0, kind: .move, timing: nil, animated: animated, at: time, events: &events)
    }

    private mutating func tap(_ p: Point, action: SheetAction, at time: Double, events: inout [Event]) {
        guard p.y < keyboardEdges.top else { return events.append(Self.ignored(action, "the tap is on the sheet")) }
        guard !passesTouchesThrough else { return events.append(.tapPassedThrough(point: Self.tapPoint(of: action) ?? p)) }
        if let reason = overlayTapRefusal { return events.append(Self.ignored(action, reason)) }
        startSettle(to: "hidden", velocity: 0, kind: .move, timing: nil, animated: true, at: time, events: &events)
    }

    /// The point of a tap action, in container coordinates.
    private static func tapPoint(of action: SheetAction) -> Point? {
        if case .tap(let p)? = action.touch { return p }
        return nil
    }

    // MARK: - Pan

    /// A point in the bottom sheet's coordinates (a top sheet's mirrored).
    private func local(_ p: Point) -> Point { edge == .bottom ? p : Point(x: p.x, y: size.height - p.y) }

    private mutating func pan(_ phase: TouchPhase, _ p: Point, at time: Double, events: inout [Event]) {
        if handsOff(phase, p, at: time, events: &events) { return }
        switch phase {
        case .began:
            guard drag == nil else { return }
            guard p.y >= keyboardEdges.top else {
                return events.append(Self.ignored(.pan(phase, p), "the pan starts outside the sheet"))
            }
            if let running = settle {
                position = running.value(at: time)
                settle = nil
            }
            drag = Drag(
                startPosition: position, startPointer: p, startTime: time, settled: settledDetent,
                y: SampledVelocity(p.y, at: time), x: SampledVelocity(p.x, at: time))
            events.append(.panBegan)
        case .moved, .ended:
            guard var d = drag else { return }
            let delta = p.y - d.y.value
            d.y.add(p.y, at: time)
            d.x.add(p.x, at: time)
            drag = d
            let raw = d.startPosition + (p.y - d.startPointer.y)
            position = SheetDragLimit.moved(
                from: position, by: delta, raw: raw, behavior: behavior, geometry: geometry,
                rubberBanding: configuration.rubberBanding, snapPoints: snapPoints)
            guard phase == .ended else { return }
            release(d, at: p, time: time, events: &events)
        case .cancelled:
            guard let d = drag else { return }
            drag = nil
            events.append(.panCancelled)
            startSettle(to: d.settled, velocity: 0, kind: .release, timing: nil, animated: true, at: time, events: &events)
        }
    }

    private mutating func release(_ d: Drag, at p: Point, time: Double, events: inout [Event]) {
        drag = nil
        let translation = p.y - d.startPointer.y
        let elapsed = time - d.startTime
        var r = SheetRelease(
            position: position, velocity: d.y.rate, settled: d.settled, startPosition: d.startPosition,
            translation: translation)
        r.horizontalVelocity = d.x.rate
        r.averageSpeed = elapsed > 0 ? abs(translation) / (elapsed * 1000) : 0
        let reported = behavior == .vaul ? (elapsed > 0 ? translation / elapsed : 0) : r.velocity
        events.append(.panEnded(velocity: .pointsPerSecond(reported)))
        release(r, at: time, events: &events)
    }

    /// Lets the sheet go as `r` says (the sheet at `position`): the behavior's release rule picks the target and
    /// its release settle runs with the velocity.
    mutating func release(_ r: SheetRelease, at time: Double, events: inout [Event]) {
        let target: String
        switch behavior {
        case .material: target = SheetReleaseRule.material(geometry, configuration, r)
        case .compose: target = SheetReleaseRule.compose(geometry, r)
        case .uikit: target = SheetReleaseRule.uikit(geometry, r)
        case .floatingpanel: target = SheetReleaseRule.floatingPanel(geometry, r)
        case .gorhom: target = SheetReleaseRule.gorhom(geometry, r)
        case .vaul: target = SheetReleaseRule.vaul(geometry, r, snapPoints: snapPoints)
        }
        startSettle(to: target, velocity: r.velocity, kind: .release, timing: nil, animated: true, at: time, events: &events)
    }

    // MARK: - Motion

    /// Starts the move to `name`: a `detentWillChange` when it is a new detent, then the behavior's settle (a
    /// release's, with the finger's velocity, or a programmatic one), or a jump when not animated.
    mutating func startSettle(
        to name: String, velocity v: Double, kind: MoveKind, timing: Timing?, animated: Bool, at time: Double,
        events: inout [Event]
    ) {
        guard let target = geometry.position(of: name) else { return }
        if name != settledDetent && (name != targetDetent || settle == nil) {
            events.append(.detentWillChange(detent: name))
        }
        targetDetent = name
        changesDetent = name != settledDetent
        if behavior == .compose { fadeScrim(shown: name != "hidden", at: time) }
        // Compose's `animateTo` runs its spring even from the target anchor when there is a velocity.
        guard animated, position != target || (behavior == .compose && v != 0) else {
            settle = nil
            return land(at: target, events: &events)
        }
        settle = makeSettle(to: target, name: name, velocity: v, kind: kind, timing: timing, at: time)
        advanceMotion(to: time, events: &events)
    }

    /// The settle motion of the behavior from the current position.
    private func makeSettle(
        to target: Double, name: String, velocity v: Double, kind: MoveKind, timing: Timing?, at time: Double
    ) -> SheetSettle {
        let y = position
        if let timing {
            return .tween(Tween(from: y, to: target, start: time, duration: defaultDuration(to: target), timing: timing, velocity: v))
        }
        switch behavior {
        case .material:
            return .material(
                from: y, to: target, start: time, milliseconds: materialMilliseconds(to: target, velocity: kind == .release ? v : 0),
                density: configuration.density)
        case .compose:
            // Compose's `MotionScheme` springs (standard scheme; reference §1b): DefaultSpatial settles a drag and
            // shows the sheet; FastEffects hides it and partially expands it.
            let spec: ComposeSpring.Spec =
                kind != .move || (name != "hidden" && name != "partiallyExpanded") ? .defaultSpatial : .fastEffects
            return .compose(ComposeSpring(from: y, to: target, start: time, spec: spec, velocity: v, density: configuration.density))
        case .uikit:
            return .tween(Tween(from: y, to: target, start: time, spring: SheetSettle.uikitSpring, velocity: v))
        case .floatingpanel:
            // A programmatic move and the removal interaction's dismissal run the controller's default animator; the
            // dismissal starts with the finger's speed (its `removalVector` is relative to the distance it animates).
            guard kind == .release, name != "hidden" else {
                let speed = kind == .release ? abs(v) : 0
                return .tween(Tween(from: y, to: target, start: time, spring: SheetSettle.floatingPanelMoveSpring, velocity: speed))
            }
            return .stepper(
                FloatingPanelStepper(
                    from: y, velocity: v, to: target, step: 1 / configuration.displayRate, start: time,
                    pixel: 1 / configuration.displayScale))
        case .gorhom:
            return SheetSettle.gorhom(
                from: y, to: target, velocity: kind == .release ? v / 2 : 0, start: time, rate: configuration.displayRate)
        case .vaul:
            return .tween(Tween(from: y, to: target, start: time, duration: SheetSettle.vaulDuration, curve: SheetSettle.vaulCurve))
        }
    }

    /// Material's settle duration in milliseconds for a move to `target` (ViewDragHelper, in pixels).
    func materialMilliseconds(to target: Double, velocity: Double) -> Int {
        guard let m = geometry.material else { return 0 }
        let d = configuration.density
        let range = geometry.canHide ? Double(m.parentHeight) : Double(m.collapsedOffset)
        return SheetSettle.materialDuration(
            dy: (target - position) * d, velocity: velocity * d, width: m.parentWidth, range: range,
            minimumFling: SheetReleaseRule.androidMinimumFling * d, maximumFling: SheetReleaseRule.androidMaximumFling * d)
    }

    /// Material's settle duration in seconds for a move to `target`.
    func materialDuration(to target: Double, velocity: Double) -> Double {
        Double(materialMilliseconds(to: target, velocity: velocity)) / 1000
    }

    /// The duration a curve `timing` runs for: the platform's own (material's formula, Compose's 300 ms tween,
    /// FloatingPanel's 0.25 s response, gorhom's 250 ms Android timing, vaul's 0.5 s, UIKit's chosen 0.5 s).
    private func defaultDuration(to target: Double) -> Double {
        switch behavior {
        case .material: materialDuration(to: target, velocity: 0)
        case .compose: 0.3
        case .floatingpanel, .gorhom: 0.25
        case .uikit, .vaul: 0.5
        }
    }

    private mutating func fadeScrim(shown: Bool, at time: Double) {
        let to = shown ? 1.0 : 0.0
        guard scrim.to != to else { return }
        let from = scrim.value(at: time)
        // An alpha: the visibility threshold 0.01 is in its own units.
        scrim = ComposeSpring(from: from, to: to, start: time, spec: .defaultEffects, velocity: scrim.velocity(at: time), density: 1)
    }

    /// The scrim at rest, shown (1) or not (0).
    private static func restingScrim(shown: Bool, at time: Double) -> ComposeSpring {
        let alpha = shown ? 1.0 : 0.0
        return ComposeSpring(from: alpha, to: alpha, start: time, spec: .defaultEffects, velocity: 0, density: 1)
    }

    /// Arrives at the target detent, at `target`; the names were compared when the move started, so a landing
    /// frame compares no strings (the per-frame path allocates nothing).
    private mutating func land(at target: Double, events: inout [Event]) {
        position = target
        settle = nil
        if changesDetent {
            changesDetent = false
            settledDetent = targetDetent
            events.append(.detentDidChange(detent: targetDetent))
            if let text = announcement(for: targetDetent) { events.append(.announcement(text: text)) }
        }
    }

    /// Moves the motion forward to `time`, landing a settle that ends by then (the scroll regions' offsets are
    /// reported by ``advance(to:events:)``, once a frame).
    /// - Complexity: O(1) for the closed forms; O(display frames) for FloatingPanel's stepper; no allocation.
    mutating func advanceMotion(to time: Double, events: inout [Event]) {
        if let b = back, b.release == nil, time >= b.end { endBack(events: &events) }
        now = max(now, time)
        guard var running = settle else { return }
        running.advance(to: now)
        settle = running
        if running.isFinished(at: now) {
            land(at: running.target, events: &events)
        } else {
            position = running.value(at: now)
        }
    }

    // MARK: - Static poses

    /// Puts the sheet at rest at closed fraction `closed` of its edge (`panekit sample`, the baker); the frame's
    /// detent is the resting detent nearest that position.
    package mutating func setStaticPose(_ group: StylerGroup, closed: Double) {
        drag = nil
        settle = nil
        position = geometry.largestPosition + closed * (geometry.lowestPosition - geometry.largestPosition)
        var nearest = settledDetent, distance = Double.infinity
        for d in geometry.detentFractions where abs(d.closed - closed) < distance {
            nearest = d.name
            distance = abs(d.closed - closed)
        }
        settledDetent = nearest
        targetDetent = nearest
        scrim = Self.restingScrim(shown: nearest != "hidden", at: now)
    }

    /// A FloatingPanel sheet on an iPhone's 375 × 812 screen with every option at its default: what a
    /// configuration that does not validate falls back to.
    static func minimal(edge: SheetEdge) -> SheetContainer {
        var c = SheetConfiguration(size: Size(width: 375, height: 812), behavior: .floatingpanel)
        c.edge = edge
        c.detents = [.fraction(name: "full", 1)]
        return SheetContainer(unchecked: c)
    }

    /// A sheet of a configuration known to be valid, at its initial detent.
    private init(unchecked configuration: SheetConfiguration) {
        self.configuration = configuration
        let g =
            (try? SheetGeometry.resolve(configuration))
            ?? SheetGeometry(
                size: configuration.size, detents: [SheetDetent(name: "full", position: 0)], hiddenPosition: configuration.size.height,
                canHide: false, material: nil)
        geometry = g
        detentFractions = g.detentFractions
        settledDetent = g.detents[0].name
        targetDetent = settledDetent
        position = g.detents[0].position
        scrim = Self.restingScrim(shown: true, at: 0)
    }
}
