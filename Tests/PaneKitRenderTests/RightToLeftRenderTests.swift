// Right-to-left frames draw like any others: the gallery's rtl scenarios, every frame, in ASCII and SVG.

import Foundation
import FoundationXML
import PaneKit
import PaneKitRender
import Testing

@Suite struct RightToLeftRenderTests {
    @Test func everyFrameOfTheRtlGalleryDraws() throws {
        let folder = Fixtures.root.appendingPathComponent("Examples")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
            $0.hasPrefix("rtl-") && $0.hasSuffix(".json")
        }
        #expect(names.count >= 3)
        for name in names.sorted() {
            let frames = try Fixtures.frames(String(name.dropLast(5)))
            // A small canvas puts hidden and off-screen nodes (a hidden master's divider past the right edge) outside it.
            let ascii = ASCIIRenderer(columns: 40, rows: 12)
            var canvas = ASCIICanvas(columns: 40, rows: 12)
            var out = TextBuffer()
            for frame in frames {
                out.removeAll()
                ascii.render(frame, canvas: &canvas, into: &out)
                #expect(out.count > 0, "\(name) frame \(frame.index)")
                let parser = XMLParser(data: Data(SVGRenderer().render(frame).utf8))
                #expect(parser.parse(), "\(name) frame \(frame.index)")
            }
        }
    }
}
