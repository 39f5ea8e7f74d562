// Events: what happened on a frame, one typed case per event with its details as associated values.

/// Something that happened on a frame: a transition that began or ended, a pan, an ignored action, a styler that
/// failed, a change of focus, …
///
/// Each case carries its details as labelled, typed values. JSON writes an event as `{"type": …}` followed by its
/// details in a fixed order (``type`` and ``fields`` give exactly that text), so `render --format json` reads as it
/// always has. Switch over the cases, or match one:
///
/// ```swift
/// for event in frame.events {
///     if case .stylerFailed(let styler, let direction, let error) = event {
///         print("styler \(styler) (\(direction)) failed: \(error)")
///     }
/// }
/// ```
///
/// Making an event stores its values inline: an event of literal strings, small enums and numbers allocates
/// nothing, so the per-frame path stays allocation-free when events happen.
///
/// Two events are equal when they have the same ``type`` and write the same ``fields`` (numbers to 6 decimals as
/// JSON writes them, an error by its description).
public enum Event: Hashable, Sendable {
    // MARK: Drawers (drawer, dynamics, sidemenu and the adaptive container's drawer layout)

    /// A drawer starts to open (`direction`): an animated open, or a pan released past the threshold.
    ///
    /// Sent by the drawer container (MMDrawerController's `openDrawerSide:animated:completion:` begins the
    /// drawer's appearance transition) and the adaptive container's drawer and sidebar layouts.
    case willOpen(direction: Direction)
    /// A drawer is fully open (`direction`): MMDrawerController's open completion with `finished` YES.
    ///
    /// Sent by the drawer and adaptive containers.
    case didOpen(direction: Direction)
    /// The open drawer starts to close (`direction`, `nil` when no drawer was open), as MMDrawerController's
    /// `closeDrawerAnimated:completion:` begins. Sent by the drawer and adaptive containers.
    case willClose(direction: Direction?)
    /// The drawer is fully closed (`direction`, `nil` when no drawer was open): MMDrawerController's close
    /// completion. Sent by the drawer and adaptive containers.
    case didClose(direction: Direction?)
    /// A bounce finished: MMDrawerController's `bouncePreviewForDrawerSide:` (with its `direction`) or
    /// MSDynamicsDrawerViewController's `bouncePaneOpen` (no direction) came back to rest.
    case didBounce(direction: Direction?)
    /// The pane was replaced; `generation` counts replacements from 1. MMDrawerController's
    /// `setCenterViewController:withCloseAnimation:` or MSDynamicsDrawerViewController's `setPaneViewController:`
    /// swapped the content. Sent by the drawer and dynamics containers.
    case paneReplaced(generation: Int)
    /// A pan began during a slide and caught the moving pane or menu where it was (interruptible containers
    /// only; no original does this). `direction` is the drawer that was moving, `nil` when none showed.
    /// Sent by the drawer and sidemenu containers, and by the split container when a divider drag catches a moving
    /// divider (`direction` is then the master's side).
    case caught(direction: Direction?)
    /// The container's pan recognizer began (MMDrawerController's pan callback in `UIGestureRecognizerStateBegan`,
    /// MSDynamicsDrawerViewController's pane pan). Sent by the drawer and dynamics containers.
    case panBegan
    /// The pan ended with the release velocity that decides whether the drawer opens or closes.
    /// Sent by the drawer container (points per second) and the dynamics container (points per touch event).
    case panEnded(velocity: PanVelocity)
    /// A pan was cancelled. The system took the touch (``TouchPhase/cancelled``, a scenario pan's
    /// `"cancelled": true`): the container settles back where the pan began, with no velocity, as after a cancelled
    /// `UIPanGestureRecognizer`; sent by every container with a pan, in place of `panEnded`. Or a pan of the dynamics
    /// container was cancelled before it moved the pane: it headed for a side with no drawer (or pane drag reveal is
    /// off), as MSDynamicsDrawerViewController cancels its pane pan recognizer.
    case panCancelled

    // MARK: Side menu (SideNavigation)

    /// The menu starts to present from `direction`: SideNavigation's `willPresent`. Sent by the sidemenu container.
    case willPresent(direction: Direction)
    /// The present transition ended: SideNavigation's `didPresent`. `completed` is false when a pan cancelled a
    /// dismiss and the menu went back to presented; `direction` is the menu's side. Sent by the sidemenu container.
    case didPresent(direction: Direction?, completed: Bool)
    /// The menu starts to dismiss towards `direction`: SideNavigation's `willDismiss`. Sent by the sidemenu
    /// container.
    case willDismiss(direction: Direction)
    /// The dismiss transition ended: SideNavigation's `didDismiss`. `completed` is false when a pan cancelled a
    /// present and the menu went back to hidden. Sent by the sidemenu container.
    case didDismiss(direction: Direction?, completed: Bool)
    /// A percent-driven interactive transition began (SideNavigation's interactive transition began).
    /// Sent by the sidemenu container.
    case interactionBegan
    /// The interactive transition finished: the menu goes on to the end it was heading for.
    /// Sent by the sidemenu container.
    case interactionFinished
    /// The interactive transition was cancelled: the menu goes back to where it started.
    /// Sent by the sidemenu container.
    case interactionCancelled

    // MARK: Dynamics (MSDynamicsDrawerViewController)

    /// The pane is about to move to `state` for `direction`: the delegate's
    /// `dynamicsDrawerViewController:mayUpdateToPaneState:forDirection:`. Sent by the dynamics container.
    case mayUpdatePaneState(state: PaneState, direction: Direction)
    /// The pane came to rest in `state` (`direction` is `nil` once closed): the delegate's
    /// `dynamicsDrawerViewController:didUpdateToPaneState:forDirection:`. Sent by the dynamics container.
    case didUpdatePaneState(state: PaneState, direction: Direction?)

