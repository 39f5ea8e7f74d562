// Making the styler a command names: its entry in the registry and its --param KEY=VALUE overrides.

import PaneKit

enum StylerArguments {
    /// The styler `name` with the `--param` values of `args` read by its declared parameter kinds.
    /// - Throws: `CLIError` (exit 1) for an unknown styler, an unknown parameter or a bad value.
    static func make(_ name: String, args: Arguments, registry: StylerRegistry) throws(CLIError) -> any Styler {
        let command = args.command
        guard let entry = registry.entry(named: name) else {
            throw .input("\(command): unknown styler \"\(name)\"" + Suggestion.hint(for: name, among: registry.names)
                + "; run panekit stylers for the list")
        }
        var overrides: [String: ParamValue] = [:]
        for (key, text) in try args.params() {
            guard let spec = entry.params.first(where: { $0.name == key }) else {
                let allowed = entry.params.map(\.name)
                throw .input("\(command): --param \(key): unknown parameter of \(name); "
                    + (allowed.isEmpty ? "it takes none" : "allowed: \(allowed.joined(separator: ", "))"))
            }
            do { overrides[key] = try spec.parse(text) } catch { throw .input("\(command): --param \(error.message)") }
        }
        do { return try registry.make(name, params: overrides) } catch { throw .input("\(command): \(error.message)") }
    }
}
