// The dynamics container's own state (MSDynamicsDrawerViewController's open-wide pane).

extension ContainerState {
    /// At rest with the pane slid wide open (`setPaneState` `openWide`).
    public static let openWide = declare("openWide")
}
