// SVG, contact sheet, animated SVG, asciicast and plot: goldens, well-formed XML, and PNG through rsvg-convert.

import Foundation
#if canImport(FoundationXML)
    import FoundationXML
#endif
import PaneKit
import PaneKitRender
import XCTest

final class SVGTests: XCTestCase {
    /// rsvg-convert, where installed (Debian: librsvg2-bin).
    private static let rsvgConvert = ["/usr/bin/rsvg-convert", "/usr/local/bin/rsvg-convert", "/opt/homebrew/bin/rsvg-convert"]
        .first(where: FileManager.default.isExecutableFile(atPath:))

    /// Shows as skipped where rsvg-convert is missing, since the other tests then check the XML only.
    func testSVGsConvertToPNGThroughRsvgConvert() throws {
        guard Self.rsvgConvert != nil else {
            throw XCTSkip("rsvg-convert is not installed: the SVGs were checked as XML only (Scripts/ensure-deps.sh --tests)")
        }
        assertValidSVG(SVGRenderer().render(try Fixtures.frames("drawer-swinging-door")[7]), "door-7")
    }

    /// Fails unless `svg` parses as XML with an `svg` root; where rsvg-convert is installed, also unless it
    /// converts to a PNG.
    private func assertValidSVG(_ svg: String, _ label: String, file: StaticString = #filePath, line: UInt = #line) {
        let parser = XMLParser(data: Data(svg.utf8))
        let root = RootElement()
        parser.delegate = root
        XCTAssertTrue(parser.parse(), "\(label): not well-formed XML: \(parser.parserError.map { "\($0)" } ?? "?")", file: file, line: line)
        XCTAssertEqual(root.name, "svg", "\(label): the root element", file: file, line: line)
        guard let tool = Self.rsvgConvert else { return }  // testSVGsConvertToPNGThroughRsvgConvert shows it skipped
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = ["--format", "png"]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        XCTAssertNoThrow(try process.run(), file: file, line: line)
        input.fileHandleForWriting.write(Data(svg.utf8))
        try? input.fileHandleForWriting.close()
        let png = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "\(label): rsvg-convert failed", file: file, line: line)
        XCTAssertEqual(Array(png.prefix(4)), [0x89, 0x50, 0x4e, 0x47], "\(label): not a PNG", file: file, line: line)
    }

    func testGoldenFrames() throws {
        let door = try Fixtures.frames("drawer-swinging-door")
        let renderer = SVGRenderer()
        for (name, frame) in [
            ("door-7", door[7]), ("split-thin-popover", Fixtures.split(popover: true)),
            ("split-pane-splitter", Fixtures.split(dividerWidth: 25)),
            ("split-horizontal", Fixtures.split(vertical: false, dividerWidth: 25)),
        ] {
            let svg = renderer.render(frame)
            assertSnapshot(svg, named: name, as: "svg")
            assertValidSVG(svg, name)
        }
    }

    func testEveryFrameOfEveryExampleIsValid() throws {
        let examples = try FileManager.default.contentsOfDirectory(atPath: Fixtures.root.appendingPathComponent("Examples").path)
            .filter { $0.hasSuffix(".json") }.sorted()
        XCTAssertGreaterThanOrEqual(examples.count, 8)
        for example in examples {
            let frames = try Fixtures.frames(String(example.dropLast(5)))
            let renderer = SVGRenderer()
            for frame in frames {
                let parser = XMLParser(data: Data(renderer.render(frame).utf8))
                XCTAssertTrue(parser.parse(), "\(example) frame \(frame.index)")
            }
            assertValidSVG(renderer.render(frames[frames.count / 3]), "\(example) frame \(frames.count / 3)")
        }
    }

    func testPaneSplitterHasGradientBordersAndGrip() {
        let svg = SVGRenderer().render(Fixtures.split(dividerWidth: 25))
        XCTAssertTrue(
            svg.contains("<linearGradient id=\"divider-2\" gradientUnits=\"userSpaceOnUse\" x1=\"320\" y1=\"384\" x2=\"345\" y2=\"384\">"))
        // MG's grip on a 25 × 768 divider: box at (8, 369), dark strips at x 8, 12, 16, light ones one point right and down.
        for x in [328, 332, 336] {
            XCTAssertTrue(svg.contains("points=\"\(x),369 \(x + 1),369 \(x + 1),399 \(x),399\" fill=\"#595959\""), "dark strip \(x)")
            XCTAssertTrue(
                svg.contains("points=\"\(x + 1),370 \(x + 2),370 \(x + 2),400 \(x + 1),400\" fill=\"#ffffff\""), "light strip \(x + 1)")
        }
        // Two corner views of two concave pieces each.
        XCTAssertEqual(svg.components(separatedBy: "fill=\"#000000\"/>").count - 1, 4)
    }

    func testContactSheetGoldenAndOnionSkin() throws {
        let frames = try Fixtures.frames("drawer-slide").enumerated().filter { $0.offset % 6 == 0 }.map(\.element)
        let sheet = ContactSheet(onionSkin: true).render(frames, title: "mm.slide")
        assertSnapshot(sheet, named: "slide", as: "svg")
        assertValidSVG(sheet, "sheet")
        XCTAssertTrue(sheet.contains("onion skin: \(frames.count) frames overlaid"))
        XCTAssertEqual(sheet.components(separatedBy: "clip-path=\"url(#tile)\"").count - 1, frames.count + 1)
    }

    func testThousandFrameSheetIsValid() throws {
        let frames = try Fixtures.frames("drawer-swinging-door")
        let many = (0..<1000).map { i -> Frame in
            var frame = frames[i % frames.count]
            frame.index = i
            return frame
        }
        let sheet = ContactSheet().render(many, title: "1000 frames")
        XCTAssertTrue(XMLParser(data: Data(sheet.utf8)).parse())
        XCTAssertEqual(sheet.components(separatedBy: "<g clip-path=").count - 1, 1000)
    }

    func testAnimatedSVGLoopsAtTheFrameRateAndSharesRestingFrames() throws {
        let frames = try Fixtures.frames("drawer-slide")
        let svg = AnimatedSVG().render(frames, fps: 30, title: "mm.slide")
        assertValidSVG(svg, "animated")
        let groups = svg.components(separatedBy: "<animate ").count - 1
        XCTAssertLessThan(groups, frames.count, "resting frames should share a group")
        XCTAssertGreaterThan(groups, 20)
        XCTAssertTrue(svg.contains("dur=\"\(NumberFormat.string(Double(frames.count) / 30))s\""))
        XCTAssertTrue(svg.contains("repeatCount=\"indefinite\""))
        XCTAssertTrue(svg.contains("values=\"visible;hidden\" keyTimes=\"0;"), "the first run starts visible")
        XCTAssertTrue(svg.contains("values=\"hidden;visible\" keyTimes=\"0;"), "the last run ends visible")
    }

    func testAnimatedSVGPlaysFramesAtTheirOwnTimes() throws {
        // Four distinct frames at uneven times (a scenario's frameTimes): each shows from its time to the next
        // one's, the last for the interval before it, so the loop lasts 0.4 + 0.25 = 0.65 s.
        let all = try Fixtures.frames("drawer-slide")
        var frames = [all[2], all[6], all[10], all[14]]
        for (i, t) in [0, 0.1, 0.15, 0.4].enumerated() { frames[i].time = t }
        XCTAssertEqual(Set(frames.map(\.nodes)).count, 4, "the fixture's frames must differ")
        let svg = AnimatedSVG().render(frames, fps: 30, title: "frame times")
        assertValidSVG(svg, "animated at frame times")
        XCTAssertTrue(svg.contains("dur=\"0.65s\""), "the loop lasts until the last frame's hold ends")
        XCTAssertTrue(svg.contains("values=\"visible;hidden\" keyTimes=\"0;0.153846\""))
        XCTAssertTrue(svg.contains("values=\"hidden;visible;hidden\" keyTimes=\"0;0.153846;0.230769\""))
        XCTAssertTrue(svg.contains("values=\"hidden;visible;hidden\" keyTimes=\"0;0.230769;0.615385\""))
        XCTAssertTrue(svg.contains("values=\"hidden;visible\" keyTimes=\"0;0.615385\""))
        // The same frames one every 1/30 s play at the frame rate: four frames, 0.133333 s.
        for i in frames.indices { frames[i].time = Double(i) / 30 }
        let even = AnimatedSVG().render(frames, fps: 30, title: "frame times")
        XCTAssertTrue(even.contains("dur=\"0.133333s\""))
        XCTAssertTrue(even.contains("keyTimes=\"0;0.25;0.5\""))
    }

    func testAsciicastGoldenIsJSONLines() throws {
        let frames = Array(try Fixtures.frames("drawer-slide")[3...8])
        let cast = Asciicast(renderer: ASCIIRenderer(columns: 32, rows: 8)).render(frames, title: "mm.slide")
        assertSnapshot(cast, named: "slide", as: "cast")
        let lines = cast.split(separator: "\n")
        XCTAssertEqual(lines.count, frames.count + 2)
        let header = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        XCTAssertEqual(header["version"] as? Int, 2)
        XCTAssertEqual(header["width"] as? Int, 32)
        XCTAssertEqual(header["height"] as? Int, 9)
        var last = -1.0
        for line in lines.dropFirst() {
            let event = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [Any])
            let time = try XCTUnwrap(event[0] as? Double)
            XCTAssertGreaterThanOrEqual(time, last)
            last = time
            XCTAssertEqual(event[1] as? String, "o")
        }
    }

    func testPlotOfEveryBuiltinIsValidAndShowsItsChannels() throws {
        let configuration = DrawerConfiguration(size: Size(width: 375, height: 667), widths: [.left: 280])
        for entry in StylerRegistry.builtins.all {
            let styler = try StylerRegistry.builtins.make(entry.name)
            // A built-in of a family a styler must ask for (a pager's `page.*`) is charted on that family, along its
            // pose axis; the others on a left drawer.
            let family = ContainerRegistry.descriptors.first { !$0.stylesByDefault && $0.stylers.contains { $0.name == entry.name } }
            let group = family?.posableGroups.first ?? .left
            let posed = family?.posedSpec(size: Size(width: 375, height: 667), group: group, reveal: nil)?.spec
            let axis = family?.poseAxis ?? .closedFraction
            let fractions = CurvePlot.fractions(from: axis.range.lowerBound, to: axis.range.upperBound)
            let channels = try CurvePlot.channels(
                of: styler, container: posed ?? .drawer(configuration), group: posed == nil ? .left : group, fractions: fractions)
            XCTAssertFalse(channels.isEmpty, "\(entry.name) changes nothing")
            let svg = CurvePlot().render(
                title: entry.name, notes: [entry.description], channels: channels, fractions: fractions, axis: axis)
            assertValidSVG(svg, entry.name)
        }
        let door = try CurvePlot.channels(of: MMSwingingDoorStyler(), container: .drawer(configuration), group: .left)
        let rotation = try XCTUnwrap(door.first { $0.name == "rotate y" && $0.role == .drawerLeft })
        let fractions = CurvePlot.fractions
        XCTAssertEqual(rotation.values[fractions.firstIndex(of: 1)!], -90, accuracy: 1e-9)
        XCTAssertEqual(rotation.values[fractions.firstIndex(of: 0.5)!], -45, accuracy: 1e-9)
        XCTAssertEqual(rotation.values[fractions.firstIndex(of: 0)!], 0, accuracy: 1e-9)
        let parallax = try CurvePlot.channels(of: MMParallaxStyler(), container: .drawer(configuration), group: .left)
        XCTAssertEqual(parallax.map(\.name), ["translate x", "scale x"], "parallax moves, and stretches past open")
    }

    func testDecompositionRecomposes() throws {
        let t = Transform3D.scale(x: 0.8, y: 1.2).concatenating(.rotation(angle: 0.4, x: 0, y: 1, z: 0))
            .concatenating(.perspective(-0.002)).concatenating(.translation(x: 30, y: -4))
        let d = try XCTUnwrap(TransformDecomposition(t))
        XCTAssertEqual(d.translate.x, 30, accuracy: 1e-9)
        XCTAssertEqual(d.translate.y, -4, accuracy: 1e-9)
        XCTAssertEqual(d.scale.x, 0.8, accuracy: 1e-9)
        XCTAssertEqual(d.scale.y, 1.2, accuracy: 1e-9)
        XCTAssertEqual(d.rotation.y, 0.4, accuracy: 1e-9)
        XCTAssertEqual(d.perspective.z, -0.002, accuracy: 1e-12)
        XCTAssertNil(TransformDecomposition(.scale(x: 0, y: 1)))
    }
}

/// Records the name of the document's root element.
private final class RootElement: NSObject, XMLParserDelegate {
    var name: String?
    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName qName: String?,
        attributes attributeDict: [String: String] = [:]
    ) {
        if name == nil { name = elementName }
    }
}
