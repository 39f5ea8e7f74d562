// A navigation stack's default styler: the built-in of the preset each transition was pushed with, so a modal or a
// push with its own preset draws as that preset while the rest of the stack keeps the behavior's.

/// `nav.*` by preset: the built-in styler of `ctx.preset` (the moving screen's preset), named after the behavior's
/// default preset's styler.
package struct NavigationPresetStyler: Styler {
    /// The default preset's styler name (`nav.cupertino`).
    package let name: String
    /// The behavior whose presets `ctx.preset` names.
    package let behavior: NavigationBehavior
    /// react-navigation's version.
    package let version: Int

    /// The styler of `behavior`'s presets, named `fallback`.
    package init(fallback: String, behavior: NavigationBehavior, version: Int) {
        self.name = fallback
        self.behavior = behavior
        self.version = version
    }

    /// - Complexity: per call, a look-up of the preset by name.
    package func style(_ context: StyleContext, into edits: inout StyleEdits) throws {
        let styler = context.preset.flatMap { NavigationPreset.named($0, behavior, version: version) }?.styler ?? name
        try NavigationStylers.make(styler, version: version)?.style(context, into: &edits)
    }
}
