// Every writer driven through FrameWriter writes exactly what its render function writes, and the one number
// format writes exactly what it wrote before it was shared with the byte writers.

import Foundation
import PaneKit
import PaneKitRender
import PaneKitTestSupport
import XCTest

final class FrameWriterTests: XCTestCase {
    func frames() throws -> [Frame] {
        let configuration = DrawerConfiguration(size: Size(width: 375, height: 667), widths: [.left: 280])
        var host = TypedPaneHost(DrawerContainer(configuration), fps: 30, stylers: [.left: [MMSwingingDoorStyler()]])
        host.perform(.open(.left))
        return try host.runUntilRest()
    }

    /// Drives `writer` over `frames`; returns the text of the whole output and the documents of a document-per-frame writer.
    func drive<W: FrameWriter>(_ writer: inout W, _ frames: [Frame], title: String = "drawer: open", fps: Double = 30) throws -> (
        text: String, documents: [String]
    ) {
        var all: [UInt8] = []
        var bytes: [UInt8] = []
        var documents: [String] = []
        try writer.begin(FrameRun(title: title, fps: fps), into: &bytes)
        all += bytes
        for frame in frames {
            bytes.removeAll(keepingCapacity: true)
            try writer.write(frame, into: &bytes)
            if writer.layout == .wholeRun { XCTAssertTrue(bytes.isEmpty, "a whole-run writer appends nothing per frame") }
            if writer.layout == .documentPerFrame { documents.append(String(decoding: bytes, as: UTF8.self)) }
            all += bytes
        }
        bytes.removeAll(keepingCapacity: true)
        try writer.end(into: &bytes)
        all += bytes
        return (String(decoding: all, as: UTF8.self), documents)
    }

    func testStreamingWritersMatchTheirRenderFunctions() throws {
        let frames = try frames()
        XCTAssertGreaterThan(frames.count, 3)

        var json = FrameJSON.Writer()
        XCTAssertEqual(try drive(&json, frames).text, frames.map { FrameJSON.line($0) + "\n" }.joined())
        XCTAssertEqual(FrameJSON.Writer.fileExtension, "jsonl")
        XCTAssertTrue(json.streams)

        let renderer = ASCIIRenderer(columns: 40, rows: 12, color: .ansi256)
        var ascii = ASCIIRenderer.Writer(renderer: renderer)
        let texts = frames.map { ASCIIRenderer.caption($0) + "\n" + renderer.render($0) }
        XCTAssertEqual(try drive(&ascii, frames).text, texts.joined(separator: "\n"))
        var asciiFiles = ASCIIRenderer.Writer(renderer: renderer, layout: .documentPerFrame)
        XCTAssertEqual(try drive(&asciiFiles, frames).documents, texts)

        var cast = Asciicast.Writer(renderer: renderer)
        XCTAssertEqual(try drive(&cast, frames).text, Asciicast(renderer: renderer).render(frames, title: "drawer: open"))
        XCTAssertEqual(Asciicast.Writer.fileExtension, "cast")

        var svg = SVGRenderer.Writer()
        XCTAssertEqual(try drive(&svg, frames).documents, frames.map { SVGRenderer().render($0) })
        XCTAssertEqual(svg.layout, .documentPerFrame)
    }

