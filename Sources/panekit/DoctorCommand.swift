// panekit doctor: what works and what does not in this setup, as Neovim's :checkhealth.

import Foundation
import PaneKitLua

enum DoctorCommand {
    static let help = """
        usage: panekit doctor [--plugins DIR] [--need WHAT,WHAT...]

        Checks the setup and prints one line per finding (ok, warning or error) under each heading:
          Lua        the Lua library panekit runs (its version and the file it was loaded from) and pkg-config's
                     lua5.4 (needed to build PaneKit)
          Plugins    every plugin of the folder, loaded and checked as panekit check does
          Lock       DIR/panekit.lock against the files on disk (as panekit install --check)
          Stubs      DIR/panekit.d.lua against this PaneKit's (styler API \(StylerAPI.version))
          Tools      the optional programs, what needs each and the command that installs a missing one:
                     \(tools.map(\.name).joined(separator: ", "))
        Programs are looked up on PATH. Exits 1 when a plugin fails, the lock does not match, or a tool that
        --need names is missing; a missing optional tool is a warning.
          --plugins DIR   the plugins folder (default ./Plugins)
          --need LIST     what you mean to use, each of \(tools.flatMap(\.needs).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }.joined(separator: ", "))

        Example: panekit doctor --need png,gif

        """

    /// An optional program: what needs it and how to install it.
    struct Tool {
        var name: String
        /// The executable looked up on PATH, or nil for Python modules.
        var executables: [String]
        /// Python modules that must import, for the Lottie players.
        var modules: [String] = []
        var purpose: String
        /// The `--need` words this tool serves.
        var needs: [String]
        var install: String
    }

    static let tools: [Tool] = [
        Tool(
            name: "git", executables: ["git"], purpose: "panekit add, install and update fetch plugins with it", needs: ["add"],
            install: "sudo apt-get install git (macOS: brew install git; or Scripts/ensure-deps.sh)"),
        Tool(
            name: "rsvg-convert", executables: ["rsvg-convert"], purpose: "render --format png, gif and mp4 draw frames with it",
            needs: ["png", "gif", "mp4"], install: "sudo apt-get install librsvg2-bin (macOS: brew install librsvg)"),
        Tool(
            name: "ffmpeg", executables: ["ffmpeg"], purpose: "render --format gif and mp4 encode with it", needs: ["gif", "mp4"],
            install: "sudo apt-get install ffmpeg (macOS: brew install ffmpeg)"),
        Tool(
            name: "chromium", executables: ["chromium", "chromedriver"],
            purpose: "plays studio pages (render --format html, panekit docs previews) headless for tests and screenshots",
            needs: ["html"],
            install: "sudo apt-get install chromium chromium-driver python3-selenium (macOS: brew install --cask chromium chromedriver)"),
        Tool(
            name: "Lottie players", executables: ["python3"], modules: ["lottie", "rlottie_python", "thorvg_python"],
            purpose: "draw --format lottie and bake --format lottie output as apps do, to check it", needs: ["lottie"],
            install: "python3 -m pip install lottie rlottie-python thorvg-python"),
        Tool(
            name: "luacheck", executables: ["luacheck"], purpose: "panekit check --lint runs it", needs: ["lint"],
            install: LintCommand.installHint),
    ]

    private struct Report {
        var text = ""
        var errors = 0
        var warnings = 0
        mutating func heading(_ title: String) { text += (text.isEmpty ? "" : "\n") + title + "\n" }
        mutating func ok(_ line: String) { text += "  ok: \(line)\n" }
        mutating func info(_ line: String) { text += "  info: \(line)\n" }
        mutating func warning(_ line: String) {
            warnings += 1
            text += "  warning: \(line)\n"
        }
        mutating func error(_ line: String) {
            errors += 1
            text += "  error: \(line)\n"
        }
    }

