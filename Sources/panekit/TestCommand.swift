// panekit test: golden-frame regression tests and declared expectations for Lua stylers.

import Foundation
import PaneKit
import PaneKitLua
import PaneKitRender

enum TestCommand {
    static let help = """
        usage: panekit test [PLUGIN.lua|DIR]... [--record] [--json] [--max-instructions N] [--max-memory SIZE]

        Tests Lua stylers like code. For each plugin (every *.lua of a DIR, not *.d.lua; by default ./Plugins,
        or the current folder when there is no ./Plugins):
          - golden frames: its nodes at closed fractions -0.2 to 1.1 (steps of 0.05) in every direction it
            styles, with its default parameters and with each parameter set its tests use, compared with
            NAME.golden.json beside the plugin (numbers within 1e-6); a sample the golden lacks or holds
            in excess, or a different plugin, size, fractions, container or reveal, fails too;
          - expectations: each entry of the plugin's `tests` list, such as
              tests = { { closed = 0.5, direction = "left", params = { scale = 0.5 },
                          expect = { pane = { translate = { 140, 0 }, alpha = 1 } }, tolerance = 1e-6 } }
            A mismatch names the test, the direction, the fraction, the role, the key path, the expected and
            the actual value.
        Prints one line per plugin (its problems indented under it) and a last line "N passed, N failed";
        exits 1 if any plugin fails.
          --record       write NAME.golden.json from the plugin as it is now (after an intended change), then
                         check the expectations
          --json         print one JSON object instead: {"plugins": [{"path", "name", "status", "samples",
                         "expectations", "failures": [...]}], "passed", "failed"} (the summary line goes to
                         standard error)
        \(Registries.limitHelp)

        Example: panekit test Plugins   (then, after an intended change: panekit test Plugins/zoom.lua --record)

        """

    /// What happened to one plugin.
    struct Outcome {
        var path: String
        var name: String
        var recorded = false
        var samples = 0
        var expectations = 0
        var failures: [TestFailure] = []
        /// Differences beyond those listed in `failures`.
        var unlisted = 0

        var passed: Bool { failures.isEmpty }
    }

    static func run(_ arguments: [String]) throws(CLIError) {
        let args = try Arguments(command: "test", arguments, valued: Registries.limitFlags, switches: ["record", "json", "help"])
        if args.has("help") { return Output.print(help) }
        let limits = try Registries.limits(args)
        var isFolder: ObjCBool = false
        let plugins = FileManager.default.fileExists(atPath: "Plugins", isDirectory: &isFolder) && isFolder.boolValue
        let paths = try pluginPaths(args.positionals.isEmpty ? [plugins ? "Plugins" : "."] : args.positionals)
        var outcomes: [Outcome] = []
        for path in paths { outcomes.append(try test(path, limits: limits, record: args.has("record"))) }
        let failed = outcomes.filter { !$0.passed }.count
        let summary = "\(outcomes.count - failed) passed, \(failed) failed"
        if args.has("json") {
            Output.print(json(outcomes) + "\n")
            Output.warn(summary)
        } else {
            Output.print(outcomes.map(text).joined() + summary + "\n")
        }
        if failed > 0 {
            throw CLIError(message: "\(failed) of \(outcomes.count) plugin\(outcomes.count == 1 ? "" : "s") failed", exitCode: 1)
        }
    }

