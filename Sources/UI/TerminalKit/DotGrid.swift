/// A calendar of days as dots, weeks as columns (like a contribution graph): `● ◐ ○`.
/// Days are consecutive; `startWeekday` is the row (0 = first weekday) of the first day.
/// Weeks are two columns apart, or one when that is what it takes to show them all; when even
/// that doesn't fit, the most recent weeks are shown.
public struct DotGrid: Widget, Equatable, Sendable {
    public enum Level: Equatable, Sendable { case full, half, empty }

    public struct Day: Equatable, Sendable {
        public var level: Level
        public var role: Role
        /// A one-column mark drawn after the dot when weeks are two columns apart, so what the
        /// role's colour says still shows without colour.
        public var mark: String

        public init(_ level: Level, role: Role = .good, mark: String = "") {
            self.level = level
            self.role = role
            self.mark = mark
        }
    }

    /// `nil` is a day with nothing to show (before tracking began, or in the future): a blank.
    public var days: [Day?]
    public var startWeekday: Int
    /// One label per row, e.g. ["Mo", "", "We", "", "Fr", "", ""]; empty for none.
    public var rowLabels: [String]

    public init(days: [Day?], startWeekday: Int = 0, rowLabels: [String] = []) {
        self.days = days
        self.startWeekday = startWeekday
        self.rowLabels = rowLabels
    }

    /// The first week shown and the columns from one week to the next, for `weeks` weeks in
    /// `width` columns (a dot and a space each, the last needing no space; else a dot each).
    public static func columns(weeks: Int, width: Int) -> (firstWeek: Int, step: Int) {
        let step = weeks * 2 - 1 <= width ? 2 : 1
        return (max(0, weeks - max(0, (width + step - 1) / step)), step)
    }

    /// The width of the row labels column.
    public var labelWidth: Int { rowLabels.isEmpty ? 0 : (rowLabels.map { TextWidth.of($0) }.max() ?? 0) + 1 }

    public func render(in area: Rect, buffer: inout Buffer, context: RenderContext) {
        guard !area.isEmpty else { return }
        let (labels, grid) = area.width > labelWidth + 1 ? area.splitLeft(labelWidth) : (Rect.zero, area)
        for (row, label) in rowLabels.prefix(min(7, labels.height)).enumerated() where !labels.isEmpty {
            buffer.write(
                Line(label, .muted), in: Rect(x: labels.x, y: labels.y + row, width: labels.width - 1, height: 1),
                context: context)
        }
        let lead = min(6, max(0, startWeekday))
        let (firstWeek, step) = Self.columns(weeks: (lead + days.count + 6) / 7, width: grid.width)
        for (i, day) in days.enumerated() {
            guard let day else { continue }
            let slot = lead + i
            let week = slot / 7, row = slot % 7
            guard week >= firstWeek, row < grid.height else { continue }
            let symbol: String
            switch day.level {
            case .full: symbol = context.symbols.dotFull
            case .half: symbol = context.symbols.dotHalf
            case .empty: symbol = context.symbols.dotEmpty
            }
            let x = grid.x + (week - firstWeek) * step
            let text = step == 2 ? symbol + day.mark : symbol
            buffer.write(text, x: x, y: grid.y + row, style: context.style(day.role), maxWidth: grid.maxX - x)
        }
    }
}
