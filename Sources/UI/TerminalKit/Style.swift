import Foundation

/// A terminal color. `rgb` is mapped down to what the terminal can show by the backend.
public enum Color: Equatable, Hashable, Sendable {
    case `default`
    /// One of the 16 ANSI colors (0–7 normal, 8–15 bright).
    case ansi(UInt8)
    /// One of the 256 xterm palette entries.
    case indexed(UInt8)
    case rgb(UInt8, UInt8, UInt8)

    public static let black = Color.ansi(0), red = Color.ansi(1), green = Color.ansi(2), yellow = Color.ansi(3)
    public static let blue = Color.ansi(4), magenta = Color.ansi(5), cyan = Color.ansi(6), white = Color.ansi(7)
    public static let brightBlack = Color.ansi(8), brightRed = Color.ansi(9), brightGreen = Color.ansi(10)
    public static let brightYellow = Color.ansi(11), brightBlue = Color.ansi(12), brightMagenta = Color.ansi(13)
    public static let brightCyan = Color.ansi(14), brightWhite = Color.ansi(15)

    static let ansiNames = ["black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"]

    /// Parses `#rrggbb`, an ANSI name (`red`, `bright-blue`), `default`, or a palette index `0`–`255`.
    public init?(parsing text: String) {
        let t = text.trimmingCharacters(in: .whitespaces).lowercased()
        if t == "default" || t == "none" || t.isEmpty { self = .default; return }
        if t.hasPrefix("#"), t.count == 7, let v = UInt32(t.dropFirst(), radix: 16) {
            self = .rgb(UInt8((v >> 16) & 0xff), UInt8((v >> 8) & 0xff), UInt8(v & 0xff))
            return
        }
        if let n = Int(t), (0...255).contains(n) { self = .indexed(UInt8(n)); return }
        var name = t.replacingOccurrences(of: "_", with: "-")
        var bright = false
        if name.hasPrefix("bright-") { bright = true; name.removeFirst(7) }
        if name == "gray" || name == "grey" { self = .ansi(bright ? 7 : 8); return }
        guard let i = Self.ansiNames.firstIndex(of: name) else { return nil }
        self = .ansi(UInt8(i + (bright ? 8 : 0)))
    }
}

/// Text attributes a cell is drawn with.
public struct Style: Equatable, Hashable, Sendable {
    public var foreground: Color
    public var background: Color
    public var bold: Bool
    public var dim: Bool
    public var underline: Bool
    public var reverse: Bool

    public init(
        foreground: Color = .default, background: Color = .default,
        bold: Bool = false, dim: Bool = false, underline: Bool = false, reverse: Bool = false
    ) {
        self.foreground = foreground
        self.background = background
        self.bold = bold
        self.dim = dim
        self.underline = underline
        self.reverse = reverse
    }

    public static let plain = Style()

    public func with(foreground: Color) -> Style { var s = self; s.foreground = foreground; return s }
    public func with(background: Color) -> Style { var s = self; s.background = background; return s }
    public var bolded: Style { var s = self; s.bold = true; return s }
    public var reversed: Style { var s = self; s.reverse.toggle(); return s }
}
