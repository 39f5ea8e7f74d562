// The Lua stubs: the built module carries Plugins/panekit.d.lua byte for byte, and no Swift source holds a copy.

import Foundation
import PaneKitLua
import PaneKitTestSupport
import Testing

@Suite struct LuaStubsTests {
    static let file = packageRoot.appendingPathComponent("Plugins/panekit.d.lua")

    @Test func embeddedStubsAreTheRepositoryFileByteForByte() throws {
        #expect(Array(LuaStubs.source.utf8) == [UInt8](try Data(contentsOf: Self.file)))
        #expect(LuaStubs.fileName == Self.file.lastPathComponent)
    }

    @Test func noSourceFileCarriesACopyOfTheStubs() throws {
        // The build embeds the file; a committed Swift copy would be a second place to keep in step.
        let text = try String(contentsOf: Self.file, encoding: .utf8)
        let line = try #require(text.split(separator: "\n").max { $0.count < $1.count })
        let sources = packageRoot.appendingPathComponent("Sources")
        let swiftFiles = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
        #expect(!swiftFiles.isEmpty)
        for file in swiftFiles {
            #expect(!(try String(contentsOf: file, encoding: .utf8)).contains(line), "\(file.path) copies panekit.d.lua")
        }
    }
}
