// Issue 23 (appearance) in the core: the cornerRadius edit as a set-type property, baked and blended; the
// scenario key `appearance` with every bad input named by its path; the sink.back built-in.

import Foundation
import Testing

@testable import PaneKit
@testable import PaneKitScenario

@Suite struct CornerRadiusHostTests {
    static let config = DrawerConfiguration(size: Size(width: 320, height: 568), widths: [.left: 280])

    static func writer(_ name: String, _ radius: CornerRadius) -> any Styler {
        ClosureStyler(name: name) { _, edits in edits[.pane].cornerRadius = radius }
    }

    @Test func theLastWriterWinsAndASecondWriterIsAConflict() throws {
        var host = PaneHost(
            container: DrawerContainer(Self.config), stylers: [.left: [Self.writer("a", 4), Self.writer("b", 12)]], chrome: false)
        host.perform(.open(.left, animated: false))
        let frame = try host.step()
        #expect(frame.nodes.first { $0.role == .pane }?.style.cornerRadius == CornerRadius(12))
        let conflicts = frame.events.filter { $0.type == "styleConflict" }
        #expect(conflicts.count == 1 && conflicts.first?.value("property") == "cornerRadius", "\(conflicts)")
    }

    @Test func anUnsetRadiusLeavesTheNodeSquare() throws {
        var host = PaneHost(container: DrawerContainer(Self.config), stylers: [:], chrome: false)
        #expect(try host.step().nodes.allSatisfy { $0.style.cornerRadius == nil })
    }

    @Test func radiiThatOverlapAreScaledDownTogetherAsCSSDoes() {
        let r = CornerRadius(topLeft: 80, topRight: 80, bottomRight: 10, bottomLeft: 10).fitted(to: Size(width: 100, height: 400))
        #expect(r == CornerRadius(topLeft: 50, topRight: 50, bottomRight: 6.25, bottomLeft: 6.25))
        #expect(CornerRadius(-3).fitted(to: Size(width: 10, height: 10)) == .zero)
    }

    @Test func aNonFiniteRadiusIsNamed() {
        var edits = StyleEdits()
        edits[.pane].cornerRadius = CornerRadius(.nan)
        #expect(edits.firstNonFinite() == "pane.cornerRadius")
    }

    @Test func bakingRecordsTheRadiusAndBlendsIt() throws {
        let a = BakedEdit(NodeEdit(cornerRadius: CornerRadius(0)))
        let b = BakedEdit(NodeEdit(cornerRadius: CornerRadius(topLeft: 10, topRight: 20, bottomRight: 30, bottomLeft: 40)))
        #expect(
            BakedTrack.blend(a, b, 0.5).cornerRadius == CornerRadius(topLeft: 5, topRight: 10, bottomRight: 15, bottomLeft: 20))
    }

    @Test func sinkBackRoundsThePaneAndTheDrawersInnerEdge() throws {
        var edits = StyleEdits()
        let context = StyleContext(direction: .left, closed: 0, reveal: 280, size: Size(width: 375, height: 667))
        try SinkBackStyler().style(context, into: &edits)
        #expect(edits[.pane].cornerRadius == CornerRadius(16))
        #expect(edits[.drawerLeft].cornerRadius == CornerRadius(topLeft: 0, topRight: 20, bottomRight: 20, bottomLeft: 0))
        #expect(StylerRegistry.builtins.names.contains("sink.back"))
    }
}

@Suite struct AppearanceScenarioTests {
    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("panekit-appearance-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A PNG header of `width` × `height` (enough for the loader, which reads the size and embeds the bytes).
    static func png(width: UInt32, height: UInt32, padding: Int = 0) -> Data {
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]
        for v in [width, height] { bytes += [UInt8(v >> 24), UInt8(v >> 16 & 0xff), UInt8(v >> 8 & 0xff), UInt8(v & 0xff)] }
        bytes += [8, 6, 0, 0, 0, 0, 0, 0, 0] + [UInt8](repeating: 0, count: padding)
        return Data(bytes)
    }

    /// The scenario in `folder/s.json` with `appearance`, loaded.
    static func load(_ appearance: String, in folder: URL) throws(ScenarioError) -> Scenario {
        let text = """
            { "size": [375, 667], "container": { "type": "drawer", "left": { "width": 280 } }, "appearance": \(appearance) }
            """
        return try ScenarioLoader.load(text, file: folder.appendingPathComponent("s.json").path)
    }

