// The styler registry: built-in names, and the rule that nothing may shadow a built-in.

import PaneKit
import Testing

@Suite struct StylerRegistryTests {
    @Test func builtinsAreRegistered() {
        for name in ["mm.slide", "mm.parallax", "mm.slide-and-scale", "mm.swinging-door", "mm.stretch", "scrim"] {
            #expect(StylerRegistry.builtins.entry(named: name)?.isBuiltin == true, "\(name)")
        }
    }

    @Test func aPluginCannotShadowABuiltin() {
        var registry = StylerRegistry.builtins
        let entry = StylerEntry(name: "scrim", description: "", params: [], source: "Plugins/scrim.lua") { _ in
            ScrimStyler()
        }
        #expect(throws: RegistryError.self) { try registry.register(entry) }
        #expect(registry.entry(named: "scrim")?.isBuiltin == true)
    }
}
