// Transform steps that are each finite but whose product is not: the styler fails at the edit, with its file and
// line, in panekit check as in every run (the host would otherwise stop the run at an unnamed number).

import Foundation
import PaneKit
import Testing

@testable import PaneKitLua

@Suite struct ComposedEditTests {
    static func source(_ node: String) -> String {
        """
        return {
          style = function(ctx)
            return {
              \(node),
            }
          end,
        }
        """
    }

    @Test func checkFailsStepsWhoseProductOverflowsAtTheirKey() throws {
        let cases: [(node: String, line: String)] = [
            (
                #"pane = { ops = { { "scale", 1e200 }, { "scale", 1e200 } } }"#,
                "over.lua:4: pane.ops: expected steps whose product is finite, got inf at pane.transform.m11 (left, closed -0.1)"
            ),
            (
                "drawer = { scale = 1e200, perspective = -1e200 }",
                "over.lua:4: drawer.scale: expected scale, perspective whose product is finite, got -inf at drawer.left.transform.m34 "
                    + "(left, closed -0.1)"
            ),
        ]
        for (node, line) in cases {
            let problems = PluginCheck.run(try plugin(Self.source(node), file: "over.lua"))
            // (`drawer` is another node on each edge: one problem per edge.)
            #expect(problems.flatMap(\.lines).first == line, "\(node): \(problems.flatMap(\.lines))")
            #expect(problems.first?.reason == .result)
        }
    }

    @Test func aRunFailsTheStylerWithItsFileAndLineAsCheckDoes() throws {
        let source = Self.source(#"pane = { ops = { { "scale", 1e200 }, { "scale", 1e200 } } }"#)
        let styler = try LuaStyler(plugin: try plugin(source, file: "over.lua"))
        var container = DrawerContainer(DrawerConfiguration(size: Size(width: 375, height: 667)))
        container.setStaticPose(.left, closed: 0.5)
        var host = PaneHost(container: container, stylers: [.left: [styler]], chrome: false)
        host.strict = true
        let error = #expect(throws: HostError.self) { _ = try host.step() }
        let expected = "over.lua:4: pane.ops: expected steps whose product is finite, got inf at pane.transform.m11"
        #expect(error?.pluginError?.description == expected, "\(String(describing: error))")
    }

    @Test func largeStepsWhoseProductIsFiniteStillPass() throws {
        let problems = PluginCheck.run(try plugin(Self.source("pane = { scale = 1e150, translate = { 1e300, 0 } }"), file: "big.lua"))
        #expect(problems.isEmpty, "\(problems)")
    }
}
