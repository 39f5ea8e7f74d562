// The gallery's contact sheet of carousels (Examples/pager-contact-sheet.json, a scenario `grid`): every iCarousel
// type and Swiper effect PaneKit registers has its labelled cell, plays, and is drawn with its caption.

import Foundation
import PaneKit
import PaneKitRender
import PaneKitScenario
import Testing

@Suite struct CarouselContactSheetTests {
    static let name = "pager-contact-sheet"

    /// Every registered carousel type and Swiper effect, from the built-in stylers' own lists.
    static var expected: [String] { CarouselStyler.Kind.allCases.map(\.rawValue) + SwiperEffectStyler.Kind.allCases.map(\.rawValue) }

    static func scenario() throws -> Scenario {
        let path = Fixtures.root.appendingPathComponent("Examples/\(name).json").path
        return try ScenarioLoader.load(String(contentsOfFile: path, encoding: .utf8), file: path, registry: Fixtures.registry)
    }

    @Test func everyCarouselTypeAndSwiperEffectHasItsCell() throws {
        let grid = try #require(try Self.scenario().grid)
        #expect(Self.expected.count == 17)
        for name in Self.expected {
            let cell = grid.cells.first { $0.label == name }
            #expect(cell != nil, "no cell labelled \(name)")
            #expect(cell?.stylers[.pages]?.map(\.name) == [name], "the cell \(name) runs \(cell?.stylers[.pages]?.map(\.name) ?? [])")
        }
    }

    @Test func everyCellPlaysUnderItsCaption() throws {
        let frames = try Fixtures.frames(Self.name)
        let middle = frames[frames.count / 3]
        let scenario = try Self.scenario()
        #expect(middle.size == scenario.frameSize)
        for name in Self.expected {
            #expect(middle.node(Role.cell.member(named: name)) != nil, "no caption for \(name)")
            let pages = middle.nodes.filter { $0.role.cellInner?.group == Role.page && $0.role.rawValue.hasPrefix("cell.\(name)/") }
            #expect(!pages.isEmpty, "no page of \(name) on the sheet")
        }
        // Every cell plays the timeline: on some frame its pages are not where they were on the first.
        let first = frames[0]
        for name in Self.expected {
            let moved = frames.contains { frame in
                frame.nodes.contains { node in
                    node.role.rawValue.hasPrefix("cell.\(name)/page.")
                        && first.node(node.role).map { $0.frame != node.frame || $0.style != node.style } ?? true
                }
            }
            #expect(moved, "\(name) does not move")
        }
        let svg = SVGRenderer().render(middle)
        for name in Self.expected { #expect(svg.contains(">\(name)</text>"), "the SVG has no caption \(name)") }
    }

    @Test func aCellIsCheckedWhereItIsWritten() throws {
        let text = """
            {"size": [200, 300], "container": {"type": "pager", "behavior": "swiper", "pages": 3},
             "grid": {"cells": [{"label": "a/b"}, {"label": "ok", "container": {"type": "navigation"}},
                                {"label": "c", "container": {"behavior": "nope"}}, {"label": "d", "stylers": {"pages": ["page.nope"]}}]}}
            """
        let error = #expect(throws: ScenarioError.self) { try ScenarioLoader.load(text, file: "g.json") }
        let paths = error?.issues.map(\.path) ?? []
        #expect(paths.contains("grid.cells[0].label"), "\(paths)")
        #expect(paths.contains("grid.cells[1].container.type"), "\(paths)")
        #expect(paths.contains("grid.cells[2].container.behavior"), "\(paths)")
        #expect(paths.contains("grid.cells[3].stylers.pages[0]"), "\(paths)")
    }
}
