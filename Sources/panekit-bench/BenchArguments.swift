// The benchmark's flags: `--name VALUE`, `--name=VALUE` and switches; no positionals.

import PaneKit

/// Why the benchmark stopped: a usage mistake (exit 2) or input it cannot use (exit 1).
enum BenchError: Error {
    case usage(String)
    case input(String)

    var message: String {
        switch self {
        case .usage(let m), .input(let m): m
        }
    }

    var exitCode: Int32 {
        switch self {
        case .usage: 2
        case .input: 1
        }
    }
}

/// The parsed flags of one run.
struct BenchArguments {
    private var values: [String: String] = [:]
    private var switches: Set<String> = []

    /// - Throws: `BenchError.usage` for an unknown flag, a missing value or a positional argument.
    init(_ arguments: [String], valued: Set<String>, switches known: Set<String>) throws(BenchError) {
        // As panekit's commands do: an argument starting with - that is no flag is an unknown option, with the nearest.
        let flags = valued.union(known).map { "--" + $0 }.sorted()
        func unknown(_ option: String) -> BenchError {
            let spelt = option.hasPrefix("--") ? option : "-" + option
            return .usage("unknown option \(option)" + Suggestion.hint(for: spelt, among: flags) + "; see panekit-bench --help")
        }
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            if argument == "-h" {
                switches.insert("help")
                continue
            }
            guard argument.hasPrefix("-") else {
                throw .usage("takes no file (got \"\(argument)\"); see panekit-bench --help")
            }
            guard argument.hasPrefix("--") else { throw unknown(argument) }
            let body = argument.dropFirst(2)
            let name = String(body.prefix { $0 != "=" })
            if known.contains(name), !body.contains("=") {
                switches.insert(name)
            } else if valued.contains(name) {
                if body.contains("=") {
                    values[name] = String(body.drop { $0 != "=" }.dropFirst())
                } else if let value = rest.popFirst() {
                    values[name] = value
                } else {
                    throw .usage("--\(name) needs a value; see panekit-bench --help")
                }
            } else {
                throw unknown("--" + name)
            }
        }
    }

    func has(_ name: String) -> Bool { switches.contains(name) }

    func value(_ name: String) -> String? { values[name] }

    /// The whole number given for `name`, nil when absent.
    /// - Throws: `BenchError.usage` naming what was expected and what was found.
    func int(_ name: String, where valid: (Int) -> Bool, expected: String) throws(BenchError) -> Int? {
        guard let text = values[name] else { return nil }
        guard let n = Int(text), valid(n) else { throw .usage("--\(name): expected \(expected), got \"\(text)\"") }
        return n
    }
}
