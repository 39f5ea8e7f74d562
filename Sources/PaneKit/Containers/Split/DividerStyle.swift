// The split container's divider styles.

/// MG's divider styles: a 1 pt black line, or a 25 pt draggable pane splitter with a grip.
public enum DividerStyle: String, Sendable, Hashable, CaseIterable {
    /// A 1 pt black line that cannot be dragged by default.
    case thin
    /// A 25 pt splitter with a grip, draggable by default.
    case paneSplitter
}
