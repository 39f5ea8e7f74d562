// The scenario key `appearance` (DESIGN §13): per role a colour, an image file (read, sniffed and sized here) and
// a built-in wireframe; also the `--appearance FILE.json` of `sample` and `plot`, the same object in a file.

import Foundation
import PaneKit

extension ScenarioLoader {
    /// The keys of one role's look.
    static let appearanceKeys = ["color", "image", "fit", "content"]

    /// Reads an `--appearance` file: the same object as a scenario's `appearance`, image paths relative to it.
    /// - Parameters:
    ///   - text: the file's JSON.
    ///   - file: the file's path, for messages and to find the images.
    /// - Throws: `ScenarioError` listing every problem, at paths `appearance.ROLE.KEY`.
    public static func loadAppearance(_ text: String, file: String) throws(ScenarioError) -> Appearance {
        let json: JSONValue
        do {
            json = try JSONReader.parse(text)
        } catch {
            throw ScenarioError(file: file, issues: [ScenarioIssue(.syntax, path: "\(error.line):\(error.column)", message: error.message)])
        }
        var loader = ScenarioLoader(registry: .builtins)
        let appearance = loader.appearance(json, file: file)
        guard loader.issues.isEmpty else { throw ScenarioError(file: file, issues: loader.issues) }
        return appearance
    }

    /// `appearance`: an object of role names, each `{"color", "image", "fit", "content"}`.
    mutating func appearance(_ json: JSONValue, file: String) -> Appearance {
        let path = "appearance"
        // A group's member (`page.0`, `card.2`) may have its own look; the group's (`page`) is its members' default.
        var listed = Role.allCases
        if case .object(let given) = json {
            for (key, _) in given {
                if let role = Role(rawValue: key), role.isMember, !listed.contains(role) { listed.append(role) }
            }
        }
        guard let members = object(json, path, allowed: listed.map(\.rawValue)) else { return .none }
        var roles: [Role: RoleLook] = [:]
        for role in listed {
            guard let value = members[role.rawValue] else { continue }
            let rolePath = "\(path).\(role.rawValue)"
            guard let o = object(value, rolePath, allowed: Self.appearanceKeys) else { continue }
            var look = RoleLook()
            look.color = color(o["color"], "\(rolePath).color")
            if let kind = choice(o["content"], "\(rolePath).content", ContentKind.allCases.map(\.rawValue)) {
                look.content = ContentKind(rawValue: kind)
            }
            if let fit = choice(o["fit"], "\(rolePath).fit", ImageFit.allCases.map(\.rawValue)) {
                look.fit = ImageFit(rawValue: fit) ?? .fill
            }
            if let name = string(o["image"], "\(rolePath).image") {
                look.image = image(name, "\(rolePath).image", file: file)
            }
            roles[role] = look
        }
        return Appearance(roles)
    }

