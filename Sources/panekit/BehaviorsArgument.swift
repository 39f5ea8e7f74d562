// `--behaviors A,B,…`: one sheet scenario run once per platform behavior, for the side-by-side views (`studio`,
// `render --format html|sheet`) and `feel`.

import Foundation
import PaneKit
import PaneKitScenario

/// The sheet behaviors a command compares.
enum BehaviorsArgument {
    /// The option's help line.
    static let help = "  --behaviors A,B,…      run a sheet scenario once per behavior (\(names)), side by side"

    /// Every behavior's name, in the order of the reference.
    static let names = SheetBehavior.allCases.map(\.rawValue).joined(separator: ",")

    /// The behaviors of `--behaviors`, in the order given; nil when the option is absent.
    /// - Throws: a usage error for an empty list, an unknown name (with the nearest) or a name given twice.
    static func parse(_ args: Arguments) throws(CLIError) -> [SheetBehavior]? {
        guard args.has("behaviors") else { return nil }
        let text = args.value("behaviors") ?? ""
        let all = SheetBehavior.allCases.map(\.rawValue)
        var behaviors: [SheetBehavior] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let name = part.trimmingCharacters(in: .whitespaces)
            guard let behavior = SheetBehavior(rawValue: name) else {
                throw .usage(
                    "\(args.command): --behaviors: expected behaviors from \(all.joined(separator: ", ")) separated by commas, got \"\(name)\""
                        + Suggestion.hint(for: name, among: all))
            }
            guard !behaviors.contains(behavior) else {
                throw .usage("\(args.command): --behaviors: \(name) is given twice")
            }
            behaviors.append(behavior)
        }
        return behaviors
    }

    /// The scenario at `path` once per behavior, each named `FILE (behavior NAME)` in its messages.
    /// - Throws: an input error naming the file, the behavior and every problem (a container that is not a sheet,
    ///   a detent that behavior does not have).
    static func scenarios(_ path: String, _ behaviors: [SheetBehavior], registry: StylerRegistry) throws(CLIError) -> [(
        behavior: SheetBehavior, scenario: Scenario
    )] {
        var runs: [(behavior: SheetBehavior, scenario: Scenario)] = []
        for behavior in behaviors {
            runs.append((behavior, try Scenarios.load(path, registry: registry, behavior: behavior)))
        }
        return runs
    }
}
