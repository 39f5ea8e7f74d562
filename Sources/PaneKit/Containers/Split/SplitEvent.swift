// What the split view (MGSplitViewController) reports: its delegate's callbacks and the end of its animations.

/// An event of the split container (and the adaptive container's split layout), carried by
/// ``Event/family(_:)``.
public enum SplitEvent: ContainerEvent, Hashable {
    /// The split position is about to change to `position` (points from the leading or top edge): the delegate's
    /// `splitViewController:willMoveSplitToPosition:`.
    case willMoveSplitToPosition(position: Double)
    /// The split orientation is about to change; `vertical` is the new value: the delegate's
    /// `splitViewController:willChangeSplitOrientationToVertical:`.
    case willChangeSplitOrientation(vertical: Bool)
    /// The master is about to be hidden: the delegate's
    /// `splitViewController:willHideViewController:withBarButtonItem:forPopoverController:`.
    case willHideViewController
    /// The master is about to be shown embedded: the delegate's
    /// `splitViewController:willShowViewController:invalidatingBarButtonItem:`.
    case willShowViewController
    /// The master's popover is about to appear: the delegate's
    /// `splitViewController:popoverController:willPresentViewController:`.
    case willPresentViewController
    /// The master's popover is about to be dismissed (UIKit's popover dismissal).
    case willDismissViewController
    /// An animated change of layout finished; `name` says which. MGSplitViewController's animation blocks end
    /// here; the adaptive container sends it after a resize (`name` ``Animation/resize``).
    case didFinishAnimation(name: Animation)

    /// An animated change of layout, as ``didFinishAnimation(name:)`` names it (`rawValue` is the JSON text).
    public enum Animation: String, Hashable, Sendable, CaseIterable {
        /// A change of split position.
        case splitPosition
        /// A change of divider style.
        case dividerStyle
        /// A change of split orientation.
        case toggleOrientation
        /// The master moved to the other side of the detail.
        case toggleMasterBeforeDetail
        /// The master was shown or hidden.
        case toggleMaster
        /// A rotation between portrait and landscape.
        case rotate
        /// A resize (adaptive container).
        case resize
    }

    package static let types = [
        "willMoveSplitToPosition", "willChangeSplitOrientation", "willHideViewController", "willShowViewController",
        "willPresentViewController", "willDismissViewController", "didFinishAnimation",
    ]

    package var type: String {
        switch self {
        case .willMoveSplitToPosition: "willMoveSplitToPosition"
        case .willChangeSplitOrientation: "willChangeSplitOrientation"
        case .willHideViewController: "willHideViewController"
        case .willShowViewController: "willShowViewController"
        case .willPresentViewController: "willPresentViewController"
        case .willDismissViewController: "willDismissViewController"
        case .didFinishAnimation: "didFinishAnimation"
        }
    }

    package var fields: [Event.Field] {
        switch self {
        case .willMoveSplitToPosition(let position): [("position", NumberFormat.string(position))]
        case .willChangeSplitOrientation(let vertical): [("vertical", vertical ? "true" : "false")]
        case .didFinishAnimation(let name): [("name", name.rawValue)]
        case .willHideViewController, .willShowViewController, .willPresentViewController, .willDismissViewController: []
        }
    }

    public var description: String {
        switch self {
        case .willMoveSplitToPosition(let position): "willMoveSplitToPosition(\(position))"
        case .willChangeSplitOrientation(let vertical): "willChangeSplitOrientation(vertical: \(vertical))"
        case .didFinishAnimation(let name): "didFinishAnimation(.\(name))"
        case .willHideViewController, .willShowViewController, .willPresentViewController, .willDismissViewController: type
        }
    }
}

extension Event {
    /// ``SplitEvent/willMoveSplitToPosition(position:)`` as a frame's event.
    package static func willMoveSplitToPosition(position: Double) -> Event {
        .family(SplitEvent.willMoveSplitToPosition(position: position))
    }
    /// ``SplitEvent/willChangeSplitOrientation(vertical:)`` as a frame's event.
    package static func willChangeSplitOrientation(vertical: Bool) -> Event {
        .family(SplitEvent.willChangeSplitOrientation(vertical: vertical))
    }
    /// ``SplitEvent/willHideViewController`` as a frame's event.
    package static var willHideViewController: Event { .family(SplitEvent.willHideViewController) }
    /// ``SplitEvent/willShowViewController`` as a frame's event.
    package static var willShowViewController: Event { .family(SplitEvent.willShowViewController) }
    /// ``SplitEvent/willPresentViewController`` as a frame's event.
    package static var willPresentViewController: Event { .family(SplitEvent.willPresentViewController) }
    /// ``SplitEvent/willDismissViewController`` as a frame's event.
    package static var willDismissViewController: Event { .family(SplitEvent.willDismissViewController) }
    /// ``SplitEvent/didFinishAnimation(name:)`` as a frame's event.
    package static func didFinishAnimation(name: SplitEvent.Animation) -> Event { .family(SplitEvent.didFinishAnimation(name: name)) }
}
