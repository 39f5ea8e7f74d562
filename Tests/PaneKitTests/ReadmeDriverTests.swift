// The README's display-link driver is complete and compiles as written: the same code as the DocC article
// "Embedding in an app", type-checked against the built PaneKit module outside the package, as an app is.

import Foundation
import PaneKitTestSupport
import Testing

@Suite struct ReadmeDriverTests {
    /// The ```swift block of `file` (relative to the package root) that declares the driver class `name`.
    static func driverBlock(_ file: String, _ name: String = "DrawerDriver") throws -> String {
        let text = try String(contentsOf: packageRoot.appendingPathComponent(file), encoding: .utf8)
        let blocks = text.components(separatedBy: "```swift\n").dropFirst().map { $0.components(separatedBy: "\n```")[0] + "\n" }
        let drivers = blocks.filter { $0.contains("final class \(name)") }
        try #require(drivers.count == 1, "\(file): expected one driver block, found \(drivers.count)")
        return drivers[0]
    }

    /// The block with its Apple-only lines made portable: UIKit's Foundation import stands for UIKit, the stand-ins
    /// for QuartzCore, and the Objective-C selector for `@objc`/`#selector`, each expected exactly once.
    static func portable(_ block: String) -> (source: String, missing: [String]) {
        var source = block
        var missing: [String] = []
        for (apple, portable) in [
            ("import UIKit\n", "import Foundation\n"), ("import QuartzCore\n", ""), ("@objc ", ""),
            ("#selector(tick)", "Selector(\"tick\")"),
        ] {
            if source.components(separatedBy: apple).count != 2 { missing.append(apple) }
            source = source.replacingOccurrences(of: apple, with: portable)
        }
        return (source, missing)
    }

    @Test func theREADMEAndTheArticleShowTheSameCompleteDriver() throws {
        let readme = try Self.driverBlock("README.md")
        let article = try Self.driverBlock("Sources/PaneKit/PaneKit.docc/EmbeddingInAnApp.md")
        #expect(readme == article)
        for part in [
            "import PaneKit", "configuration.openGestures", "configuration.closeGestures", "host.step(at: link.timestamp)",
            "host.touch(phase", "forward(.cancelled", "apply(node, to: layer)", "layer.shadowColor", "layer.backgroundColor",
            "CATransaction.commit()",
        ] {
            #expect(readme.contains(part), "the driver lacks \(part)")
        }
    }

    @Test(.enabled(if: TypedActionTests.compiler != nil, "needs swiftc on PATH and the PaneKit module built by swift build"))
    func theDriverTypeChecksAgainstThePackage() throws {
        let (source, missing) = Self.portable(try Self.driverBlock("README.md"))
        #expect(missing.isEmpty, "expected once each in the driver: \(missing)")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("panekit-readme-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try source.write(to: folder.appendingPathComponent("Driver.swift"), atomically: true, encoding: .utf8)
        try DisplayLinkStandIns.source.write(to: folder.appendingPathComponent("StandIns.swift"), atomically: true, encoding: .utf8)
        let (swiftc, modules) = try #require(TypedActionTests.compiler)
        // The timeout only guards against a hang (see TypedActionTests).
        let result = try runProgram(
            swiftc, ["-typecheck", "-diagnostic-style", "llvm", "-I", modules.path, "Driver.swift", "StandIns.swift"],
            in: folder, timeout: 600)
        #expect(!result.timedOut)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(!(result.stdout + result.stderr).contains("error:"), "\(result.stdout)\(result.stderr)")
    }

    @Test func theREADMEAndTheSheetArticleShowTheSameSheetDriver() throws {
        let readme = try Self.driverBlock("README.md", "SheetDriver")
        let article = try Self.driverBlock("Sources/PaneKit/PaneKit.docc/Sheets.md", "SheetDriver")
        #expect(readme == article)
        for part in [
            "TypedPaneHost<SheetContainer>", "SheetConfiguration(size: size, behavior:", "configuration.detents",
            "try SheetContainer(configuration)", "host.step(at: link.timestamp)", "host.touch(phase", ".detentDidChange",
            "host.perform(.setDetent(", "host.perform(.dismiss())",
        ] {
            #expect(readme.contains(part), "the sheet driver lacks \(part)")
        }
    }

    /// The sheet driver, type-checked beside the drawer driver whose `apply(_:to:)` it calls.
    @Test(.enabled(if: TypedActionTests.compiler != nil, "needs swiftc on PATH and the PaneKit module built by swift build"))
    func theSheetDriverTypeChecksAgainstThePackage() throws {
        let (drawer, _) = Self.portable(try Self.driverBlock("README.md"))
        let (sheet, missing) = Self.portable(try Self.driverBlock("README.md", "SheetDriver"))
        #expect(missing.isEmpty, "expected once each in the sheet driver: \(missing)")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("panekit-readme-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try drawer.write(to: folder.appendingPathComponent("Driver.swift"), atomically: true, encoding: .utf8)
        try sheet.write(to: folder.appendingPathComponent("SheetDriver.swift"), atomically: true, encoding: .utf8)
        try DisplayLinkStandIns.source.write(to: folder.appendingPathComponent("StandIns.swift"), atomically: true, encoding: .utf8)
        let (swiftc, modules) = try #require(TypedActionTests.compiler)
        let result = try runProgram(
            swiftc,
            ["-typecheck", "-diagnostic-style", "llvm", "-I", modules.path, "Driver.swift", "SheetDriver.swift", "StandIns.swift"],
            in: folder, timeout: 600)
        #expect(!result.timedOut)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    }

    @Test(.enabled(if: TypedActionTests.compiler != nil, "needs swiftc on PATH and the PaneKit module built by swift build"))
    func theCheckCatchesADriverThatDoesNotCompile() throws {
        // The same check fails when the driver uses the API wrongly (a split action on a drawer host).
        let (source, _) = Self.portable(try Self.driverBlock("README.md"))
        let broken = source.replacingOccurrences(of: "host.perform(.tap(", with: "host.perform(.setSplitPosition(300)); _ = ((")
        #expect(broken != source)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("panekit-readme-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try broken.write(to: folder.appendingPathComponent("Driver.swift"), atomically: true, encoding: .utf8)
        try DisplayLinkStandIns.source.write(to: folder.appendingPathComponent("StandIns.swift"), atomically: true, encoding: .utf8)
        let (swiftc, modules) = try #require(TypedActionTests.compiler)
        let result = try runProgram(
            swiftc, ["-typecheck", "-diagnostic-style", "llvm", "-I", modules.path, "Driver.swift", "StandIns.swift"],
            in: folder, timeout: 600)
        #expect(result.status != 0 && (result.stdout + result.stderr).contains("setSplitPosition"))
    }
}
