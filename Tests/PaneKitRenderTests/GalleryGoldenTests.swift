// Golden JSON frames for every gallery example, so a change to any container, styler or plugin shows as a diff.

import Foundation
import PaneKit
import PaneKitRender
import XCTest

final class GalleryGoldenTests: XCTestCase {
    /// The frames of each example that are pinned: four evenly spaced ones (the first and the last among them) and
    /// the first frames that carry an event, six in all at most, so each golden file stays a few kilobytes.
    static func pinnedIndices(of frames: [Frame]) -> [Int] {
        guard let last = frames.indices.last else { return [] }
        var pinned = Set((0...3).map { (last * $0 + 1) / 3 })
        for (offset, frame) in frames.enumerated() where !frame.events.isEmpty && pinned.count < 6 { pinned.insert(offset) }
        return pinned.sorted()
    }

    /// The names of the gallery's examples (`Examples/*.json` without the extension), sorted.
    static func exampleNames() throws -> [String] {
        let folder = Fixtures.root.appendingPathComponent("Examples")
        return try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
    }

    /// The golden text of an example: a header line with its frame count, then the pinned frames as JSON Lines.
    static func goldenText(_ name: String, _ frames: [Frame]) -> String {
        var text = "{\"example\":\(FrameJSON.string(name)),\"frameCount\":\(frames.count)}\n"
        for index in pinnedIndices(of: frames) { text += FrameJSON.line(frames[index]) + "\n" }
        return text
    }

    /// Every `Examples/*.json`, run as `panekit render --format json` runs it (built-in stylers and the gallery's
    /// plugins, strict), written as JSON Lines: a header line with the example's frame count, then the pinned frames.
    func testEveryGalleryExample() throws {
        let names = try Self.exampleNames()
        XCTAssertGreaterThanOrEqual(names.count, 40, "the gallery lost examples")
        for name in names {
            let frames: [Frame]
            do { frames = try Fixtures.frames(name) } catch {
                XCTFail("\(name).json: \(error)")
                continue
            }
            assertSnapshot(Self.goldenText(name, frames), named: name, as: "jsonl")
        }
    }
}
