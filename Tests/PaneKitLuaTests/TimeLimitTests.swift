// Limits.seconds: the wall-clock backstop for work the instruction budget does not charge (comparing two long
// strings of equal length). Each probe runs on its own thread with a deadline, so a regression fails the test
// instead of hanging the suite.

import Foundation
import PaneKit
@testable import PaneKitLua
import Testing

@Suite struct TimeLimitTests {
    /// Two distinct 3 MB strings of equal bytes: each `a == b` compares all of them in one VM instruction, so a
    /// million instructions of such comparisons take about a minute, far past any time limit.
    static let source = """
        local a = ('x'):rep(3e6)
        local b = ('x'):rep(3e6 - 1) .. 'x'
        return { style = function(ctx)
          if ctx.closed < 0.9 then
            local n = 0
            while true do if a == b then n = n + 1 end end
          end
          return { pane = { alpha = ctx.closed } }
        end }
        """

    static let limits = Limits(memory: 32 << 20, seconds: 0.3)

    @Test func aCallPastItsTimeLimitEndsWithAnErrorAndTheStateGoesOn() throws {
        let outcome = try #require(
            finishes(within: 30) { () throws -> (PluginError?, Double) in
                let s = try styler(Self.source, file: "slow.lua", limits: Self.limits)
                let error = pluginError { _ = try style(s, closed: 0.5) }
                // The same state, a call that does not loop: it runs as usual.
                return (error, try style(s, closed: 1)[.pane].alpha ?? -1)
            }, "a call past its time limit did not end")
        let (error, alpha) = try outcome.get()
        let failure = try #require(error)
        #expect(failure.isLimitExceeded)
        #expect(
            failure.description.hasPrefix("slow.lua:6: time limit exceeded: a call may run at most 0.3 seconds"),
            "\(failure.description)")
        #expect(alpha == 1)
    }

    @Test func aPluginThatCatchesTheInterruptionCannotGoOn() throws {
        let source = Self.source.replacingOccurrences(
            of: "while true do if a == b then n = n + 1 end end",
            with: "while true do pcall(function() while true do if a == b then n = n + 1 end end end) end")
        let outcome = try #require(
            finishes(within: 30) { () throws -> PluginError? in
                let s = try styler(source, file: "slow.lua", limits: Self.limits)
                return pluginError { _ = try style(s, closed: 0.5) }
            }, "a plugin that catches the interruption did not end")
        let failure = try #require(try outcome.get())
        #expect(failure.isLimitExceeded)
        #expect(failure.description.contains("time limit exceeded"), "\(failure.description)")
    }

    @Test func aTimeLimitLeavesOrdinaryCallsAlone() throws {
        // Many short calls, each far under the limit, give what the same plugin without a limit gives.
        let text = "return { style = function(ctx) return { pane = { alpha = ctx.closed } } end }"
        let limited = try styler(text, limits: Limits(seconds: 0.05))
        let unlimited = try styler(text)
        for i in 0...200 {
            let closed = Double(i) / 200
            // A loaded machine may keep a call from running for 0.05 s of wall time; then, and only then, the limit
            // may end it, and the call is made again (a bounded number of times) until it runs undisturbed.
            for attempt in 1... {
                let started = DispatchTime.now().uptimeNanoseconds
                var alpha: Double?
                let error = pluginError { alpha = try style(limited, closed: closed)[.pane].alpha }
                guard let error else {
                    #expect(try alpha == style(unlimited, closed: closed)[.pane].alpha)
                    break
                }
                let ran = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
                #expect(error.isLimitExceeded && ran >= 0.05, "call \(i) ended after \(ran) s: \(error.description)")
                try #require(attempt < 20, "call \(i) never ran undisturbed")
            }
        }
    }

    @Test func limitsReadTheirSeconds() {
        #expect(Limits().seconds == nil)
        #expect(Limits(seconds: 2).seconds == 2)
        #expect(Limits(seconds: .infinity).seconds == nil)
        #expect(Limits(seconds: .nan).seconds == nil)
        #expect(Limits(seconds: 0).seconds == 0.01)
    }
}