    static func run(_ arguments: [String]) throws(CLIError) {
        let args = try Arguments(command: "doctor", arguments, valued: ["plugins", "need"], switches: [])
        if args.has("help") { return Output.print(help) }
        guard args.positionals.isEmpty else { throw .usage("doctor: takes no arguments but options; see panekit doctor --help") }
        let known = tools.flatMap(\.needs)
        let needs = (args.value("need") ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        for need in needs where !known.contains(need) {
            throw .usage("doctor: --need: expected some of \(Array(Set(known)).sorted().joined(separator: ", ")), got \"\(need)\"")
        }
        let folder = args.value("plugins") ?? "Plugins"
        var report = Report()
        lua(&report)
        plugins(folder, &report)
        self.tools(needs: Set(needs), &report)
        report.text +=
            "\n\(report.errors) error\(report.errors == 1 ? "" : "s"), \(report.warnings) warning\(report.warnings == 1 ? "" : "s")\n"
        Output.print(report.text)
        if report.errors > 0 {
            throw .input("\(report.errors) problem\(report.errors == 1 ? "" : "s") found (the lines marked error above)")
        }
    }

    private static func lua(_ report: inout Report) {
        report.heading("Lua")
        if let symbol = Platform.loadedSymbol("lua_version") {
            typealias Version = @convention(c) (OpaquePointer?) -> Double
            let number = Int(unsafeBitCast(symbol.address, to: Version.self)(nil))
            let resolved = (try? FileManager.default.destinationOfSymbolicLink(atPath: symbol.file)).map { " → \($0)" } ?? ""
            let builtIn = symbol.file == Platform.executablePath
            report.ok(
                "Lua \(number / 100).\(number % 100) (lua_version \(number)), "
                    + (builtIn ? "built into \(symbol.file)" : "loaded from \(symbol.file)\(resolved)"))
        } else {
            report.error("cannot find the Lua library panekit runs")
        }
        guard let pkgConfig = Platform.findExecutable("pkg-config") else {
            return report.warning(
                "pkg-config: missing (building PaneKit needs it); install: sudo apt-get install pkg-config liblua5.4-dev "
                    + "(macOS: brew install pkg-config lua)")
        }
        let version = ToolRun.run(pkgConfig, ["--modversion", "lua5.4"], seconds: 10)
        let include = ToolRun.run(pkgConfig, ["--variable=includedir", "lua5.4"], seconds: 10)
        guard let version, version.status == 0 else {
            return report.warning(
                "pkg-config (\(pkgConfig)) does not find lua5.4 (building PaneKit needs it); install: sudo apt-get install liblua5.4-dev "
                    + "(macOS: brew install lua)")
        }
        let where_ = include.map { $0.stdout.trimmingCharacters(in: .whitespacesAndNewlines) } ?? ""
        report.ok(
            "pkg-config (\(pkgConfig)) finds lua5.4 \(version.stdout.trimmingCharacters(in: .whitespacesAndNewlines))"
                + (where_.isEmpty ? "" : ", headers in \(where_)"))
    }

    private static func plugins(_ folder: String, _ report: inout Report) {
        report.heading("Plugins (\(folder))")
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
            report.info("no folder \(folder); panekit new NAME or panekit add SOURCE creates it")
            return
        }
        let files = (try? PluginLoader.discover(in: folder)) ?? []
        if files.isEmpty { report.info("no plugins") }
        for file in files {
            let problems = CheckCommand.check(file, limits: Limits()).problems
            if problems.isEmpty, let plugin = try? PluginLoader.load(path: file) {
                let api = plugin.manifest.panekit.map { "needs styler API \($0.text)" } ?? "declares no styler API range"
                report.ok("\(file): \(plugin.name) \(plugin.manifest.version), \(api)")
            } else {
                for problem in problems {
                    for line in problem.lines { report.error(CheckCommand.located(line, file: problem.file, path: file)) }
                }
            }
        }
        report.heading("Lock (\(Lockfile.path(in: folder)))")
        do throws(CLIError) {
            if let lock = try Lockfile.read(in: folder) {
                let found = InstallCommand.verify(lock, folder: folder)
                for problem in found.problems { report.error(problem + "; panekit install puts the locked files back") }
                if found.problems.isEmpty {
                    report.ok("\(lock.entries.count) plugin\(lock.entries.count == 1 ? "" : "s"), every file matches")
                }
                for file in found.unlocked {
                    report.info("\(file) is not in the lock (written here, not installed with panekit add)")
                }
            } else {
                report.info("no lock: no plugin was installed with panekit add")
            }
        } catch {
            report.error(error.message)
        }
        report.heading("Stubs (\(Installing.join(folder, LuaStubs.fileName)))")
        let stubs = Installing.join(folder, LuaStubs.fileName)
        let text: Data
        switch FoundFile.read(stubs, inside: folder) {
        case .success(let data): text = data
        case .failure(.missing):
            return report.warning(
                "missing; panekit new --stubs \(folder) writes the annotations editors use to complete and check plugins")
        case .failure(let problem):
            return report.warning(problem.sentence(stubs) + "; panekit new --stubs \(folder) replaces it")
        }
        if String(decoding: text, as: UTF8.self) == LuaStubs.source {
            report.ok("current for styler API \(StylerAPI.version)")
        } else {
            report.warning("not this PaneKit's (styler API \(StylerAPI.version)); panekit new --stubs \(folder) replaces it")
        }
    }

    private static func tools(needs: Set<String>, _ report: inout Report) {
        report.heading("Tools (looked up on PATH)")
        for tool in tools {
            let paths = tool.executables.map { ($0, Platform.findExecutable($0)) }
            var missing = paths.filter { $0.1 == nil }.map(\.0)
            if missing.isEmpty, let python = paths.first?.1, !tool.modules.isEmpty {
                missing = tool.modules.filter { module in
                    (ToolRun.run(python, ["-c", "import \(module)"], seconds: 30)?.status ?? 1) != 0
                }.map { "the Python module \($0)" }
            }
            let wanted = tool.needs.filter(needs.contains)
            if missing.isEmpty {
                let found = paths.compactMap(\.1).joined(separator: ", ")
                report.ok("\(tool.name) (\(found)): \(tool.purpose)")
            } else {
                let line = "\(tool.name): missing \(missing.joined(separator: ", ")); \(tool.purpose); install: \(tool.install)"
                if wanted.isEmpty {
                    report.warning(line)
                } else {
                    report.error(line + " (needed for --need \(wanted.joined(separator: ",")))")
                }
            }
        }
    }
}
