// The studio page: the built module carries the asset files byte for byte (no committed copy), and the page embeds
// the engine's frames and samples.

import Foundation
import PaneKit
import PaneKitScenario
import PaneKitTestSupport
import Testing

@testable import PaneKitStudio

@Suite struct StudioPageTests {
    static let assets = packageRoot.appendingPathComponent("Sources/PaneKitStudio/Assets")

    /// The page's files, read from the repository: the HTML, the CSS, the script and its parts.
    static func assetFiles() throws -> [(name: String, bytes: [UInt8])] {
        try (["studio.html", "studio.css", "studio.js"] + StudioPage.scriptParts.map(\.file)).map { name in
            (name, [UInt8](try Data(contentsOf: assets.appendingPathComponent(name))))
        }
    }

    @Test func embeddedAssetsAreTheFilesByteForByte() throws {
        let embedded = [StudioAssets.html, StudioAssets.css, StudioAssets.js] + StudioPage.scriptParts.map(\.text)
        for ((name, bytes), text) in zip(try Self.assetFiles(), embedded) {
            #expect(Array(text.utf8) == bytes, "\(name): the built module does not carry the file's bytes")
        }
    }

    @Test func everyScriptInTheFolderIsPartOfThePage() throws {
        let scripts = try FileManager.default.contentsOfDirectory(atPath: Self.assets.path).filter { $0.hasSuffix(".js") }
        #expect(scripts.sorted() == (["studio.js"] + StudioPage.scriptParts.map(\.file)).sorted())
        #expect(StudioAssets.js.components(separatedBy: "\n/*PANEKIT-PARTS*/\n").count == 2)
    }

    @Test func thePageIsTheFilesOnDisk() throws {
        let files = try Self.assetFiles().map { String(decoding: $0.bytes, as: UTF8.self) }
        let script = files[2].replacingOccurrences(
            of: "/*PANEKIT-PARTS*/\n", with: files[3...].joined(separator: "\n"))
        let expected = files[0].replacingOccurrences(of: "/*PANEKIT-CSS*/", with: files[1])
            .replacingOccurrences(of: "/*PANEKIT-JS*/", with: script)
            .replacingOccurrences(of: "/*PANEKIT-DATA*/", with: "{}")
        #expect(Array(StudioPage.html(payload: "{}").utf8) == Array(expected.utf8))
    }

    @Test func noSourceFileCarriesACopyOfTheAssets() throws {
        // The build embeds the files; a committed Swift copy would be a second place to keep in step.
        let sources = packageRoot.appendingPathComponent("Sources")
        let swiftFiles = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
        #expect(!swiftFiles.isEmpty)
        for (name, bytes) in try Self.assetFiles() {
            // The file's longest line is distinctive enough to find a copy, indented or not.
            let lines: [Substring] = String(decoding: bytes, as: UTF8.self).split(separator: "\n")
            let line = try #require(lines.max { $0.count < $1.count }).trimmingCharacters(in: .whitespaces)
            for file in swiftFiles {
                let text = try String(contentsOf: file, encoding: .utf8)
                #expect(!text.contains(line), "\(file.path) copies \(name)")
            }
        }
    }

    @Test func pageEmbedsEveryFrameAndNoExternalResource() throws {
        let scenario = DemoScenario.make(
            styler: StylerReference(name: "mm.swinging-door"),
            container: .drawer(DrawerConfiguration(size: Size(width: 375, height: 667))), group: .left)
        let input = StudioInput(runs: [StudioRun(name: "door", scenario: scenario)], registry: .builtins, command: ["panekit"])
        let frames = try StudioPayload.frames(of: input)
        let page = try StudioPage.export(input)
        #expect(!page.contains("/*PANEKIT-"))
        #expect(!page.contains("http://") && !page.contains("https://") || page.contains("http://www.w3.org/2000/svg"))
        #expect(!page.contains("src=\"http") && !page.contains("<link"))
        // The data block holds exactly the engine's frames.
        let start = try #require(page.range(of: "<script type=\"application/json\" id=\"panekit-data\">"))
        let end = try #require(page.range(of: "</script>", range: start.upperBound..<page.endIndex))
        let json = String(page[start.upperBound..<end.lowerBound])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let runs = try #require(object["runs"] as? [[String: Any]])
        let embedded = try #require(runs.first?["frames"] as? [[String: Any]])
        #expect(embedded.count == frames[0].count)
        let stylers = try #require(runs.first?["stylers"] as? [[String: Any]])
        let poses = try #require(stylers.first?["poses"] as? [[String: Any]])
        #expect(poses.count == StudioPayload.fractions.count)
        #expect((poses.first?["closed"] as? Double) == -0.3)
        let channels = try #require(stylers.first?["channels"] as? [[String: Any]])
        #expect(channels.contains { $0["name"] as? String == "rotate y" })
    }

    @Test func textThatCouldCloseTheScriptIsEscaped() {
        let page = StudioPage.html(payload: "{\"title\":\"</script><b>\"}")
        #expect(!page.contains("</script><b>"))
        #expect(page.contains("\\u003c/script>\\u003cb>"))
    }

    @Test func commandLineCarriesChangedParameters() {
        let scenario = DemoScenario.make(
            styler: StylerReference(name: "mm.parallax", params: ["factor": .number(3)]),
            container: .drawer(DrawerConfiguration(size: Size(width: 375, height: 667))), group: .left)
        let input = StudioInput(
            runs: [StudioRun(name: "p", scenario: scenario)], registry: .builtins, command: ["panekit", "studio", "mm.parallax"])
        #expect(StudioPayload.commandLine(input) == "panekit studio mm.parallax --param mm.parallax.factor=3")
    }
}
