// Reading a transition's "timing" from a scenario: a curve name, a CSS easing function, or {"spring": FORM}.

import PaneKit

extension Timing {
    /// Reads `"easeOut"`, a CSS easing function (`"ease-out"`, `"steps(4, jump-start)"`, `"linear(0, 0.6, 1)"`) or
    /// `{"spring": {KEY: VALUE, …}}` (DESIGN §12).
    /// - Throws: `SpringFormError` whose message starts with the key under `timing` that is wrong, if any
    ///   (`spring: …`, `spring.response: …`).
    init(json: JSONValue) throws(SpringFormError) {
        switch json {
        case .string(let text):
            do {
                try self.init(parsing: text)
            } catch {
                throw SpringFormError(error.reason, ": " + error.message)
            }
        case .object(let members):
            guard members.count == 1, members[0].key == "spring", case .object(let form) = members[0].value else {
                throw SpringFormError(
                    .malformed,
                    ": expected {\"spring\": {…}} with one spring form, got an object with keys "
                        + members.map(\.key).joined(separator: ", "))
            }
            var values: [String: SpringFormValue] = [:]
            for (key, value) in form {
                switch value {
                case .number(let n): values[key] = .number(n)
                case .string(let s): values[key] = .name(s)
                default: throw SpringFormError(.invalidValue, ".spring.\(key): expected a number, got \(value.brief)")
                }
            }
            do {
                self = .spring(try Spring(form: values))
            } catch {
                let named = values.keys.contains { error.message.hasPrefix("\($0):") }
                throw SpringFormError(error.reason, ".spring" + (named ? "." : ": ") + error.message)
            }
        default:
            throw SpringFormError(
                .invalidCurve,
                ": expected a curve name, a CSS easing function (\"ease-out\", \"cubic-bezier(x1,y1,x2,y2)\", \"steps(4)\", \"linear(…)\") or {\"spring\": {…}}, got \(json.brief)"
            )
        }
    }
}
