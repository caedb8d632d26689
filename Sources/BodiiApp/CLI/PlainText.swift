import NcursesTerminal
import TerminalKit

/// What commands print for people: pure ASCII unless the locale is UTF-8 (PRODUCT.md §7), the
/// same rule and the same table as the full-screen app. JSON output is data and stays UTF-8.
enum PlainText {
    static var localeIsUTF8: Bool { InProcessRun.current?.localeIsUTF8 ?? processLocaleIsUTF8 }

    private static let processLocaleIsUTF8 = TerminalLocale.isUTF8

    static func forLocale(_ text: String, ascii: Bool = false) -> String {
        ascii || !localeIsUTF8 ? ASCIIText.transliterate(text) : text
    }

    /// Prints `text` for people; `ascii` forces ASCII whatever the locale (`--ascii`).
    static func print(_ text: String, ascii: Bool = false) {
        BodiiApp.print(forLocale(text, ascii: ascii))
    }
}
