// Bake files named in a scenario's stylers: read from the scenario's folder and registered under the name written.

import Foundation
import PaneKit
import PaneKitScenario

enum BakedStylers {
    /// `registry` plus one entry for each `stylers` entry of the scenario text that ends in `.bake.json`, read
    /// relative to the scenario's folder and registered under the name as written (so the scenario loader
    /// resolves it like any styler). Text that does not parse is left to the scenario loader to report.
    /// - Throws: `CLIError` (exit 1) for a bake file that is missing or malformed, naming the scenario place.
    static func adding(bakeFilesNamed text: String, scenario path: String, to registry: StylerRegistry) throws(CLIError) -> StylerRegistry {
        guard text.contains(".bake.json"), case .object(let root)? = try? JSONReader.parse(text),
            case .object(let stylers)? = root.first(where: { $0.key == "stylers" })?.value
        else { return registry }
        var result = registry
        let folder = path == "-" ? "." : URL(fileURLWithPath: path).deletingLastPathComponent().path
        for (direction, list) in stylers {
            guard case .array(let items) = list else { continue }
            for (i, item) in items.enumerated() {
                var name: String?
                switch item {
                case .string(let s): name = s
                case .object(let members): if case .string(let s)? = members.first(where: { $0.key == "name" })?.value { name = s }
                default: break
                }
                guard let name, name.hasSuffix(".bake.json"), result.entry(named: name) == nil else { continue }
                let file = name.hasPrefix("/") ? name : URL(fileURLWithPath: folder).appendingPathComponent(name).path
                let place = "\(path): stylers.\(direction)[\(i)]"
                guard FileManager.default.fileExists(atPath: file) else {
                    throw .input("\(place): no bake file \(file) (bake one with panekit bake STYLER --out \(name))")
                }
                // Read as every input is: the same size limit as a scenario, UTF-8, and no output may replace it.
                let body: String
                do { body = try Files.readText(file) } catch { throw .input("\(place): \(error.message)") }
                let baked: BakedStyler
                do {
                    baked = try BakeFile.read(body, file: file, name: name)
                } catch {
                    throw .input("\(place): \(error)")
                }
                do {
                    try result.register(
                        StylerEntry(
                            name: name, description: "\(baked.origin.styler) baked for \(baked.origin.container.rawValue)", params: [],
                            source: file, make: { _ in baked }))
                } catch {
                    throw .input("\(place): \(error)")
                }
            }
        }
        return result
    }
}