    func testWholeRunWritersMatchTheirRenderFunctions() throws {
        let frames = try frames()

        let layout = ContactSheet(columns: 3, onionSkin: true)
        var sheet = ContactSheet.Writer(sheet: layout) { ContactSheet.evenlySpaced(4, of: $0) }
        let tiles = ContactSheet.evenlySpaced(4, of: frames.count).map { frames[$0] }
        XCTAssertEqual(try drive(&sheet, frames).text, layout.render(tiles, title: "drawer: open"))
        var allTiles = ContactSheet.Writer()
        XCTAssertEqual(try drive(&allTiles, frames).text, ContactSheet().render(frames, title: "drawer: open"))
        XCTAssertFalse(sheet.streams)

        var animated = AnimatedSVG.Writer()
        XCTAssertEqual(try drive(&animated, frames, fps: 24).text, AnimatedSVG().render(frames, fps: 24, title: "drawer: open"))

        var css = CSSKeyframes.Writer(page: true)
        XCTAssertEqual(try drive(&css, frames).text, CSSKeyframes().render(frames, fps: 30, title: "drawer: open"))
        let companions = css.companions(of: "open.css")
        XCTAssertEqual(companions.map(\.fileExtension), ["html"])
        XCTAssertEqual(
            companions.first.map { String(decoding: $0.bytes, as: UTF8.self) },
            CSSKeyframes().page(frames, stylesheet: "open.css", title: "drawer: open"))
        var plainCSS = CSSKeyframes.Writer()
        _ = try drive(&plainCSS, frames)
        XCTAssertTrue(plainCSS.companions(of: "open.css").isEmpty)

        let tilted = frames.map { frame -> Frame in
            var frame = frame
            for i in frame.nodes.indices {
                frame.nodes[i].style.transform = Transform3D.rotation(angle: 0.4, x: 0, y: 1, z: 0).concatenating(.perspective(-1.0 / 500))
            }
            return frame
        }
        var lottie = LottieWriter.Writer()
        let expected = LottieWriter().render(tilted, fps: 30, title: "drawer: open")
        XCTAssertEqual(try drive(&lottie, tilted).text, expected.json)
        XCTAssertEqual(lottie.warnings, expected.warnings)
        XCTAssertTrue(lottie.warnings.isEmpty, "a perspective is exact: each layer's path is the projected quad")
        XCTAssertEqual(LottieWriter.Writer.fileExtension, "json")
    }

    /// "Exporting a run", One writer per format: the snippet as the article shows it.
    func testTheArticleSnippet() throws {
        let frames = try frames()
        var writer = Asciicast.Writer(renderer: ASCIIRenderer(columns: 60, rows: 18))
        var bytes: [UInt8] = []
        writer.begin(FrameRun(title: "drawer: open", fps: 30), into: &bytes)
        for frame in frames {
            writer.write(frame, into: &bytes)  // or empty `bytes` and send them out after each frame
        }
        writer.end(into: &bytes)
        let expected = Asciicast(renderer: ASCIIRenderer(columns: 60, rows: 18)).render(frames, title: "drawer: open")
        XCTAssertEqual(String(decoding: bytes, as: UTF8.self), expected)
    }

    /// `NumberFormat.string` before it shared its digits with the byte writers, kept here as the reference.
    static func reference(_ x: Double) -> String {
        guard x.isFinite else { return "0" }
        var r = (x * 1_000_000).rounded() / 1_000_000
        if abs(x) >= 1e15 { r = x.rounded() }
        if r == 0 { return "0" }
        if r == r.rounded(), abs(r) < 1e15 { return String(Int64(r)) }
        let text = "\(r)"
        guard text.contains("e"), abs(r) < 1 else { return text }
        let micros = Int64((abs(r) * 1_000_000).rounded())
        var fraction = String(micros % 1_000_000)
        fraction = String(repeating: "0", count: 6 - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return (r < 0 ? "-" : "") + "\(micros / 1_000_000)" + (fraction.isEmpty ? "" : "." + fraction)
    }

    func testTheOneNumberFormatWritesWhatItWrote() {
        var generator = SplitMix64(seed: 7)
        var values: [Double] = [
            0, -0.0, 1, -1, 0.5, -0.5, 1e-7, -1e-7, 4e-7, 5e-7, -5e-7, 0.000001, 0.0000015, 123456.7890125, 999_999_999.9999999,
            999_999_999.999999, 1e9, -1e9, 1e15, 1e16, -1e16, 2.5e-6, 0.1 + 0.2, 1 / 3, -2 / 3, 60, 29.97, .nan, .infinity,
            -.infinity, .ulpOfOne, -Double.leastNonzeroMagnitude, Double.greatestFiniteMagnitude,
        ]
        for _ in 0..<50_000 {
            let magnitude = pow(10, Double(generator.next() % 17) - 7)
            values.append((Double(generator.next() % 2_000_001) / 1_000_000 - 1) * magnitude)
            values.append(Double(bitPattern: generator.next()))
        }
        for x in values {
            XCTAssertEqual(NumberFormat.string(x), Self.reference(x), "x = \(x)")
            var bytes: [UInt8] = [UInt8(ascii: "[")]
            NumberFormat.append(x, to: &bytes)
            XCTAssertEqual(String(decoding: bytes, as: UTF8.self), "[" + Self.reference(x), "x = \(x)")
        }
    }
}
