// The bench's plain C harness runs a plugin with the sandbox's whitelist too: no io, os or load.

import CLuaHarness
import Foundation
import Testing

@testable import PaneKitLua

@Suite struct HarnessSandboxTests {
    /// Runs `style` through the harness a few times; the error text when it fails.
    func harness(_ style: String) -> String? {
        let source = "return { style = function(ctx)\n\(style)\nreturn {} end }"
        let result = (Sandbox.source + "\n" + HelperLibrary.source).withCString { prelude in
            source.withCString { pk_harness_run(prelude, $0, strlen($0), "=probe.lua", 10, "left", 280, 375, 667) }
        }
        guard result.ok == 0 else { return nil }
        return withUnsafeBytes(of: result.error) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }

    @Test func theHarnessHasNoIOOrOS() {
        #expect(harness("local x = 1") == nil)
        #expect(harness("local x = panekit.lerp(0, 1, 0.5)") == nil)
        for name in ["io", "os", "load", "require", "debug"] {
            let error = harness("local f = \(name).x")
            #expect(error?.contains("\(name) is not available to plugins") == true, "\(name): \(error ?? "no error")")
        }
    }
}
