// Golden files for the render tests: XCTest's face of PaneKitTestSupport's verifyGolden.

import PaneKitTestSupport
import XCTest

/// Compares `actual` with `__Snapshots__/<TestFile>/<test>.<name>.<ext>` beside the calling test file,
/// as `PANEKIT_RECORD` says (all, missing, failed, never; the default is missing).
func assertSnapshot(
    _ actual: String, named name: String, as ext: String,
    file: StaticString = #filePath, function: String = #function, line: UInt = #line
) {
    if let failure = verifyGolden(actual, named: name, ext: ext, test: function, filePath: "\(file)") {
        XCTFail(failure, file: file, line: line)
    }
}
