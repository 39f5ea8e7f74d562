// The `cornerRadius` edit through the Lua grammar (DESIGN §13): one number or four corners, ≥ 0, every bad value
// named with its key path, and the same reading in the reference decoder.

import Testing

@testable import PaneKit

@testable import PaneKitLua

@Suite struct CornerRadiusEditTests {
    /// The edits of a result whose pane edit is `{ cornerRadius = value }`, or its problems.
    private func decode(_ value: String, key: String = "pane") throws -> (CornerRadius?, [String]) {
        let s = try styler("return { style = function(ctx) return { \(key) = { cornerRadius = \(value) } } end }")
        do {
            let edits = try style(s)
            return (edits[key == "drawer" ? .drawerLeft : .pane].cornerRadius, [])
        } catch let error as PluginError {
            return (nil, error.problems)
        }
    }

    @Test func oneNumberRoundsEveryCorner() throws {
        #expect(try decode("12").0 == CornerRadius(12))
        #expect(try decode("0").0 == CornerRadius(0))
        #expect(try decode("7.5", key: "drawer").0 == CornerRadius(7.5))
    }

    @Test func fourNumbersRunClockwiseFromTheTopLeft() throws {
        #expect(try decode("{1, 2, 3, 4}").0 == CornerRadius(topLeft: 1, topRight: 2, bottomRight: 3, bottomLeft: 4))
    }

    @Test func aNegativeRadiusIsRefusedWithItsKey() throws {
        #expect(try decode("-1").1 == ["pane.cornerRadius: expected a number ≥ 0, got -1"])
        #expect(
            try decode("{1, -2, 3, -4}").1 == [
                "pane.cornerRadius[2]: expected a number ≥ 0, got -2", "pane.cornerRadius[4]: expected a number ≥ 0, got -4",
            ])
    }

    @Test func aWrongTypeOrShapeIsRefused() throws {
        #expect(
            try decode("'12'").1 == [
                "pane.cornerRadius: expected a number ≥ 0 or a list {topLeft, topRight, bottomRight, bottomLeft}, got string"
            ])
        #expect(try decode("true").1.first?.hasSuffix("got boolean") == true)
        #expect(try decode("{1, 2, 3}").1 == ["pane.cornerRadius[4]: expected a number, got nil"])
        #expect(try decode("{1, 2, 3, 'x'}").1 == ["pane.cornerRadius[4]: expected a number, got string"])
        #expect(try decode("{1, 2, 3, 4, 5}").1.first?.hasPrefix("pane.cornerRadius[5]: unexpected key") == true)
        #expect(try decode("{topLeft = 1}").1.first?.hasPrefix("pane.cornerRadius.topLeft: unexpected key") == true)
        #expect(try decode("0/0").1 == ["pane.cornerRadius: expected a finite number, got nan"])
    }

    @Test func theReferenceDecoderReadsTheSame() throws {
        for value in ["12", "{1, 2, 3, 4}", "-1", "{1, -2, 3, 4}", "'x'", "{1, 2}", "{1, 2, 3, 4, 5}"] {
            let lua = try LuaState()
            try lua.run("return { pane = { cornerRadius = \(value) }, drawer = { alpha = 1 } }", chunk: "=result.lua")
            let readings = readBoth(lua, buffers: EditBuffers())
            #expect(agree(readings), "\(value): \(readings.problems) vs \(readings.referenceProblems)")
        }
    }
}
