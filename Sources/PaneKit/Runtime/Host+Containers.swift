// The host's container as its concrete type, without a downcast at the call site. Each family adds its own
// accessor (`host.drawer`, `host.split`, …) beside its descriptor.

extension PaneHost {
    /// The container's type (`container.kind`).
    public var containerKind: ContainerKind { container.kind }

    /// The container as `Model`, or the `Model` a right-to-left host mirrors (a `MirroredContainer`'s
    /// left-to-right counterpart, whose sides are swapped, as `TypedPaneHost.container`); nil when it is another.
    public func container<Model: Container>(as type: Model.Type) -> Model? {
        if let model = container as? Model { return model }
        return (container as? MirroredContainer)?.base as? Model
    }
}
