// The host's container as its concrete type, without a downcast at the call site.

extension PaneHost {
    /// The container's type (`container.kind`).
    public var containerKind: ContainerKind { container.kind }
    /// The container when it is a drawer (MMDrawerController), else nil. Right to left (`layoutDirection` `rtl`)
    /// the host runs a `MirroredContainer`, and this is its left-to-right counterpart, whose sides are swapped
    /// (as `TypedPaneHost.container`).
    public var drawer: DrawerContainer? { model() }
    /// The container when it is a physics drawer (MSDynamicsDrawerViewController), else nil; right to left, its
    /// left-to-right counterpart.
    public var dynamics: DynamicsContainer? { model() }
    /// The container when it is a split view (MGSplitViewController), else nil; right to left, its left-to-right
    /// counterpart.
    public var split: SplitContainer? { model() }
    /// The container when it is a side menu (SideMenu), else nil; right to left, its left-to-right counterpart.
    public var sideMenu: SideMenuContainer? { model() }
    /// The container when it is an adaptive container (drawer, sidebar or split by width), else nil; right to
    /// left, its left-to-right counterpart.
    public var adaptive: AdaptiveContainer? { model() }

    /// The container as `Model`, or the `Model` a right-to-left host mirrors.
    private func model<Model>() -> Model? {
        if let model = container as? Model { return model }
        return (container as? MirroredContainer)?.base as? Model
    }
}
