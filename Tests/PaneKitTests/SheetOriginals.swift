// The originals' own release and settle code, run outside the project on the grid (390 × 844, density or
// display scale 1 and 3): the tables in SheetOriginals/ (its README names each repository, commit and function),
// read here, and the sheet PaneKit builds for each of their configurations.

import Foundation
import PaneKitScenario
import Testing

@testable import PaneKit

/// One table of SheetOriginals/: its configurations and its rows, as JSON values.
struct SheetOriginalsTable {
    /// The container every table was run in, in points.
    static let size = Size(width: 390, height: 844)
    /// One frame at the originals' 60 Hz.
    static let frame = 1.0 / 60

    let configs: [[String: Any]]
    let json: [String: Any]

    /// The table `name` (`material`, `compose`, `floatingpanel`, `gorhom`, `vaul`).
    init(_ name: String) throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("SheetOriginals/\(name).json")
        // PaneKit's own reader: every number is read exactly as the tables print it.
        json = try #require(Self.plain(JSONReader.parse(String(contentsOf: url, encoding: .utf8))) as? [String: Any])
        configs = try #require(json["configs"] as? [[String: Any]])
    }

    /// A JSON value as plain values: numbers as `Double`, objects as dictionaries.
    static func plain(_ value: JSONValue) -> Any {
        switch value {
        case .null: NSNull()
        case .bool(let b): b
        case .number(let n): n
        case .string(let s): s
        case .array(let items): items.map(plain)
        case .object(let members): Dictionary(members.map { ($0.key, plain($0.value)) }, uniquingKeysWith: { a, _ in a })
        }
    }

    /// The rows of the table's section `key`.
    func rows(_ key: String) throws -> [[Any]] { try #require(json[key] as? [[Any]]) }
}

extension Array where Element == Any {
    func number(_ i: Int) -> Double { self[i] as? Double ?? .nan }
    func int(_ i: Int) -> Int { (self[i] as? Double).map { Int($0) } ?? -1 }
    func string(_ i: Int) -> String { self[i] as? String ?? "" }
    func numbers(_ i: Int) -> [Double] { (self[i] as? [Any])?.compactMap { $0 as? Double } ?? [] }
}

extension Dictionary where Key == String, Value == Any {
    func number(_ key: String) -> Double? { self[key] as? Double }
    func bool(_ key: String) -> Bool { (self[key] as? Bool) ?? false }
    func string(_ key: String) -> String { self[key] as? String ?? "" }
}

/// Agreement between PaneKit and a table: how many rows were compared and what differed (the first few kept).
struct SheetAgreement: CustomStringConvertible {
    let what: String
    private(set) var total = 0
    private(set) var differences = 0
    private(set) var examples: [String] = []

    init(_ what: String) { self.what = what }

    mutating func check(_ agrees: Bool, _ detail: @autoclosure () -> String) {
        total += 1
        guard !agrees else { return }
        differences += 1
        if examples.count < 8 { examples.append(detail()) }
    }

    var description: String {
        "\(what): \(total - differences)/\(total) agree" + (examples.isEmpty ? "" : "; e.g. " + examples.joined(separator: "; "))
    }
}

/// A sheet run the way the tables ran the originals: released at a position with a velocity, then stepped at 60 Hz.
struct SheetOriginalsRun {
    var sheet: SheetContainer
    var events: [Event] = []

    /// A sheet of `configuration` resting at `settled`, then put at `position` as a finger leaves it there.
    init(_ configuration: SheetConfiguration, settled: String, position: Double) throws {
        var c = configuration
        c.initialDetent = settled
        sheet = try SheetContainer(c)
        sheet.position = position
    }

    /// A sheet of `configuration` resting at `settled`, let go at `position` with `velocity` at time 0 (a release
    /// with no travel: a rule that reads where the gesture began sees it begin there).
    init(_ configuration: SheetConfiguration, settled: String, releasedAt position: Double, velocity: Double) throws {
        try self.init(configuration, settled: settled, position: position)
        _ = release(SheetRelease(position: position, velocity: velocity, settled: settled, startPosition: position, translation: 0))
    }

    /// Releases the sheet at time 0 with `release` (its position is the sheet's); returns the target.
    mutating func release(_ release: SheetRelease) -> String {
        sheet.release(release, at: 0, events: &events)
        return sheet.targetDetent
    }

    /// The positions at the frames 1…`count` after the release (1/60 s apart).
    mutating func positions(frames count: Int) -> [Double] {
        (1...max(count, 1)).map { k in
            sheet.advance(to: Double(k) * SheetOriginalsTable.frame, events: &events)
            return sheet.position
        }
    }

    /// Checks the positions at frames 1, 2, … against `theirs` (points), each within `tolerance`, into `agreement`.
    mutating func compareFrames(_ theirs: [Double], tolerance: Double, _ agreement: inout SheetAgreement, _ label: String) {
        for (k, (mine, expected)) in zip(positions(frames: theirs.count), theirs).enumerated() {
            agreement.check(abs(mine - expected) <= tolerance, "\(label) frame \(k + 1): \(mine), not \(expected)")
        }
    }

    /// A finger lands 10 pt below the sheet's top, moves by `moves` (points, one a frame) and lifts half a second
    /// after the last (the velocity window then holds one sample: a release at rest). Returns the position after each
    /// move; the release's target is then ``SheetContainer/targetDetent``.
    mutating func drag(_ moves: [Double]) -> [Double] {
        var y = sheet.position + 10, t = 0.0
        sheet.perform(.pan(.began, Point(x: 195, y: y)), at: t, events: &events)
        var positions: [Double] = []
        for move in moves {
            y += move
            t += SheetOriginalsTable.frame
            sheet.perform(.pan(.moved, Point(x: 195, y: y)), at: t, events: &events)
            positions.append(sheet.position)
        }
        sheet.perform(.pan(.ended, Point(x: 195, y: y)), at: t + 0.5, events: &events)
        return positions
    }

    /// The first frame (0 for the release's own) at which the sheet has landed, or nil within `limit` frames.
    mutating func landingFrame(limit: Int = 240) -> Int? {
        if sheet.settle == nil { return 0 }
        for k in 1...limit {
            sheet.advance(to: Double(k) * SheetOriginalsTable.frame, events: &events)
            if sheet.settle == nil { return k }
        }
        return nil
    }
}
