// Loading scenario files and the styler registry for the commands.

import Foundation
import PaneKit

enum Scenarios {
    /// Reads and validates a scenario file.
    static func load(_ path: String, registry: StylerRegistry) throws(CLIError) -> Scenario {
        let text = try Output.read(path)
        do {
            return try ScenarioLoader.load(text, file: path, registry: registry)
        } catch {
            throw .input("\(error.issues.count) problem\(error.issues.count == 1 ? "" : "s") in \(path):\n\(error)")
        }
    }
}

enum Registries {
    /// The built-in stylers plus the plugins of `pluginsFolder` (default ./Plugins when it exists).
    static func load(pluginsFolder: String?) throws(CLIError) -> StylerRegistry {
        if let folder = pluginsFolder {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
                throw .input("\(folder): no such folder (given with --plugins)")
            }
        }
        return .builtins
    }
}
