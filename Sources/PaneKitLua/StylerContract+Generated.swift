// The parts of Plugins/panekit.d.lua and docs/plugins.md written from the styler contract: the role alias, the
// fields of PaneKitContext and PaneKitEdit, and the guide's tables of `ctx` and of the edits.
// Scripts/generate-contract.sh rewrites them (`panekit contract --write`); StylerContractTests fails when they are stale.

extension StylerContract {
    /// A file the contract generates parts of: its path in the repository and how its text is brought up to date.
    package struct GeneratedFile: Sendable {
        /// The path from the package's root.
        package let path: String
        /// The text with its generated parts rewritten from the contract.
        package let update: @Sendable (String) throws(GenerationError) -> String
    }

    /// A file whose generated part cannot be found (its anchor line was edited away).
    package struct GenerationError: Error, Sendable {
        /// What is missing, and where.
        package let message: String
    }

    /// The files the contract generates parts of.
    package static let generatedFiles = [
        GeneratedFile(path: "Plugins/panekit.d.lua", update: stubs(updating:)),
        GeneratedFile(path: "docs/plugins.md", update: guide(updating:)),
    ]

    /// The role alias of the stubs: `pane`, then `drawer`, then the other roles.
    static var roleAlias: String {
        let names = [roles[0], drawerKey] + roles.dropFirst()
        return "---@alias PaneKitRole " + names.map { "\"\($0)\"" }.joined(separator: "|")
    }

    /// The stubs' `---@field` lines of PaneKitContext.
    static var contextStubLines: [String] {
        contextFields.map { "---@field \($0.name) \($0.stubType) \($0.stubNote)" }
    }

    /// The stubs' `---@field` lines of PaneKitEdit.
    static var editStubLines: [String] {
        editKeys.map { key in "---@field \(key.name)? \(key.luaType)" + (key.stubNote.map { " " + $0 } ?? "") }
    }

    /// The guide's table of `ctx`.
    static var contextGuideLines: [String] {
        ["| field | |", "|---|---|"] + contextFields.map { "| \($0.guideName ?? "`ctx.\($0.name)`") | \($0.guideNote) |" }
    }

    /// The guide's table of the edit keys.
    static var editGuideLines: [String] {
        ["| key | value | |", "|---|---|---|"]
            + editKeys.map { "| `\($0.name)` | \($0.guideValue) |" + ($0.guideNote.isEmpty ? " |" : " \($0.guideNote) |") }
    }

    /// Plugins/panekit.d.lua with its generated parts rewritten.
    package static func stubs(updating text: String) throws(GenerationError) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        try replace(
            in: &lines, file: "Plugins/panekit.d.lua", at: { $0.hasPrefix("---@alias PaneKitRole ") }, count: { _ in 1 }, with: [roleAlias])
        try replace(
            in: &lines, file: "Plugins/panekit.d.lua", after: "---@class PaneKitContext", while: { $0.hasPrefix("---@field ") },
            with: contextStubLines)
        try replace(
            in: &lines, file: "Plugins/panekit.d.lua", after: "---@class PaneKitEdit", while: { $0.hasPrefix("---@field ") },
            with: editStubLines)
        return lines.joined(separator: "\n")
    }

    /// docs/plugins.md with its generated tables rewritten.
    package static func guide(updating text: String) throws(GenerationError) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for table in [contextGuideLines, editGuideLines] {
            let current = lines
            try replace(
                in: &lines, file: "docs/plugins.md", at: { $0 == table[0] }, count: { tableLength(at: $0, in: current) },
                with: table)
        }
        return lines.joined(separator: "\n")
    }

    /// The number of lines of the Markdown table that starts at `start`.
    private static func tableLength(at start: Int, in lines: [String]) -> Int {
        var end = start
        while end < lines.count, lines[end].hasPrefix("|") { end += 1 }
        return end - start
    }

    /// Replaces the lines that follow the line `anchor` while `matches` holds.
    private static func replace(
        in lines: inout [String], file: String, after anchor: String, while matches: (String) -> Bool, with new: [String]
    ) throws(GenerationError) {
        guard let at = lines.firstIndex(of: anchor) else {
            throw GenerationError(message: "\(file): no line \"\(anchor)\" to write the generated fields after")
        }
        var end = at + 1
        while end < lines.count, matches(lines[end]) { end += 1 }
        lines.replaceSubrange((at + 1)..<end, with: new)
    }

    /// Replaces `count(start)` lines from the first line that `first` matches.
    private static func replace(
        in lines: inout [String], file: String, at first: (String) -> Bool, count: (Int) -> Int, with new: [String]
    ) throws(GenerationError) {
        guard let start = lines.firstIndex(where: first) else {
            throw GenerationError(message: "\(file): no line \"\(new[0])\" where the generated part starts")
        }
        lines.replaceSubrange(start..<(start + count(start)), with: new)
    }
}
