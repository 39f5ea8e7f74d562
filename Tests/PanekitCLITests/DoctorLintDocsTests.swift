// panekit doctor (with a tool hidden from PATH), check --lint (luacheck's findings with their lines) and panekit
// docs (a page per plugin with its parameters, deterministic, and a preview that plays in headless Chromium).

import Foundation
import PaneKitTestSupport
import Testing

/// Whether `name` is an executable on this process's PATH.
private func onPath(_ name: String) -> String? {
    for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
        let path = "\(folder)/\(name)"
        if FileManager.default.isExecutableFile(atPath: path) { return path }
    }
    return nil
}

/// A folder of links to the named programs (those that exist), to run panekit with it alone as PATH.
private func binFolder(_ fixture: SharingFixture, with names: [String]) throws -> URL {
    let bin = fixture.root.appendingPathComponent("bin-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
    for name in names {
        guard let path = onPath(name) else { continue }
        try FileManager.default.createSymbolicLink(atPath: bin.appendingPathComponent(name).path, withDestinationPath: path)
    }
    return bin
}

@Suite struct DoctorCommandTests {
    @Test(.enabled(if: onPath("ffmpeg") != nil && onPath("pkg-config") != nil, "needs ffmpeg and pkg-config"))
    func aMissingToolIsNamedWithItsInstallCommand() throws {
        let fixture = try SharingFixture()
        try FileManager.default.createDirectory(at: fixture.plugins, withIntermediateDirectories: true)
        try SharingFixture.plugin().write(to: fixture.plugins.appendingPathComponent("fade.lua"), atomically: true, encoding: .utf8)
        let bin = try binFolder(fixture, with: ["ffmpeg", "pkg-config"])  // no rsvg-convert

        let result = try fixture.panekit(["doctor"], path: bin.path)
        #expect(result.status == 0, "a missing optional tool is a warning: \(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("ok: Lua 5.4 (lua_version 504)"), "\(result.stdout)")
        #expect(result.stdout.contains("ok: pkg-config"), "\(result.stdout)")
        #expect(result.stdout.contains("ok: Plugins/fade.lua: fade 1.0.0"), "\(result.stdout)")
        #expect(result.stdout.contains("warning: missing; panekit new --stubs Plugins"), "\(result.stdout)")
        #expect(result.stdout.contains("ok: ffmpeg (\(bin.path)/ffmpeg)"), "\(result.stdout)")
        #expect(
            result.stdout.contains(
                "warning: rsvg-convert: missing rsvg-convert; render --format png, gif and mp4 draw frames with it; "
                    + "install: sudo apt-get install librsvg2-bin"), "\(result.stdout)")

        let needed = try fixture.panekit(["doctor", "--need", "png"], path: bin.path)
        #expect(needed.status == 1)
        #expect(needed.stdout.contains("error: rsvg-convert: missing rsvg-convert;"), "\(needed.stdout)")
        #expect(needed.stdout.contains("(needed for --need png)"), "\(needed.stdout)")
    }

    @Test func aFailingPluginAndADifferingLockAreErrors() throws {
        let fixture = try SharingFixture()
        try FileManager.default.createDirectory(at: fixture.plugins, withIntermediateDirectories: true)
        try "return { style = 3 }\n".write(to: fixture.plugins.appendingPathComponent("bad.lua"), atomically: true, encoding: .utf8)
        let lock = """
            {"lockfileVersion": 1, "plugins": {"gone": {"source": "../x.lua", "path": "gone.lua", "version": "1.0.0",
             "panekit": "*", "files": {"gone.lua": "\(String(repeating: "0", count: 64))"}}}}
            """
        try lock.write(to: fixture.lock, atomically: true, encoding: .utf8)
        let result = try fixture.panekit(["doctor"])
        #expect(result.status == 1)
        #expect(result.stdout.contains("error: Plugins/bad.lua:1: style: expected a function"), "\(result.stdout)")
        #expect(result.stdout.contains("error: Plugins/gone.lua: missing (the lock lists it for gone"), "\(result.stdout)")
    }
}

@Suite struct LintCommandTests {
    static let source = """
        local unused = 1
        local shared = 2
        return {
          version = "1.0.0",
          style = function(ctx)
            local shared = ctx.open -- shadows the upvalue
            leaked = shared
            ctx.open = 0
            return { pane = { alpha = shared } }
          end,
        }

        """

    @Test(.enabled(if: onPath("luacheck") != nil, "needs luacheck (Debian: lua-check)"))
    func findingsComeWithTheirLines() throws {
        let fixture = try SharingFixture()
        let file = fixture.project.appendingPathComponent("lint.lua")
        try Self.source.write(to: file, atomically: true, encoding: .utf8)
        let result = try fixture.panekit(["check", "--lint", "lint.lua"])
        #expect(result.status == 1)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains("lint.lua:1:7: unused variable 'unused' (luacheck W211)"), "\(result.stdout)")
        #expect(lines.contains { $0.hasPrefix("lint.lua:6:11: shadowing upvalue 'shared' on line 2") }, "\(result.stdout)")
        #expect(lines.contains("lint.lua:7:5: setting non-standard global variable 'leaked' (luacheck W111)"), "\(result.stdout)")
        #expect(lines.contains { $0.hasPrefix("lint.lua:8:5: assignment to ctx.open: ctx is read-only") }, "\(result.stdout)")
        // A clean plugin passes, and without --lint the same file is only checked.
        let clean = fixture.project.appendingPathComponent("clean.lua")
        try SharingFixture.plugin().write(to: clean, atomically: true, encoding: .utf8)
        let ok = try fixture.panekit(["check", "--lint", "clean.lua"])
        #expect(ok.status == 0, "\(ok.stdout)\(ok.stderr)")
        #expect(ok.stdout == "clean.lua: ok\n")
    }

