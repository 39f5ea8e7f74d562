// The split view's nodes (MGSplitViewController): master, detail, divider, the inner corners and the popover.

extension Role {
    /// A split view's master (primary) pane.
    public static let master = Role.declare("master")
    /// A split view's detail (secondary) pane.
    public static let detail = Role.declare("detail")
    /// The divider between master and detail.
    public static let divider = Role.declare("divider")
    /// The rounded inner corners at the divider's leading end.
    public static let cornerLeading = Role.declare("corner.leading")
    /// The rounded inner corners at the divider's trailing end.
    public static let cornerTrailing = Role.declare("corner.trailing")
    /// The master shown as a popover when the split hides it.
    public static let popover = Role.declare("popover")

    /// The split's roles in the order they are listed.
    static let splitFamily: [Role] = [.master, .detail, .divider, .cornerLeading, .cornerTrailing, .popover]
}

extension ContainerState {
    /// The divider or the layout is moving (other than showing or hiding the master).
    public static let moving = declare("moving")
    /// The master shows as a popover.
    public static let popover = declare("popover")
}
