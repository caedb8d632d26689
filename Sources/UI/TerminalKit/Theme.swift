/// Named roles the code draws with; themes map them to colors (PRODUCT.md §7).
public enum Role: String, CaseIterable, Sendable, Hashable {
    case text, muted, accent, border, title, selection, good, warn, bad
    case protein, carbs, fat
    case keep, problem, `try`, action
    case series1, series2, series3, series4
}

/// A set of styles, one per role. Missing roles fall back to `text`.
public struct Theme: Equatable, Sendable {
    public var name: String
    public var styles: [Role: Style]

    public init(name: String, styles: [Role: Style]) {
        self.name = name
        self.styles = styles
    }

    public func style(_ role: Role) -> Style {
        styles[role] ?? styles[.text] ?? .plain
    }

    /// The same theme with every color removed (`NO_COLOR`, or a terminal without colors);
    /// selection and titles keep reverse/bold so they stay visible.
    public var colorless: Theme {
        var out: [Role: Style] = [:]
        for role in Role.allCases {
            let s = style(role)
            out[role] = Style(bold: s.bold, dim: s.dim, underline: s.underline, reverse: s.reverse || role == .selection)
        }
        return Theme(name: name, styles: out)
    }

    /// Used when no theme file can be read: readable on any background.
    public static let fallback = Theme(
        name: "fallback",
        styles: [
            .text: Style(), .muted: Style(dim: true), .accent: Style(foreground: .cyan, bold: true),
            .border: Style(foreground: .brightBlack), .title: Style(bold: true),
            .selection: Style(reverse: true), .good: Style(foreground: .green), .warn: Style(foreground: .yellow),
            .bad: Style(foreground: .red), .protein: Style(foreground: .red), .carbs: Style(foreground: .yellow),
            .fat: Style(foreground: .blue), .keep: Style(foreground: .green), .problem: Style(foreground: .red),
            .try: Style(foreground: .yellow), .action: Style(foreground: .cyan),
            .series1: Style(foreground: .cyan), .series2: Style(foreground: .magenta),
            .series3: Style(foreground: .green), .series4: Style(foreground: .yellow),
        ])
}

/// Glyphs for borders and charts, in Unicode or plain ASCII (PRODUCT.md §1).
public struct Symbols: Equatable, Sendable {
    public var isUnicode: Bool
    public var topLeft, topRight, bottomLeft, bottomRight, horizontal, vertical: String
    public var teeLeft, teeRight: String
    /// Eight levels of a vertical bar, lowest first (▁…█).
    public var barLevels: [String]
    /// Gauge fill and empty track.
    public var full, empty: String
    public var dotFull, dotHalf, dotEmpty: String
    public var ellipsis: String
    public var arrowUp, arrowDown, bullet: String

    public static let unicode = Symbols(
        isUnicode: true, topLeft: "╭", topRight: "╮", bottomLeft: "╰", bottomRight: "╯",
        horizontal: "─", vertical: "│", teeLeft: "├", teeRight: "┤",
        barLevels: ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"], full: "█", empty: "░",
        dotFull: "●", dotHalf: "◐", dotEmpty: "○", ellipsis: "…", arrowUp: "▲", arrowDown: "▼", bullet: "•")

    public static let ascii = Symbols(
        isUnicode: false, topLeft: "+", topRight: "+", bottomLeft: "+", bottomRight: "+",
        horizontal: "-", vertical: "|", teeLeft: "+", teeRight: "+",
        barLevels: [".", ".", ":", ":", "|", "|", "#", "#"], full: "#", empty: ".",
        dotFull: "*", dotHalf: "+", dotEmpty: ".", ellipsis: "~", arrowUp: "^", arrowDown: "v", bullet: "*")
}