    @Test func withoutLuacheckItSaysHowToInstallIt() throws {
        let fixture = try SharingFixture()
        let bin = try binFolder(fixture, with: [])
        try Self.source.write(to: fixture.project.appendingPathComponent("lint.lua"), atomically: true, encoding: .utf8)
        let result = try fixture.panekit(["check", "--lint", "lint.lua"], path: bin.path)
        #expect(result.status == 1)
        #expect(
            result.stderr.contains("luacheck is not installed (looked up on PATH); install it: sudo apt-get install lua-check"),
            "\(result.stderr)")
    }
}

@Suite struct DocsCommandTests {
    private func files(_ folder: URL) throws -> [String: Data] {
        var out: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            out[name] = try Data(contentsOf: folder.appendingPathComponent(name))
        }
        return out
    }

    @Test func aPagePerPluginWithItsParametersDeterministic() throws {
        let fixture = try SharingFixture()
        let first = fixture.root.appendingPathComponent("site1"), second = fixture.root.appendingPathComponent("site2")
        let result = try runPanekit(["docs", "Plugins", "--out", first.path], timeout: 300)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try runPanekit(["docs", "Plugins", "--out", second.path], timeout: 300).status == 0)
        let site = try files(first)
        #expect(site == (try files(second)), "the same plugins give the same bytes")
        let plugins = try FileManager.default.contentsOfDirectory(atPath: packageRoot.appendingPathComponent("Plugins").path)
            .filter { $0.hasSuffix(".lua") && !$0.hasSuffix(".d.lua") }.map { String($0.dropLast(4)) }
        #expect(plugins.count >= 10)
        let index = String(decoding: try #require(site["index.html"]), as: UTF8.self)
        for name in plugins {
            #expect(index.contains("<a href=\"\(name).html\">\(name)</a>"), "\(name) in the index")
            for file in ["\(name).html", "\(name).curves.svg", "\(name).preview.html"] { #expect(site[file] != nil, "\(file)") }
        }
        let zoom = String(decoding: try #require(site["zoom.html"]), as: UTF8.self)
        #expect(zoom.contains("The content zooms out as the drawer opens"))
        #expect(
            zoom.contains("Version <span class=\"version\">1.0.0</span>; declares no styler API range (any) (this PaneKit provides 1.3.0)"))
        #expect(
            zoom.contains(
                "<tr><td><code>scale</code></td><td>number</td><td>0.1 … 1</td><td><code>0.75</code></td><td>pane scale when fully open</td></tr>"
            ), "\(zoom)")
        #expect(zoom.contains("<pre class=\"install\">panekit add Plugins/zoom.lua</pre>"))
        #expect(zoom.contains("<iframe class=\"preview\" src=\"zoom.preview.html\""))
        #expect(zoom.contains("<img class=\"curves\" src=\"zoom.curves.svg\""))
        // The preview is the studio's static page of the demo timeline, as render --format html writes it.
        let page = try runPanekit(["render", "Plugins/zoom.lua", "--format", "html", "--plugins", "Plugins"], timeout: 120)
        #expect(site["zoom.preview.html"] == Data(page.stdout.utf8))
        let plot = try runPanekit(["plot", "Plugins/zoom.lua", "--plugins", "Plugins"], timeout: 120)
        #expect(site["zoom.curves.svg"] == Data(plot.stdout.utf8))
        #expect(!zoom.contains("http://") && !zoom.contains("https://"), "no network at view time")
    }

    @Test func aBrokenPluginWritesNoSite() throws {
        let fixture = try SharingFixture()
        try FileManager.default.createDirectory(at: fixture.plugins, withIntermediateDirectories: true)
        try "return { style = 3 }\n".write(to: fixture.plugins.appendingPathComponent("bad.lua"), atomically: true, encoding: .utf8)
        let result = try fixture.panekit(["docs", "Plugins", "--out", "site"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("docs: Plugins/bad.lua:1: style: expected a function"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: fixture.project.appendingPathComponent("site").path))
    }

    static let python: String? = {
        guard onPath("chromium") != nil, onPath("chromedriver") != nil else { return nil }
        for candidate in ["/usr/bin/python3", "/usr/local/bin/python3"] where FileManager.default.isExecutableFile(atPath: candidate) {
            if let probe = try? runProgram(URL(fileURLWithPath: candidate), ["-c", "import selenium"], timeout: 30), probe.status == 0 {
                return candidate
            }
        }
        return nil
    }()

    @Test(
        .enabled(if: python != nil, "needs chromium, chromedriver and python3-selenium (Scripts/ensure-deps.sh --tests)"),
        .timeLimit(.minutes(3)))
    func thePreviewPlaysInHeadlessChromium() throws {
        let fixture = try SharingFixture()
        let site = fixture.root.appendingPathComponent("site")
        let result = try runPanekit(["docs", "Plugins/zoom.lua", "--out", site.path], timeout: 120)
        #expect(result.status == 0, "\(result.stderr)")
        let script = packageRoot.appendingPathComponent("Tests/PanekitCLITests/Scripts/docs_preview_test.py")
        let run = try runProgram(
            URL(fileURLWithPath: try #require(Self.python)), [script.path, site.appendingPathComponent("zoom.html").path], timeout: 150)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("ok   the preview plays"), "\(run.stdout)")
    }
}
