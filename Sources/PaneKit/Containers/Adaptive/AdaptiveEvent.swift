// What the adaptive container reports besides its models' events: a resize and a change of layout.

/// An event of the adaptive container, carried by ``Event/family(_:)``.
public enum AdaptiveEvent: ContainerEvent, Hashable {
    /// The container starts to resize to `size` (points; JSON writes `width` and `height`), as a window or a
    /// rotation would.
    case willResize(size: Size)
    /// The resize crossed a breakpoint: the layout changes `from` one `to` another.
    case layoutChanged(from: AdaptiveLayout, to: AdaptiveLayout)

    package static let types = ["willResize", "layoutChanged"]

    package var type: String {
        switch self {
        case .willResize: "willResize"
        case .layoutChanged: "layoutChanged"
        }
    }

    package var fields: [Event.Field] {
        switch self {
        case .willResize(let size): [("width", NumberFormat.string(size.width)), ("height", NumberFormat.string(size.height))]
        case .layoutChanged(let from, let to): [("from", from.rawValue), ("to", to.rawValue)]
        }
    }

    public var description: String {
        switch self {
        case .willResize(let size): "willResize(width: \(size.width), height: \(size.height))"
        case .layoutChanged(let from, let to): "layoutChanged(from: .\(from), to: .\(to))"
        }
    }
}

extension Event {
    /// ``AdaptiveEvent/willResize(size:)`` as a frame's event.
    package static func willResize(size: Size) -> Event { .family(AdaptiveEvent.willResize(size: size)) }
    /// ``AdaptiveEvent/layoutChanged(from:to:)`` as a frame's event.
    package static func layoutChanged(from: AdaptiveLayout, to: AdaptiveLayout) -> Event {
        .family(AdaptiveEvent.layoutChanged(from: from, to: to))
    }
}
