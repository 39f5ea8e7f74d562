// PaneKit's react-navigation release decision against the original's own, run on a grid outside the project
// (NavigationOriginals/react-navigation.json; its README says where from).

import Foundation
import Testing

@testable import PaneKit
@testable import PaneKitScenario

@Suite struct NavigationOriginalsTests {
    /// Every row: `(t + 0.3·v)` past half of the distance closes, as react-navigation 8's `onGestureDeactivate`
    /// decided it. A right-to-left row's translation and velocity point left; PaneKit measures them away from the
    /// edge the gesture came from, so it reads them negated.
    @Test func reactNavigationReleaseMatchesTheOriginalOnEveryRow() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("NavigationOriginals/react-navigation.json")
        let json = try #require(SheetOriginalsTable.plain(JSONReader.parse(String(contentsOf: url, encoding: .utf8))) as? [String: Any])
        #expect((json["source"] as? String)?.contains("73f8c2982a8999f1e1dfb1cfbeae9d8dab0c1cc2") == true)
        #expect(json["gestureVelocityImpact"] as? Double == NavigationGestureRule.rnVelocityImpact)
        let rows = try #require(json["rows"] as? [[Any]])
        #expect(rows.count == 1020)
        var mismatches: [String] = []
        for row in rows {
            let direction = try #require(row[0] as? String)
            let distance = try #require(row[1] as? Double), t = try #require(row[2] as? Double), v = try #require(row[3] as? Double)
            let close = try #require(row[4] as? Bool)
            let sign = direction.hasSuffix("-rtl") ? -1.0 : 1
            let decided = NavigationGestureRule.reactNavigationCloses(translation: sign * t, velocity: sign * v, distance: distance)
            if decided != close { mismatches.append("\(direction) d \(distance) t \(t) v \(v): original \(close), PaneKit \(decided)") }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) rows differ:\n\(mismatches.prefix(20).joined(separator: "\n"))")
    }
}
