// The built-in containers under a right-to-left layout: each runs the mirror image of its left-to-right counterpart.

extension Container {
    public var layoutDirection: LayoutDirection { .ltr }
    public func leftToRightCounterpart() -> any Container { self }
}

extension Dictionary where Key == Direction {
    /// The same entries with the left and right keys swapped.
    func mirroredHorizontally() -> [Direction: Value] {
        Dictionary(uniqueKeysWithValues: map { ($0.key.mirroredHorizontally, $0.value) })
    }
}

extension DrawerConfiguration {
    /// The configuration whose `ltr` run an `rtl` one mirrors: drawers and animation velocities swap sides.
    public var leftToRightCounterpart: DrawerConfiguration {
        var c = self
        c.layoutDirection = .ltr
        c.widths = widths.mirroredHorizontally()
        (c.animationVelocityLeft, c.animationVelocityRight) = (animationVelocityRight, animationVelocityLeft)
        return c
    }
}

extension DynamicsConfiguration {
    /// The configuration whose `ltr` run an `rtl` one mirrors: the left and right drawers swap sides.
    public var leftToRightCounterpart: DynamicsConfiguration {
        var c = self
        c.layoutDirection = .ltr
        c.widths = widths.mirroredHorizontally()
        return c
    }
}

extension SideMenuConfiguration {
    /// The configuration whose `ltr` run an `rtl` one mirrors: the left and right menus swap sides.
    public var leftToRightCounterpart: SideMenuConfiguration {
        var c = self
        c.layoutDirection = .ltr
        c.widths = widths.mirroredHorizontally()
        return c
    }
}

extension SplitConfiguration {
    /// The configuration whose `ltr` run an `rtl` one mirrors. `masterBeforeDetail` already names the leading
    /// side, so only the layout direction changes: under `rtl` the master follows the leading side to the right.
    public var leftToRightCounterpart: SplitConfiguration {
        var c = self
        c.layoutDirection = .ltr
        return c
    }
}

extension DrawerContainer {
    public var layoutDirection: LayoutDirection { configuration.layoutDirection }
    public func leftToRightCounterpart() -> any Container {
        configuration.layoutDirection == .rtl ? DrawerContainer(configuration.leftToRightCounterpart) : self
    }
}

extension DynamicsContainer {
    public var layoutDirection: LayoutDirection { configuration.layoutDirection }
    public func leftToRightCounterpart() -> any Container {
        configuration.layoutDirection == .rtl ? DynamicsContainer(configuration.leftToRightCounterpart) : self
    }
}

extension SideMenuContainer {
    public var layoutDirection: LayoutDirection { configuration.layoutDirection }
    public func leftToRightCounterpart() -> any Container {
        configuration.layoutDirection == .rtl ? SideMenuContainer(configuration.leftToRightCounterpart) : self
    }
}

extension SplitContainer {
    public var layoutDirection: LayoutDirection { configuration.layoutDirection }
    public func leftToRightCounterpart() -> any Container {
        configuration.layoutDirection == .rtl ? SplitContainer(configuration.leftToRightCounterpart) : self
    }
}

extension ContainerSpec {
    /// The container's reading direction (the scenario key `container.layoutDirection`).
    public var layoutDirection: LayoutDirection {
        get {
            switch self {
            case .drawer(let c): c.layoutDirection
            case .sidemenu(let c): c.layoutDirection
            case .dynamics(let c): c.layoutDirection
            case .split(let c): c.layoutDirection
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
