// Options shared by the commands that draw characters: --color WHEN and --grid COLSxROWS.

import PaneKitRender

enum TerminalOptions {
    static let colorChoices = ["auto", "always", "never"]

    /// The colour mode for `--color WHEN` writing to a destination that is (or is not) a terminal.
    ///
    /// `auto` colours only a terminal and respects `NO_COLOR`; colour is 24-bit when `COLORTERM` says
    /// `truecolor` or `24bit`, the 256-colour palette otherwise.
    static func color(_ when: String, destinationIsTerminal: Bool) -> TerminalColor {
        switch when {
        case "never": return .none
        case "auto" where !destinationIsTerminal || Platform.environment("NO_COLOR").map({ !$0.isEmpty }) == true:
            return .none
        default:
            let colorterm = Platform.environment("COLORTERM")?.lowercased() ?? ""
            return colorterm == "truecolor" || colorterm == "24bit" ? .truecolor : .ansi256
        }
    }

    /// `--grid COLSxROWS`, each between 1 and 1000.
    static func grid(_ args: Arguments) throws(CLIError) -> (columns: Int, rows: Int)? {
        guard let text = args.value("grid") else { return nil }
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let c = Int(parts[0]), let r = Int(parts[1]), (1...1000).contains(c), (1...1000).contains(r) else {
            throw .usage("\(args.command): --grid: expected COLSxROWS with whole numbers from 1 to 1000 such as 80x24, got \"\(text)\"")
        }
        return (c, r)
    }
}
