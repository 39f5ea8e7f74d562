// The problems of a scenario: each with its JSON path, and all of a file's problems as one error.

/// One problem in a scenario: where it is and what is wrong.
public struct ScenarioIssue: Sendable, Hashable, CustomStringConvertible {
    /// The JSON path (`timeline[2].direction`), or `line:column` for a syntax error.
    public var path: String
    /// What is wrong there: what was expected and what was found.
    public var message: String

    /// An issue at a JSON path.
    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    public var description: String {
        if path.isEmpty { return message }
        return message.isEmpty ? path : "\(path): \(message)"
    }
}

/// A scenario that cannot be run, with every problem found.
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

    /// One line per problem: `file: path: message`.
    public var description: String {
        issues.map { issue in
            // A syntax error's place is line:column, written as file:line:column.
            issue.path.first?.isNumber == true ? "\(file):\(issue)" : "\(file): \(issue)"
        }.joined(separator: "\n")
    }
}
