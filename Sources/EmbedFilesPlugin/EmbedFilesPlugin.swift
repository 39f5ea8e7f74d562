// Embeds files in a module when it is built: for each target that uses the plugin, the EmbedFiles tool writes an
// enum whose static strings are the files' bytes into the plugin's work directory, and the module compiles it. The
// files stay the only copy: editing one rebuilds the module, and the binary needs no resource bundle beside it.

import Foundation
import PackagePlugin

/// What each target embeds: the enum's name and its constants, each a file (relative to the package root).
let embeddings: [String: (type: String, files: [(name: String, path: String)])] = [
    // The studio page, served by `panekit studio` and written by `panekit render --format html`.
    "PaneKitStudio": (
        "StudioAssets",
        [
            ("html", "Sources/PaneKitStudio/Assets/studio.html"),
            ("css", "Sources/PaneKitStudio/Assets/studio.css"),
            ("js", "Sources/PaneKitStudio/Assets/studio.js"),
            // The parts of the script, which StudioPage puts in studio.js's one scope.
            ("stageJS", "Sources/PaneKitStudio/Assets/stage.js"),
            ("transportJS", "Sources/PaneKitStudio/Assets/transport.js"),
            ("inspectorJS", "Sources/PaneKitStudio/Assets/inspector.js"),
            ("curvesJS", "Sources/PaneKitStudio/Assets/curves.js"),
            ("knobsJS", "Sources/PaneKitStudio/Assets/knobs.js"),
            ("liveJS", "Sources/PaneKitStudio/Assets/live.js"),
        ]
    ),
    // The LuaLS annotations `panekit new` writes: the file beside the gallery's plugins, where an editor finds it.
    "PaneKitLua": ("EmbeddedStubs", [("source", "Plugins/panekit.d.lua")]),
]

@main struct EmbedFilesPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let embedding = embeddings[target.name] else {
            Diagnostics.error("EmbedFilesPlugin: no files to embed are listed for target \(target.name)")
            return []
        }
        let inputs = embedding.files.map { context.package.directoryURL.appendingPathComponent($0.path) }
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("\(embedding.type).swift")
        let pairs = zip(embedding.files, inputs).map { "\($0.name)=\($1.path)" }
        return [
            .buildCommand(
                displayName: "Embedding \(embedding.type) in \(target.name)",
                executable: try context.tool(named: "EmbedFiles").url,
                arguments: [output.path, embedding.type] + pairs,
                inputFiles: inputs,
                outputFiles: [output]
            )
        ]
    }
}