    /// The plugin files of the arguments: files as given, folders' `*.lua` (not `*.d.lua`) in name order.
    static func pluginPaths(_ arguments: [String]) throws(CLIError) -> [String] {
        var paths: [String] = []
        for argument in arguments {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: argument, isDirectory: &isFolder) else {
                throw .input("\(argument): no such file or folder")
            }
            if isFolder.boolValue {
                do {
                    paths += try PluginLoader.discover(in: argument).map { $0.hasPrefix("./") ? String($0.dropFirst(2)) : $0 }
                } catch {
                    throw .input("\(error)")
                }
            } else if argument.hasSuffix(".d.lua") || !argument.hasSuffix(".lua") {
                throw .usage("test: \(argument): expected a plugin file (NAME.lua) or a folder of them")
            } else {
                paths.append(argument)
            }
        }
        guard !paths.isEmpty else { throw .input("test: no plugin files in \(arguments.joined(separator: ", "))") }
        return paths
    }

    /// Loads, samples and checks one plugin (recording its golden file first with `record`).
    static func test(_ path: String, limits: Limits, record: Bool) throws(CLIError) -> Outcome {
        var outcome = Outcome(path: path, name: RunTargets.stylerName(path))
        let plugin: LuaPlugin
        do {
            plugin = try PluginLoader.load(path: path, limits: limits)
        } catch {
            outcome.failures = error.lines.map {
                TestFailure(kind: "load", message: CheckCommand.located($0, file: error.file, path: path))
            }
            return outcome
        }
        let goldenPath = PluginTests.goldenPath(for: path)
        let actual: String
        do {
            actual = try PluginTests.golden(plugin)
        } catch {
            var failure = error.failure
            failure.message = CheckCommand.located(failure.message, file: plugin.file, path: path)
            outcome.failures = [failure]
            return outcome
        }
        outcome.samples = actual.components(separatedBy: "{\"closed\":").count - 1
        // The golden file is one panekit finds beside the plugin (a cloned repository may ship it as a link or a
        // FIFO): it is read only as a regular file (see `FoundFile`), and recording replaces a link, never
        // writing through it.
        if record {
            try Files.write(actual, to: goldenPath, followingLinks: false)
            outcome.recorded = true
        } else {
            do throws(CLIError) {
                if let golden = try FoundFile.text(goldenPath, inside: FoundFile.folder(of: goldenPath)) {
                    let (listed, count) = PluginTests.compare(golden: golden, actual: actual, file: goldenPath)
                    outcome.failures += listed
                    outcome.unlisted = count - listed.count
                } else {
                    outcome.failures.append(
                        TestFailure(kind: "golden", message: "\(goldenPath): no golden file; write it with panekit test \(path) --record"))
                }
            } catch {
                outcome.failures.append(TestFailure(kind: "golden", message: error.message + "; panekit test --record replaces it"))
            }
        }
        for test in plugin.manifest.tests {
            outcome.expectations += 1
            outcome.failures += PluginTests.check(test, of: plugin, file: path)
        }
        return outcome
    }

    /// `Plugins/zoom.lua: ok (54 samples, 3 expectations)`, or `FAILED` and each problem indented under it.
    static func text(_ outcome: Outcome) -> String {
        let counts = "\(outcome.samples) samples, \(outcome.expectations) expectation\(outcome.expectations == 1 ? "" : "s")"
        guard !outcome.passed else {
            return "\(outcome.path): \(outcome.recorded ? "recorded \(PluginTests.goldenPath(for: outcome.path))" : "ok") (\(counts))\n"
        }
        var out =
            "\(outcome.path): FAILED (\(outcome.failures.count + outcome.unlisted) problem\(outcome.failures.count + outcome.unlisted == 1 ? "" : "s"))\n"
        for failure in outcome.failures { out += "    \(failure.message)\n" }
        if outcome.unlisted > 0 { out += "    … and \(outcome.unlisted) more samples that differ from the golden file\n" }
        return out
    }

    static func json(_ outcomes: [Outcome]) -> String {
        func field(_ name: String, _ value: String?) -> String? {
            value.map { "\(FrameJSON.string(name)):\(FrameJSON.string($0))" }
        }
        let plugins = outcomes.map { o -> String in
            let failures = o.failures.map { f -> String in
                let fields: [String?] = [
                    field("kind", f.kind), field("message", f.message), field("direction", f.direction?.rawValue),
                    f.closed.map { "\"closed\":\(NumberFormat.string($0))" }, field("role", f.role), field("key", f.key),
                    field("expected", f.expected), field("actual", f.actual),
                ]
                return "{" + fields.compactMap { $0 }.joined(separator: ",") + "}"
            }
            let status = o.passed ? (o.recorded ? "recorded" : "passed") : "failed"
            return "{\"path\":\(FrameJSON.string(o.path)),\"name\":\(FrameJSON.string(o.name)),\"status\":\"\(status)\""
                + ",\"samples\":\(o.samples),\"expectations\":\(o.expectations),\"failures\":[\(failures.joined(separator: ","))]"
                + ",\"moreDifferences\":\(o.unlisted)}"
        }
        let failed = outcomes.filter { !$0.passed }.count
        return "{\"plugins\":[\(plugins.joined(separator: ","))],\"passed\":\(outcomes.count - failed),\"failed\":\(failed)}"
    }
}
