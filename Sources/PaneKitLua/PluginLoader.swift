// Loading plugin files: the file's text, its name, and its manifest read in a fresh sandboxed state.

import Foundation
import PaneKit

/// A plugin file that loaded: its text and manifest. Each styler made from it runs in a state of its own.
public struct LuaPlugin: Sendable {
    /// The path the plugin was loaded from.
    public let path: String
    /// The file name (`zoom.lua`), used as the chunk name: errors read `zoom.lua:12: …`.
    public let file: String
    /// The plugin's Lua text as loaded; every styler made from it runs this text in a fresh state.
    public let source: String
    /// What the file declared: name, version, description, parameters, directions and tests.
    public let manifest: Manifest
    /// The instruction budget and memory cap its states run under.
    public let limits: Limits

    /// The styler name: the file name without `.lua`.
    public var name: String { manifest.name }

    /// Loads plugin text: runs it once in a fresh sandboxed state and reads the manifest it returns.
    /// - Parameters:
    ///   - source: the plugin's Lua text.
    ///   - path: where the text came from; its last component names the plugin.
    ///   - limits: the instruction budget and memory cap of the plugin's state.
    /// - Throws: `PluginError` for a bad name, a syntax or runtime error, an exceeded limit or a bad manifest.
    public init(source: String, path: String, limits: Limits = Limits()) throws(PluginError) {
        let file = PluginLoader.fileName(of: path)
        let name = try PluginLoader.pluginName(file: file)
        let program = try PluginProgram(source: source, file: file, name: name, limits: limits)
        self.path = path
        self.file = file
        self.source = source
        self.manifest = program.manifest
        self.limits = limits
    }
}

/// Finds and loads plugin files.
public enum PluginLoader {
    /// Files in a plugins folder that are not plugins: LuaLS annotations such as `panekit.d.lua`.
    public static func isPluginFile(_ name: String) -> Bool {
        name.hasSuffix(".lua") && !name.hasSuffix(".d.lua") && !name.hasPrefix(".")
    }

