// panekit check: load plugins, run them over the closed fractions in every direction and every container state,
// report each problem.

import Foundation
import PaneKit
import PaneKitLua

enum CheckCommand {
    static let help = """
        usage: panekit check PLUGIN.lua|DIR... [--behavior B] [--lint] [--traceback] [--max-instructions N] [--max-memory SIZE]

        Loads each plugin (every *.lua of a DIR), runs its style function at closed fractions from -0.1 to 1.1 (steps of 0.05) in
        every direction it supports, then in every state of every container it can run in (each adaptive layout),
        ltr and rtl, with and without reduced motion, and validates every result. Prints one line per problem as
        FILE:LINE: message (direction, closed fraction[, state, container, rtl, reduced motion]), or FILE: ok
        with what a call costs (the median and the worst call of the sweep, every instruction counted, in
        instructions and memory, against the budget). Exits 1 if any plugin fails.
        Annotation files (*.d.lua) are skipped.
          --behavior B   pose a family that has behaviors (\(StylerArguments.behaviorFamilies)) in B only; by
                         default in each of its behaviors (a sheet at each detent of each)
          --traceback    print the Lua traceback under each runtime error
          --lint         also run luacheck with PaneKit's standard (the sandbox's globals, panekit, a read-only
                         ctx) and report its findings as FILE:LINE:COL: message (unused locals, global
                         writes, shadowing, writes to ctx); a finding fails the plugin
        \(Registries.limitHelp)

        Example: panekit check Plugins

        """

    static func run(_ arguments: [String]) throws(CLIError) {
        let args = try Arguments(
            command: "check", arguments, valued: Registries.limitFlags.union(["behavior"]), switches: ["traceback", "help", "lint"])
        if args.has("help") { return Output.print(help) }
        let behavior = try behavior(args)
        guard !args.positionals.isEmpty else {
            throw .usage("check: expected at least one plugin file or folder; see panekit check --help")
        }
        let limits = try Registries.limits(args)
        var failed = 0
        var out = ""
        // A folder stands for its plugins (*.lua, not *.d.lua), in name order.
        var paths: [String] = []
        for argument in args.positionals {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: argument, isDirectory: &isFolder), isFolder.boolValue else {
                paths.append(argument)
                continue
            }
            do {
                paths += try PluginLoader.discover(in: argument).map { $0.hasPrefix("./") ? String($0.dropFirst(2)) : $0 }
            } catch {
                throw .input("\(error)")
            }
        }
        let lint = args.has("lint") ? try LintCommand.findings(paths.filter { !$0.hasSuffix(".d.lua") }) : [:]
        for path in paths {
            if path.hasSuffix(".d.lua") {  // Plugins/*.lua takes in the LuaLS annotations too
                out += "\(path): skipped (LuaLS annotations, not a plugin)\n"
                continue
            }
            let (problems, cost) = check(path, limits: limits, behavior: behavior)
            let findings = lint[path] ?? []
            if problems.isEmpty && findings.isEmpty {
                out += "\(path): ok" + (cost.map { ", \($0)" } ?? "") + "\n"
                continue
            }
            failed += 1
            for finding in findings { out += finding + "\n" }
            for problem in problems {
                for line in problem.lines { out += located(line, file: problem.file, path: path) + "\n" }
                if args.has("traceback"), let traceback = problem.traceback {
                    out += traceback.split(separator: "\n").map { "    " + $0 }.joined(separator: "\n") + "\n"
                }
            }
        }
        Output.print(out)
        if failed > 0 {
            throw .input("\(failed) of \(paths.count) plugin\(paths.count == 1 ? "" : "s") failed")
        }
    }

    /// Every problem of the plugin at `path` (loading, its name, and each fraction of each subject it styles), and
    /// what its calls cost (`PluginCheck.costLine`; nil when it does not load).
    static func check(_ path: String, limits: Limits, behavior: String? = nil) -> (problems: [PluginError], cost: String?) {
        let plugin: LuaPlugin
        do {
            plugin = try PluginLoader.load(path: path, limits: limits)
        } catch {
            return ([error], nil)
        }
        let shadowing = PluginLoader.shadowing(plugin.name, file: plugin.file, in: .builtins)
        return (
            (shadowing.map { [$0] } ?? []) + PluginCheck.run(plugin, behavior: behavior),
            PluginCheck.costLine(PluginCheck.costs(plugin, behavior: behavior), limits: limits)
        )
    }

    /// `--behavior`: one of the behaviors of the registered families that have them.
    static func behavior(_ args: Arguments) throws(CLIError) -> String? {
        guard let value = args.value("behavior") else { return nil }
        let all = ContainerRegistry.descriptors.flatMap(\.behaviors).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        guard all.contains(value) else {
            throw .usage(
                "check: --behavior: expected one of \(all.joined(separator: ", ")) (\(StylerArguments.behaviorFamilies)), got \"\(value)\""
                    + Suggestion.hint(for: value, among: all))
        }
        return value
    }

    /// A problem line with the path as given in place of the bare file name.
    static func located(_ line: String, file: String, path: String) -> String {
        line.hasPrefix(file + ":") ? path + line.dropFirst(file.count) : line
    }
}
