// --param NAME=VALUE and --param STYLER.NAME=VALUE: styler parameters from the command line, for every command
// that runs stylers.

import PaneKit

enum ParamArguments {
    /// One `--param` as written.
    struct Given {
        /// The styler it names (`mm.parallax` in `mm.parallax.factor=3`), if qualified.
        var styler: String?
        var name: String
        var value: String
        /// `NAME` or `STYLER.NAME`, as written.
        var key: String
    }

    /// Every `--param` of `args`, split into styler, name and value.
    /// - Throws: `CLIError` (exit 2) for a flag without `=` or without a name.
    static func given(_ args: Arguments) throws(CLIError) -> [Given] {
        try args.params().map { pair in
            let key = pair.key
            // Parameter names are identifiers and styler names may hold dots, so the last dot splits them.
            if let dot = key.lastIndex(of: "."), dot != key.startIndex, key.index(after: dot) != key.endIndex {
                return Given(styler: String(key[..<dot]), name: String(key[key.index(after: dot)...]), value: pair.value, key: key)
            }
            return Given(styler: nil, name: key, value: pair.value, key: key)
        }
    }

    /// The overrides for each of `stylers` (registered names) given by the `--param` flags of `args`.
    ///
    /// `NAME=VALUE` goes to the one styler of the run that declares `NAME`; when several declare it the flag must
    /// say which (`STYLER.NAME=VALUE`).
    /// - Throws: `CLIError`: exit 2 for a parameter no styler of the run takes (with the nearest name), a styler
    ///   that is not in the run, or an ambiguous name; exit 1 for a value of the wrong kind.
    static func overrides(
        _ args: Arguments, stylers: [String], registry: StylerRegistry
    ) throws(CLIError) -> [String: [String: ParamValue]] {
        let command = args.command
        let stylers = stylers.reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        var result: [String: [String: ParamValue]] = [:]
        for given in try given(args) {
            let target: String
            if let styler = given.styler {
                guard stylers.contains(styler) else {
                    throw .usage(
                        "\(command): --param \(given.key): \"\(styler)\" is not a styler of this run"
                            + Suggestion.hint(for: styler, among: stylers) + "; the stylers are \(list(stylers))")
                }
                target = styler
            } else {
                let takers = stylers.filter { registry.entry(named: $0)?.params.contains { $0.name == given.name } == true }
                guard takers.count <= 1 else {
                    throw .usage(
                        "\(command): --param \(given.key): several stylers take \"\(given.name)\" (\(list(takers))); "
                            + "write --param \(takers[0]).\(given.name)=\(given.value)")
                }
                guard let only = takers.first else { throw unknown(given, command: command, stylers: stylers, registry: registry) }
                target = only
            }
            let specs = registry.entry(named: target)?.params ?? []
            guard let spec = specs.first(where: { $0.name == given.name }) else {
                throw unknown(given, command: command, stylers: [target], registry: registry)
            }
            do {
                result[target, default: [:]][given.name] = try spec.parse(given.value)
            } catch {
                throw .input("\(command): --param \(given.styler.map { "\($0)." } ?? "")\(error.message)")
            }
        }
        return result
    }

    /// `unknown parameter of mm.parallax; did you mean "factor"?; allowed: factor`.
    private static func unknown(_ given: Given, command: String, stylers: [String], registry: StylerRegistry) -> CLIError {
        let names = stylers.flatMap { styler in registry.entry(named: styler)?.params.map(\.name) ?? [] }
        let whose = stylers.count == 1 ? "parameter of \(stylers[0])" : "parameter of any styler of this run (\(list(stylers)))"
        let allowed =
            names.isEmpty ? (stylers.count == 1 ? "it takes none" : "they take none") : "allowed: \(names.joined(separator: ", "))"
        return .usage(
            "\(command): --param \(given.key): unknown \(whose)" + Suggestion.hint(for: given.name, among: names) + "; \(allowed)")
    }

    private static func list(_ names: [String]) -> String {
        names.isEmpty ? "none" : names.joined(separator: ", ")
    }

    /// The names of every styler a scenario's styler groups run, in group order (the directions in direction order).
    static func stylers(of scenario: Scenario) -> [String] {
        scenario.stylers.keys.sorted().flatMap { scenario.stylers[$0]?.map(\.name) ?? [] }
    }
}
