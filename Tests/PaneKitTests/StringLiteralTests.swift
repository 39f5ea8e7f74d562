// The one string-literal writer keeps the bytes of the three it replaced: frame and lock JSON, bake files, events.

import Testing

@testable import PaneKit

@Suite struct StringLiteralTests {
    static let text = "a\"b\\c\nd\te\rf\u{1}g\u{1F}h é\u{2028}"

    @Test func jsonUsesTheShortEscapesForTabAndReturn() {
        #expect(StringLiteral.quoted(Self.text) == #""a\"b\\c\nd\te\rf\u0001g\u001fh é"# + "\u{2028}\"")
    }

    @Test func bakeFilesWriteEveryOtherControlCharacterAsAUnicodeEscape() {
        #expect(StringLiteral.quoted(Self.text, controls: .jsonUnicode) == #""a\"b\\c\nd\u0009e\u000df\u0001g\u001fh é"# + "\u{2028}\"")
    }

    @Test func verbatimEscapesOnlyQuoteBackslashAndNewline() {
        #expect(StringLiteral.quoted(Self.text, controls: .verbatim) == "\"a\\\"b\\\\c\\nd\te\rf\u{1}g\u{1F}h é\u{2028}\"")
    }

    @Test func appendAddsToWhatIsThere() {
        var out = "["
        StringLiteral.append("x", to: &out)
        StringLiteral.append("", to: &out)
        #expect(out == "[\"x\"\"\"")
    }

    @Test func anEventDescriptionQuotesItsReasonAsASwiftLiteral() {
        let event = Event.actionIgnored(action: "open", reason: "tab\there \"q\"", direction: nil)
        #expect(event.description == "actionIgnored(.open, reason: \"tab\there \\\"q\\\"\")")
    }
}
