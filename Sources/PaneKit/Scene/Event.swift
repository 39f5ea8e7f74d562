// Events: what happened on a frame. The core declares what every container and the host report (pans, ignored
// actions, styler failures, focus, scrolling); each family declares its own (`DrawerEvent`, `SheetEvent`, …) in its
// folder, carried as `.family`.

/// Something that happened on a frame: a pan, an ignored action, a styler that failed, a change of focus, or one of
/// the container family's own events (a drawer that opened, a sheet that came to rest, …).
///
/// Each case carries its details as labelled, typed values. JSON writes an event as `{"type": …}` followed by its
/// details in a fixed order (``type`` and `fields` give exactly that text), so `render --format json` reads as it
/// always has. Switch over the cases, or match one:
///
/// ```swift
/// for event in frame.events {
///     if case .stylerFailed(let styler, let group, let error) = event {
///         print("styler \(styler) (\(group)) failed: \(error)")
///     }
///     if case .didOpen(let direction)? = event.as(DrawerEvent.self) { print("opened", direction) }
/// }
/// ```
///
/// Making an event stores its values inline: an event of literal strings, small enums and numbers allocates
/// nothing, so the per-frame path stays allocation-free when events happen.
///
/// Two events are equal when they have the same ``type`` and write the same `fields` (numbers to 6 decimals as
/// JSON writes them, an error by its description).
public enum Event: Hashable, Sendable {
    /// The container's pan recognizer began (MMDrawerController's pan callback in `UIGestureRecognizerStateBegan`,
    /// MSDynamicsDrawerViewController's pane pan, a sheet taken by a finger).
    case panBegan
    /// The pan ended with the release velocity that decides where the container settles.
    case panEnded(velocity: PanVelocity)
    /// A pan was cancelled. The system took the touch (``TouchPhase/cancelled``, a scenario pan's
    /// `"cancelled": true`): the container settles back where the pan began, with no velocity, as after a cancelled
    /// `UIPanGestureRecognizer`; sent by every container with a pan, in place of `panEnded`. Or a pan of the dynamics
    /// container was cancelled before it moved the pane: it headed for a side with no drawer (or pane drag reveal is
    /// off), as MSDynamicsDrawerViewController cancels its pane pan recognizer.
    case panCancelled
    /// A pan began during a slide and caught the moving pane, menu or divider where it was (interruptible containers
    /// only; no original does this). `direction` is the drawer that was moving (a split: the master's side), `nil`
    /// when none showed.
    case caught(direction: Direction?)
    /// The container refused the action named `action` for `reason` (as the original ignores it) and nothing
    /// moved; `direction` names the drawer when the refusal concerns one (`there is no drawer there`). Sent by
    /// every container, and by the host for an action that reduced motion turns off.
    case actionIgnored(action: String, reason: String, direction: Direction? = nil)
    /// Two stylers wrote the same set-type `property` of the node of `role` on one frame; `second`, the later one,
    /// won. Reported once per run per role and property (JSON writes `stylers` as `"first, second"`).
    /// Sent by the host.
    case styleConflict(role: Role, property: StyleProperty, first: String, second: String)
    /// The styler `styler` of the styler group `group` (a drawer's direction, a deck's `cards`) threw `error` (or
    /// wrote NaN or an infinity) and is disabled for the rest of the run (JSON writes the group as `direction` when
    /// it is one, else as `group`, and the error's description as `message`). Sent by the host, on the frame of the
    /// failure.
    case stylerFailed(styler: String, group: StylerGroup, error: any Error)
    /// The run stopped at its frame limit, `limit` frames, before it came to rest: on the last frame of
    /// ``PaneHost/run(limit:_:)``. Sent by the host.
    case frameLimitReached(limit: Int)
    /// The node that holds the accessibility focus changed to `role` (`nil`, written `none`, when no node holds
    /// it): the frame on which an app posts its screen-changed notification. Sent by the host.
    case focusChanged(role: Role?)
    /// The host's gesture arbiter gave a pan to `winner`. Sent by the host for containers with a pan policy or
    /// scrolling regions.
    case panArbitrated(winner: PanWinner)
    /// The scrolling region at index `region` of the container's regions moved to content `offset` (points) during
    /// the frame. Sent by the host's gesture arbiter, and by a container that scrolls its own regions.
    case scrolled(region: Int, offset: Double)
    /// What a screen reader says: `text` (a sheet at rest in a new place says `expanded`, `collapsed` or
    /// `partially expanded`).
    case announcement(text: String)
    /// One of the container family's own events (``DrawerEvent``, ``SheetEvent``, …).
    case family(any PaneEvent)

    /// The family's event as `type`, when it is one.
    /// - Complexity: O(1), no allocation.
    public func `as`<E: PaneEvent>(_ type: E.Type) -> E? {
        if case .family(let event) = self { return event as? E }
        return nil
    }

