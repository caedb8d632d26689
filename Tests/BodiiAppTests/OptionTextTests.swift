import Foundation
import Testing
@testable import BodiiApp
@testable import BodiiCLI
@testable import BodiiDocument

/// Issue 25 #5: blank option values are refused by the options' type (`OptionText`), not by
/// walking the parsed command: every option is covered, number options too.
@Suite struct OptionTextTests {
    @Test func blankAndOptionValuesAreRefusedByTheType() {
        #expect(OptionText(argument: "") == nil)
        #expect(OptionText(argument: " \t") == nil)
        #expect(OptionText(argument: "--db") == nil)
        #expect(OptionText(argument: "-5")?.text == "-5", "a negative number is a bad value, checked by the command")
        #expect(
            OptionText.refusal(parserMessage: "Error: The value '' is invalid for '--fat <pct>'")
                == "--fat is empty: give a value or leave the option out")
        #expect(
            OptionText.refusal(parserMessage: "The value '--db' is invalid for '--limit <n>'")
                == "--limit needs a value, not the option \"--db\"")
        #expect(OptionText.refusal(parserMessage: "The value 'x' is invalid for '--width <n>'") == nil, "other refusals stay the parser's")
    }

    /// `--width` is a number option the old walk never looked at.
    @Test func aNumberOptionLeftBlankIsNamed() throws {
        let r = try runBodii(["report", "--width", "", "--db", "/nonexistent/x.sqlite"])
        #expect(r.status == 64)
        #expect(r.stderr == "bodii: --width is empty: give a value or leave the option out\n")
    }
}
