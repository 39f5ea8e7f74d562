// The built-in containers under a right-to-left layout: each runs the mirror image of its left-to-right counterpart.

extension Container {
    package var layoutDirection: LayoutDirection { .ltr }
    package func leftToRightCounterpart() -> any Container { self }
}

/// A container configuration with a layout direction and sides that can swap.
package protocol SidedConfiguration: Sendable {
    /// The reading direction (DESIGN §12).
    var layoutDirection: LayoutDirection { get set }
    /// Swaps everything the configuration keeps per horizontal side (drawers, velocities).
    mutating func swapHorizontalSides()
}

extension SidedConfiguration {
    /// The configuration whose `ltr` run an `rtl` one mirrors: its sides swapped, laid out left to right.
    package var leftToRightCounterpart: Self {
        var c = self
        c.layoutDirection = .ltr
        c.swapHorizontalSides()
        return c
    }
}

/// A configuration with a width per drawer side and scroll regions (the drawer, the physics drawer, the side menu):
/// under `rtl` both change sides.
package protocol DrawerWidthsConfiguration: ContainerConfiguration, PannableConfiguration {
    /// One drawer's width (`Double`, or `Double?` where nil is the container's default width).
    associatedtype DrawerWidth
    /// The drawers by side.
    var widths: [Direction: DrawerWidth] { get set }
}

extension DrawerWidthsConfiguration {
    /// Swaps the left and right drawers and mirrors the scroll regions.
    package mutating func swapHorizontalSides() { swapDrawersAndScrollRegions() }

    /// Swaps the left and right drawers and mirrors the scroll regions across the container's width.
    mutating func swapDrawersAndScrollRegions() {
        widths = widths.mirroredHorizontally()
        scrollRegions = scrollRegions.mirroredHorizontally(width: size.width)
    }
}

/// A container made from a `SidedConfiguration`: under `rtl` it runs as the mirror image of the container made
/// from the configuration's `leftToRightCounterpart`.
package protocol SidedContainer: Container {
    /// The configuration type, which knows its layout direction and its left-to-right counterpart.
    associatedtype Configuration: SidedConfiguration
    /// The options the container was made with.
    var configuration: Configuration { get }
    /// A container made from `configuration`, at rest.
    init(_ configuration: Configuration)
}

extension SidedContainer {
    package var layoutDirection: LayoutDirection { configuration.layoutDirection }
    package func leftToRightCounterpart() -> any Container {
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

extension Scenario {
    /// The container's reading direction (`container.layoutDirection`, DESIGN §12): under `rtl` the run is the
    /// mirror image of the `ltr` one.
    package var layoutDirection: LayoutDirection {
        get { container.layoutDirection }
        set { container.layoutDirection = newValue }
    }
}
