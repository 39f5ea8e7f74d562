// Command-line parsing: flags with values, repeated flags, positionals, and usage errors.

import PaneKit

/// A failure the CLI reports: a message and the exit code (1 bad input, 2 usage).
struct CLIError: Error {
    var message: String
    var exitCode: Int32

    static func usage(_ message: String) -> CLIError { CLIError(message: message, exitCode: 2) }
    static func input(_ message: String) -> CLIError { CLIError(message: message, exitCode: 1) }

    /// Runs `body` on the file at `path`: a `CLIError` it throws is the command's own, any other error becomes
    /// `.input("PATH: ERROR")`.
    static func naming<T>(_ path: String, _ body: () throws -> T) throws(CLIError) -> T {
        do {
            return try body()
        } catch let error as CLIError {
            throw error
        } catch {
            throw .input("\(path): \(error)")
        }
    }
}

/// The arguments of one subcommand, consumed as they are read; leftovers are usage errors.
struct Arguments {
    private(set) var positionals: [String] = []
    private var options: [(name: String, value: String?)] = []
    let command: String

    /// Splits `arguments` into `--flag`, `--flag VALUE`, `--flag=VALUE` and positionals.
    ///
    /// Every command takes `--help` and `-h`. `-` alone is a positional (standard input or output); any other
    /// argument that starts with `-` must be a known flag, and after `--` everything is a positional.
    /// - Parameters:
    ///   - valued: the flags that take a value.
    ///   - switches: the flags that take none (`help` is always one).
    /// - Throws: `CLIError` (exit 2) for an unknown flag, with the nearest known one, or a missing value.
    init(command: String, _ arguments: [String], valued: Set<String>, switches: Set<String>) throws(CLIError) {
        self.command = command
        let switches = switches.union(["help"])
        var i = 0
        var onlyPositionals = false
        while i < arguments.count {
            let arg = arguments[i]
            i += 1
            if onlyPositionals || !arg.hasPrefix("-") || arg == "-" {
                positionals.append(arg)
                continue
            }
            if arg == "--" {
                onlyPositionals = true
                continue
            }
            if arg == "-h" {
                options.append(("help", nil))
                continue
            }
            guard arg.hasPrefix("--") else {
                let known = valued.union(switches).map { "--" + $0 }.sorted()
                throw .usage(
                    "\(command): unknown option \(arg)" + Suggestion.hint(for: "-" + arg, among: known)
                        + "; see panekit \(command) --help (a file whose name starts with - goes after --, or as ./\(arg))")
            }
            var name = String(arg.dropFirst(2))
            var value: String?
            if let eq = name.firstIndex(of: "=") {
                value = String(name[name.index(after: eq)...])
                name = String(name[..<eq])
            }
            if valued.contains(name) {
                if value == nil {
                    guard i < arguments.count else { throw .usage("\(command): --\(name) needs a value") }
                    value = arguments[i]
                    i += 1
                }
                options.append((name, value))
            } else if switches.contains(name) {
                if value != nil { throw .usage("\(command): --\(name) takes no value") }
                options.append((name, nil))
            } else {
                let known = valued.union(switches).map { "--" + $0 }.sorted()
                throw .usage(
                    "\(command): unknown option --\(name)" + Suggestion.hint(for: "--" + name, among: known)
                        + "; see panekit \(command) --help")
            }
        }
    }

    func has(_ name: String) -> Bool { options.contains { $0.name == name } }

    /// The last value given for `name`.
    func value(_ name: String) -> String? { options.last { $0.name == name }?.value ?? nil }

    /// Every value given for a repeatable flag, in order.
    func values(_ name: String) -> [String] { options.filter { $0.name == name }.compactMap(\.value) }

    func double(_ name: String, where accept: (Double) -> Bool = { _ in true }, expected: String) throws(CLIError) -> Double? {
        guard let text = value(name) else { return nil }
        guard let n = Double(text), n.isFinite, accept(n) else {
            throw .usage("\(command): --\(name): expected \(expected), got \"\(text)\"")
        }
        return n
    }

    func int(_ name: String, where accept: (Int) -> Bool = { _ in true }, expected: String) throws(CLIError) -> Int? {
        guard let text = value(name) else { return nil }
        guard let n = Int(text), accept(n) else { throw .usage("\(command): --\(name): expected \(expected), got \"\(text)\"") }
        return n
    }

    /// A size written `WxH`, bounded as a scenario's `size` is (`Scenario.accepts(size:)`).
    func size(_ name: String) throws(CLIError) -> Size? {
        guard let text = value(name) else { return nil }
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]),
            Scenario.accepts(size: Size(width: w, height: h))
        else {
            throw .usage("\(command): --\(name): expected WxH with \(Scenario.sizeRequirement) such as 375x667, got \"\(text)\"")
        }
        return Size(width: w, height: h)
    }

    /// `--fps N`, bounded as a scenario's `fps` is (`Scenario.frameRates`).
    func fps() throws(CLIError) -> Double? {
        try double("fps", where: Scenario.frameRates.contains, expected: "a number \(Scenario.frameRateRequirement)")
    }

    /// A choice among fixed words.
    func choice(_ name: String, _ choices: [String]) throws(CLIError) -> String? {
        guard let text = value(name) else { return nil }
        guard choices.contains(text) else {
            throw .usage(
                "\(command): --\(name): expected one of \(choices.joined(separator: ", ")), got \"\(text)\""
                    + Suggestion.hint(for: text, among: choices))
        }
        return text
    }

    /// `--param KEY=VALUE` pairs; the value is read by the styler's declared kind later.
    func params() throws(CLIError) -> [(key: String, value: String)] {
        var result: [(key: String, value: String)] = []
        for text in values("param") {
            guard let eq = text.firstIndex(of: "="), eq != text.startIndex else {
                throw .usage("\(command): --param: expected KEY=VALUE, got \"\(text)\"")
            }
            result.append((String(text[..<eq]), String(text[text.index(after: eq)...])))
        }
        return result
    }
}
