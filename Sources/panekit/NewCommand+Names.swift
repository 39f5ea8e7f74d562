// The names `panekit new` accepts: a plugin name, or a relative .lua path that stays inside the current folder.

extension NewCommand {
    /// `given` when it is a plugin name (ASCII letters, digits, `.`, `-` and `_`, not starting with `.` or `-`)
    /// or a relative path ending in such a `NAME.lua` with no `..` component, so that `new` writes only inside
    /// the current folder.
    /// - Throws: `CLIError` (exit 1) saying which rule the name breaks.
    static func checkedName(_ given: String) throws(CLIError) -> String {
        let isPath = given.hasSuffix(".lua") || given.contains("/")
        if isPath {
            guard !given.hasPrefix("/"), !given.split(separator: "/").contains("..") else {
                throw .input(
                    "new: \"\(given)\" leaves the current folder (an absolute path or ..); new writes only "
                        + "inside the current folder: cd there first, or give a relative path such as Plugins/wobble.lua")
            }
            guard given.hasSuffix(".lua") else {
                throw .input("new: \"\(given)\" is a path, so it must end in .lua, such as Plugins/wobble.lua")
            }
        }
        let file = given.split(separator: "/").last.map(String.init) ?? given
        let name = isPath ? String(file.dropLast(4)) : given
        guard isPluginName(name) else {
            throw .input(
                "new: \"\(name)\" is not a plugin name: use letters, digits, '.', '-' and '_', starting with a "
                    + "letter, a digit or '_', such as card-stack")
        }
        return given
    }

    /// Letters, digits, `.`, `-` and `_` (ASCII), not starting with `.` or `-`.
    static func isPluginName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first != ".", first != "-" else { return false }
        return name.unicodeScalars.allSatisfy {
            $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "." || $0 == "-" || $0 == "_")
        }
    }
}
