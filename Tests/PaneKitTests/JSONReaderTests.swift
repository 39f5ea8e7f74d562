// The JSON reader: every escape decodes or is refused with its place, and no input makes it trap.

import Foundation
import PaneKitTestSupport
import Testing

@testable import PaneKit
@testable import PaneKitScenario

@Suite struct JSONReaderTests {
    /// The value of `text`, or the error as `line:column: message`.
    func read(_ text: String) -> Result<JSONValue, JSONSyntaxError> {
        do {
            return .success(try JSONReader.parse(text))
        } catch {
            return .failure(error)
        }
    }

    func decoded(_ literal: String) -> String? {
        if case .success(.string(let s)) = read(literal) { return s }
        return nil
    }

    @Test func escapesDecode() {
        #expect(decoded(#""\u0041\u00e9\u00E9\u4e2d\uFFFF""#) == "Aéé中\u{FFFF}")
        #expect(decoded(#""\"\\\/\b\f\n\r\t""#) == "\"\\/\u{8}\u{C}\n\r\t")
        #expect(decoded(#""\ud83d\ude00""#) == "😀")
        #expect(decoded(#""\uD800\uDC00""#) == "\u{10000}")
        #expect(decoded(#""\uDBFF\uDFFF""#) == "\u{10FFFF}")
        #expect(decoded(#""\u0000""#) == "\u{0}")
    }

    @Test func everySurrogatePairDecodesToItsScalar() {
        for high in UInt32(0xD800)...0xDBFF where high % 31 == 0 || high == 0xD800 || high == 0xDBFF {
            for low in UInt32(0xDC00)...0xDFFF where low % 29 == 0 || low == 0xDC00 || low == 0xDFFF {
                let text = "\"\\u\(String(high, radix: 16))\\u\(String(low, radix: 16))\""
                let scalar = Unicode.Scalar(0x10000 + (high - 0xD800) * 0x400 + (low - 0xDC00))!
                #expect(decoded(text) == String(Character(scalar)), "\(text)")
            }
        }
    }

    @Test func everyLoneSurrogateIsRefusedWithItsPlace() {
        // Each surrogate code alone, before a plain character, before another escape, at the end of the string
        // and at the end of the file: refused at the escape's column, never a trap.
        for code in UInt32(0xD800)...0xDFFF {
            let hex = String(code, radix: 16)
            for (text, what) in [
                ("[\"\\u\(hex)\"]", "at the end of the string"), ("[\"\\u\(hex)", "at the end of the file"),
                ("[\"\\u\(hex)x\"]", "before a character"), ("[\"\\u\(hex)\\n\"]", "before another escape"),
                ("[\"\\u\(hex)\\u0041\"]", "before a BMP escape"), ("[\"\\u\(hex)\\u\(hex)\"]", "twice"),
            ] {
                guard case .failure(let error) = read(text) else {
                    Issue.record("\\u\(hex) \(what) was accepted")
                    continue
                }
                #expect(error.line == 1 && error.column == 3, "\\u\(hex) \(what): \(error)")
                #expect(error.message.contains("surrogate"), "\\u\(hex) \(what): \(error)")
            }
        }
    }

