import Foundation

/// Terminal column widths of text. A grapheme cluster (a ZWJ emoji, a letter with combining
/// accents, a symbol with a variation selector) is one run of cells as wide as its first scalar,
/// which is what curses draws and the terminal advances by: the backend sends that scalar and its
/// combining marks only (`TextWidth.drawable`), so what is measured here is what lands on screen.
///
/// Scalar widths come from the C library's `wcwidth` under the app's locale when the terminal
/// backend installs it (`TextWidth.install`); TerminalKit itself knows no C, so tests and the
/// headless app use `TextWidthTable`, a hand table that approximates it.
public enum TextWidth {
    /// Columns of one Unicode scalar as `wcwidth` answers: -1 unprintable, 0 combining, 1 or 2.
    public typealias ScalarWidth = @Sendable (Unicode.Scalar) -> Int

    private static let source = WidthSource()

    /// Takes scalar widths from `scalarWidth` (the terminal's `wcwidth`) from now on.
    public static func install(_ scalarWidth: @escaping ScalarWidth) { source.set(scalarWidth) }
    /// Back to the built-in table (tests that installed another source).
    public static func useTable() { source.set(nil) }

    /// Columns `scalar` takes on its own (-1 for one that cannot be printed).
    public static func of(scalar: Unicode.Scalar) -> Int {
        let v = scalar.value
        if v >= 0x20 && v < 0x7f { return 1 }
        return (source.current ?? TextWidthTable.width)(scalar)
    }

    /// Columns a grapheme cluster takes: its first scalar's; 0 for a control character or a
    /// cluster that starts with a combining mark (neither is drawn as it is).
    public static func of(_ character: Character) -> Int {
        guard let first = character.unicodeScalars.first else { return 0 }
        return max(0, of(scalar: first))
    }

    /// Columns a string takes. The same as for any `StringProtocol`, but not generic: called from
    /// another module, the generic one was not specialised and walked the bytes through protocol
    /// witnesses, 39 k instructions for a ten-letter id in `bodii search`'s table.
    public static func of(_ text: String) -> Int {
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7f }) { return text.utf8.count }
        return of(text, using: source.current ?? TextWidthTable.width)
    }

    /// Columns a whole string takes.
    public static func of(_ text: some StringProtocol) -> Int {
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7f }) { return text.utf8.count }
        return of(text, using: source.current ?? TextWidthTable.width)
    }

    /// Columns `text` takes with scalar widths from `width` (what `install` would make of it).
    public static func of(_ text: some StringProtocol, using width: ScalarWidth) -> Int {
        var n = 0
        for ch in text {
            guard let first = ch.unicodeScalars.first else { continue }
            let v = first.value
            n += v >= 0x20 && v < 0x7f ? 1 : max(0, width(first))
        }
        return n
    }

    /// The scalars of `cluster` a terminal can draw in the cluster's columns: the first and the
    /// combining marks after it, without joiners, variation selectors or the further emoji of a
    /// ZWJ sequence (curses would stop at those, and a terminal that joins them differently
    /// would move every later column). "👩‍👩‍👧" → "👩", "e\u{301}" → "e\u{301}".
    public static func drawable(_ cluster: String) -> [Unicode.Scalar] {
        drawable(cluster, using: source.current ?? TextWidthTable.width)
    }

    public static func drawable(_ cluster: String, using width: ScalarWidth) -> [Unicode.Scalar] {
        var out: [Unicode.Scalar] = []
        for scalar in cluster.unicodeScalars {
            if out.isEmpty { out.append(scalar); continue }
            let v = scalar.value
            if v == 0x200D || (0xFE00...0xFE0F).contains(v) || (0xE0100...0xE01EF).contains(v) { continue }
            guard width(scalar) == 0 else { break }
            out.append(scalar)
        }
        return out
    }

    /// Cuts `text` to at most `width` columns, ending with `ellipsis` when something was cut
    /// (see `Truncation`, the one rule every widget uses).
    public static func truncate(_ text: String, to width: Int, ellipsis: String = "…") -> String {
        Truncation.cut(text, to: width, marker: ellipsis)
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

/// The installed width function, read from any thread (snapshot tests render in parallel).
private final class WidthSource: @unchecked Sendable {
    private let lock = NSLock()
    private var function: TextWidth.ScalarWidth?

    var current: TextWidth.ScalarWidth? { lock.withLock { function } }
    func set(_ f: TextWidth.ScalarWidth?) { lock.withLock { function = f } }
}

public enum Alignment: Sendable, Equatable { case left, center, right }
