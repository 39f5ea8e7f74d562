// How a programmatic transition moves: a bézier timing curve over a duration, or a spring that sets its own.

import Foundation

/// The timing of one transition (DESIGN §12 "Timing of a transition").
public enum Timing: Hashable, Sendable {
    /// A cubic bézier over the container's own duration (the originals' choice).
    case curve(TimingCurve)
    /// A spring from the start to the target; the duration is its settle time.
    case spring(Spring)

    /// Reads a named curve (`linear`, `easeIn`, `easeOut`, `easeInEaseOut`, `default`) or `cubic-bezier(x1,y1,x2,y2)`.
    /// - Throws: `SpringFormError` with what was expected.
    package init(parsing text: String) throws(SpringFormError) {
        if let named = TimingCurve.named.first(where: { $0.name == text }) {
            self = .curve(named.curve)
            return
        }
        let expected =
            "expected linear, easeIn, easeOut, easeInEaseOut, default or cubic-bezier(x1,y1,x2,y2) with x1, x2 in 0...1 "
            + "and y1, y2 in -1000000...1000000"
        guard text.hasPrefix("cubic-bezier("), text.hasSuffix(")") else {
            throw SpringFormError(.invalidCurve, "\(expected), got \"\(text)\"")
        }
        let inner = text.dropFirst("cubic-bezier(".count).dropLast()
        let numbers = inner.split(separator: ",", omittingEmptySubsequences: false).map {
            Double($0.trimmingCharacters(in: .whitespaces))
        }
        guard numbers.count == 4, let x1 = numbers[0], let y1 = numbers[1], let x2 = numbers[2], let y2 = numbers[3],
            [x1, y1, x2, y2].allSatisfy(\.isFinite), (0...1).contains(x1), (0...1).contains(x2),
            abs(y1) <= TimingCurve.largestY, abs(y2) <= TimingCurve.largestY
        else { throw SpringFormError(.invalidCurve, "\(expected), got \"\(text)\"") }
        self = .curve(TimingCurve(x1: x1, y1: y1, x2: x2, y2: y2))
    }
}
