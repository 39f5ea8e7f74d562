extension BuiltinStylers {
    /// The pager's built-in transformers, which the pager's descriptor lists as its `stylers`.
    package static let pager: [StylerEntry] = []
}
