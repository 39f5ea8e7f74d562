// panekit curve: a cubic-bézier timing written as SwiftUI, UIKit, Compose and CSS code.

import Foundation
import PaneKit

enum CurveCommand {
    static let help = """
        usage: panekit curve NAME|CSS-EASING|SPRING [--duration S]

        Prints the timing curve as code for each platform: SwiftUI, UIKit (UIViewPropertyAnimator and Core
        Animation), Jetpack Compose and CSS cubic-bezier(). All four are the same bézier, so they match exactly.
        Any CSS easing function is read (ease, ease-in-out, cubic-bezier(…), steps(n, jump-start), linear(…));
        steps() and linear() have no bézier, so only their CSS is printed.
        A SPRING (a form of panekit spring, such as response=0.5,dampingFraction=0.8) is printed as SwiftUI's
        interpolatingSpring, UIKit's UISpringTimingParameters, Compose's spring and CSS linear() with enough stops
        to stay within 0.5 % of the spring, lasting its settle time.
          NAME            linear, easeIn, easeOut, easeInEaseOut or default (Core Animation's presets)
          --duration S    the duration written into a curve's code, in seconds (default 0.3)

        Example: panekit curve 'cubic-bezier(0.2, 0.8, 0.2, 1)' --duration 0.35

        """

    static func run(_ arguments: [String]) throws(CLIError) {
        let args = try Arguments(command: "curve", arguments, valued: ["duration"], switches: ["help"])
        if args.has("help") { return Output.print(help) }
        guard args.positionals.count == 1, let text = args.positionals.first else {
            throw .usage("curve: expected one curve name or cubic-bezier(x1,y1,x2,y2); see panekit curve --help")
        }
        let duration = try args.double("duration", where: { $0 > 0 && $0 <= 60 }, expected: "seconds > 0 and ≤ 60") ?? 0.3
        if text.contains("=") {
            let spring: Spring
            do { spring = try Spring(parsing: text) } catch { throw .input("curve: \(error.message)") }
            return Output.print(try code(spring))
        }
        let curve = try parse(text)
        Output.print(code(curve, duration: duration))
    }

    /// A preset name or `cubic-bezier(x1, y1, x2, y2)` with x1 and x2 in 0…1.
    static func parse(_ text: String) throws(CLIError) -> TimingCurve {
        if let preset = TimingCurve.named.first(where: { $0.name == text }) { return preset.curve }
        if let css = TimingCurve(css: text) { return css }
        let trimmed = text.replacingOccurrences(of: " ", with: "")
        guard trimmed.hasPrefix("cubic-bezier("), trimmed.hasSuffix(")") else {
            let names = TimingCurve.named.map(\.name) + TimingCurve.cssKeywords.map(\.name).filter { $0 != "linear" }
            throw .input(
                "curve: expected one of \(names.joined(separator: ", ")), cubic-bezier(x1,y1,x2,y2), steps(n[, position]) or "
                    + "linear(…), got \"\(text)\"" + Suggestion.hint(for: text, among: names))
        }
        let numbers = trimmed.dropFirst("cubic-bezier(".count).dropLast().split(separator: ",", omittingEmptySubsequences: false).map {
            Double($0)
        }
        guard numbers.count == 4, let x1 = numbers[0], let y1 = numbers[1], let x2 = numbers[2], let y2 = numbers[3],
            [x1, y1, x2, y2].allSatisfy(\.isFinite)
        else { throw .input("curve: cubic-bezier: expected four numbers, got \"\(text)\"") }
        guard (0...1).contains(x1), (0...1).contains(x2) else {
            throw .input(
                "curve: cubic-bezier: x1 and x2 must lie in 0...1 (the curve is a function of time), got \(NumberFormat.message(x1)) and \(NumberFormat.message(x2))"
            )
        }
        guard abs(y1) <= TimingCurve.largestY, abs(y2) <= TimingCurve.largestY else {
            throw .input(
                "curve: cubic-bezier: y1 and y2 must lie in -1000000...1000000, got \(NumberFormat.message(y1)) and \(NumberFormat.message(y2))"
            )
        }
        return TimingCurve(x1: x1, y1: y1, x2: x2, y2: y2)
    }

    /// The four platforms' code, one labelled block each.
    static func code(_ c: TimingCurve, duration: Double) -> String {
        let d = n(duration)
        guard c.kind == .cubicBezier else {
            return """
                CSS:      transition-timing-function: \(c.css); transition-duration: \(d)s;
                          (SwiftUI, UIKit and Compose have no \(c.css.prefix { $0 != "(" })() curve: bake the motion or sample it)

                """
        }
        let (x1, y1, x2, y2) = (n(c.x1), n(c.y1), n(c.x2), n(c.y2))
        let millis = Int((duration * 1000).rounded())
        return """
            SwiftUI:  Animation.timingCurve(\(x1), \(y1), \(x2), \(y2), duration: \(d))
            UIKit:    UIViewPropertyAnimator(duration: \(d), controlPoint1: CGPoint(x: \(x1), y: \(y1)), controlPoint2: CGPoint(x: \(x2), y: \(y2)))
                      CAMediaTimingFunction(controlPoints: \(x1), \(y1), \(x2), \(y2))
            Compose:  tween<Float>(durationMillis = \(millis), easing = CubicBezierEasing(\(x1)f, \(y1)f, \(x2)f, \(y2)f))
            CSS:      transition-timing-function: cubic-bezier(\(x1), \(y1), \(x2), \(y2)); transition-duration: \(d)s;

            """
    }

    /// A spring's code: every platform's physical parameters (the same spring), and CSS `linear()` within 0.5 %.
    static func code(_ s: Spring) throws(CLIError) -> String {
        guard let linear = s.cssLinear(tolerance: 0.005) else {
            throw .input("curve: this spring does not settle, so CSS linear() cannot follow it")
        }
        let (m, k, c, v) = (n(s.mass), n(s.stiffness), n(s.damping), n(s.initialVelocity))
        // UIKit's own rest (PaneKit's threshold); Compose's visibility threshold when the form named Compose.
        let uikit = n(s.resting(.threshold).settlingDuration)
        var threshold = ""
        if case .compose(let visibility) = s.rest { threshold = ", visibilityThreshold = \(n(visibility))f" }
        return """
            SwiftUI:  Animation.interpolatingSpring(mass: \(m), stiffness: \(k), damping: \(c), initialVelocity: \(v))
            UIKit:    UISpringTimingParameters(mass: \(m), stiffness: \(k), damping: \(c), initialVelocity: CGVector(dx: \(v), dy: \(v)))
                      UIViewPropertyAnimator(duration: \(uikit), timingParameters: parameters)
            Compose:  spring<Float>(dampingRatio = \(n(s.dampingRatio))f, stiffness = \(n(s.stiffness / s.mass))f\(threshold))
            CSS:      transition-timing-function: \(linear); transition-duration: \(n(s.settlingDuration))s;

            """
    }

    private static func n(_ x: Double) -> String { NumberFormat.string(x) }
}
