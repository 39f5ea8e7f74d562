// The one number format of every text output: shortest round-trip form, at most 6 decimals, never "-0";
// as a String or appended to bytes without allocating (the SVG and terminal writers).

/// Formats numbers for JSON, SVG and every other text PaneKit writes.
package enum NumberFormat {
    /// `x` rounded to 6 decimals, written in its shortest round-trip form; `-0` becomes `0`,
    /// integral values have no decimal point. Non-finite values (never written by PaneKit) become `0`.
    /// - Complexity: one small string; used on output paths only.
    package static func string(_ x: Double) -> String {
        guard x.isFinite, abs(x) < 1e9 else { return wide(x) }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { buffer in
            String(decoding: UnsafeBufferPointer(rebasing: buffer[..<digits(x, into: buffer)]), as: UTF8.self)
        }
    }

    /// Appends `string(x)` to `bytes` as UTF-8.
    /// - Complexity: no allocation beyond the array's growth for |x| < 10⁹.
    package static func append(_ x: Double, to bytes: inout [UInt8]) {
        guard x.isFinite, abs(x) < 1e9 else { return bytes.append(contentsOf: wide(x).utf8) }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { buffer in
            bytes.append(contentsOf: buffer[..<digits(x, into: buffer)])
        }
    }

    /// Writes `x` (finite, |x| < 10⁹) into `buffer` (at least 18 bytes) and returns the count written.
    ///
    /// Below 10⁹ in magnitude the shortest round-trip form of a number rounded to 6 decimals is its decimal
    /// expansion without trailing zeros, so it is written from the integer count of millionths.
    private static func digits(_ x: Double, into buffer: UnsafeMutableBufferPointer<UInt8>) -> Int {
        let micros = Int64((x * 1_000_000).rounded())
        var count = 0
        func put(_ byte: UInt8) {
            buffer[count] = byte
            count += 1
        }
        if micros == 0 {
            put(UInt8(ascii: "0"))
            return count
        }
        if micros < 0 { put(UInt8(ascii: "-")) }
        let m = micros.magnitude
        let whole = m / 1_000_000
        var divisor: UInt64 = 1
        while whole / divisor >= 10 { divisor *= 10 }
        while divisor > 0 {
            put(UInt8(ascii: "0") + UInt8(whole / divisor % 10))
            divisor /= 10
        }
        var fraction = m % 1_000_000
        guard fraction > 0 else { return count }
        put(UInt8(ascii: "."))
        var width = 6
        while fraction % 10 == 0 {
            fraction /= 10
            width -= 1
        }
        divisor = 1
        for _ in 1..<width { divisor *= 10 }
        while divisor > 0 {
            put(UInt8(ascii: "0") + UInt8(fraction / divisor % 10))
            divisor /= 10
        }
        return count
    }

    /// `string(x)` for non-finite values and |x| ≥ 10⁹, from Swift's shortest round-trip form.
    private static func wide(_ x: Double) -> String {
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
