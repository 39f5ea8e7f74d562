// The one number format of every text output: shortest round-trip form, at most 6 decimals, never "-0".

/// Formats numbers for JSON, SVG and every other text PaneKit writes.
package enum NumberFormat {
    /// `x` rounded to 6 decimals, written in its shortest round-trip form; `-0` becomes `0`,
    /// integral values have no decimal point. Non-finite values (never written by PaneKit) become `0`.
    /// - Complexity: one small string; used on output paths only.
    package static func string(_ x: Double) -> String {
        guard x.isFinite else { return "0" }
        var r = (x * 1_000_000).rounded() / 1_000_000
        if abs(x) >= 1e15 { r = x.rounded() }
        if r == 0 { return "0" }
        if r == r.rounded(), abs(r) < 1e15 { return String(Int64(r)) }
        let text = "\(r)"
        // Swift writes small magnitudes in exponent form (1e-05); JSON accepts it, but keep decimals plain.
        // Huge ones (1e+16) stay in exponent form: their millionths would overflow Int64.
        if text.contains("e"), abs(r) < 1 {
            return plainDecimal(r)
        }
        return text
    }

    /// `x` for a message a person reads: as `string(_:)` writes it when that is exactly `x`, otherwise every digit
    /// it takes (Swift's shortest round-trip form, `1e-07`, `0.0009999`), so a bound or a value near one is never
    /// rounded onto the other side; `nan`, `inf` and `-inf` for the non-finite. Never used for frames or files.
    package static func message(_ x: Double) -> String {
        if x.isNaN { return "nan" }
        if x.isInfinite { return x < 0 ? "-inf" : "inf" }
        let short = string(x)
        return Double(short) == x ? short : "\(x)"
    }

    private static func plainDecimal(_ r: Double) -> String {
        let negative = r < 0
        let micros = Int64((abs(r) * 1_000_000).rounded())
        var fraction = String(micros % 1_000_000)
        fraction = String(repeating: "0", count: 6 - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        let whole = micros / 1_000_000
        return (negative ? "-" : "") + "\(whole)" + (fraction.isEmpty ? "" : "." + fraction)
    }
}
