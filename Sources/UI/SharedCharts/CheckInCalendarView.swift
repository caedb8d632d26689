import BodiiDomain
import TerminalKit

/// The check-in calendar, full screen (`g` on the dashboard): a week of days in detail, a month
/// as a calendar, or a year as a contribution graph; `-` / `+` zoom between them.
public enum CalendarZoom: Int, CaseIterable, Sendable {
    case week, month, year

    public var days: Int {
        switch self {
        case .week: return 7
        case .month: return 35
        case .year: return 364
        }
    }

    public var label: String {
        switch self {
        case .week: return "week"
        case .month: return "5 weeks"
        case .year: return "year"
        }
    }
}

public struct CheckInCalendarView: Widget {
    let calendar: CheckInCalendar
    let zoom: CalendarZoom
    let today: LocalDate
    let unitSystem: UnitSystem
    let weekStart: WeekStart

    public init(calendar: CheckInCalendar, zoom: CalendarZoom, today: LocalDate, unitSystem: UnitSystem, weekStart: WeekStart = .monday) {
        self.calendar = calendar
        self.zoom = zoom
        self.today = today
        self.unitSystem = unitSystem
        self.weekStart = weekStart
    }

    public func render(in area: Rect, buffer: inout Buffer, context: RenderContext) {
        buffer.fill(area, style: context.style(.text))
        let block = Block(title: "Check-ins — last \(zoom.label)", rightTitle: "-/+ zoom · Esc back")
        block.render(in: area, buffer: &buffer, context: context)
        let inner = block.inner(area).inset(left: 1, right: 1)
        guard inner.height >= 3 else { return }
        buffer.write(
            [
                Span("Streak ", .muted), Span(Plural.count(calendar.currentStreak, "day"), calendar.currentStreak > 0 ? .good : .muted),
                Span("   longest ", .muted), Span(calendar.longestStreak.map { Plural.count($0, "day") } ?? "—", .text),
            ],
            x: inner.x, y: inner.y, maxWidth: inner.width, context: context)
        buffer.write(CheckInCard.legend(context.symbols), x: inner.x, y: inner.y + 1, maxWidth: inner.width, context: context)
        let body = inner.inset(top: 2)
        switch zoom {
        case .week: renderWeek(in: body, &buffer, context)
        case .month: renderMonth(in: body, &buffer, context)
        case .year: renderYear(in: body, &buffer, context)
        }
    }

    /// The day's dot and adherence mark.
    private func dot(_ day: CheckInDay, _ context: RenderContext) -> Span {
        Span(
            CheckInCard.symbol(day.completeness, context.symbols) + CheckInCard.mark(day.adherence, context.symbols),
            CheckInCard.role(day.adherence))
    }

    /// One line per day: the dot, what was recorded, and the note.
    private func renderWeek(in rect: Rect, _ buffer: inout Buffer, _ context: RenderContext) {
        let check = context.symbols.isUnicode ? "✓" : "+"
        for (i, day) in calendar.days.suffix(7).enumerated() where i * 2 < rect.height {
            let c = day.date.components
            let label = "\(LocalDate.weekdayShortNames[day.date.weekdayIndex]) \(c.day) \(LocalDate.monthShortNames[c.month - 1])"
            var spans = [
                dot(day, context),
                Span("  " + label.padding(toLength: 12, withPad: " ", startingAt: 0), day.date == today ? .accent : .title),
            ]
            spans.append(Span("weight " + (day.hasWeight ? check : "–") + "  ", day.hasWeight ? .good : .muted))
            spans.append(Span("sleep " + (day.hasNight ? check : "–") + "  ", day.hasNight ? .good : .muted))
            let mood = day.checkIn?.mood.map { DailyCheckIn.moodWords[$0 - 1] } ?? "–"
            let energy = day.checkIn?.energy.map { DailyCheckIn.energyWords[$0 - 1] } ?? "–"
            spans.append(Span("mood \(mood)  energy \(energy)  ", day.checkIn == nil ? .muted : .text))
            if let eaten = day.eatenKcal {
                spans.append(
                    Span(
                        "\(WholeNumber.text(eaten))" + (day.targetKcal.map { "/\(WholeNumber.text($0))" } ?? "") + " kcal",
                        CheckInCard.role(day.adherence)))
            }
            buffer.write(spans, x: rect.x, y: rect.y + i * 2, maxWidth: rect.width, context: context)
            if let note = day.checkIn?.note {
                buffer.write(
                    Line("   " + note, .muted), in: Rect(x: rect.x, y: rect.y + i * 2 + 1, width: rect.width, height: 1), context: context)
            }
        }
    }

    /// Weeks as rows, from the week start, each day with its dot and date.
    private func renderMonth(in rect: Rect, _ buffer: inout Buffer, _ context: RenderContext) {
        let cell = max(6, min(12, rect.width / 7))
        for (i, name) in weekStart.dayShortNames.enumerated() {
            buffer.write(
                name, x: rect.x + i * cell, y: rect.y, style: context.style(.muted), maxWidth: max(0, rect.maxX - rect.x - i * cell))
        }
        guard let first = calendar.days.first else { return }
        let lead = weekStart.position(of: first.date)
        for (i, day) in calendar.days.enumerated() {
            let slot = lead + i
            let y = rect.y + 1 + (slot / 7) * 2
            let x = rect.x + (slot % 7) * cell
            guard y < rect.maxY, x < rect.maxX else { continue }
            let d = day.date.components.day
            buffer.write(
                [dot(day, context), Span(" \(d)", day.date == today ? .accent : .text)], x: x, y: y, maxWidth: rect.maxX - x,
                context: context)
        }
    }

    /// A contribution graph: weeks as columns, weekdays as rows, the most recent weeks that fit.
    private func renderYear(in rect: Rect, _ buffer: inout Buffer, _ context: RenderContext) {
        guard let first = calendar.days.first else { return }
        let grid = DotGrid(
            days: calendar.days.map {
                DotGrid.Day(
                    Self.level($0.completeness), role: CheckInCard.role($0.adherence),
                    mark: CheckInCard.mark($0.adherence, context.symbols))
            },
            startWeekday: weekStart.position(of: first.date),
            rowLabels: weekStart.dayShortNames.enumerated().map { $0.offset % 2 == 0 ? $0.element : "" })
        grid.render(
            in: Rect(x: rect.x, y: rect.y + 1, width: rect.width, height: min(7, rect.height - 1)), buffer: &buffer, context: context)
        // Month names over the week where each month starts, in the grid's columns.
        let labelWidth = grid.labelWidth
        let weeks = (weekStart.position(of: first.date) + calendar.days.count + 6) / 7
        let (firstWeek, step) = DotGrid.columns(weeks: weeks, width: rect.width - labelWidth)
        var lastX = -10
        for (i, day) in calendar.days.enumerated() where day.date.components.day == 1 {
            let week = (weekStart.position(of: first.date) + i) / 7
            guard week >= firstWeek else { continue }
            let x = rect.x + labelWidth + (week - firstWeek) * step
            guard x >= lastX + 4, x + 3 <= rect.maxX else { continue }
            buffer.write(LocalDate.monthShortNames[day.date.components.month - 1], x: x, y: rect.y, style: context.style(.muted))
            lastX = x
        }
    }

    static func level(_ c: CheckInCompleteness) -> DotGrid.Level {
        switch c {
        case .full: return .full
        case .partial: return .half
        case .none: return .empty
        }
    }
}
