// The styler contract is declared once (StylerContract): the stubs and the guide are generated from it, and the
// C bridge builds the context from its names.

import CLuaEdits
import Foundation
import PaneKit
import Testing

@testable import PaneKitLua

@Suite struct StylerContractTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test(arguments: StylerContract.generatedFiles.map(\.path))
    func generatedPartsAreCurrent(path: String) throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent(path), encoding: .utf8)
        let file = try #require(StylerContract.generatedFiles.first { $0.path == path })
        #expect(try file.update(text) == text, "\(path) is stale: run Scripts/generate-contract.sh")
    }

    @Test func aStaleStubIsRewrittenAndAnEditedAwayAnchorIsAnError() throws {
        let stubs = LuaStubs.source
        let stale = stubs.replacingOccurrences(of: "---@field reducedMotion boolean", with: "---@field reducedMotoin boolean")
        #expect(stale != stubs)
        #expect(try StylerContract.stubs(updating: stale) == stubs)
        let broken = stubs.replacingOccurrences(of: "---@class PaneKitEdit\n", with: "---@class PaneKitEdits\n")
        #expect(throws: StylerContract.GenerationError.self) { try StylerContract.stubs(updating: broken) }
    }

    @Test func everyFieldOfTheContractIsWhatAPluginSees() throws {
        // Every ctx field of the contract, and no other, is what pairs(ctx) lists.
        #expect(StylerContract.contextFieldNames == StylerContract.contextFields.map(\.name).sorted())
        #expect(StylerContract.roles == Role.allCases.map(\.rawValue))
        #expect(StylerContract.vocabulary.refreshedFields.count == StylerContract.vocabulary.readers.count)
        #expect(StylerContract.contextFields.filter { !$0.changesPerCall }.map(\.name) == ["params"])
        // A choice is written as its case's position in allCases, read from the case's tag.
        for (i, state) in ContainerState.allCases.enumerated() { #expect(state.id == i) }
        for (i, kind) in ContainerKind.allCases.enumerated() { #expect(StylerContract.containerIndex(kind) == i) }
        for (i, layout) in AdaptiveLayout.allCases.enumerated() { #expect(StylerContract.caseIndex(layout) == i) }
    }
}

@Suite struct EditProblemWordsTests {
    /// A problem as C reports it, worded by Swift.
    func words(
        _ kind: Int32, path: String = "", expected: String? = nil, type: String? = nil, got: (Double, Double) = (0, 0),
        text: String? = nil, count: Int32 = 0
    ) -> String {
        let cPath = strdup(path)!, cExpected = expected.map { strdup($0)! }, cType = type.map { strdup($0)! }
        let cText = text.map { strdup($0)! }
        defer {
            free(cPath)
            free(cExpected)
            free(cType)
            free(cText)
        }
        let problem = pk_problem(
            kind: kind, path: cPath, path_length: path.utf8.count, expected: cExpected.map { UnsafePointer($0) },
            got_type: cType.map { UnsafePointer($0) }, got: got, got_text: cText, got_length: text?.utf8.count ?? 0,
            count: count)
        return StylerContract.message(of: problem)
    }

    @Test func theProblemStructsProduceTodaysMessages() {
        #expect(
            words(Int32(PK_PROBLEM_TYPE), path: "pane.translate[2]", expected: "a number", type: "nil")
                == "pane.translate[2]: expected a number, got nil")
        #expect(
            words(Int32(PK_PROBLEM_NOT_A_TABLE), type: "nil")
                == "style returned nil; expected a table of edits such as { pane = { alpha = 0.5 } } (return {} for no edits)")
        #expect(
            words(Int32(PK_PROBLEM_UNKNOWN_KEY), path: "pane.opacity", text: "opacity")
                == "pane.opacity: unknown key; edits are alpha, anchor, color, cornerRadius, frame, hidden, ops, perspective, rotate, "
                + "scale, shadow, transform, translate, z; did you mean \"alpha\"?")
        #expect(
            words(Int32(PK_PROBLEM_NEGATIVE_SIZE), path: "pane.frame", got: (-1, 2.5))
                == "pane.frame: expected a width and a height ≥ 0, got -1x2.5")
        #expect(
            words(Int32(PK_PROBLEM_NOT_FINITE), path: "pane.alpha", got: (-.infinity, 0))
                == "pane.alpha: expected a finite number, got -inf")
        #expect(
            words(Int32(PK_PROBLEM_SAME_NODE), path: "drawer", count: Int32(Role.drawerLeft.index))
                == "drawer: the same node as drawer (drawer.left here); give only one of them")
        #expect(
            words(Int32(PK_PROBLEM_UNKNOWN_OPERATION), path: "pane.ops[1][1]", type: "string", text: "rotateZ")
                == "pane.ops[1][1]: expected one of translate, scale, rotate, perspective, matrix, got \"rotateZ\"; did you mean \"rotate\"?"
        )
        #expect(
            words(Int32(PK_PROBLEM_COLOR), path: "overlay.color", type: "string", text: "bleu")
                == "overlay.color: expected a colour such as \"#000000\" or \"#00000080\", got \"bleu\"")
    }
}

