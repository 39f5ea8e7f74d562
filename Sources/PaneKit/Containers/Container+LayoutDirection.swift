// The built-in containers under a right-to-left layout: each runs the mirror image of its left-to-right counterpart.

extension Container {
    public var layoutDirection: LayoutDirection { .ltr }
    public func leftToRightCounterpart() -> any Container { self }
}

/// A container configuration with a layout direction and sides that can swap.
public protocol SidedConfiguration: Sendable {
    /// The reading direction (DESIGN §12).
    var layoutDirection: LayoutDirection { get set }
    /// Swaps everything the configuration keeps per horizontal side (drawers, velocities).
    mutating func swapHorizontalSides()
}

extension SidedConfiguration {
    /// The configuration whose `ltr` run an `rtl` one mirrors: its sides swapped, laid out left to right.
    public var leftToRightCounterpart: Self {
        var c = self
        c.layoutDirection = .ltr
        c.swapHorizontalSides()
        return c
    }
}

/// A container made from a `SidedConfiguration`: under `rtl` it runs as the mirror image of the container made
/// from the configuration's `leftToRightCounterpart`.
public protocol SidedContainer: Container {
    /// The configuration type, which knows its layout direction and its left-to-right counterpart.
    associatedtype Configuration: SidedConfiguration
    /// The options the container was made with.
    var configuration: Configuration { get }
    /// A container made from `configuration`, at rest.
    init(_ configuration: Configuration)
}

extension SidedContainer {
    public var layoutDirection: LayoutDirection { configuration.layoutDirection }
    public func leftToRightCounterpart() -> any Container {
        configuration.layoutDirection == .rtl ? Self(configuration.leftToRightCounterpart) : self
    }
}

extension Dictionary where Key == Direction {
    /// The same entries with the left and right keys swapped.
    func mirroredHorizontally() -> [Direction: Value] {
        Dictionary(uniqueKeysWithValues: map { ($0.key.mirroredHorizontally, $0.value) })
    }
}

extension Array where Element == ScrollRegion {
    /// The regions where they are in the mirror image of a container `width` wide. A region's offset keeps its
    /// meaning in the mirror: a horizontal one's is measured from its leading end.
    func mirroredHorizontally(width: Double) -> [ScrollRegion] {
        map { region in
            var r = region
            r.rect.origin.x = width - region.rect.maxX
            return r
        }
    }
}

extension DrawerConfiguration: SidedConfiguration {
    /// Swaps the drawers, the animation velocities and the scroll regions of the two sides.
    public mutating func swapHorizontalSides() {
        widths = widths.mirroredHorizontally()
        (animationVelocityLeft, animationVelocityRight) = (animationVelocityRight, animationVelocityLeft)
        scrollRegions = scrollRegions.mirroredHorizontally(width: size.width)
    }
}

extension DynamicsConfiguration: SidedConfiguration {
    /// Swaps the left and right drawers and the scroll regions.
    public mutating func swapHorizontalSides() {
        widths = widths.mirroredHorizontally()
        scrollRegions = scrollRegions.mirroredHorizontally(width: size.width)
    }
}

extension SideMenuConfiguration: SidedConfiguration {
    /// Swaps the left and right menus and the scroll regions.
    public mutating func swapHorizontalSides() {
        widths = widths.mirroredHorizontally()
        scrollRegions = scrollRegions.mirroredHorizontally(width: size.width)
    }
}

extension SplitConfiguration: SidedConfiguration {
    /// Nothing: `masterBeforeDetail` already names the leading side, so under `rtl` the master follows it to the
    /// right.
    public mutating func swapHorizontalSides() {}
}

extension AdaptiveConfiguration: SidedConfiguration {
    /// Moves the sidebar to the other side (the drawer, the pinned sidebar and the split's master follow it) and
    /// mirrors the scroll regions.
    public mutating func swapHorizontalSides() {
        side = side.mirroredHorizontally
        scrollRegions = scrollRegions.mirroredHorizontally(width: size.width)
    }
}

extension DrawerContainer: SidedContainer {}
extension AdaptiveContainer: SidedContainer {}
extension DynamicsContainer: SidedContainer {}
extension SideMenuContainer: SidedContainer {}
extension SplitContainer: SidedContainer {}

extension ContainerSpec {
    /// The container's reading direction (the scenario key `container.layoutDirection`).
    public var layoutDirection: LayoutDirection {
        get {
            switch self {
            case .drawer(let c): c.layoutDirection
            case .sidemenu(let c): c.layoutDirection
            case .dynamics(let c): c.layoutDirection
            case .split(let c): c.layoutDirection
            case .adaptive(let c): c.layoutDirection
            }
        }
        set {
            switch self {
            case .drawer(var c):
                c.layoutDirection = newValue
                self = .drawer(c)
            case .sidemenu(var c):
                c.layoutDirection = newValue
                self = .sidemenu(c)
            case .dynamics(var c):
                c.layoutDirection = newValue
                self = .dynamics(c)
            case .split(var c):
                c.layoutDirection = newValue
                self = .split(c)
            case .adaptive(var c):
                c.layoutDirection = newValue
                self = .adaptive(c)
            }
        }
    }
}

extension Scenario {
    /// The container's reading direction (`container.layoutDirection`, DESIGN §12): under `rtl` the run is the
    /// mirror image of the `ltr` one.
    public var layoutDirection: LayoutDirection {
        get { container.layoutDirection }
        set { container.layoutDirection = newValue }
    }
}
