// The problems of a scenario: each with its JSON path, and all of a file's problems as one error.

import PaneKit

/// One problem in a scenario: where it is, what kind of problem it is and what is wrong.
public struct ScenarioIssue: Sendable, Hashable, CustomStringConvertible {
    /// What kind of problem an issue is, for an app to compare or `switch` on; new reasons may be added, so a
    /// `switch` needs a `default`.
    public struct Reason: ErrorReason {
        package enum Kind: String {
            case syntax, unknownKey, missingKey, wrongType, invalidNumber, invalidValue, unknownValue
            case unknownContainerType, unknownStyler, invalidParameter, invalidTiming, conflict, other
        }
        package let kind: Kind
        /// The file is not JSON; the issue's path is `line:column`.
        public static let syntax = Reason(kind: .syntax)
        /// A key the object does not take (the message lists the allowed ones and the nearest).
        public static let unknownKey = Reason(kind: .unknownKey)
        /// A required key, or one of a set of keys (a drawer, a menu, a sidebar), is missing.
        public static let missingKey = Reason(kind: .missingKey)
        /// A value of the wrong JSON type or shape (a string where a number goes, one point where two go).
        public static let wrongType = Reason(kind: .wrongType)
        /// A number out of its range, its order or the largest magnitude a scenario takes.
        public static let invalidNumber = Reason(kind: .invalidNumber)
        /// A value of the right type that is still wrong (a colour that does not parse, breakpoints out of order).
        public static let invalidValue = Reason(kind: .invalidValue)
        /// A name that is not among the allowed ones (an action, a direction, an open mode).
        public static let unknownValue = Reason(kind: .unknownValue)
        /// A `container.type` that is not a container type (the raw values of `ContainerKind`).
        public static let unknownContainerType = Reason(kind: .unknownContainerType)
        /// A styler name the registry does not know.
        public static let unknownStyler = Reason(kind: .unknownStyler)
        /// A styler parameter that is unknown, of the wrong type or out of range.
        public static let invalidParameter = Reason(kind: .invalidParameter)
        /// A transition's `timing` that is not a valid spring or curve.
        public static let invalidTiming = Reason(kind: .invalidTiming)
        /// Keys that exclude each other were both given (`frameTimes` and `fps`, a side declared twice).
        public static let conflict = Reason(kind: .conflict)
        /// An issue made with ``ScenarioIssue/init(_:path:message:)`` without a reason.
        public static let other = Reason(kind: .other)
    }

    /// What kind of problem this is.
    public var reason: Reason
    /// The JSON path (`timeline[2].direction`), or `line:column` for a syntax error.
    public var path: String
    /// What is wrong there: what was expected and what was found.
    public var message: String

    /// An issue of kind `reason` at a JSON path; without one, its reason is ``Reason/other``.
    public init(_ reason: Reason = .other, path: String, message: String) {
        self.reason = reason
        self.path = path
        self.message = message
    }

    public var description: String {
        if path.isEmpty { return message }
        return message.isEmpty ? path : "\(path): \(message)"
    }
}

/// A scenario that cannot be run, with every problem found.
///
/// Each of ``issues`` has its own ``ScenarioIssue/reason``, so an app tells an unknown container type from a bad
/// number without reading the text; ``description`` is the text a person reads, one line per problem.
public struct ScenarioError: Error, Sendable, CustomStringConvertible {
    /// The scenario file's name as given, first on every message line.
    public var file: String
    /// Every problem found, in file order.
    public var issues: [ScenarioIssue]

    /// An error listing `issues` in `file`.
    public init(file: String, issues: [ScenarioIssue]) {
        self.file = file
        self.issues = issues
    }

    /// The reason of each issue, in file order: an app asks `error.reasons.contains(.unknownStyler)`.
    public var reasons: [ScenarioIssue.Reason] { issues.map(\.reason) }

    /// One line per problem: `file: path: message`.
    public var description: String {
        issues.map { issue in
            // A syntax error's place is line:column, written as file:line:column.
            issue.path.first?.isNumber == true ? "\(file):\(issue)" : "\(file): \(issue)"
        }.joined(separator: "\n")
    }
}
