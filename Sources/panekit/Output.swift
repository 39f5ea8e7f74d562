// Writing results: whole files through a temporary name, or standard output.

import Foundation
import PaneKit

enum Output {
    /// Writes `text` to the file `path` (`-`: standard output) whole or not at all; see `Files` for what is refused.
    static func write(_ text: String, to path: String) throws(CLIError) {
        try Files.write(text, to: path)
    }

    /// Writes `text` to the file `path` (`--out`), or to standard output when there is none.
    static func deliver(_ text: String, to path: String?) throws(CLIError) {
        if let path { try write(text, to: path) } else { print(text) }
    }

    /// Writes `text` to standard output as it is.
    static func print(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    /// Writes one line to standard error.
    static func warn(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    /// Reads a UTF-8 text file (`-`: standard input), remembered as an input that no output may replace.
    static func read(_ path: String) throws(CLIError) -> String {
        try Files.readText(path)
    }
}
