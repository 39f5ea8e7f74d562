// panekit docs: a static site with an index and one page per plugin: what it is, its parameters, its curves, a
// playable preview (the studio's static page of its demo timeline) and how to install it.

import Foundation
import PaneKit
import PaneKitLua

enum DocsCommand {
    static let help = """
        usage: panekit docs [DIR|PLUGIN.lua]... --out SITE [--source SOURCE]

        Writes a static site into SITE (no network needed to view it): index.html lists the plugins; NAME.html
        gives each plugin's description, version, the styler API range it needs, its parameters (type, range,
        default, doc), its curves (NAME.curves.svg, as panekit plot draws them), a playable preview
        (NAME.preview.html, the studio's static page of its demo timeline, as panekit render PLUGIN --format
        html writes it, embedded) and the panekit add command that installs it. The same plugins give the same
        bytes. DIR stands for its plugins (default ./Plugins).
          --out SITE       the site's folder (created when missing; its files are replaced)
          --source SOURCE  the git repository or path the plugins are published at, for the install command
                           (default: the plugin's source in DIR/panekit.lock, else its path)

        Example: panekit docs Plugins --out site && open site/index.html

        """

    /// One plugin to document: where it is, the folder it runs with and what it declares.
    struct Page {
        var path: String
        var folder: String
        var plugin: LuaPlugin
        var install: String
        /// The start of its files' names (`STEM.html`, `STEM.curves.svg`, `STEM.preview.html`): its name, unless that
        /// would collide with the index or another plugin's file (see `stems`).
        var stem = ""
    }

    /// The file-name stem of each plugin name: the name itself, or `NAME-2` (`-3`, …) where one of its three files
    /// would take the name of `index.html` or of a file of a plugin before it in name order (`index`, `a.preview`
    /// beside `a`, names differing only in case on a file system that ignores case), so no page overwrites another.
    static func stems(_ names: [String]) -> [String: String] {
        var taken: Set<String> = ["index.html"]
        var stems: [String: String] = [:]
        for name in names.sorted() {
            var stem = name
            var n = 1
            while [".html", ".curves.svg", ".preview.html"].contains(where: { taken.contains((stem + $0).lowercased()) }) {
                n += 1
                stem = "\(name)-\(n)"
            }
            for suffix in [".html", ".curves.svg", ".preview.html"] { taken.insert((stem + suffix).lowercased()) }
            stems[name] = stem
        }
        return stems
    }

