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
/// - Returns: nil when they match, else the failure to report. A missing reference is recorded (unless the mode
///   is `never`) and still fails, so it gets reviewed; a mismatch writes the actual output beside the reference
///   as `<test>.<name>.actual.<ext>` with a line diff; `failed` and `all` rewrite the reference instead (and
///   fail, so a recording run never passes).
public func verifyGolden(
    _ actual: String, named name: String, ext: String, test: String = #function, filePath: String = #filePath
) -> String? {
    let source = URL(fileURLWithPath: filePath)
    let testName = test.hasSuffix("()") ? String(test.dropLast(2)) : test
    let folder = source.deletingLastPathComponent()
        .appendingPathComponent("__Snapshots__")
        .appendingPathComponent(source.deletingPathExtension().lastPathComponent)
    let reference = folder.appendingPathComponent("\(testName).\(name).\(ext)")
    let beside = folder.appendingPathComponent("\(testName).\(name).actual.\(ext)")
    let mode = RecordMode.current
    let fm = FileManager.default
    try? fm.removeItem(at: beside)
    func record(_ url: URL) {
        try? fm.createDirectory(at: folder, withIntermediateDirectories: true)
        try? Data(actual.utf8).write(to: url)
    }

    guard let expectedData = fm.contents(atPath: reference.path) else {
        if mode == .never { return "no golden file \(reference.path) (PANEKIT_RECORD=never)" }
        record(reference)
        return "no golden file \(reference.path); recorded it, check it and run again"
    }
    let expected = String(decoding: expectedData, as: UTF8.self)
    if expected == actual && mode != .all { return nil }
    if mode == .all || mode == .failed {
        record(reference)
        return "re-recorded \(reference.path) (PANEKIT_RECORD=\(mode.rawValue)); run again without it"
    }
    record(beside)
    return "\(reference.lastPathComponent) differs; actual output in \(beside.path); re-record with PANEKIT_RECORD=failed\n"
        + lineDiff(expected, actual)
}

/// The first differing lines of two texts, `-` expected and `+` actual, with line numbers.
public func lineDiff(_ expected: String, _ actual: String, limit: Int = 12) -> String {
    let a = expected.components(separatedBy: "\n"), b = actual.components(separatedBy: "\n")
    var out: [String] = []
    for i in 0..<max(a.count, b.count) where out.count < 2 * limit {
        let x = i < a.count ? a[i] : nil, y = i < b.count ? b[i] : nil
        guard x != y else { continue }
        if let x { out.append("-\(i + 1): \(x.prefix(300))") }
        if let y { out.append("+\(i + 1): \(y.prefix(300))") }
    }
    if a.count != b.count { out.append("(\(a.count) lines expected, \(b.count) actual)") }
    return out.joined(separator: "\n")
}
