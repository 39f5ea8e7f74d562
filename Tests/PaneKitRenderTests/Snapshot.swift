// Golden files: text compared byte for byte with __Snapshots__/<TestFile>/<test>.<name>.<ext>, re-recorded
// as PANEKIT_RECORD says (all, missing, failed, never; the default is missing).

import Foundation
import XCTest

/// Compares `actual` with its golden file.
///
/// - A missing golden file is recorded and the test fails (unless PANEKIT_RECORD=never, which only fails).
/// - A mismatch fails with a line diff and writes the actual text beside the golden file as
///   `<test>.<name>.actual.<ext>`; with PANEKIT_RECORD=failed or all the golden file is rewritten instead.
/// - PANEKIT_RECORD=all rewrites every golden file it reaches and fails, so a run never passes while recording.
func assertSnapshot(
    _ actual: String, named name: String, as ext: String,
    file: StaticString = #filePath, function: String = #function, line: UInt = #line
) {
    let mode = ProcessInfo.processInfo.environment["PANEKIT_RECORD"] ?? "missing"
    let source = URL(fileURLWithPath: "\(file)")
    let folder = source.deletingLastPathComponent().appendingPathComponent("__Snapshots__")
        .appendingPathComponent(source.deletingPathExtension().lastPathComponent)
    let test = function.hasSuffix("()") ? String(function.dropLast(2)) : function
    let golden = folder.appendingPathComponent("\(test).\(name).\(ext)")
    let beside = folder.appendingPathComponent("\(test).\(name).actual.\(ext)")
    try? FileManager.default.removeItem(at: beside)
    func record(_ url: URL) {
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try? Data(actual.utf8).write(to: url)
    }
    guard let expectedData = FileManager.default.contents(atPath: golden.path) else {
        if mode != "never" { record(golden) }
        XCTFail("no golden file \(golden.path)" + (mode == "never" ? "" : "; recorded it, check it and run again"), file: file, line: line)
        return
    }
    let expected = String(decoding: expectedData, as: UTF8.self)
    if expected == actual && mode != "all" { return }
    if mode == "all" || mode == "failed" {
        record(golden)
        XCTFail("re-recorded \(golden.path) (PANEKIT_RECORD=\(mode)); run again without it", file: file, line: line)
        return
    }
    record(beside)
    XCTFail("\(golden.lastPathComponent) differs; actual output in \(beside.path); re-record with PANEKIT_RECORD=failed\n"
        + lineDiff(expected, actual), file: file, line: line)
}

/// The first differing lines of two texts, `-` expected and `+` actual, with line numbers.
func lineDiff(_ expected: String, _ actual: String, limit: Int = 12) -> String {
    let a = expected.components(separatedBy: "\n"), b = actual.components(separatedBy: "\n")
    var out: [String] = []
    for i in 0..<max(a.count, b.count) where out.count < 2 * limit {
        let x = i < a.count ? a[i] : nil, y = i < b.count ? b[i] : nil
        guard x != y else { continue }
        if let x { out.append("-\(i + 1): \(x)") }
        if let y { out.append("+\(i + 1): \(y)") }
    }
    return out.joined(separator: "\n")
}