    static func run(_ arguments: [String]) throws(CLIError) {
        let args = try Arguments(command: "docs", arguments, valued: ["out", "source"], switches: [])
        if args.has("help") { return Output.print(help) }
        guard let site = args.value("out"), !site.isEmpty else {
            throw .usage("docs: expected --out SITE, the folder to write the site into; see panekit docs --help")
        }
        let inputs = args.positionals.isEmpty ? ["Plugins"] : args.positionals
        var pages: [Page] = []
        for input in inputs {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: input, isDirectory: &isFolder) else {
                throw .input("docs: \(input): no such file or folder")
            }
            let folder = isFolder.boolValue ? input : (input as NSString).deletingLastPathComponent
            let files: [String]
            if isFolder.boolValue {
                do {
                    files = try PluginLoader.discover(in: input).map { $0.hasPrefix("./") ? String($0.dropFirst(2)) : $0 }
                } catch {
                    throw .input("docs: \(error)")
                }
            } else {
                files = [input]
            }
            let lock = try Lockfile.read(in: folder.isEmpty ? "." : folder)
            for file in files {
                let plugin: LuaPlugin
                do {
                    plugin = try PluginLoader.load(path: file)
                } catch {
                    throw .input("docs: \(CheckCommand.located(error.lines.first ?? "\(error)", file: error.file, path: file))")
                }
                var install = "panekit add \(file)"
                if let source = args.value("source") {
                    install = "panekit add \(source)"
                } else if let entry = lock?.entries[plugin.name] {
                    install = "panekit add \(entry.origin)"
                }
                pages.append(Page(path: file, folder: folder.isEmpty ? "." : folder, plugin: plugin, install: install))
            }
        }
        guard !pages.isEmpty else { throw .input("docs: \(inputs.joined(separator: ", ")): no plugins to document") }
        var seen: [String: String] = [:]
        for page in pages {
            if let other = seen[page.plugin.name] {
                throw .input("docs: \(page.path) and \(other) are both named \(page.plugin.name); document one of them")
            }
            seen[page.plugin.name] = page.path
        }
        pages.sort { $0.plugin.name < $1.plugin.name }
        let stems = Self.stems(pages.map(\.plugin.name))
        for i in pages.indices { pages[i].stem = stems[pages[i].plugin.name]! }
        // Everything is made in a scratch folder first, so a plugin that fails leaves SITE as it was.
        let scratch = try PluginFetch.scratchFolder()
        defer { PluginFetch.removeScratch(scratch) }
        var files: [String: Data] = ["index.html": Data(index(pages).utf8)]
        for page in pages {
            let curves = scratch + "/\(page.stem).curves.svg"
            let preview = scratch + "/\(page.stem).preview.html"
            try PlotCommand.run([page.path, "--out", curves, "--plugins", page.folder])
            try RenderCommand.run([page.path, "--format", "html", "--out", preview, "--plugins", page.folder])
            files["\(page.stem).curves.svg"] = Data(try Output.read(curves).utf8)
            files["\(page.stem).preview.html"] = Data(try Output.read(preview).utf8)
            files["\(page.stem).html"] = Data(self.page(page).utf8)
        }
        // The site is written whole or not at all: staged in SITE, then moved in together (a link in SITE is
        // replaced, never written through), one docs command at a time.
        let held = try FolderLock(site, create: true, command: "docs")
        defer { held.release() }
        let notes = FolderChange.recover(in: site)
        try FolderChange(folder: site, writes: files).commit(command: "docs")
        Output.print(
            notes.map { $0 + "\n" }.joined()
                + "wrote \(Installing.join(site, "index.html")) and \(pages.count) plugin page\(pages.count == 1 ? "" : "s")\n")
    }

    /// A file-name stem in an HTML attribute that links to it: percent-encoded (`#`, `?`, a space), then escaped.
    static func link(_ stem: String) -> String {
        escaped(stem.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: "?#;"))) ?? stem)
    }

    /// Text for HTML.
    static func escaped(_ text: String) -> String {
        var out = ""
        for c in text {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(c)
            }
        }
        return out
    }

    static let style = """
        body{font:15px/1.5 system-ui,sans-serif;max-width:980px;margin:2em auto;padding:0 1em;color:#1d1d1f}
        h1{margin-bottom:.2em}code,pre{font:13px ui-monospace,monospace;background:#f3f3f5;padding:.1em .3em;border-radius:4px}
        pre{padding:.6em .8em}table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:.35em .6em;
        border-bottom:1px solid #ddd;vertical-align:top}.meta{color:#555}iframe{width:100%;height:760px;border:1px solid #ccc;
        border-radius:6px}img.curves{max-width:100%;border:1px solid #eee}
        """

    private static func document(title: String, body: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(escaped(title))</title>
        <style>\(style)</style>
        </head>
        <body>
        \(body)
        </body>
        </html>

        """
    }

    private static func apiText(_ manifest: Manifest) -> String {
        let range = manifest.panekit.map { "needs styler API <code>\(escaped($0.text))</code>" } ?? "declares no styler API range (any)"
        return range + " (this PaneKit provides \(StylerAPI.version))"
    }

    static func index(_ pages: [Page]) -> String {
        var rows = ""
        for page in pages {
            let m = page.plugin.manifest
            rows +=
                "<tr><td><a href=\"\(link(page.stem)).html\">\(escaped(m.name))</a></td><td>\(escaped(m.version))</td>"
                + "<td>\(escaped(m.description))</td></tr>\n"
        }
        return document(
            title: "Stylers",
            body: """
                <h1>Stylers</h1>
                <p class="meta">\(pages.count) plugin\(pages.count == 1 ? "" : "s") for PaneKit (styler API \(StylerAPI.version)).</p>
                <table>
                <thead><tr><th>Plugin</th><th>Version</th><th>Description</th></tr></thead>
                <tbody>
                \(rows)</tbody>
                </table>
                """)
    }

    static func page(_ page: Page) -> String {
        let m = page.plugin.manifest
        var params = ""
        for spec in m.params {
            let type = spec.kind == .bool ? "boolean" : spec.kind.rawValue
            var range = ""
            if spec.kind == .number {
                range = "\(spec.min.map(NumberFormat.string) ?? "−∞") … \(spec.max.map(NumberFormat.string) ?? "∞")"
            } else if spec.kind == .enumeration {
                range = spec.choices.joined(separator: ", ")
            } else if spec.kind == .bool {
                range = "true, false"
            }
            params +=
                "<tr><td><code>\(escaped(spec.name))</code></td><td>\(type)</td><td>\(escaped(range))</td>"
                + "<td><code>\(escaped(spec.defaultValue.description))</code></td><td>\(escaped(spec.doc))</td></tr>\n"
        }
        let table =
            m.params.isEmpty
            ? "<p>No parameters.</p>"
            : """
            <table class="params">
            <thead><tr><th>Parameter</th><th>Type</th><th>Range</th><th>Default</th><th>Doc</th></tr></thead>
            <tbody>
            \(params)</tbody>
            </table>
            """
        let name = escaped(m.name)
        let stem = link(page.stem)
        return document(
            title: m.name,
            body: """
                <p><a href="index.html">All stylers</a></p>
                <h1>\(name)</h1>
                <p class="description">\(escaped(m.description))</p>
                <p class="meta">Version <span class="version">\(escaped(m.version))</span>; \(apiText(m)); directions \(m.directions.map(\.rawValue).joined(separator: ", ")).</p>
                <h2>Install</h2>
                <pre class="install">\(escaped(page.install))</pre>
                <h2>Parameters</h2>
                \(table)
                <h2>Preview</h2>
                <p>The demo timeline of its container in the studio's page: play, scrub, step, tune the parameters.</p>
                <iframe class="preview" src="\(stem).preview.html" title="\(name) preview"></iframe>
                <h2>Curves</h2>
                <p>Every channel it writes against the closed fraction (<code>panekit plot \(escaped(page.path))</code>).</p>
                <img class="curves" src="\(stem).curves.svg" alt="\(name) curves">
                """)
    }
}