    /// The plugin files of `folder`, sorted by name.
    /// - Throws: `PluginError` when the folder cannot be read.
    public static func discover(in folder: String) throws(PluginError) -> [String] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder)
        } catch {
            throw PluginError(file: folder, reason: .file, message: "cannot read the plugins folder")
        }
        let base = folder.hasSuffix("/") ? folder : folder + "/"
        return names.filter(isPluginFile).sorted().map { base + $0 }
    }

    /// Reads and loads one plugin file (a regular file of at most `WatchedFile.maximumSize` bytes).
    /// - Throws: `PluginError` naming the file when it cannot be read or loaded.
    public static func load(path: String, limits: Limits = Limits()) throws(PluginError) -> LuaPlugin {
        let file = fileName(of: path)
        let data: Data
        switch WatchedFile.read(path) {
        case .success(let bytes): data = bytes
        case .failure(.missing): throw PluginError(file: file, reason: .file, message: "no such file")
        case .failure(.unreadable): throw PluginError(file: file, reason: .file, message: "cannot read the file")
        case .failure(let problem): throw PluginError(file: file, reason: .file, message: "the file \(problem)")
        }
        return try load(data: data, path: path, limits: limits)
    }

    /// Loads plugin text read from `path`: refuses a bytecode chunk, and text that is not UTF-8 with the line and
    /// column of its first bad byte (`bad.lua:2:21: invalid UTF-8 (byte 0xE9): plugins must be UTF-8 text`).
    /// - Throws: `PluginError` naming the file when the text is not a plugin's or cannot be loaded.
    public static func load(data: Data, path: String, limits: Limits = Limits()) throws(PluginError) -> LuaPlugin {
        let file = fileName(of: path)
        if data.first == 0x1B {
            throw PluginError(
                file: file, reason: .syntax, message: "this is a precompiled (bytecode) chunk; plugins must be Lua source text")
        }
        if let bad = firstInvalidUTF8(data) {
            var error = PluginError(
                file: file, line: bad.line, reason: .syntax,
                message: "invalid UTF-8 (byte 0x\(String(bad.byte, radix: 16, uppercase: true))): plugins must be UTF-8 text")
            error.column = bad.column
            throw error
        }
        return try LuaPlugin(source: String(decoding: data, as: UTF8.self), path: path, limits: limits)
    }

    /// Where text stops being UTF-8: the line, the column (in characters, 1-based) and the first byte that does not
    /// begin or continue a well-formed sequence.
    public struct UTF8Problem: Equatable, Sendable {
        /// The line, 1-based.
        public var line: Int
        /// The column, 1-based, counting characters.
        public var column: Int
        /// The byte at that place.
        public var byte: UInt8
    }

    /// The first place where `bytes` is not well-formed UTF-8 (an unexpected or missing continuation byte, an
    /// overlong form, a surrogate, a value past U+10FFFF, a sequence cut at the end), or nil.
    public static func firstInvalidUTF8(_ bytes: some Collection<UInt8>) -> UTF8Problem? {
        let bytes = Array(bytes)
        var line = 1
        var column = 1
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            if b < 0x80 {
                if b == 0x0A {
                    line += 1
                    column = 0
                }
                i += 1
                column += 1
                continue
            }
            // The length of the sequence and the range of its second byte (which rules out overlong forms,
            // surrogates and values past U+10FFFF), as in the Unicode standard's table 3-7.
            let length: Int
            var second: ClosedRange<UInt8> = 0x80...0xBF
            switch b {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; second = 0xA0...0xBF
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; second = 0x80...0x9F
            case 0xF0: length = 4; second = 0x90...0xBF
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; second = 0x80...0x8F
            default: return UTF8Problem(line: line, column: column, byte: b)
            }
            guard i + length <= bytes.count, second.contains(bytes[i + 1]),
                bytes[(i + 2)..<(i + length)].allSatisfy({ (0x80...0xBF).contains($0) })
            else { return UTF8Problem(line: line, column: column, byte: b) }
            i += length
            column += 1
        }
        return nil
    }

    /// The error for a plugin whose name is taken in `registry` (a plugin may not shadow a built-in).
    /// - Returns: nil when the name is free.
    public static func shadowing(_ name: String, file: String, in registry: StylerRegistry) -> PluginError? {
        guard let existing = registry.entry(named: name) else { return nil }
        let what = existing.isBuiltin ? "a built-in styler" : "the styler of \(existing.source)"
        return PluginError(file: file, reason: .name, message: "the name \"\(name)\" is already taken by \(what); rename the file")
    }

    static func fileName(of path: String) -> String {
        path.split(separator: "/", omittingEmptySubsequences: true).last.map(String.init) ?? path
    }

    /// The plugin name of a file name: `zoom.lua` → `zoom`. Names use letters, digits, `.`, `-` and `_`.
    /// - Throws: `PluginError` for another extension or other characters.
    static func pluginName(file: String) throws(PluginError) -> String {
        guard file.hasSuffix(".lua"), file.count > 4 else {
            throw PluginError(file: file, reason: .name, message: "a plugin file name ends in .lua, such as zoom.lua")
        }
        let name = String(file.dropLast(4))
        let allowed = name.unicodeScalars.allSatisfy {
            $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "." || $0 == "-" || $0 == "_")
        }
        guard allowed, name.first != "." else {
            throw PluginError(
                file: file, reason: .name,
                message: "\"\(name)\" is not a styler name: use letters, digits, '.', '-' and '_', such as card-stack")
        }
        return name
    }
}

/// A plugin's text loaded into a fresh sandboxed state, with its manifest and style function.
final class PluginProgram {
    let lua: LuaState
    let manifest: Manifest
    let styleRef: Int32

    /// - Throws: `PluginError` for a syntax or runtime error, an exceeded limit or a bad manifest.
    init(source: String, file: String, name: String, limits: Limits) throws(PluginError) {
        let lua = try LuaState(file: file, limits: limits)
        try Sandbox.install(in: lua)
        let base = lua.top
        defer { lua.settop(base) }
        try lua.run(source, chunk: "=" + file)
        (manifest, styleRef) = try ManifestReader.read(lua, at: -1, name: name, source: source)
        self.lua = lua
    }
}