    // MARK: Split view (MGSplitViewController)

    /// The split position is about to change to `position` (points from the leading or top edge): the delegate's
    /// `splitViewController:willMoveSplitToPosition:`. Sent by the split container and the adaptive container's
    /// split layout.
    case willMoveSplitToPosition(position: Double)
    /// The split orientation is about to change; `vertical` is the new value: the delegate's
    /// `splitViewController:willChangeSplitOrientationToVertical:`. Sent by the split container and the adaptive
    /// container's split layout.
    case willChangeSplitOrientation(vertical: Bool)
    /// The master is about to be hidden: the delegate's
    /// `splitViewController:willHideViewController:withBarButtonItem:forPopoverController:`. Sent by the split
    /// container and the adaptive container's split layout.
    case willHideViewController
    /// The master is about to be shown embedded: the delegate's
    /// `splitViewController:willShowViewController:invalidatingBarButtonItem:`. Sent by the split container and the
    /// adaptive container's split layout.
    case willShowViewController
    /// The master's popover is about to appear: the delegate's
    /// `splitViewController:popoverController:willPresentViewController:`. Sent by the split container and the
    /// adaptive container's split layout.
    case willPresentViewController
    /// The master's popover is about to be dismissed (UIKit's popover dismissal). Sent by the split container and
    /// the adaptive container's split layout.
    case willDismissViewController
    /// An animated change of layout finished; `name` says which. MGSplitViewController's animation blocks end
    /// here. Sent by the split container (and the adaptive container's split layout) and by the adaptive container
    /// after a resize (`name` ``Animation/resize``).
    case didFinishAnimation(name: Animation)

    // MARK: Adaptive container

    /// The container starts to resize to `size` (points; JSON writes `width` and `height`), as a window or a
    /// rotation would. Sent by the adaptive container.
    case willResize(size: Size)
    /// The resize crossed a breakpoint: the layout changes `from` one `to` another. Sent by the adaptive container.
    case layoutChanged(from: AdaptiveLayout, to: AdaptiveLayout)

    // MARK: Sheet

    /// The sheet starts moving to the detent `detent` (a release, `setDetent`, `present`, `dismiss`). Sent by the
    /// sheet container.
    case detentWillChange(detent: String)
    /// The sheet came to rest at a new detent `detent`. Sent by the sheet container.
    case detentDidChange(detent: String)
    /// A tap outside the sheet, where nothing dims, reached the content behind at `point` (container points).
    /// Sent by the sheet container.
    case tapPassedThrough(point: Point)

    // MARK: Any container, and the host

    /// The container refused `action` for `reason` (as the original ignores it) and nothing moved; `direction`
    /// names the drawer when the drawer container's refusal concerns one (`there is no drawer there`).
    /// Sent by every container, and by the host for an action that reduced motion turns off.
    case actionIgnored(action: Action.Kind, reason: String, direction: Direction? = nil)
    /// Two stylers wrote the same set-type `property` of the node of `role` on one frame; `second`, the later one,
    /// won. Reported once per run per role and property (JSON writes `stylers` as `"first, second"`).
    /// Sent by the host.
    case styleConflict(role: Role, property: StyleProperty, first: String, second: String)
    /// The styler `styler` of `direction` threw `error` (or wrote NaN or an infinity) and is disabled for the rest
    /// of the run (JSON writes the error's description as `message`). Sent by the host, on the frame of the failure.
    case stylerFailed(styler: String, direction: Direction, error: any Error)
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
    /// the frame. Sent by the host's gesture arbiter.
    case scrolled(region: Int, offset: Double)
    /// What a screen reader says when the sheet comes to rest at a new detent: `text` is `expanded` (its largest
    /// detent), `collapsed` (its smallest shown one) or `partially expanded` (one between). Sent by the sheet.
    case announcement(text: String)
}

extension Event {
    /// The release velocity of a pan, in the unit of the container that measured it.
    public enum PanVelocity: Hashable, Sendable {
        /// Points per second along the drawers' axis (the drawer container; JSON key `velocity`).
        case pointsPerSecond(Double)
        /// Points moved by the last touch event (the dynamics container's `perEvent`; JSON key `perEvent`).
        case pointsPerEvent(Double)

        /// The velocity with its sign changed, in the same unit.
        public var negated: PanVelocity {
            switch self {
            case .pointsPerSecond(let v): .pointsPerSecond(-v)
            case .pointsPerEvent(let v): .pointsPerEvent(-v)
            }
        }
    }

    /// Who took a pan, as the host's gesture arbiter decided.
    public enum PanWinner: Hashable, Sendable {
        /// The drawer took the pan; `region` is the scrolling region that handed the rest of it over at its edge,
        /// `nil` when the drawer had it from its first movement.
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

    /// An animated change of layout, as ``Event/didFinishAnimation(name:)`` names it (`rawValue` is the JSON text).
    public enum Animation: String, Hashable, Sendable, CaseIterable {
        /// A change of split position (split container).
        case splitPosition
        /// A change of divider style (split container).
        case dividerStyle
        /// A change of split orientation (split container).
        case toggleOrientation
        /// The master moved to the other side of the detail (split container).
        case toggleMasterBeforeDetail
        /// The master was shown or hidden (split container).
        case toggleMaster
        /// A rotation between portrait and landscape (split container).
        case rotate
        /// A resize (adaptive container).
        case resize
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
