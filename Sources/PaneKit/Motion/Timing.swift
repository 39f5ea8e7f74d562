// How a programmatic transition moves: a bézier timing curve over a duration, or a spring that sets its own.

import Foundation

/// The timing of one transition (DESIGN §12 "Timing of a transition").
public enum Timing: Hashable, Sendable {
    /// A cubic bézier over the container's own duration (the originals' choice).
    case curve(TimingCurve)
    /// A spring from the start to the target; the duration is its settle time.
    case spring(Spring)

    /// Reads a named curve (`linear`, `easeIn`, `easeOut`, `easeInEaseOut`, `default`) or any CSS easing function
    /// (`ease`, `ease-in`, `ease-out`, `ease-in-out`, `step-start`, `step-end`, `cubic-bezier(x1,y1,x2,y2)`,
    /// `steps(n[, position])`, `linear(…)`; `TimingCurve.init(css:)`), such as the `linear()` `panekit spring` writes.
    /// - Throws: `SpringFormError` with what was expected.
    package init(parsing text: String) throws(SpringFormError) {
        if let named = TimingCurve.named.first(where: { $0.name == text }) {
            self = .curve(named.curve)
            return
        }
        if let curve = TimingCurve(css: text) {
            self = .curve(curve)
            return
        }
        throw SpringFormError(.invalidCurve, "\(Self.expected), got \"\(text)\"")
    }

    /// What a timing string may be, for messages.
    package static let expected =
        "expected linear, easeIn, easeOut, easeInEaseOut, default or a CSS easing function (ease, ease-in, ease-out, "
        + "ease-in-out, step-start, step-end, cubic-bezier(x1,y1,x2,y2) with x1, x2 in 0...1 and y1, y2 in -1000000...1000000, "
        + "steps(n[, jump-start|jump-end|jump-none|jump-both|start|end]), linear(output [input%]{0,2}, …))"
}
