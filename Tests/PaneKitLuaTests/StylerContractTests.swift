// The styler contract is declared once (StylerContract): the stubs and the guide are generated from it, and the
// C bridge builds the context from its names.

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
        #expect(StylerContract.refreshedFields.count == StylerContract.readers.count)
        #expect(StylerContract.contextFields.filter { !$0.changesPerCall }.map(\.name) == ["params"])
    }
}
