/// The one place that decides what text may reach a terminal as is. A terminal acts on control
/// characters instead of printing them (`ESC]0;…BEL` retitles the window, `CSI` U+009B starts an
/// escape sequence on some terminals), and bidi overrides reorder what follows them, so a stored
/// food name could rewrite the screen or disguise itself. Every printer of outside text (names,
/// queries, option values, error messages, importers) goes through `printable`; JSON through
/// `jsonQuoted`.
public enum TerminalText {
    /// C0 controls (newline and tab included), DEL, C1 controls, and the bidi embedding, override
    /// and isolate characters and marks.
    public static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: return true
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true
        case 0x2028, 0x2029: return true  // line and paragraph separators end a line too
        default: return false
        }
    }

    /// `text` with every unsafe character shown as its code, `\u{1B}`: one line, printed as is.
    public static func printable(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isUnsafe) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if isUnsafe(scalar) {
                out.append(contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }

    /// `text` as a JSON string literal: quotes and backslashes escaped, and every unsafe character
    /// as `\uXXXX`, so a script that prints a value to a terminal gets no escape sequence from us.
    public static func jsonQuoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case let c where isUnsafe(c): out += "\\u" + hex4(c.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    private static func hex4(_ value: UInt32) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
