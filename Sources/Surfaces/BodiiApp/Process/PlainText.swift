import NcursesTerminal
import TerminalKit

/// What commands print for people: pure ASCII unless the locale is UTF-8 (PRODUCT.md §7), the
/// same rule and the same table as the full-screen app. JSON output is data and stays UTF-8.
package enum PlainText {
    package static var localeIsUTF8: Bool { InProcessRun.current?.localeIsUTF8 ?? processLocaleIsUTF8 }

    private static let processLocaleIsUTF8 = TerminalLocale.isUTF8

    package static func forLocale(_ text: String, ascii: Bool = false) -> String {
        ascii || !localeIsUTF8 ? ASCIIText.transliterate(text) : text
    }

    /// Prints `text` for people; `ascii` forces ASCII whatever the locale (`--ascii`).
    package static func print(_ text: String, ascii: Bool = false) {
        CommandOutput.printText(forLocale(text, ascii: ascii) + "\n")
    }
}
