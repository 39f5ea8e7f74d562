// The LuaLS annotations `panekit new` writes beside a plugin (panekit.d.lua): the context, the edits, the manifest,
// the tests and the helper table, so an editor completes and checks a plugin anywhere, not only in this repository.

/// The text of `panekit.d.lua`. Plugins/panekit.d.lua is the source: EmbedFilesPlugin embeds it byte for byte when
/// PaneKitLua is built, so edit that file.
public enum LuaStubs {
    /// The file name editors look for beside the plugins.
    public static let fileName = "panekit.d.lua"

    /// The annotation file's text: `---@class` declarations of the context, the edits and the manifest, and the `panekit` table.
    public static let source = EmbeddedStubs.source
}
