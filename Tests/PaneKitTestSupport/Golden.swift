// Golden files: compare text output with a recorded reference, byte for byte.

import Foundation

/// When references are (re)written, from the environment variable `PANEKIT_RECORD`.
public enum RecordMode: String, Sendable {
    /// Rewrite every reference.
    case all
    /// Record references that do not exist yet (the default); the test still fails so the new file is reviewed.
    case missing
    /// Rewrite the references that do not match.
    case failed
    /// Never write (use this in CI).
    case never

    public static var current: RecordMode {
        ProcessInfo.processInfo.environment["PANEKIT_RECORD"].flatMap(RecordMode.init(rawValue:)) ?? .missing
    }
}

/// Compares `actual` with `Tests/<Target>/__Snapshots__/<TestFile>/<test>.<name>.<ext>`.
///
/// - Returns: nil when they match, else a message with the first differing lines. A missing reference is
///   recorded (unless the mode is `never`) and reported as a failure; a mismatch writes the actual output
///   beside the reference as `<file>.actual` for inspection.
public func verifyGolden(
    _ actual: String, named name: String, ext: String, test: String = #function, filePath: String = #filePath
) -> String? {
    let testFile = URL(fileURLWithPath: filePath)
    let testName = test.replacingOccurrences(of: "()", with: "")
    let folder = testFile.deletingLastPathComponent()
        .appendingPathComponent("__Snapshots__")
        .appendingPathComponent(testFile.deletingPathExtension().lastPathComponent)
    let reference = folder.appendingPathComponent("\(testName).\(name).\(ext)")
    let mode = RecordMode.current
    let fm = FileManager.default

    guard let expectedData = fm.contents(atPath: reference.path) else {
        if mode != .never {
            try? fm.createDirectory(at: folder, withIntermediateDirectories: true)
            try? Data(actual.utf8).write(to: reference)
            return "recorded a new reference at \(reference.path); check it and run again"
        }
        return "no reference at \(reference.path) (PANEKIT_RECORD=never)"
    }
    let expected = String(decoding: expectedData, as: UTF8.self)
    if expected == actual {
        try? fm.removeItem(at: reference.appendingPathExtension("actual"))
        return nil
    }
    if mode == .all || mode == .failed {
        try? Data(actual.utf8).write(to: reference)
        return "re-recorded \(reference.path)"
    }
    try? Data(actual.utf8).write(to: reference.appendingPathExtension("actual"))
    return "output differs from \(reference.path) (actual written beside it):\n" + lineDiff(expected, actual)
}

/// The first few differing lines of two texts, `-` expected and `+` actual.
public func lineDiff(_ expected: String, _ actual: String, limit: Int = 5) -> String {
    let a = expected.components(separatedBy: "\n"), b = actual.components(separatedBy: "\n")
    var out: [String] = []
    for i in 0..<max(a.count, b.count) where out.count < limit * 2 {
        let x = i < a.count ? a[i] : "<none>", y = i < b.count ? b[i] : "<none>"
        if x != y {
            out.append("line \(i + 1): - \(x.prefix(300))")
            out.append("line \(i + 1): + \(y.prefix(300))")
        }
    }
    if a.count != b.count { out.append("(\(a.count) lines expected, \(b.count) actual)") }
    return out.joined(separator: "\n")
}
