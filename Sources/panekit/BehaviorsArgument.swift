// `--behaviors A,B,…`: one scenario run once per platform behavior of its container, for the side-by-side views
// (`studio`, `render --format html|sheet`) and `feel`.

import Foundation
import PaneKit
import PaneKitScenario

/// The behaviors a command compares: those of a container family that has them (a sheet's, a navigation stack's).
enum BehaviorsArgument {
    /// The option's help line.
    static var help: String {
        "  --behaviors A,B,…      run a \(families) scenario once per behavior of its container, side by side"
    }

    /// The families that have behaviors, as help text names them: `sheet, navigation or pager` (from the registry).
    static var families: String {
        Words.list(ContainerRegistry.descriptors.filter { !$0.behaviors.isEmpty }.map(\.kind.rawValue), or: true)
    }

    /// Every behavior's name, each family's in the order of its reference (the registry's families in order; a
    /// name two families share listed once).
    static var names: String { all.joined(separator: ",") }

    /// The behavior names of every registered family, in order, each once.
    static var all: [String] {
        var names: [String] = []
        for descriptor in ContainerRegistry.descriptors {
            for name in descriptor.behaviors where !names.contains(name) { names.append(name) }
        }
        return names
    }

    /// The behaviors of `--behaviors`, in the order given; nil when the option is absent. Each scenario checks that
    /// its container has them.
    /// - Throws: a usage error for an empty list, an unknown name (with the nearest) or a name given twice.
    static func parse(_ args: Arguments) throws(CLIError) -> [String]? {
        guard args.has("behaviors") else { return nil }
        let text = args.value("behaviors") ?? ""
        let all = Self.all
        var behaviors: [String] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let name = part.trimmingCharacters(in: .whitespaces)
            guard all.contains(name) else {
                throw .usage(
                    "\(args.command): --behaviors: expected behaviors from \(all.joined(separator: ", ")) separated by commas, got \"\(name)\""
                        + Suggestion.hint(for: name, among: all))
            }
            guard !behaviors.contains(name) else {
                throw .usage("\(args.command): --behaviors: \(name) is given twice")
            }
            behaviors.append(name)
        }
        return behaviors
    }

    /// The scenario at `path` once per behavior, each named `FILE (behavior NAME)` in its messages.
    /// - Throws: an input error naming the file, the behavior and every problem (a container without behaviors or
    ///   without that one, a detent that behavior does not have).
    static func scenarios(_ path: String, _ behaviors: [String], registry: StylerRegistry) throws(CLIError) -> [(
        behavior: String, scenario: Scenario
    )] {
        var runs: [(behavior: String, scenario: Scenario)] = []
        for behavior in behaviors {
            runs.append((behavior, try Scenarios.load(path, registry: registry, behavior: behavior)))
        }
        return runs
    }
}
