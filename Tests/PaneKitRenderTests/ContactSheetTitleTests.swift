// A contact sheet's title line: the scenario's name at the left, the frame count at the right; a long name is set
// smaller, then cut, so that it never runs into the summary, and the document's <title> keeps the whole name.

import Foundation
import PaneKit
import Testing

@testable import PaneKitRender

@Suite struct ContactSheetTitleTests {
    static func frames() throws -> [Frame] {
        var host = TypedPaneHost(DrawerContainer(DrawerConfiguration(size: Size(width: 375, height: 667), widths: [.left: 280])))
        host.perform(.open(.left))
        return try host.runUntilRest()
    }

    /// The title line's text and font size, and the summary's text.
    static func titleLine(_ svg: String) throws -> (text: String, size: Double, summary: String) {
        let title = try #require(svg.components(separatedBy: "font-weight=\"bold\">").dropFirst().first)
        let open = try #require(svg.components(separatedBy: "font-weight=\"bold\">").first?.components(separatedBy: "<text").last)
        let size = try #require(Double(open.components(separatedBy: "font-size=\"")[1].prefix { $0 != "\"" }))
        let summary = try #require(svg.components(separatedBy: "text-anchor=\"end\" fill=\"#555555\">").dropFirst().first)
        return (String(title.prefix { $0 != "<" }), size, String(summary.prefix { $0 != "<" }))
    }

    @Test func aNameThatFitsIsWrittenWholeAtFifteen() throws {
        let svg = ContactSheet(columns: 4, tileWidth: 160).render(try Self.frames(), title: "drawer: open")
        let line = try Self.titleLine(svg)
        #expect(line.text == "drawer: open" && line.size == 15 && line.summary.hasSuffix(" s"))
    }

    @Test func aLongNameIsSetSmallerThenCutAndNeverReachesTheSummary() throws {
        let frames = try Self.frames()
        let sheet = ContactSheet(columns: 4, tileWidth: 160)
        let width = 4 * 160 + 5 * ContactSheet.gap
        for name in [
            "drawer: the left drawer opens over the pane with a parallax of two",
            String(repeating: "a long scenario name, ", count: 8) + "the end",
        ] {
            let svg = sheet.render(frames, title: name)
            let line = try Self.titleLine(svg)
            #expect(svg.contains("<title>\(name)</title>"), "the document keeps the whole name")
            #expect(line.size >= 11 && line.size <= 15)
            #expect(line.text == name || (line.text.hasSuffix("…") && name.hasPrefix(line.text.dropLast())))
            let right = ContactSheet.gap + ContactSheet.estimatedWidth(line.text, size: line.size, bold: true)
            let left = width - ContactSheet.gap - ContactSheet.estimatedWidth(line.summary, size: 12, bold: false)
            #expect(right <= left - ContactSheet.gap + 1e-9, "\(name): the title ends at \(right), the summary starts at \(left)")
        }
    }
}