    /// The image file `name`, relative to the folder of `file`: read, its format sniffed and its size read.
    mutating func image(_ name: String, _ path: String, file: String) -> AppearanceImage? {
        let base = (file.hasPrefix("<") || !file.contains("/")) ? "" : String(file[..<file.lastIndex(of: "/")!])
        let full = name.hasPrefix("/") || base.isEmpty ? name : base + "/" + name
        var isFolder: ObjCBool = false
        guard !name.isEmpty, FileManager.default.fileExists(atPath: full, isDirectory: &isFolder) else {
            report(.invalidValue, path, "expected a PNG, JPEG or SVG file, got \"\(name)\", which does not exist (looked for \(full))")
            return nil
        }
        guard !isFolder.boolValue else {
            report(.invalidValue, path, "expected a PNG, JPEG or SVG file, got \"\(name)\", which is a folder")
            return nil
        }
        let attributes = try? FileManager.default.attributesOfItem(atPath: full)
        if let size = attributes?[.size] as? Int, size > AppearanceImage.maximumBytes {
            report(
                .invalidValue, path,
                "expected an image of at most \(AppearanceImage.maximumBytes >> 20) MiB, got \"\(name)\" of \(size) bytes")
            return nil
        }
        guard let data = FileManager.default.contents(atPath: full) else {
            report(.invalidValue, path, "expected a readable PNG, JPEG or SVG file, got \"\(name)\", which cannot be read")
            return nil
        }
        let bytes = [UInt8](data)
        guard bytes.count <= AppearanceImage.maximumBytes else {
            report(
                .invalidValue, path,
                "expected an image of at most \(AppearanceImage.maximumBytes >> 20) MiB, got \"\(name)\" of \(bytes.count) bytes")
            return nil
        }
        guard let (format, size) = Self.sniffImage(bytes) else {
            report(.invalidValue, path, "expected a PNG, JPEG or SVG file, got \"\(name)\", which is none of them (or has no size)")
            return nil
        }
        guard size.width * size.height <= Double(AppearanceImage.maximumPixels) else {
            report(
                .invalidValue, path,
                "expected an image of at most \(AppearanceImage.maximumPixels) pixels (4096 × 4096), got \"\(name)\" of "
                    + "\(NumberFormat.message(size.width)) × \(NumberFormat.message(size.height))")
            return nil
        }
        return AppearanceImage(path: name, bytes: bytes, format: format, size: size)
    }

    /// The format and size of an image from its bytes: PNG's IHDR, JPEG's first start-of-frame marker, or an SVG
    /// root's `width`/`height` (or `viewBox`); nil for anything else or a size of zero.
    static func sniffImage(_ b: [UInt8]) -> (AppearanceImage.Format, Size)? {
        func be(_ i: Int, _ n: Int) -> Int { (0..<n).reduce(0) { $0 << 8 | Int(b[i + $1]) } }
        if b.count >= 24, b[0..<8].elementsEqual([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            let w = be(16, 4), h = be(20, 4)
            return w > 0 && h > 0 ? (.png, Size(width: Double(w), height: Double(h))) : nil
        }
        if b.count >= 4, b[0] == 0xFF, b[1] == 0xD8 {
            var i = 2
            while i + 9 < b.count {
                guard b[i] == 0xFF else { return nil }
                let marker = b[i + 1]
                if marker == 0xFF { i += 1; continue }
                let length = be(i + 2, 2)
                if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                    let h = be(i + 5, 2), w = be(i + 7, 2)
                    return w > 0 && h > 0 ? (.jpeg, Size(width: Double(w), height: Double(h))) : nil
                }
                i += 2 + length
            }
            return nil
        }
        guard let text = String(bytes: b.prefix(8192), encoding: .utf8) ?? String(bytes: b, encoding: .utf8),
            let open = text.range(of: "<svg")
        else { return nil }
        let tag = text[open.upperBound...].prefix { $0 != ">" }
        func attribute(_ name: String) -> String? {
            guard let r = tag.range(of: " \(name)=") ?? tag.range(of: "\n\(name)="), let quote = tag[r.upperBound...].first,
                quote == "\"" || quote == "'"
            else { return nil }
            let rest = tag[tag.index(after: r.upperBound)...]
            return String(rest.prefix { $0 != quote })
        }
        func length(_ s: String?) -> Double? {
            guard let s else { return nil }
            let digits = s.prefix { "0123456789.".contains($0) }
            return Double(digits).flatMap { $0 > 0 && !s.hasSuffix("%") ? $0 : nil }
        }
        if let w = length(attribute("width")), let h = length(attribute("height")) { return (.svg, Size(width: w, height: h)) }
        if let box = attribute("viewBox") {
            let parts = box.split(whereSeparator: { $0 == " " || $0 == "," }).compactMap { Double($0) }
            if parts.count == 4, parts[2] > 0, parts[3] > 0 { return (.svg, Size(width: parts[2], height: parts[3])) }
        }
        return nil
    }
}
