// Transforms are composed in one place: the decoder (CLuaEdits) records each node's transform as the steps the
// result gave (kind and numbers, in order) and PaneKitLua composes them with Transform3D's own functions.

import CLuaEdits
import Testing

@testable import PaneKit
@testable import PaneKitLua

@Suite struct TransformStepsTests {
    /// The steps of the record after decoding `source` (a chunk returning a result), with both decoders' readings.
    static func decode(_ source: String, buffers: EditBuffers = EditBuffers()) throws -> (
        steps: [(kind: Int32, numbers: [Double])], readings: Readings
    ) {
        let lua = try LuaState()
        try lua.run(source, chunk: "=result.lua")
        let r = readBoth(lua, buffers: buffers)
        let record = buffers.record.pointee
        let steps = (0..<Int(record.step_count)).map { i in
            let step = record.steps[i]
            let numbers = withUnsafeBytes(of: step.v) { Array($0.bindMemory(to: Double.self)) }
            let count = [3, 3, 4, 1, 16][Int(step.kind)]
            return (kind: step.kind, numbers: Array(numbers.prefix(count)))
        }
        return (steps, r)
    }

    /// The keyed parts are recorded as steps in the guide's order (scale, rotate about x, y, z, perspective,
    /// translate), defaults filled in and zero rotations left out, and composed with Transform3D.
    @Test func keyedPartsAreStepsInTheGuidesOrder() throws {
        let (steps, r) = try Self.decode(
            "return { pane = { translate = {1, 2}, perspective = -0.002, rotate = { x = 0.1, y = 0, z = 0.3 }, scale = {0.5, 2} } }")
        #expect(r.problems.isEmpty)
        #expect(
            steps.map(\.kind) == [PK_STEP_SCALE, PK_STEP_ROTATE, PK_STEP_ROTATE, PK_STEP_PERSPECTIVE, PK_STEP_TRANSLATE].map { Int32($0) })
        #expect(steps.map(\.numbers) == [[0.5, 2, 1], [0.1, 1, 0, 0], [0.3, 0, 0, 1], [-0.002], [1, 2, 0]])
        let expected = Transform3D.identity.concatenating(.scale(x: 0.5, y: 2)).concatenating(.rotation(angle: 0.1, x: 1, y: 0, z: 0))
            .concatenating(.rotation(angle: 0.3, x: 0, y: 0, z: 1)).concatenating(.perspective(-0.002))
            .concatenating(.translation(x: 1, y: 2))
        #expect(r.edits[.pane].transform.map(\.values.bitPatterns) == expected.values.bitPatterns)
        #expect(agree(r))
    }

    /// Every form of `ops` step is recorded with its defaults (a uniform scale, the z axis, z = 0) in the list's
    /// order, node after node.
    @Test func opsAreStepsInTheListsOrder() throws {
        let (steps, r) = try Self.decode(
            """
            return { drawer = { ops = { {'scale', 2}, {'rotate', 1}, {'translate', 3, 4}, {'scale', 5, 6},
                                        {'rotate', 0.5, 0, 1, 0}, {'perspective', -0.001},
                                        {'matrix', 1,2,3,4, 5,6,7,8, 9,10,11,12, 13,14,15,16} } } }
            """)
        #expect(r.problems.isEmpty)
        #expect(
            steps.map(\.kind)
                == [PK_STEP_SCALE, PK_STEP_ROTATE, PK_STEP_TRANSLATE, PK_STEP_SCALE, PK_STEP_ROTATE, PK_STEP_PERSPECTIVE, PK_STEP_MATRIX]
                .map { Int32($0) })
        #expect(
            steps.map(\.numbers)
                == [[2, 2, 2], [1, 0, 0, 1], [3, 4, 0], [5, 6, 1], [0.5, 0, 1, 0], [-0.001], (1...16).map(Double.init)])
        #expect(agree(r))
    }

    /// The `transform` key is the matrix as given, not a product with the identity: a −0 stays −0.
    @Test func aWholeMatrixIsKeptAsGiven() throws {
        let (steps, r) = try Self.decode("return { master = { transform = {-0.0,0,0,0, 0,1,0,0, 0,0,1,0, 10,10,0,1} } }")
        #expect(steps.isEmpty)
        #expect(r.edits[.master].transform?.m11.bitPattern == (-0.0).bitPattern)
        #expect(agree(r))
    }

    /// An `ops` list longer than the record's first room for steps (64) is read whole, composed like the reference
    /// decoder's to the bit, and a second read reuses the grown room.
    @Test func aLongOpsListGrowsTheStepsOnce() throws {
        let buffers = EditBuffers()
        let source = """
            local ops = {}
            for i = 1, 500 do ops[i] = i % 3 == 0 and {'rotate', i / 1000} or (i % 3 == 1 and {'translate', 0.5, -0.25} or {'scale', 1.001}) end
            return { pane = { ops = ops }, drawer = { scale = 0.5, translate = {1, 2} } }
            """
        let first = try Self.decode(source, buffers: buffers)
        #expect(first.readings.problems.isEmpty)
        #expect(first.steps.count == 502)
        #expect(agree(first.readings))
        #expect(first.readings.edits[.pane].transform?.values.bitPatterns == first.readings.reference[.pane].transform?.values.bitPatterns)
        let capacity = buffers.record.pointee.step_capacity
        let steps = buffers.record.pointee.steps
        let second = try Self.decode(source, buffers: buffers)
        #expect(second.steps.count == 502)
        #expect(buffers.record.pointee.step_capacity == capacity && buffers.record.pointee.steps == steps)
        #expect(second.readings.edits[.pane] == first.readings.edits[.pane])
    }
}

extension [Double] {
    /// The bits of each number, so that −0 and 0 differ.
    fileprivate var bitPatterns: [UInt64] { map(\.bitPattern) }
}
