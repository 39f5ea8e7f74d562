// The host's container as its concrete type, without a downcast at the call site.

extension PaneHost {
    /// The container's type (`container.kind`).
    public var containerKind: ContainerKind { container.kind }
    /// The container when it is a drawer (MMDrawerController), else nil.
    public var drawer: DrawerContainer? { container as? DrawerContainer }
    /// The container when it is a physics drawer (MSDynamicsDrawerViewController), else nil.
    public var dynamics: DynamicsContainer? { container as? DynamicsContainer }
    /// The container when it is a split view (MGSplitViewController), else nil.
    public var split: SplitContainer? { container as? SplitContainer }
    /// The container when it is a side menu (SideMenu), else nil.
    public var sideMenu: SideMenuContainer? { container as? SideMenuContainer }
}