@Suite struct NumberKeyTests {
    /// A key of four numbers (as a corner radius would be) added by one table entry: the decoder reads it with no C
    /// of its own, and its problems have the usual words.
    static let radii = StylerContract.EditKey(
        "radii",
        numbers: StylerContract.NumbersForm(
            count: 4, minimum: 0, expected: "a number ≥ 0 or a list {tl, tr, br, bl}", apply: { _, _ in }),
        lua: "number|number[]", value: "r", guide: "")
    nonisolated(unsafe) static let vocabulary = StylerContract.decoderVocabulary(editKeys: StylerContract.editKeys + [radii])

    func read(_ source: String) throws -> (values: [Double], set: Bool, problems: [String]) {
        let lua = try LuaState()
        let buffers = EditBuffers()
        try lua.run("return " + source, chunk: "=result.lua")
        var edits = StyleEdits()
        let problems = lua.decodeEdits(at: -1, drawer: .drawerLeft, buffers: buffers, into: &edits, vocabulary: Self.vocabulary)
        let node = withUnsafeBytes(of: buffers.record.pointee.nodes) { $0.bindMemory(to: pk_node_edit.self)[Role.pane.index] }
        let keys = StylerContract.editKeys + [Self.radii]
        let bit = keys.map(\.name).sorted().firstIndex(of: "radii")!
        let slot = StylerContract.numberKeys(of: keys).first { $0.bit == bit }!.slot
        let values = withUnsafeBytes(of: node.values) { Array($0.bindMemory(to: Double.self)[slot..<(slot + 4)]) }
        return (values, node.keys & (1 << UInt32(bit)) != 0, problems)
    }

    @Test func aKeyOfNumbersIsReadFromItsTableEntry() throws {
        let one = try read("{ pane = { radii = 8, alpha = 0.5 } }")
        #expect(one.problems.isEmpty && one.set && one.values == [8, 8, 8, 8])
        let four = try read("{ pane = { radii = {1, 2, 3, 4} } }")
        #expect(four.problems.isEmpty && four.set && four.values == [1, 2, 3, 4])
        #expect(try read("{ pane = { radii = -1 } }").problems == ["pane.radii: expected a number ≥ 0, got -1"])
        #expect(try read("{ pane = { radii = {1, 2, -3, 4} } }").problems == ["pane.radii[3]: expected a number ≥ 0, got -3"])
        #expect(
            try read("{ pane = { radii = 'x' } }").problems == ["pane.radii: expected a number ≥ 0 or a list {tl, tr, br, bl}, got string"])
        #expect(try read("{ pane = { radii = {1, 2, 3} } }").problems == ["pane.radii[4]: expected a number, got nil"])
    }
}
