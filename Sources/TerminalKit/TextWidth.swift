/// Terminal column widths of characters, without asking libc (TerminalKit knows no terminal).
/// Follows Unicode East Asian Width: Wide/Fullwidth = 2 columns, combining marks and zero-width = 0.
public enum TextWidth {
    /// Columns a grapheme cluster takes: the width of its first scalar, or 2 for emoji presentation.
    public static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if first.value < 0x20 || (0x7f..<0xa0).contains(first.value) { return 0 }
        // An emoji presentation selector makes text-style symbols two columns wide.
        if scalars.contains(where: { $0.value == 0xFE0F }) { return 2 }
        return of(scalar: first)
    }

    public static func of(scalar: Unicode.Scalar) -> Int {
        let v = scalar.value
        if v < 0x300 { return v < 0x20 ? 0 : 1 }
        if isZeroWidth(v) { return 0 }
        if isWide(v) { return 2 }
        return 1
    }

    /// Columns a whole string takes.
    public static func of(_ text: some StringProtocol) -> Int {
        var n = 0
        for ch in text { n += of(ch) }
        return n
    }

    static func isZeroWidth(_ v: UInt32) -> Bool {
        switch v {
        case 0x0300...0x036F, 0x0483...0x0489, 0x0591...0x05BD, 0x0610...0x061A, 0x064B...0x065F,
             0x0E31, 0x0E34...0x0E3A, 0x0E47...0x0E4E, 0x1AB0...0x1AFF, 0x1DC0...0x1DFF,
             0x200B...0x200F, 0x2028...0x202E, 0x2060...0x2064, 0x20D0...0x20FF,
             0xFE00...0xFE0F, 0xFE20...0xFE2F, 0xFEFF, 0xE0100...0xE01EF:
            return true
        default:
            return false
        }
    }

    static func isWide(_ v: UInt32) -> Bool {
        switch v {
        case 0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0, 0x23F3,
             0x25FD...0x25FE, 0x2614...0x2615, 0x2648...0x2653, 0x267F, 0x2693, 0x26A1, 0x26AA...0x26AB,
             0x26BD...0x26BE, 0x26C4...0x26C5, 0x26CE, 0x26D4, 0x26EA, 0x26F2...0x26F3, 0x26F5, 0x26FA,
             0x26FD, 0x2705, 0x270A...0x270B, 0x2728, 0x274C, 0x274E, 0x2753...0x2755, 0x2757,
             0x2795...0x2797, 0x27B0, 0x27BF, 0x2B1B...0x2B1C, 0x2B50, 0x2B55,
             0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
             0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F,
             0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x16FE4, 0x17000...0x18AFF, 0x1B000...0x1B16F,
             0x1F004, 0x1F0CF, 0x1F18E, 0x1F191...0x1F19A, 0x1F200...0x1F251, 0x1F300...0x1F320,
             0x1F32D...0x1F335, 0x1F337...0x1F37C, 0x1F37E...0x1F393, 0x1F3A0...0x1F3CA,
             0x1F3CF...0x1F3D3, 0x1F3E0...0x1F3F0, 0x1F3F4, 0x1F3F8...0x1F43E, 0x1F440,
             0x1F442...0x1F4FC, 0x1F4FF...0x1F53D, 0x1F54B...0x1F54E, 0x1F550...0x1F567, 0x1F57A,
             0x1F595...0x1F596, 0x1F5A4, 0x1F5FB...0x1F64F, 0x1F680...0x1F6C5, 0x1F6CC,
             0x1F6D0...0x1F6D2, 0x1F6D5...0x1F6D7, 0x1F6EB...0x1F6EC, 0x1F6F4...0x1F6FC,
             0x1F7E0...0x1F7EB, 0x1F90C...0x1F93A, 0x1F93C...0x1F945, 0x1F947...0x1F9FF,
             0x1FA70...0x1FAFF, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
            return true
        default:
            return false
        }
    }

    /// Cuts `text` to at most `width` columns, ending with `ellipsis` when something was cut.
    public static func truncate(_ text: String, to width: Int, ellipsis: String = "…") -> String {
        guard width > 0 else { return "" }
        if of(text) <= width { return text }
        let ellipsisWidth = of(ellipsis)
        let budget = width - ellipsisWidth
        guard budget >= 0 else { return String(repeating: ".", count: width) }
        var out = ""
        var used = 0
        for ch in text {
            let w = of(ch)
            if used + w > budget { break }
            out.append(ch)
            used += w
        }
        return out + ellipsis
    }

    /// Pads or truncates `text` to exactly `width` columns.
    public static func fit(_ text: String, to width: Int, alignment: Alignment = .left, ellipsis: String = "…") -> String {
        let t = truncate(text, to: width, ellipsis: ellipsis)
        let pad = max(0, width - of(t))
        switch alignment {
        case .left: return t + String(repeating: " ", count: pad)
        case .right: return String(repeating: " ", count: pad) + t
        case .center:
            let l = pad / 2
            return String(repeating: " ", count: l) + t + String(repeating: " ", count: pad - l)
        }
    }
}

public enum Alignment: Sendable, Equatable { case left, center, right }
