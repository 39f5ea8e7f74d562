// The build tool behind EmbedFilesPlugin: writes a Swift file declaring one enum whose static strings are files'
// bytes, so a binary carries them wherever it runs (no resource bundle beside it) and nothing is copied by hand.
//
// Usage: EmbedFiles OUTPUT TYPE NAME=FILE...
//   Writes OUTPUT declaring `enum TYPE { static let NAME = "…" }`, one constant per NAME=FILE pair, each the
//   exact text of FILE (which must be UTF-8). Exits 1 with a message naming the file when one cannot be read.

import Foundation

/// `text` as the body of a multi-line string literal that evaluates to exactly `text`: every line break is a line
/// of the literal, and backslashes, quotes, carriage returns and other control characters are escaped, so no
/// indentation stripping, line-ending normalisation or delimiter in the text can change a byte.
func literalBody(_ text: String) -> String {
    var out = ""
    out.reserveCapacity(text.utf8.count + text.utf8.count / 16)
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\n": out.append("\n")
        case "\\": out.append("\\\\")
        case "\"": out.append("\\\"")
        case "\r": out.append("\\r")
        case "\t": out.append("\t")
        case _ where scalar.value < 0x20 || scalar.value == 0x7F:
            out.append("\\u{\(String(scalar.value, radix: 16))}")
        default: out.unicodeScalars.append(scalar)
        }
    }
    return out
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("EmbedFiles: \(message)\n".utf8))
    exit(1)
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count >= 3 else { fail("usage: EmbedFiles OUTPUT TYPE NAME=FILE...") }
let output = URL(fileURLWithPath: arguments[0])
let typeName = arguments[1]
var swift = """
    // Generated at build time by EmbedFilesPlugin (Sources/EmbedFilesPlugin); do not edit: edit the files named below.

    /// Files' text, byte for byte, embedded when the module is built.
    enum \(typeName) {

    """
for pair in arguments.dropFirst(2) {
    guard let equals = pair.firstIndex(of: "="), equals != pair.startIndex else {
        fail("\(pair): expected NAME=FILE")
    }
    let name = String(pair[..<equals])
    let path = String(pair[pair.index(after: equals)...])
    let bytes: Data
    do { bytes = try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
        fail("\(path): cannot read the file to embed (\(error.localizedDescription))")
    }
    // Decoding replaces an invalid sequence with U+FFFD, so only valid UTF-8 (a byte order mark included) comes
    // back unchanged.
    let text = String(decoding: bytes, as: UTF8.self)
    guard Data(text.utf8) == bytes else {
        fail("\(path): expected UTF-8 text, found bytes that are not")
    }
    swift += """
            /// `\(path)`, byte for byte.
            static let \(name) = \"\"\"
        \(literalBody(text))
        \"\"\"

        """
}
swift += "}\n"
do { try Data(swift.utf8).write(to: output, options: .atomic) } catch {
    fail("\(output.path): cannot write (\(error.localizedDescription))")
}
