/// The one rule for text that does not fit its room: cut between grapheme clusters, measured in
/// terminal cells, and always mark the cut — "…", or the ASCII symbols' "~" — so a reader can
/// tell "Without thousands separato…" from a word that really ends there. Every widget cuts
/// through here: `Buffer.write` marks any text it has to stop short, whoever calls it.
public enum Truncation {
    /// The mark for a cut in a buffer that draws Unicode or only ASCII.
    public static func marker(ascii: Bool) -> String { ascii ? Symbols.ascii.ellipsis : Symbols.unicode.ellipsis }

    /// `text` in at most `width` cells; when it is wider, as much as fits before `marker`.
    /// A room narrower than the marker gets as much of the marker as fits (nothing at width 0).
    public static func cut(_ text: String, to width: Int, marker: String = "…") -> String {
        guard width > 0 else { return "" }
        if TextWidth.of(text) <= width { return text }
        let kept = keptCount(text.map(TextWidth.of), room: width - TextWidth.of(marker))
        return String(text.prefix(kept)) + fitted(marker, to: width)
    }

    /// The same rule for characters that carry their own styles; the marker takes the style of
    /// the last character kept.
    static func cut(_ chars: [StyledChar], to width: Int, marker: String) -> [StyledChar] {
        guard width > 0 else { return [] }
        let widths = chars.map(\.width)
        if widths.reduce(0, +) <= width { return chars }
        let kept = keptCount(widths, room: width - TextWidth.of(marker))
        let style = chars[..<kept].last?.style ?? chars.first?.style ?? .plain
        return Array(chars[..<kept]) + fitted(marker, to: width).map { StyledChar(char: $0, style: style) }
    }

    /// How many leading clusters fit in `room` cells.
    private static func keptCount(_ widths: [Int], room: Int) -> Int {
        var used = 0
        for (i, w) in widths.enumerated() {
            if used + w > room { return i }
            used += w
        }
        return widths.count
    }

    private static func fitted(_ marker: String, to width: Int) -> String {
        var out = "", used = 0
        for ch in marker {
            let w = TextWidth.of(ch)
            if used + w > width { break }
            out.append(ch)
            used += w
        }
        return out
    }
}

extension Line {
    /// The first of `variants` (longest first) that fits `width` cells whole; when none does, the
    /// last, which the buffer cuts with the marker. How a narrow card says as much as fits in
    /// whole words instead of cutting a long sentence.
    public static func firstFitting(_ variants: [Line], width: Int) -> Line {
        variants.first { $0.width <= width } ?? variants.last ?? Line([])
    }
}
