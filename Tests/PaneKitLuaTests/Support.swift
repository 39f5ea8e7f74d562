// Helpers for the Lua tests: plugins from text, contexts, and fixture files.

import Foundation
import PaneKit
@testable import PaneKitLua

/// A plugin loaded from text, as if from `file`.
func plugin(_ source: String, file: String = "test.lua", limits: Limits = Limits()) throws -> LuaPlugin {
    try LuaPlugin(source: source, path: "/virtual/" + file, limits: limits)
}

/// A styler of a plugin written inline, with its defaults.
func styler(_ source: String, file: String = "test.lua", limits: Limits = Limits()) throws -> LuaStyler {
    try LuaStyler(plugin: plugin(source, file: file, limits: limits))
}

/// Runs `styler` once at `closed` for `direction` in the check's pose.
func style(_ styler: any Styler, direction: Direction = .left, closed: Double = 0.5) throws -> StyleEdits {
    var edits = StyleEdits()
    try styler.style(PluginCheck.context(direction: direction, closed: closed), into: &edits)
    return edits
}

/// The error `body` throws, as a `PluginError`.
func pluginError(_ body: () throws -> Void) -> PluginError? {
    do {
        try body()
        return nil
    } catch let error as PluginError {
        return error
    } catch {
        return PluginError(file: "?", reason: .runtime, message: "not a PluginError: \(error)")
    }
}

/// The folder of this test target's fixtures.
let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

/// The repository's root folder.
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

/// A fresh temporary folder.
func temporaryFolder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("panekit-lua-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}
