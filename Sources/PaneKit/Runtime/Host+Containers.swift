// The host's container as its concrete type, without a downcast at the call site. Each family adds its own
// accessor (`host.drawer`, `host.split`, …) beside its descriptor.

extension PaneHost {
    /// A host for `container`, which runs at `fps` frames per second from time 0.
    /// - Parameters:
    ///   - container: the container to run (a ``PaneContainer``: only PaneKit's containers are).
    ///   - fps: frames per second (> 0).
    ///   - stylers: the stylers of each styler group in order (a drawer's direction: `[.left: […]]`); a group
    ///     without an entry gets the container's defaults. The container's chrome stylers run first unless the list
    ///     names a styler of the same name.
    ///   - chrome: whether the container's chrome stylers run (`panekit sample` runs one styler alone).
    ///   - reducedMotion: whether transitions cross-fade instead of moving (`reducedMotion`).
    // Disfavoured: inside the package a container is already `any Container`, and the initialiser taking it runs.
    @_disfavoredOverload
    public init<Model: PaneContainer>(
        container: Model, fps: Double = 60, stylers: [StylerGroup: [any Styler]] = [:], chrome: Bool = true,
        reducedMotion: Bool = false
    ) {
        self.init(container: container._paneModel.container, fps: fps, stylers: stylers, chrome: chrome, reducedMotion: reducedMotion)
    }

    /// The container's type (`container.kind`).
    public var containerKind: ContainerKind { container.kind }

    /// The container as `Model`, or the `Model` a right-to-left host mirrors (a `MirroredContainer`'s
    /// left-to-right counterpart, whose sides are swapped, as `TypedPaneHost.container`); nil when it is another.
    public func container<Model: PaneContainer>(as type: Model.Type) -> Model? {
        if let model = container as? Model { return model }
        return (container as? MirroredContainer)?.base as? Model
    }
}
