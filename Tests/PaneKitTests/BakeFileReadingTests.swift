// Reading a bake file holds its values to the live edit grammar: what Lua refuses is refused with its JSON path,
// what Lua clamps (alpha, shadow opacity) is clamped the same way.

import Foundation
import Testing

@testable import PaneKit
@testable import PaneKitScenario

@Suite struct BakeFileReadingTests {
    /// A bake file of one left track with the pane's edits `first` at closed 0 and `second` at closed 1.
    static func text(first: String, second: String = "null", root: String = "\"size\":[375,667]", reveal: String = "280") -> String {
        """
        {"format":"panekit.bake","version":1,"styler":"s","params":{},"container":"drawer",\(root),"sizing":"fixed",\
        "bound":{"points":0.25,"alpha":0.005},"error":{"points":0,"alpha":0},"samples":2,"directions":[
        {"direction":"left","reveal":\(reveal),"roles":["pane"],"closed":[0,1],"edits":[
        [\(first)],
        [\(second)]]}]}

        """
    }

    static func read(_ text: String) throws(BakeError) -> BakedStyler {
        try BakeFile.read(text, file: "f.bake.json", name: "f")
    }

    static func error(_ text: String) -> String? {
        do {
            _ = try read(text)
            return nil
        } catch {
            return error.message
        }
    }

    @Test(arguments: [
        (
            text(first: #"{"shadow":{"radius":-2,"opacity":0.5,"offset":[0,-3],"color":[0,0,0,1]}}"#),
            "f.bake.json: directions[0].edits[0][0].shadow.radius: expected a number ≥ 0, got -2"
        ),
        (
            text(first: #"{"frame":[0,0,-5,10]}"#),
            "f.bake.json: directions[0].edits[0][0].frame: expected a width and a height ≥ 0, got -5x10"
        ),
        (
            text(first: "null", second: #"{"frame":[0,0,5,-0.5]}"#),
            "f.bake.json: directions[0].edits[1][0].frame: expected a width and a height ≥ 0, got 5x-0.5"
        ),
        (
            text(first: #"{"color":[0,0,1.5,1]}"#),
            "f.bake.json: directions[0].edits[0][0].color[2]: expected a number from 0 to 1, got 1.5"
        ),
        (
            text(first: #"{"shadow":{"radius":2,"opacity":0.5,"offset":[0,-3],"color":[0,-1,0,1]}}"#),
            "f.bake.json: directions[0].edits[0][0].shadow.color[1]: expected a number from 0 to 1, got -1"
        ),
        (text(first: "null", root: "\"size\":[-375,667]"), "f.bake.json: size: expected a width and a height > 0, got -375x667"),
        (text(first: "null", root: "\"size\":[375,0]"), "f.bake.json: size: expected a width and a height > 0, got 375x0"),
        (text(first: "null", reveal: "-280"), "f.bake.json: directions[0].reveal: expected a width > 0, got -280"),
    ])
    func whatTheLiveGrammarRefusesIsRefusedWithItsPath(_ text: String, _ message: String) {
        #expect(Self.error(text) == message)
    }

    @Test func alphaAndShadowOpacityAreClampedAsLuaClampsThem() throws {
        let baked = try Self.read(
            Self.text(
                first: #"{"alpha":1.5,"shadow":{"radius":4,"opacity":-0.25,"offset":[0,-3],"color":[0,0,0,1]}}"#,
                second: #"{"alpha":-2,"shadow":{"radius":4,"opacity":7,"offset":[0,-3],"color":[0,0,0,1]}}"#))
        let edits = try #require(baked.tracks.first).edits.map(\.edit)
        #expect(edits.map(\.alpha) == [1, 0])
        #expect(edits.map { $0.shadow?.opacity } == [0, 1])
    }

    @Test func aValidFileReadsAsBefore() throws {
        let baked = try Self.read(Self.text(first: #"{"transform":[1,0,0,0,0,1,0,0,0,0,1,0,28,0,0,1],"alpha":0.5,"z":2}"#))
        let track = try #require(baked.tracks.first)
        #expect(track.fractions == [0, 1] && track.roles == [.pane] && track.reveal == 280)
        #expect(track.edits[0].edit.alpha == 0.5 && track.edits[0].edit.z == 2 && track.edits[0].edit.transform?.m41 == 28)
        #expect(track.edits[1].edit == NodeEdit())
    }

    /// The places and words of the problems a reader reports stay as they were.
    @Test(arguments: [
        ("[1", "f.bake.json:1:3: expected \",\" or \"]\", got the end of the file"),
        ("[1]", "f.bake.json: (root): expected an object, got an array"),
        (
            text(first: "null").replacingOccurrences(of: "\"version\":1", with: "\"version\":2"),
            "this PaneKit reads bake files of version 1, got 2"
        ),
        (
            text(first: "null").replacingOccurrences(of: "[null]]}]}", with: "[null],[null]]}]}"),
            "f.bake.json: directions[0].edits: expected an array of 2, got an array"
        ),
        (text(first: "null, null"), "f.bake.json: directions[0].edits[0]: expected an array of 1, got an array"),
        (text(first: #"{"alpah":1}"#), "f.bake.json: directions[0].edits[0][0].alpah: unknown key; expected one of"),
        (
            text(first: "null").replacingOccurrences(of: "\"closed\":[0,1]", with: "\"closed\":[1,0]"),
            "closed[1]: expected a fraction above 1, got 0"
        ),
        (
            text(first: "null").replacingOccurrences(of: "\"edits\":[", with: "\"edits\":7,\"x\":[").replacingOccurrences(
                of: "\"version\":1", with: "\"version\":3"),
            "version: this PaneKit reads bake files of version 1, got 3"
        ),
        (
            text(first: "null").replacingOccurrences(of: "\"edits\":[", with: "\"edits\":\"e\",\"x\":["),
            "directions[0].edits: expected an array of 2, got \"e\""
        ),
        (
            text(first: "null").replacingOccurrences(of: "[null]]}]}", with: "[null]]}]} x"),
            "f.bake.json:4:12: expected the end of the document, got \"x\""
        ),
    ])
    func otherProblemsAreReportedAsBefore(_ text: String, _ message: String) {
        let error = Self.error(text)
        #expect(error?.contains(message) == true, "\(error ?? "accepted")")
    }

    /// Every built-in, baked, written and read back gives the same table.
    @Test func aWrittenFileReadsBackToTheSameTable() throws {
        let size = Size(width: 375, height: 667)
        let origin = BakeOrigin(styler: "mm.swinging-door", params: [:], container: .drawer, size: size)
        let (baked, difference) = try StylerBaker.bake(
            try StylerRegistry.builtins.make("mm.swinging-door"), name: "door", origin: origin,
            container: .drawer(DrawerConfiguration(size: size, widths: [.left: 280, .right: 280])), groups: [.left, .right])
        let read = try BakeFile.read(BakeFile.text(baked, bound: BakeBound(), difference: difference), file: "door.bake.json", name: "door")
        #expect(read.tracks == baked.tracks && read.origin.styler == "mm.swinging-door")
    }
}
