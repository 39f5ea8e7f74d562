// A sheet's scrolled content drawn (issue 25's regions in the sheet): the sheet node carries its regions' offsets in
// the frame JSON, and the SVG draws the wireframe inside a region moved up by the offset, the rest still.

import Foundation
import PaneKit
import PaneKitRender
import PaneKitScenario
import Testing

@Suite struct SheetScrollDrawTests {
    /// Examples/sheet-scroll.json: a UIKit sheet whose feed (region 0 at [0, 40, 390, 747] in the sheet) scrolls
    /// 120.32 pt in the first pan and back in the second.
    static func scenario() throws -> Scenario {
        let path = Fixtures.root.appendingPathComponent("Examples/sheet-scroll.json").path
        return try ScenarioLoader.load(String(contentsOfFile: path, encoding: .utf8), file: path, registry: Fixtures.registry)
    }

    /// Every frame of the example (or of `s`) with the host's offsets after it.
    static func run(_ given: Scenario? = nil) throws -> [(frame: Frame, offsets: [Double])] {
        let s = try given ?? scenario()
        var host = try s.makeHost(registry: Fixtures.registry)
        host.strict = true
        // As many frames as the scenario's own run, stepped one by one to read the host after each.
        let count = try s.run(registry: Fixtures.registry, strict: true).count
        var out: [(Frame, [Double])] = []
        for _ in 0..<count { out.append((try host.step(), host.scrollOffsets)) }
        return out
    }

    @Test func theSheetNodeCarriesTheHostsOffsetOnlyWhenNotZero() throws {
        let frames = try Self.run()
        #expect(frames.contains { $0.offsets[0] > 120 } && frames.contains { $0.offsets[0] == 0 })
        for (frame, offsets) in frames {
            let sheet = try #require(frame.node(.sheet))
            let line = FrameJSON.line(frame)
            if offsets[0] == 0 {
                #expect(sheet.scroll.isEmpty)
                #expect(!line.contains("\"scroll\""), "frame \(frame.index)")
            } else {
                #expect(sheet.scroll == [ContentScroll(rect: Rect(x: 0, y: 40, width: 390, height: 747), offset: offsets[0])])
                let json = "\"scroll\":[{\"rect\":[0,40,390,747],\"offset\":\(NumberFormat.string(offsets[0]))}]"
                #expect(line.contains(json), "frame \(frame.index): \(line)")
            }
            // No other node carries a scroll.
            #expect(frame.nodes.filter { !$0.scroll.isEmpty }.allSatisfy { $0.role == .sheet })
        }
    }

    @Test func aTopSheetsRegionIsMeasuredFromItsFreeEdgeInTheNode() throws {
        // The example mirrored: a top sheet, its pans upside down (y → 844 − y).
        let path = Fixtures.root.appendingPathComponent("Examples/sheet-scroll.json").path
        var json = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
        var container = try #require(json["container"] as? [String: Any])
        container["edge"] = "top"
        json["container"] = container
        json["stylers"] = nil
        var timeline = try #require(json["timeline"] as? [[String: Any]])
        for i in timeline.indices {
            let points = try #require(timeline[i]["points"] as? [[Double]])
            timeline[i]["points"] = points.map { [$0[0], 844 - $0[1]] }
        }
        json["timeline"] = timeline
        let text = String(decoding: try JSONSerialization.data(withJSONObject: json), as: UTF8.self)
        let frames = try Self.run(ScenarioLoader.load(text, file: "top.json", registry: Fixtures.registry))
        #expect(frames.contains { $0.offsets[0] > 100 })
        for (frame, offsets) in frames {
            let sheet = try #require(frame.node(.sheet))
            let expected =
                offsets[0] == 0
                ? [] : [ContentScroll(rect: Rect(x: 0, y: sheet.frame.height - 40 - 747, width: 390, height: 747), offset: offsets[0])]
            #expect(sheet.scroll == expected, "frame \(frame.index)")
        }
    }

    /// The y of the top of each `<path>` of the SVG group that opens with `marker`, in document order.
    static func pathTops(_ svg: String, after marker: String) -> [Double] {
        guard let start = svg.range(of: marker) else { return [] }
        let group = svg[start.upperBound...].prefix { _ in true }
        let end = group.range(of: "</g>")?.lowerBound ?? group.endIndex
        var tops: [Double] = []
        for chunk in String(group[..<end]).components(separatedBy: "<path d=\"").dropFirst() {
            let d = chunk.prefix { $0 != "\"" }
            let ys = d.split(whereSeparator: { $0 == " " || $0 == "M" || $0 == "L" || $0 == "Z" })
                .compactMap { $0.split(separator: ",").last.flatMap { Double($0) } }
            if let top = ys.min() { tops.append(top) }
        }
        return tops
    }

    @Test func theFeedInsideTheRegionMovesUpByTheOffsetAndTheRestStaysStill() throws {
        let frames = try Self.run()
        let look = try ScenarioLoader.loadAppearance(
            #"{ "pane": { "content": "map" }, "sheet": { "content": "feed" } }"#, file: "a.json")
        let renderer = SVGRenderer(labels: false, appearance: look)
        // A frame with the sheet at large and the feed scrolled, and the same frame with the feed at 0 (the sheet
        // never rests at large unscrolled in this example: the pan that takes it there scrolls on).
        let scrolled = try #require(frames.first { abs($0.frame.node(.sheet)!.frame.y - 57) < 1e-9 && $0.offsets[0] > 100 })
        var still = scrolled.frame
        for n in still.nodes.indices { still.nodes[n].scroll = [] }
        let offset = scrolled.offsets[0]
        let before = renderer.render(still), after = renderer.render(scrolled.frame)
        #expect(!before.contains("-scroll-0"))
        #expect(after.contains("clip-rule=\"evenodd\"") && after.contains("-scroll-0"))
        // Region top in the container: the sheet's 57 + the region's 40.
        let top = 57.0 + 40
        let i = try #require(still.nodes.firstIndex { $0.role == .sheet })
        #expect(scrolled.frame.nodes.firstIndex { $0.role == .sheet } == i)
        let sheetBefore = Self.pathTops(before, after: "clip-\(i))\">")
        // Outside the region: the navigation bar's shapes above it are drawn at the same place.
        let stillAbove = sheetBefore.filter { $0 < top }
        let afterStill = Self.pathTops(after, after: "clip-\(i)-still)\">")
        #expect(!stillAbove.isEmpty)
        for y in stillAbove { #expect(afterStill.contains { abs($0 - y) < 1e-6 }, "\(y)") }
        // Inside the region: every card top of the still feed comes back `offset` higher in the scrolled layer.
        let cardsBefore = sheetBefore.filter { $0 > top + 150 && $0 < 700 }
        let scrolledLayer = Self.pathTops(after, after: "clip-\(i)-scroll-0)\">")
        #expect(!cardsBefore.isEmpty)
        for y in cardsBefore { #expect(scrolledLayer.contains { abs($0 - (y - offset)) < 1e-6 }, "\(y)") }
        #expect(!cardsBefore.allSatisfy { y in scrolledLayer.contains { abs($0 - y) < 1e-6 } })
    }
}
