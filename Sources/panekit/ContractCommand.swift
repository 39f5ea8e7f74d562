// `panekit contract`, a hidden command for PaneKit's developers: rewrites the parts of Plugins/panekit.d.lua and
// docs/plugins.md generated from the styler contract (StylerContract), or checks that they are current.

import Foundation
import PaneKitLua

/// Regenerates (or with `--check`, checks) the files written from the styler contract, in a repository's root.
enum ContractCommand {
    static let help = """
        usage: panekit contract [--check] [ROOT]

        Rewrites the parts of Plugins/panekit.d.lua and docs/plugins.md generated from the styler contract
        (Sources/PaneKitLua/StylerContract*.swift) under ROOT (default: the current directory). With --check, writes
        nothing and exits 1 when a file is stale. For PaneKit's developers: Scripts/generate-contract.sh runs it.

        """

    static func run(_ arguments: [String]) throws(CLIError) {
        if arguments.contains("--help") || arguments.contains("-h") {
            Output.print(help)
            return
        }
        let check = arguments.contains("--check")
        let rest = arguments.filter { $0 != "--check" }
        guard rest.count <= 1, !(rest.first?.hasPrefix("-") ?? false) else { throw CLIError.usage(help) }
        let root = URL(fileURLWithPath: rest.first ?? FileManager.default.currentDirectoryPath)
        var stale: [String] = []
        for file in StylerContract.generatedFiles {
            let url = root.appendingPathComponent(file.path)
            guard let data = FileManager.default.contents(atPath: url.path) else {
                throw CLIError.input("\(url.path): cannot read the file")
            }
            let text = String(decoding: data, as: UTF8.self)
            let updated: String
            do {
                updated = try file.update(text)
            } catch {
                throw CLIError.input(error.message)
            }
            guard updated != text else { continue }
            stale.append(file.path)
            if !check {
                do {
                    try Data(updated.utf8).write(to: url)
                } catch {
                    throw CLIError.input("\(url.path): cannot write the file (\(error.localizedDescription))")
                }
            }
        }
        for path in stale { Output.print((check ? "stale: " : "rewrote ") + path + "\n") }
        if check && !stale.isEmpty { throw CLIError.input("run Scripts/generate-contract.sh") }
    }
}
