// What the studio shows: the scenarios of a run (one, or several compared) and the registry their stylers come from.

import PaneKit
import PaneKitRender

/// One scenario shown on its own stage, named for its label above the stage.
public struct StudioRun: Sendable {
    /// The label: a styler's name, or the scenario file's name.
    public var name: String
    /// The scenario the stage plays.
    public var scenario: Scenario
    /// The container behavior the stage runs its scenario under (`--behaviors`: a sheet's or a navigation stack's, by
    /// name), or nil for a run as its file says.
    ///
    /// The page marks the stage `data-behavior="NAME"`, and a drag on any stage of such runs is replayed on every
    /// one of them.
    public var behavior: String?

    /// A stage labelled `name` playing `scenario`, under `behavior` when it compares behaviors.
    public init(name: String, scenario: Scenario, behavior: String? = nil) {
        self.name = name
        self.scenario = scenario
        self.behavior = behavior
    }
}

/// Everything a page is built from: the runs side by side (the first is the main one; the others are compared
/// with it on the same timeline), the registry, and the command that shows the same thing.
public struct StudioInput: Sendable {
    /// The stages, the main one first.
    public var runs: [StudioRun]
    /// Where the runs' styler names are made, and whose parameters the page's sliders list.
    public var registry: StylerRegistry
    /// The command's words without its `--param` flags (`panekit studio Examples/door.json --compare mm.slide`);
    /// the page appends one `--param STYLER.NAME=VALUE` per value that differs from its default.
    public var command: [String]
    /// Problems that did not stop the run (a plugin edit that failed to load, its last good version kept).
    public var problems: [String]
    /// Whether a failing styler ends the run.
    public var strict: Bool
    /// The colours of the stage and the roles (`--theme`); the runs' scenarios say what each node shows.
    public var theme = Theme.dark

    /// The input of a page.
    public init(runs: [StudioRun], registry: StylerRegistry, command: [String], problems: [String] = [], strict: Bool = false) {
        self.runs = runs
        self.registry = registry
        self.command = command
        self.problems = problems
        self.strict = strict
    }

    /// The input with `overrides` (styler → parameter → value) merged into every reference to each styler.
    public func applying(_ overrides: [String: [String: ParamValue]]) -> StudioInput {
        guard !overrides.isEmpty else { return self }
        var copy = self
        for i in copy.runs.indices { copy.runs[i].scenario.mergeParameters(overrides) }
        return copy
    }
}

extension Scenario {
    /// Merges `overrides` (styler → parameter → value) into the parameters of every reference to each styler: the
    /// studio's knobs, and `--param` on the command line.
    package mutating func mergeParameters(_ overrides: [String: [String: ParamValue]]) {
        for (direction, references) in stylers {
            stylers[direction] = references.map { reference in
                var reference = reference
                reference.params.merge(overrides[reference.name] ?? [:]) { _, new in new }
                return reference
            }
        }
    }
}

/// The error of a run the studio could not make, with the message people read (`file:line: message`).
///
/// Its `reason` (a ``StudioReason``) tells bad input from a failed run or a server that cannot start; its
/// `message` names the file or styler.
public typealias StudioError = MessageError<StudioReason>

/// Why the studio could not run or serve (a ``StudioError``'s reason), for an app to compare or `switch` on; new
/// reasons may be added, so a `switch` needs a `default`.
public struct StudioReason: ErrorReason, MessageErrorReason {
    package enum Kind: String { case invalidInput, runFailed, invalidAddress, cannotListen, other }
    package let kind: Kind
    /// A scenario, plugin or parameter could not be read (the message names the file and place).
    public static let invalidInput = StudioReason(kind: .invalidInput)
    /// A scenario was read but its run failed (a strict styler failure, a styler that cannot be made).
    public static let runFailed = StudioReason(kind: .runFailed)
    /// The host to listen on is not an IPv4 address.
    public static let invalidAddress = StudioReason(kind: .invalidAddress)
    /// The server cannot open a socket or listen on the address and port (the port is taken).
    public static let cannotListen = StudioReason(kind: .cannotListen)
    /// An error made with `MessageError.init(_:)`, which names no reason.
    public static let other = StudioReason(kind: .other)
}
