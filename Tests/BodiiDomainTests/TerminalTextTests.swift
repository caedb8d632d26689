import BodiiDomain
import Testing

/// The one sanitiser for text printed to a terminal, and its JSON counterpart (issue 10, item 14).
@Suite struct TerminalTextTests {
    @Test func controlC1AndBidiCharactersAreShownEscaped() {
        #expect(TerminalText.printable("Bananas, raw") == "Bananas, raw")
        #expect(TerminalText.printable("pwned\u{1B}]0;x\u{07}") == "pwned\\u{1B}]0;x\\u{7}")
        #expect(TerminalText.printable("a\u{9B}2Jb") == "a\\u{9B}2Jb")  // C1 CSI
        #expect(TerminalText.printable("gpj.\u{202E}exe") == "gpj.\\u{202E}exe")  // right-to-left override
        #expect(TerminalText.printable("x\u{2067}y\u{2069}") == "x\\u{2067}y\\u{2069}")
        #expect(TerminalText.printable("one\ntwo\r") == "one\\u{A}two\\u{D}")
        #expect(TerminalText.printable("\u{7F}") == "\\u{7F}")
        // Ordinary text of every script, emoji and right-to-left letters pass as they are.
        for text in ["Jalapeño", "🍌 bread", "خبز", "שלום", "パン"] { #expect(TerminalText.printable(text) == text) }
    }

    @Test func jsonEscapesEveryUnsafeCharacter() {
        #expect(TerminalText.jsonQuoted("a\"b\\c") == #""a\"b\\c""#)
        #expect(TerminalText.jsonQuoted("\u{9B}\u{202E}\u{1B}\n") == #""\u009b\u202e\u001b\n""#)
        #expect(TerminalText.jsonQuoted("🍌 خبز") == "\"🍌 خبز\"")
    }

    @Test func namesRefuseWhatATerminalWouldActOn() throws {
        for bad in ["gpj.\u{202E}exe", "a\u{9B}b", "x\u{200F}"] {
            #expect(throws: ValidationError.self) { try Validation.name(bad) }
        }
        #expect(try Validation.name("خبز عربي") == "خبز عربي")
    }
}
