import Foundation

/// Plain-ASCII stand-ins for the characters Bodii writes (PRODUCT.md §7: a non-UTF-8 locale or
/// `--ascii` means pure ASCII everywhere, with `-` for minus). The one table every output goes
/// through: a `Buffer` made for ASCII transliterates what is written into it, text laid out for an
/// ASCII context is transliterated before it is measured, and the CLI passes its text through it.
public enum ASCIIText {
    /// Sequences read as a whole before single characters (key hints).
    static let sequences: [(String, String)] = [("↑↓", "Up/Dn"), ("↑/↓", "Up/Dn"), ("←/→", "Left/Right")]

    static let characters: [Character: String] = [
        // Punctuation and arithmetic.
        "−": "-", "–": "-", "—": "-", "‒": "-", "·": "|", "…": "...", "×": "x", "÷": "/", "±": "+/-",
        "≈": "~", "≥": ">=", "≤": "<=", "≠": "!=", "°": " deg", "µ": "u", "§": "S", "•": "*",
        // Currency symbols (the pantry's money): their ISO codes.
        "€": "EUR ", "£": "GBP ", "¥": "JPY ",
        "“": "\"", "”": "\"", "″": "\"", "‘": "'", "’": "'", "′": "'", "‹": "<", "›": ">",
        // Arrows, marks and dots.
        "→": "->", "←": "<-", "↑": "Up", "↓": "Dn", "▲": "^", "▼": "v",
        "✓": "+", "✗": "x", "●": "*", "◐": "+", "○": ".", "◉": "@",
        // Fractions in portions ("½ cup"); after a digit they get a space (`transliterate`).
        "½": "1/2", "¼": "1/4", "¾": "3/4", "⅓": "1/3", "⅔": "2/3", "⅛": "1/8",
        // Superscripts and subscripts (formulas).
        "⁻": "^-", "¹": "1", "²": "^2", "³": "^3", "₀": "0", "₁": "1", "₂": "2", "ₙ": "n", "₋": "-",
        // Borders, bars and shades, as `Symbols.ascii` draws them.
        "─": "-", "│": "|", "╭": "+", "╮": "+", "╰": "+", "╯": "+", "├": "+", "┤": "+", "┼": "+",
        "┌": "+", "┐": "+", "└": "+", "┘": "+", "░": ".", "▒": ":", "▓": "#",
        "▁": ".", "▂": ".", "▃": ":", "▄": ":", "▅": "|", "▆": "|", "▇": "#", "█": "#",
    ]

    /// `text` in ASCII only: table entries ("1½ cups" → "1 1/2 cups"), accented letters without
    /// their accents ("Jalapeño" → "Jalapeno"), braille chart dots as `.`, and `?` for anything else.
    public static func transliterate(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text }
        var text = text
        for (sequence, replacement) in sequences where text.contains(sequence) {
            text = text.replacingOccurrences(of: sequence, with: replacement)
        }
        var out = ""
        out.reserveCapacity(text.utf8.count)
        var previous: Character?
        for ch in text {
            if ch.isASCII {
                out.append(ch)
            } else {
                let stand = replacement(for: ch)
                // "1½" is one and a half, not eleven halves.
                if previous?.isNumber == true, stand.first?.isNumber == true { out += " " }
                out += stand
            }
            previous = ch
        }
        return out
    }

    /// The stand-in for one non-ASCII character.
    public static func replacement(for ch: Character) -> String {
        if let known = characters[ch] { return known }
        if let scalar = ch.unicodeScalars.first, (0x2800...0x28FF).contains(scalar.value) { return "." }
        let stripped = String(ch).decomposedStringWithCanonicalMapping.unicodeScalars.filter(\.isASCII)
        return stripped.isEmpty ? "?" : String(String.UnicodeScalarView(stripped))
    }
}
