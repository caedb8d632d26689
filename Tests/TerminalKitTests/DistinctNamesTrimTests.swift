import Foundation
import Testing
@testable import TerminalKit

/// `DistinctNames` trims a name's comma parts itself, as Foundation's `.whitespaces` would.
@Suite struct DistinctNamesTrimTests {
    @Test(arguments: [
        "", " ", "  Bananas ", "\tRaw\t", " \u{00A0}fried\u{3000}", "\u{2003}a b\u{202F}",
        "\nnot a space\n", " café ", "e\u{301} ", " 🍌 ", "\u{200B}zero width\u{200B}",
    ])
    func aPartIsTrimmedAsFoundationTrimsWhitespace(part: String) {
        #expect(DistinctNames.trimmed(Substring(part)) == part.trimmingCharacters(in: .whitespaces))
    }

    @Test func blankIsExactlyFoundationsWhitespace() {
        var differ: [UInt32] = []
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            if DistinctNames.isBlank(scalar) != CharacterSet.whitespaces.contains(scalar) { differ.append(value) }
        }
        #expect(differ == [])
    }
}
