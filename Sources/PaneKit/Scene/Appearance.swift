// What a scenario's nodes show (DESIGN §13 `appearance`): a colour, an image or a built-in wireframe per role.

/// A built-in wireframe drawn inside a node, in the node's own coordinates and the theme's colours: a clean
/// design mock of a common screen. `rawValue` is the scenario's name.
public enum ContentKind: String, Sendable, Hashable, CaseIterable {
    /// A side menu: a header with an avatar, then rows of icons and labels.
    case menu
    /// A feed: a navigation bar, then cards with a picture and lines of text.
    case feed
    /// A plain list: a navigation bar, then rows with a thumbnail, a title and a detail line.
    case list
    /// Settings: grouped rows with icons, labels and switches.
    case settings
    /// A map: blocks, roads, a route and a pin, with a search field.
    case map
    /// A media player: artwork, a title, a progress bar and the transport buttons.
    case player
    /// A form: labelled fields and a button.
    case form
    /// A software keyboard: four rows of keys.
    case keyboard
}

/// How an image fills its node's frame.
public enum ImageFit: String, Sendable, Hashable, CaseIterable {
    /// Stretched to the frame (the default).
    case fill
    /// Scaled to fit inside the frame, centred, keeping its aspect ratio.
    case contain
    /// Scaled to cover the frame, centred, keeping its aspect ratio (the overflow is clipped).
    case cover
}

/// An image file read for a node: its bytes and what they are, embedded in every self-contained output.
public struct AppearanceImage: Sendable, Hashable {
    /// The image formats a scenario may give.
    public enum Format: String, Sendable, Hashable {
        /// A PNG file.
        case png
        /// A JPEG file.
        case jpeg
        /// An SVG document.
        case svg

        /// The MIME type of a data URL.
        package var mimeType: String {
            switch self {
            case .png: "image/png"
            case .jpeg: "image/jpeg"
            case .svg: "image/svg+xml"
            }
        }
    }

    /// The path as the scenario gives it (relative to the scenario's folder).
    public var path: String
    /// The file's bytes.
    public var bytes: [UInt8]
    /// What the bytes are.
    public var format: Format
    /// The image's own size (pixels, or the SVG's user units), for `contain` and `cover`.
    public var size: Size

    /// An image read from `path`.
    public init(path: String, bytes: [UInt8], format: Format, size: Size) {
        self.path = path
        self.bytes = bytes
        self.format = format
        self.size = size
    }

    /// The largest image file a scenario may embed: 4 MiB (every output that embeds it carries it, base64-encoded).
    package static let maximumBytes = 4 << 20

    /// The most pixels an image may declare, its width × height (an SVG's in its user units): 4096 × 4096. A small
    /// file may declare a huge image (a PNG of zeros of 30,000 × 30,000 is 107 KiB), and every converter decodes
    /// it at that size (about 7 bytes a pixel, 6 GB for that one), for every frame.
    package static let maximumPixels = 4096 * 4096
}

/// How one role looks: `appearance.ROLE` of a scenario.
public struct RoleLook: Sendable, Hashable {
    /// The role's fill, instead of the theme's colour for it (a styler's `color` edit still wins).
    public var color: Color?
    /// An image drawn over the fill, clipped to the node's rounded shape.
    public var image: AppearanceImage?
    /// How the image fills the frame.
    public var fit: ImageFit
    /// A built-in wireframe drawn over the fill (under the image, if both are given).
    public var content: ContentKind?

    /// A look; every part defaults to none.
    public init(color: Color? = nil, image: AppearanceImage? = nil, fit: ImageFit = .fill, content: ContentKind? = nil) {
        self.color = color
        self.image = image
        self.fit = fit
        self.content = content
    }
}

/// The looks of a scenario's roles; a role without one is drawn in the theme's colour with its label.
public struct Appearance: Sendable, Hashable {
    /// The look of each role given.
    package var roles: [Role: RoleLook]

    /// Looks by role.
    public init(_ roles: [Role: RoleLook] = [:]) {
        self.roles = roles
    }

    /// No look for any role: every output draws as it did before appearances.
    public static let none = Appearance()

    /// Whether no role has a look.
    package var isEmpty: Bool { roles.isEmpty }

    /// The look of `role`, if the scenario gives one: its own, else for a group's member (`page.3`) its group's
    /// (`page`); a grid cell's node (`cell.LABEL/page.3`) looks as its role in the cell.
    public subscript(role: Role) -> RoleLook? {
        if let look = roles[role] ?? (role.isMember ? roles[role.group] : nil) { return look }
        return role.cellInner.flatMap { self[$0] }
    }
}
