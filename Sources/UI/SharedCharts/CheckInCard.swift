import BodiiDomain
import TerminalKit

/// The check-in card: the streak, then the last weeks, from the user's week start, as rows of
/// dots (● full, ◐ partial, ○ none) under a row of weekday initials. How close intake came to
/// target shows twice — in colour and in a mark after the dot (✓ on target, ~ near, ✗ off) — so it
/// survives NO_COLOR and mono; a reviewed week ends in "R". The marks' legend goes on the card's
/// bottom border (`borderLegend`), so the card reads without the README (issue 26).
public struct CheckInCard: Widget {
    let calendar: CheckInCalendar
    let today: LocalDate
    /// First days of the weeks with a weekly review: their row ends in `reviewedMark` (PRODUCT.md §8).
    let reviewedWeeks: Set<LocalDate>
    let weekStart: WeekStart
    /// The streak's row; off when the card's title carries it (a short card).
    let showsStreak: Bool

    public init(
        calendar: CheckInCalendar, today: LocalDate, reviewedWeeks: Set<LocalDate> = [], weekStart: WeekStart = .monday,
        showsStreak: Bool = true
    ) {
        self.calendar = calendar
        self.today = today
        self.reviewedWeeks = reviewedWeeks
        self.weekStart = weekStart
        self.showsStreak = showsStreak
    }

    /// Rows from which the streak gets a row of its own: the streak, the weekdays and two weeks.
    public static let rowsWithStreak = 4

    /// The mark after a reviewed week's days: a letter, unlike every dot and adherence mark in
    /// both symbol sets (it was "*", the ASCII full dot).
    public static let reviewedMark = "R"
    /// Columns of a week's label ("16 Nov") and the space after it.
    static let labelWidth = 7

    static func role(_ adherence: CalorieAdherence?) -> Role {
        switch adherence {
        case .onTarget?: return .good
        case .near?: return .warn
        case .off?: return .bad
        case nil: return .muted
        }
    }

    static func symbol(_ c: CheckInCompleteness, _ symbols: Symbols) -> String {
        switch c {
        case .full: return symbols.dotFull
        case .partial: return symbols.dotHalf
        case .none: return symbols.dotEmpty
        }
    }

    /// The adherence mark; a space when nothing was logged (or today, before it can be judged).
    static func mark(_ adherence: CalorieAdherence?, _ symbols: Symbols) -> String {
        switch adherence {
        case .onTarget?: return symbols.isUnicode ? "✓" : "="
        case .near?: return "~"
        case .off?: return symbols.isUnicode ? "✗" : "x"
        case nil: return " "
        }
    }

    /// The marks' legend for the card's bottom border, the longest that fits `width` columns:
    /// "✓on ~near ✗off R:rev", else without the review mark.
    public static func borderLegend(_ symbols: Symbols, width: Int) -> [Span] {
        let marks = [Span(mark(.onTarget, symbols) + "on ", .good), Span("~near ", .warn), Span(mark(.off, symbols) + "off", .bad)]
        let full = marks + [Span(" \(reviewedMark):rev", .action)]
        return [full, marks].first { $0.reduce(0) { $0 + TextWidth.of($1.text) } <= width } ?? []
    }

    /// The calendar's days in weeks from `weekStart`, oldest first; the last is the current week
    /// up to the day shown.
    static func weeks(_ days: [CheckInDay], weekStart: WeekStart) -> [[CheckInDay]] {
        var out: [[CheckInDay]] = []
        for day in days {
            if let last = out.last?.last, weekStart.firstDay(of: last.date) == weekStart.firstDay(of: day.date) {
                out[out.count - 1].append(day)
            } else {
                out.append([day])
            }
        }
        return out
    }

    /// "       M T W T F S S": each initial over its day's dot.
    func header() -> String {
        let first = weekStart.firstDay(of: today)
        let initials = (0..<7).map { String(LocalDate.weekdayShortNames[first.adding(days: $0).weekdayIndex].prefix(1)) }
        return String(repeating: " ", count: Self.labelWidth) + initials.joined(separator: " ")
    }

    public func render(in area: Rect, buffer: inout Buffer, context: RenderContext) {
        guard !area.isEmpty else { return }
        let weeks = Self.weeks(calendar.days, weekStart: weekStart)
        let current = weeks.last ?? []
        let streakRows = showsStreak ? 1 : 0
        if showsStreak {
            buffer.write(
                [
                    Span("Streak ", .muted), Span("\(calendar.currentStreak) d", calendar.currentStreak > 0 ? .good : .muted),
                    Span("  this week ", .muted), Span("\(current.filter { $0.checkIn != nil }.count)/\(current.count)", .text),
                ],
                x: area.x, y: area.y, maxWidth: area.width, context: context)
        }
        // The weekday row only when a week's row fits under it.
        let headerRows = area.height >= streakRows + 2 ? 1 : 0
        if headerRows > 0 {
            buffer.write(
                Line(header(), .muted), in: Rect(x: area.x, y: area.y + streakRows, width: area.width, height: 1), context: context)
        }
        for (row, week) in weeks.suffix(max(0, area.height - streakRows - headerRows)).enumerated() {
            let y = area.y + streakRows + headerRows + row
            let firstDay = week.first.map { weekStart.firstDay(of: $0.date) }
            let label = (firstDay.map { "\($0.day) \(LocalDate.monthShortNames[$0.month - 1])" } ?? "")
                .padding(toLength: Self.labelWidth, withPad: " ", startingAt: 0)
            var x = area.x + buffer.write(label, x: area.x, y: y, style: context.style(.muted), maxWidth: area.width)
            for day in week where x < area.maxX {
                let style = context.style(Self.role(day.adherence))
                x += buffer.write(
                    Self.symbol(day.completeness, context.symbols) + Self.mark(day.adherence, context.symbols),
                    x: x, y: y, style: style, maxWidth: area.maxX - x)
            }
            if firstDay.map(reviewedWeeks.contains) == true {
                // After the week's seven days, so it lines up whatever day the current week is on.
                let at = area.x + Self.labelWidth + 14
                buffer.write(Self.reviewedMark, x: at, y: y, style: context.style(.action), maxWidth: max(0, area.maxX - at))
            }
        }
    }
}
