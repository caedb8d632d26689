import Testing

@testable import NcursesTerminal

/// Bytes typed under a locale that is not UTF-8: the UTF-8 a terminal sends is decoded, and a
/// byte that is not UTF-8 is kept as its Latin-1 character rather than dropped.
@Suite struct TypedBytesTests {
    func text(_ bytes: [UInt8]) -> String { String(String.UnicodeScalarView(TypedBytes.scalars(bytes))) }

    @Test func utf8IsDecoded() {
        #expect(text(Array("café au lait".utf8)) == "café au lait")
        #expect(text(Array("1½ cups milk".utf8)) == "1½ cups milk")
        #expect(text(Array("€ 🍌".utf8)) == "€ 🍌")
    }

    @Test func aByteThatIsNotUTF8IsKeptAsLatin1() {
        #expect(text([0x63, 0x61, 0x66, 0xE9]) == "café")  // a Latin-1 terminal's "café"
        #expect(text([0xE9, 0x20, 0x61]) == "é a")  // a lead byte without its continuation
        #expect(text([0xC0, 0xAF]) == "À¯")  // an overlong "/" is no UTF-8
        #expect(text([0xED, 0xA0, 0x80]) == "í\u{A0}\u{80}")  // nor is a surrogate
    }

    @Test func sequenceLengths() {
        #expect([0x41, 0xC3, 0xE2, 0xF0, 0x80, 0xC1, 0xF5].map { TypedBytes.sequenceLength(lead: $0) } == [1, 2, 3, 4, 1, 1, 1])
    }
}
