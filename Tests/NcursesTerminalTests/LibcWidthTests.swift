import Foundation
import NcursesTerminal
import Testing
import TerminalKit

/// TextWidth with the C library's widths (as `LibcTextWidth.install` gives it, passed here
/// explicitly so other suites in this process keep the table) measures what glibc's `wcwidth` says
/// the terminal will draw: a cluster is as wide as its first scalar, the rest is drawn over it.
@Suite struct LibcWidthTests {
    let libc: TextWidth.ScalarWidth = LibcTextWidth.width

    init() { setlocale(LC_CTYPE, "C.UTF-8") }

    /// What the terminal advances for `cluster`: the scalars the backend sends, by `wcwidth`.
    func wcwidthOfDrawn(_ cluster: Character) -> Int {
        TextWidth.drawable(String(cluster), using: libc).reduce(0) { $0 + max(0, LibcTextWidth.width($1)) }
    }

    @Test(arguments: [
        "👩‍👩‍👧 家族 café", "家族", "日本語テキスト", "한국어", "cafe\u{301}", "e\u{301}\u{302}", "❤️ ok", "👍🏽",
        "🇫🇷", "Ｆｕｌｌ", "Ⓐ ½ → ●", "각", "a\u{200B}b", "🍎🍌",
    ])
    func widthAgreesWithWcwidth(_ text: String) {
        let expected = text.reduce(0) { $0 + wcwidthOfDrawn($1) }
        #expect(TextWidth.of(text, using: libc) == expected, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
    }

    @Test func knownWidths() {
        #expect(TextWidth.of("👩‍👩‍👧", using: libc) == 2)  // one run: the family, not three faces
        #expect(TextWidth.of("家族", using: libc) == 4)
        #expect(TextWidth.of("café", using: libc) == 4)
        #expect(TextWidth.of("cafe\u{301}", using: libc) == 4)
        #expect(TextWidth.drawable("👩‍👩‍👧", using: libc).count == 1)
        #expect(TextWidth.drawable("e\u{301}", using: libc) == ["e", "\u{301}"])
    }

    /// The hand table, which tests and the headless app use, against wcwidth: where it differs
    /// the real app would have shifted a border, which is why the app measures with wcwidth.
    @Test func wcwidthCorrectsTheHandTable() {
        var wideDrawnNarrow = 0
        for v in UInt32(0xA0)...0x3FFFF {
            guard let scalar = Unicode.Scalar(v) else { continue }
            if LibcTextWidth.width(scalar) == 2 && TextWidthTable.width(scalar) < 2 { wideDrawnNarrow += 1 }
        }
        print("wide in wcwidth, narrow in the hand table: \(wideDrawnNarrow)")
        #expect(wideDrawnNarrow > 0)
        #expect(TextWidth.of("\u{1F9CB}\u{1FAE0}", using: libc) == 4)  // bubble tea, melting face: wide in glibc
    }
}
