// `--theme dark|light` and `--appearance FILE.json`: the look of every command that draws.

import PaneKit
import PaneKitScenario
import PaneKitRender

extension Theme {
    /// The help line of `--theme`.
    static let flagHelp = "  --theme T        dark (default: a #20242a stage) or light (white); see docs/export.md"

    /// The theme `--theme` names; dark without it.
    static func parse(_ args: Arguments) throws(CLIError) -> Theme {
        guard let name = try args.choice("theme", Name.allCases.map(\.rawValue)) else { return .dark }
        return .named(Name(rawValue: name) ?? .dark)
    }
}

enum AppearanceArguments {
    /// The help line of `--appearance`.
    static let flagHelp = "  --appearance F   a JSON object of looks by role, as a scenario's \"appearance\" (docs/scenario.md)"

    /// The looks of `--appearance FILE.json`, or none without it.
    static func parse(_ args: Arguments) throws(CLIError) -> Appearance {
        guard let path = args.value("appearance") else { return .none }
        let text = try Output.read(path)
        do {
            return try ScenarioLoader.loadAppearance(text, file: Files.displayName(path))
        } catch {
            throw .input("\(error.issues.count) problem\(error.issues.count == 1 ? "" : "s") in \(Files.displayName(path)):\n\(error)")
        }
    }
}