    static func problems(_ appearance: String, in folder: URL) -> [String] {
        do {
            _ = try load(appearance, in: folder)
            return []
        } catch {
            return error.issues.map { "\($0.path): \($0.message)" }
        }
    }

    @Test func looksAreReadWithImagesRelativeToTheScenario() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("assets"), withIntermediateDirectories: true)
        try Self.png(width: 40, height: 30).write(to: dir.appendingPathComponent("assets/menu.png"))
        try Data("<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 12'/>".utf8).write(to: dir.appendingPathComponent("a.svg"))
        let scenario = try Self.load(
            """
            { "pane": { "content": "feed", "color": "#fafafa" }, "drawer.left": { "image": "assets/menu.png", "fit": "cover" },
              "overlay": { "color": "black" }, "detail": { "image": "a.svg" } }
            """, in: dir)
        let look = scenario.appearance
        #expect(look[.pane]?.content == .feed && look[.pane]?.color == Color(hex: "#fafafa"))
        #expect(look[.drawerLeft]?.image?.format == .png && look[.drawerLeft]?.image?.size == Size(width: 40, height: 30))
        #expect(look[.drawerLeft]?.fit == .cover && look[.pane]?.fit == .fill)
        #expect(look[.detail]?.image?.format == .svg && look[.detail]?.image?.size == Size(width: 24, height: 12))
        #expect(look[.overlay]?.color == .black)
    }

    @Test func everyBadInputIsNamedByItsPath() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data("not an image".utf8).write(to: dir.appendingPathComponent("notes.txt"))
        try Self.png(width: 10, height: 10, padding: AppearanceImage.maximumBytes).write(to: dir.appendingPathComponent("huge.png"))
        let found = Self.problems(
            """
            { "pane": { "image": "missing.png" }, "drawer.left": { "content": "fed" }, "overlay": { "color": "#12" },
              "master": { "image": "notes.txt" }, "detail": { "image": "huge.png" }, "popover": { "fit": "stretch" },
              "panne": {}, "statusbar": { "shape": 1 }, "divider": { "image": 3 } }
            """, in: dir)
        let kinds = ContentKind.allCases.map(\.rawValue).joined(separator: ", ")
        #expect(
            found.contains {
                $0.hasPrefix("appearance.pane.image: expected a PNG, JPEG or SVG file, got \"missing.png\", which does not exist")
            })
        #expect(found.contains("appearance.drawer.left.content: expected one of \(kinds), got \"fed\"; did you mean \"feed\"?"))
        #expect(found.contains("appearance.overlay.color: expected a colour such as \"#000000\" or \"#00000080\", got \"#12\""))
        #expect(
            found.contains { $0.hasPrefix("appearance.master.image: expected a PNG, JPEG or SVG file, got \"notes.txt\", which is none") })
        #expect(found.contains { $0.hasPrefix("appearance.detail.image: expected an image of at most 4 MiB, got \"huge.png\"") })
        #expect(found.contains { $0.hasPrefix("appearance.popover.fit: expected one of fill, contain, cover, got \"stretch\"") })
        #expect(found.contains { $0.hasPrefix("appearance.panne: unknown key") && $0.contains("did you mean \"pane\"?") })
        #expect(found.contains { $0.hasPrefix("appearance.statusbar.shape: unknown key") })
        #expect(found.contains("appearance.divider.image: expected a string, got 3"))
        #expect(found.count == 9, "\(found)")
    }

    @Test func aFolderIsNotAnImage() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let found = Self.problems("{ \"pane\": { \"image\": \".\" } }", in: dir)
        #expect(found == ["appearance.pane.image: expected a PNG, JPEG or SVG file, got \".\", which is a folder"], "\(found)")
    }

    @Test func theStandaloneAppearanceFileReadsTheSameObject() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let look = try ScenarioLoader.loadAppearance(
            "{ \"pane\": { \"content\": \"keyboard\" } }", file: dir.appendingPathComponent("look.json").path)
        #expect(look[.pane]?.content == .keyboard)
        #expect(throws: ScenarioError.self) { try ScenarioLoader.loadAppearance("{ \"pane\": 1 }", file: "look.json") }
    }
}