    @Test func surrogateMessagesSayWhatWasExpected() {
        #expect(
            "\(read(#"{"a":"\ud800\u0041"}"#).failure!)"
                == #"1:7: high surrogate \uD800 followed by \u0041; expected a low surrogate \uDC00–\uDFFF"#)
        #expect(
            "\(read(#"{"a":"\ud800\ud800"}"#).failure!)"
                == #"1:7: high surrogate \uD800 followed by \uD800; expected a low surrogate \uDC00–\uDFFF"#)
        #expect(
            "\(read("{\n  \"a\": \"\\udc00\"}").failure!)"
                == #"2:9: lone low surrogate \uDC00; expected it after a high surrogate \uD800–\uDBFF"#)
        #expect("\(read(#"["\ud800"]"#).failure!)" == #"1:3: lone high surrogate \uD800; expected a low surrogate \uDC00–\uDFFF after it"#)
    }

    @Test func hexDigitsAreExactlyFour() {
        for bad in [#""\u+041""#, #""\u-041""#, #""\u 041""#, #""\u00G1""#, #""\u004""#, #""\u"#, #""\ud800\u+c00""#] {
            guard case .failure(let error) = read(bad) else {
                Issue.record("\(bad) was accepted")
                continue
            }
            #expect(error.message == #"expected 4 hex digits after \u"#, "\(bad): \(error)")
        }
        #expect(read(#""\x41""#).failure?.message == #"unknown escape; expected one of \" \\ / b f n r t u after \\, got "x""#)
    }

    @Test func nestingIsLimitedWithoutExhaustingTheStack() throws {
        let deepest = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        #expect((try? JSONReader.parse(deepest)) != nil)
        let tooDeep = String(repeating: "[", count: 513) + String(repeating: "]", count: 513)
        #expect(read(tooDeep).failure?.message == "nesting deeper than 512 levels")
        let hostile = String(repeating: "{\"a\":[", count: 100_000)
        #expect(read(hostile).failure?.message == "nesting deeper than 512 levels")
    }

    @Test func numbersOutOfRangeAreRefused() {
        #expect(read("1e400").failure?.message == "number 1e400 is out of range")
        #expect(read("-1e400").failure?.message == "number -1e400 is out of range")
        #expect(read("1" + String(repeating: "0", count: 400)).failure?.message.hasSuffix("is out of range") == true)
        #expect(read("1e-400").success == .number(0))
        #expect(read("1.7976931348623157e308").success == .number(.greatestFiniteMagnitude))
    }

    @Test func duplicateKeysAreRefusedAtTheKey() {
        #expect("\(read(#"{"a": 1, "b": 2, "a": 3}"#).failure!)" == #"1:18: duplicate key "a""#)
        // Many keys stay linear: a set, not a scan of the keys so far.
        let many = "{" + (0..<50_000).map { "\"k\($0)\":\($0)" }.joined(separator: ",") + "}"
        guard case .success(.object(let members)) = read(many) else { return #expect(Bool(false)) }
        #expect(members.count == 50_000 && members[49_999].key == "k49999")
    }

    /// Random bytes, biased towards JSON's own characters, never make the reader trap: it returns a value or
    /// throws an error with a place.
    @Test func randomBytesNeverTrap() {
        var random = SplitMix64(seed: 0x5EED_0001)
        let alphabet =
            Array(#"{}[]:,"\u0123456789abcdefABCDEF+-.eE tfnrlsu"#.utf8) + [0x0A, 0x00, 0x1F, 0xC3, 0xA9, 0xED, 0xA0, 0x80, 0xFF]
        var values = 0, errors = 0
        for _ in 0..<4000 {
            let length = random.below(48)
            let bytes = (0..<length).map { _ in random.below(4) == 0 ? UInt8(random.below(256)) : alphabet[random.below(alphabet.count)] }
            switch read(String(decoding: bytes, as: UTF8.self)) {
            case .success: values += 1
            case .failure(let error):
                errors += 1
                #expect(error.line >= 1 && error.column >= 1 && !error.message.isEmpty)
            }
        }
        #expect(values + errors == 4000 && errors > 0)
    }

    /// Valid documents (the gallery) with bytes inserted, deleted and replaced: a value or an error, never a trap.
    @Test func mutatedGalleryFilesNeverTrap() throws {
        let folder = packageRoot.appendingPathComponent("Examples")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }.sorted()
        let documents = try files.map { Array(try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8).utf8) }
        #expect(documents.count > 20)
        var random = SplitMix64(seed: 0x5EED_0002)
        let pieces = [#"\ud800"#, #"\udc00"#, #"\u"#, "\\", "\"", "1e999", "-", "[", "{", "]", "}", ",", ":", "\u{0}", "é"].map {
            Array($0.utf8)
        }
        var accepted = 0
        for _ in 0..<3000 {
            var bytes = documents[random.below(documents.count)]
            for _ in 0...random.below(3) {
                let at = random.below(bytes.count)
                switch random.below(3) {
                case 0: bytes.insert(contentsOf: pieces[random.below(pieces.count)], at: at)
                case 1: bytes.removeSubrange(at..<min(bytes.count, at + 1 + random.below(8)))
                default: bytes[at] = UInt8(random.below(256))
                }
                if bytes.isEmpty { bytes = [UInt8(ascii: "0")] }
            }
            if case .success = read(String(decoding: bytes, as: UTF8.self)) { accepted += 1 }
        }
        #expect(accepted > 0 && accepted < 3000)
    }
}

extension Result {
    var failure: Failure? { if case .failure(let e) = self { e } else { nil } }
    var success: Success? { if case .success(let v) = self { v } else { nil } }
}
