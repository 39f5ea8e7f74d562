// Timing curves written as CSS writes them: `<easing-function>` of CSS Easing Functions level 2, parsed and serialized
// as browsers do (the canonical forms WPT's syntax tests expect).

import Foundation

extension TimingCurve {
    /// The CSS keywords and the curves they stand for (`step-start` and `step-end` are `steps(1, start)` and
    /// `steps(1)`).
    package static let cssKeywords: [(name: String, curve: TimingCurve)] = [
        ("linear", .linear), ("ease", .default), ("ease-in", .easeIn), ("ease-out", .easeOut), ("ease-in-out", .easeInEaseOut),
        ("step-start", TimingCurve(kind: .steps(count: 1, position: .start))),
        ("step-end", TimingCurve(kind: .steps(count: 1, position: .end))),
    ]

    /// Reads a CSS `<easing-function>`: a keyword (`linear`, `ease`, `ease-in`, `ease-out`, `ease-in-out`,
    /// `step-start`, `step-end`), `cubic-bezier(x1, y1, x2, y2)` (x1 and x2 in 0…1), `steps(n[, position])` or
    /// `linear(stop, …)`, each stop a number with up to two percentages. Names and functions are read in any case,
    /// with any white space CSS allows; nil when it is none of these.
    package init?(css text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        let lower = trimmed.lowercased()
        if let keyword = Self.cssKeywords.first(where: { $0.name == lower }) {
            self = keyword.curve
            return
        }
        guard let open = lower.firstIndex(of: "("), lower.hasSuffix(")") else { return nil }
        let name = lower[..<open]
        let arguments = lower[lower.index(after: open)..<lower.index(before: lower.endIndex)]
            .split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        switch name {
        case "cubic-bezier":
            let n = arguments.compactMap(Self.cssNumber)
            guard arguments.count == 4, n.count == 4, (0...1).contains(n[0]), (0...1).contains(n[2]),
                abs(n[1]) <= Self.largestY, abs(n[3]) <= Self.largestY
            else { return nil }
            self.init(x1: n[0], y1: n[1], x2: n[2], y2: n[3])
        case "steps":
            guard (1...2).contains(arguments.count), let count = Int(arguments[0]) else { return nil }
            let position = arguments.count == 2 ? StepPosition(rawValue: arguments[1]) : .end
            guard let position, let curve = Self.steps(count, position) else { return nil }
            self = curve
        case "linear":
            guard arguments.count >= 2, let points = Self.linearPoints(arguments), let curve = Self.linear(points: points) else {
                return nil
            }
            self = curve
        default:
            return nil
        }
    }

    /// The points of `linear()`'s stops, with CSS's fix-ups: a stop with two percentages is two points, a first
    /// stop without one is at 0 %, a last stop without one at the largest input so far (at least 100 %), inputs never
    /// go back, and runs without inputs are spread evenly between their neighbours.
    static func linearPoints(_ stops: [String]) -> [LinearPoint]? {
        var outputs: [Double] = [], inputs: [Double?] = []
        for stop in stops {
            let words = stop.split(whereSeparator: \.isWhitespace)
            guard let first = words.first, let output = cssNumber(String(first)), words.count <= 3 else { return nil }
            var percentages: [Double] = []
            for word in words.dropFirst() {
                guard word.hasSuffix("%"), let p = cssNumber(String(word.dropLast())) else { return nil }
                percentages.append(p / 100)
            }
            if percentages.isEmpty {
                outputs.append(output)
                inputs.append(nil)
            }
            for p in percentages {
                outputs.append(output)
                inputs.append(p)
            }
        }
        guard outputs.count >= 2 else { return nil }
        if inputs[0] == nil { inputs[0] = 0 }
        if inputs[inputs.count - 1] == nil { inputs[inputs.count - 1] = max(1, inputs.compactMap { $0 }.max() ?? 1) }
        var largest = -Double.infinity
        for i in inputs.indices {
            if let input = inputs[i] {
                inputs[i] = max(input, largest)
                largest = inputs[i]!
            }
        }
        var i = 0
        while i < inputs.count {
            guard inputs[i] == nil else {
                i += 1
                continue
            }
            var j = i
            while inputs[j] == nil { j += 1 }
            let a = inputs[i - 1]!, b = inputs[j]!
            for k in i..<j { inputs[k] = a + (b - a) * Double(k - i + 1) / Double(j - i + 1) }
            i = j
        }
        return zip(inputs, outputs).map { LinearPoint(input: $0!, output: $1) }
    }

    /// A CSS number (`0.5`, `-.5`, `1e3`); nil for anything else (a unit, `infinite`, a `calc()`).
    static func cssNumber(_ text: String) -> Double? {
        guard !text.isEmpty, text.allSatisfy({ "0123456789.+-eE".contains($0) }), let value = Double(text), value.isFinite else {
            return nil
        }
        return value
    }

    /// The curve as CSS writes its computed value: a keyword when it is one (`ease`, `linear`), else
    /// `cubic-bezier(…)`, `steps(n)` (the default `end` left out), `steps(n, position)` or `linear(output input%, …)`;
    /// numbers with six significant digits.
    package var css: String {
        switch kind {
        case .cubicBezier:
            if let keyword = Self.cssKeywords.first(where: { $0.curve == self }) { return keyword.name }
            return "cubic-bezier(" + [x1, y1, x2, y2].map(Self.cssWritten).joined(separator: ", ") + ")"
        case .steps(let count, let position):
            return position == .end || position == .jumpEnd ? "steps(\(count))" : "steps(\(count), \(position.rawValue))"
        case .linear(let points):
            return "linear(" + points.map { "\(Self.cssWritten($0.output)) \(Self.cssWritten($0.input * 100))%" }.joined(separator: ", ")
                + ")"
        }
    }

    /// A number as browsers serialize it: six significant digits, no trailing zeros.
    static func cssWritten(_ x: Double) -> String {
        if x == 0 { return "0" }
        var text = String(format: "%.6g", x)
        if text.contains("e") { text = String(format: "%.6f", x) }
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text == "-0" ? "0" : text
    }
}
