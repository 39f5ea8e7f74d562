// The byte buffer's number writer must write exactly what NumberFormat.string writes.

import PaneKit
import PaneKitRender
import PaneKitTestSupport
import XCTest

final class TextBufferTests: XCTestCase {
    func testNumbersMatchNumberFormat() {
        var generator = SplitMix64(seed: 42)
        var values: [Double] = [
            0, -0.0, 1, -1, 0.5, 1e-7, -1e-7, 4e-7, 5e-7, 0.000001, 123456.7890125, 999_999_999.9999999,
            1e9, -1e9, 1e15, 1e16, 2.5e-6, 0.1 + 0.2, 1 / 3, -2 / 3, .nan, .infinity,
        ]
        for _ in 0..<20_000 {
            let magnitude = pow(10, Double(generator.next() % 14) - 6)
            values.append((Double(generator.next() % 2_000_001) / 1_000_000 - 1) * magnitude)
        }
        for x in values {
            var buffer = TextBuffer()
            buffer.append(number: x)
            XCTAssertEqual(buffer.string, NumberFormat.string(x), "x = \(x)")
        }
    }

    func testIntegersAndEscapes() {
        var buffer = TextBuffer()
        for n in [0, 7, -7, 10, 1_000_000, Int.min + 1] {
            buffer.append(int: n)
            buffer.append(" ")
        }
        buffer.append(xml: "a<b & \"c\">")
        buffer.append(rgb: Color(red: 1, green: 0.5, blue: 0))
        XCTAssertEqual(buffer.string, "0 7 -7 10 1000000 \(Int.min + 1) a&lt;b &amp; &quot;c&quot;&gt;#ff8000")
    }

    func testNumberPairsAndBoxAttributes() {
        var buffer = TextBuffer()
        buffer.append(number: 12.5, -0.0)
        buffer.append(";")
        buffer.append(attributesOf: Rect(x: -1, y: 0.1 + 0.2, width: 1e-7, height: 640))
        XCTAssertEqual(buffer.string, "12.5 0; x=\"-1\" y=\"0.3\" width=\"0\" height=\"640\"")
    }
}
