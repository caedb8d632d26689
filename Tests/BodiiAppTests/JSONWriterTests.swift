import BodiiDomain
import Foundation
import Testing
@testable import BodiiApp
@testable import BodiiCLI
@testable import BodiiDocument

/// `JSONValue.text` writes one buffer; plain ASCII strings go in as they are, anything else is
/// quoted by `TerminalText.jsonQuoted` exactly as before.
@Suite struct JSONWriterTests {
    @Test func stringsNeedingEscapesAreQuotedAsJsonQuotedDoes() {
        let odd = ["a\"b", "back\\slash", "line\nbreak", "tab\t", "esc\u{1B}[31m", "del\u{7F}", "café", "bidi\u{202E}x", ""]
        for text in odd {
            #expect(JSONValue.string(text).text == TerminalText.jsonQuoted(text), "\(text.debugDescription)")
        }
        #expect(JSONValue.string("a\"b\\c").text == #""a\"b\\c""#)
        #expect(JSONValue.string("\u{1B}").text == #""\u001b""#)
    }

    @Test func documentsKeepTheirOrderSeparatorsAndNumbers() {
        let document = JSONValue.object([
            ("plain", .string("Bananas, raw")), ("k\"ey", .array([.number(1), .number(-0.0), .number(2.5), .null, .bool(true)])),
            ("nested", .object([("inf", .number(.infinity)), ("empty", .array([])), ("none", .object([]))])),
        ])
        #expect(
            document.text
                == #"{"plain":"Bananas, raw","k\"ey":[1,-0.0,2.5,null,true],"nested":{"inf":null,"empty":[],"none":{}}}"#)
    }
}