    /// The family's event as the engine reads it (its JSON type, details and mirror image).
    package var familyEvent: (any ContainerEvent)? {
        guard case .family(let event) = self else { return nil }
        return Self.engineEvent(event)
    }

    /// `event` as the engine reads it: opened from `any PaneEvent`, whose sealed requirement carries it.
    package static func engineEvent<E: PaneEvent>(_ event: E) -> any ContainerEvent { event._paneEvent.event }
}

/// What an app sees of a container family's own event (``DrawerEvent``, ``SheetEvent``, …): a value it matches with
/// ``Event/as(_:)`` and prints. Only PaneKit's families conform (the requirement `_paneEvent` is a value only the
/// package makes); JSON's `type` is ``Event/type``.
public protocol PaneEvent: Sendable, CustomStringConvertible {
    /// The event as the engine reads it (PaneKit's events provide it; not for apps to call).
    var _paneEvent: _PaneEventModel<Self> { get }
}

/// The engine's view of a ``PaneEvent``, which only PaneKit makes.
public struct _PaneEventModel<Family>: Sendable {
    /// The event, as the engine's protocol sees it.
    package let event: any ContainerEvent

    /// The engine's view of `event`.
    package init(_ event: Family) where Family: ContainerEvent { self.event = event }
}

/// An event a container family declares in its own folder (``DrawerEvent``, ``SheetEvent``, …): its JSON `type`
/// and details, its Swift description and its mirror image. ``Event/family(_:)`` carries it in frames.
package protocol ContainerEvent: PaneEvent {
    /// Every `type` this family's events write, in the order its documentation lists them.
    static var types: [String] { get }
    /// What happened, as JSON's `type` writes it (`didOpen`, `detentDidChange`).
    var type: String { get }
    /// The details in the order JSON writes them, values as text (numbers in PaneKit's number format); a detail
    /// that is `nil` is left out.
    var fields: [Event.Field] { get }
    /// The event as its mirror image across the vertical axis sees it (a right-to-left layout): left and right
    /// swap, and with `velocityAlongX` a horizontal velocity changes sign. The default: the event itself.
    func mirroredHorizontally(velocityAlongX: Bool) -> Self
}

extension ContainerEvent {
    package func mirroredHorizontally(velocityAlongX: Bool) -> Self { self }
    /// The event as the host writes it in a frame.
    package var event: Event { .family(self) }
    /// The event itself, as the engine reads it.
    public var _paneEvent: _PaneEventModel<Self> { _PaneEventModel(self) }
}

extension Event {
    /// The release velocity of a pan, in the unit of the container that measured it.
    public enum PanVelocity: Hashable, Sendable {
        /// Points per second along the drawers' axis (JSON key `velocity`).
        case pointsPerSecond(Double)
        /// Points moved by the last touch event (the dynamics container's `perEvent`; JSON key `perEvent`).
        case pointsPerEvent(Double)

        /// The velocity with its sign changed, in the same unit.
        package var negated: PanVelocity {
            switch self {
            case .pointsPerSecond(let v): .pointsPerSecond(-v)
            case .pointsPerEvent(let v): .pointsPerEvent(-v)
            }
        }
    }

    /// Who took a pan, as the host's gesture arbiter decided.
    public enum PanWinner: Hashable, Sendable {
        /// The container took the pan; `region` is the scrolling region that handed the rest of it over at its edge,
        /// `nil` when the container had it from its first movement.
        case drawer(region: Int?)
        /// The scrolling region at this index took the pan.
        case scrollRegion(Int)
        /// Nobody took the pan, for `reason`.
        case nobody(reason: PanRefusal)
    }

    /// Why no recognizer took a pan.
    public enum PanRefusal: String, Hashable, Sendable, CaseIterable {
        /// The pan is steeper than the policy's lock angle.
        case angle
        /// The pan heads for a side with no drawer and the policy fails those.
        case noDrawer
        /// The pan ended where it started.
        case noMovement
    }

    /// A set-type property of a node's style: one styler wins it per frame, and a second writer is a
    /// ``Event/styleConflict(role:property:first:second:)`` (`rawValue` is the JSON text).
    public enum StyleProperty: String, Hashable, Sendable, CaseIterable {
        /// The transform's pivot.
        case anchor
        /// The drop shadow.
        case shadow
        /// The z-order.
        case z
        /// The node's frame (resize-like stylers).
        case frame
        /// Whether the node is hidden.
        case hidden
        /// The node's colour.
        case color
        /// The node's corner radius.
        case cornerRadius

        /// The number of properties.
        static let count = allCases.count

        /// The property's place in `allCases` (ORDER SETPROPERTY): the host's table of writers is indexed by it.
        /// - Complexity: O(1), no allocation.
        var index: Int {
            switch self {
            case .anchor: 0
            case .shadow: 1
            case .z: 2
            case .frame: 3
            case .hidden: 4
            case .color: 5
            case .cornerRadius: 6
            }
        }
    }
}
