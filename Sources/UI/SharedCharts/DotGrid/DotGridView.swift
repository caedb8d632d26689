import BodiiDomain
import Foundation
import TerminalKit

/// The dot grid (`g` on the Dashboard), drawn from what `DotGridFlow` read: a frame with the
/// series and the period, the levels' legend with their counts, the level's grid, and the cursor
/// day's value. A pure function of its fields.
public struct DotGridView: Widget {
    public var series: DotSeries
    public var zoom: DotGridZoom
    public var cursor: LocalDate
    public var today: LocalDate
    public var weekStart: WeekStart
    /// The page's days (`DotGridZoom.page`), by date; a day after today has none.
    public var days: [LocalDate: DotDay]
    /// The cursor day in every series, for the day level.
    public var detail: [DotSeries: DotDay]
    public var timeZone: TimeZone
    public var now: Date

    public init(
        series: DotSeries, zoom: DotGridZoom, cursor: LocalDate, today: LocalDate, weekStart: WeekStart,
        days: [LocalDate: DotDay], detail: [DotSeries: DotDay] = [:], timeZone: TimeZone, now: Date
    ) {
        self.series = series
        self.zoom = zoom
        self.cursor = cursor
        self.today = today
        self.weekStart = weekStart
        self.days = days
        self.detail = detail
        self.timeZone = timeZone
        self.now = now
    }

    /// "Sleep · 2026", "Sleep · December 2026", "Sleep · week of 30 Nov 2026", "Sleep · Sun 6 Dec 2026".
    var title: String {
        let period: String
        switch zoom {
        case .year: period = "\(cursor.year)"
        case .month: period = "\(DotGridText.monthNames[cursor.month - 1]) \(cursor.year)"
        case .week:
            let first = weekStart.firstDay(of: cursor)
            period = "week of \(first.day) \(LocalDate.monthShortNames[first.month - 1]) \(first.year)"
        case .day: period = DotGridText.dayLabel(cursor)
        }
        return "\(series.name) · \(period)"
    }

    public func render(in area: Rect, buffer: inout Buffer, context: RenderContext) {
        guard !area.isEmpty else { return }
        buffer.fill(area, style: context.style(.text))
        let block = Block(title: title, rightTitle: "Enter zoom in · Esc out · s series")
        block.render(in: area, buffer: &buffer, context: context)
        let inner = block.inner(area).inset(left: 1, right: 1)
        guard inner.height >= 1, inner.width >= 1 else { return }
        if zoom == .day {
            DotGridDayView(grid: self).render(in: inner, buffer: &buffer, context: context)
            return
        }
        let period = zoom.period(of: cursor, weekStart: weekStart)
        let shown = period.days.compactMap { days[$0] }
        buffer.write(DotGridText.legend(series, days: shown, context), x: inner.x, y: inner.y, maxWidth: inner.width, context: context)
        // The cursor day's value, at the bottom: what Enter would open, in words.
        let body = inner.inset(top: 2, bottom: 2)
        if inner.height >= 5 {
            let day = days[cursor]
            buffer.write(
                [
                    Span(DotGridText.dayLabel(cursor) + "  ", .title),
                    day.map { DotGridText.dot($0.level, context) } ?? Span(" "),
                    Span("  " + (cursor > today ? "not yet" : DotGridText.long(day, series, timeZone: timeZone, now: now)), .text),
                ],
                x: inner.x, y: inner.maxY - 1, maxWidth: inner.width, context: context)
        }
        switch zoom {
        case .year: renderYear(in: body, &buffer, context)
        case .month: renderMonth(in: body, &buffer, context)
        case .week: DotGridWeekView(grid: self).render(in: body, buffer: &buffer, context: context)
        case .day: break
        }
    }

    /// The dot of `date` with the cursor's reverse video on it; a blank after today.
    func cell(_ date: LocalDate, _ context: RenderContext) -> (String, Style) {
        let level = days[date]?.level
        let symbol = level.map { DotGridText.symbol($0, context.symbols) } ?? " "
        let style = context.style(level.map(DotGridText.role) ?? .muted)
        return (symbol, date == cursor ? style.reversed : style)
    }

    /// 53 or 54 week columns under the months' names, weekdays as rows; weeks two columns apart
    /// when the width allows, one otherwise (a year fits 80 columns). Check-ins add a row marking
    /// the weeks with a weekly review.
    private func renderYear(in rect: Rect, _ buffer: inout Buffer, _ context: RenderContext) {
        let page = DotGridZoom.page(of: cursor, weekStart: weekStart)
        let year = DotGridZoom.year.period(of: cursor, weekStart: weekStart)
        let weeks = page.dayCount / 7
        let labels = weekStart.dayShortNames.enumerated().map { $0.offset % 2 == 0 ? $0.element : "" }
        let labelWidth = 4
        let step = labelWidth + weeks * 2 - 1 <= rect.width ? 2 : 1
        var lastLabel = Int.min
        for week in 0..<weeks {
            let x = rect.x + labelWidth + week * step
            let first = page.start.adding(days: week * 7)
            // The month's name over the week its 1st falls in.
            if let first1 = (0..<7).map({ first.adding(days: $0) }).first(where: { $0.day == 1 && year.contains($0) }),
                x >= lastLabel + 4, x + 3 <= rect.maxX, rect.height > 0
            {
                buffer.write(LocalDate.monthShortNames[first1.month - 1], x: x, y: rect.y, style: context.style(.muted))
                lastLabel = x
            }
            for row in 0..<7 where 1 + row < rect.height && x < rect.maxX {
                let date = first.adding(days: row)
                guard year.contains(date) else { continue }
                let (symbol, style) = cell(date, context)
                buffer.write(symbol, x: x, y: rect.y + 1 + row, style: style, maxWidth: 1)
            }
            if series == .checkIns, 8 < rect.height, x < rect.maxX,
                case .checkIn(_, true)? = days[first]?.facts ?? days[first.adding(days: 6)]?.facts
            {
                buffer.write(CheckInCard.reviewedMark, x: x, y: rect.y + 8, style: context.style(.action), maxWidth: 1)
            }
        }
        for (row, label) in labels.enumerated() where 1 + row < rect.height {
            buffer.write(label, x: rect.x, y: rect.y + 1 + row, style: context.style(.muted), maxWidth: labelWidth - 1)
        }
        if series == .checkIns, 8 < rect.height {
            buffer.write("Rev", x: rect.x, y: rect.y + 8, style: context.style(.muted), maxWidth: labelWidth - 1)
        }
    }

    /// The month as a calendar from the week start: each day's number, dot and value; days of
    /// the months around it dimmed. Two rows a week when there is room.
    private func renderMonth(in rect: Rect, _ buffer: inout Buffer, _ context: RenderContext) {
        let month = DotGridZoom.month.period(of: cursor, weekStart: weekStart)
        let first = weekStart.firstDay(of: month.start)
        let weeks = (first.days(until: month.end) + 7) / 7
        let width = max(6, min(14, rect.width / 7))
        let spacing = rect.height >= 1 + weeks * 2 ? 2 : 1
        for (i, name) in weekStart.dayShortNames.enumerated() where i * width < rect.width {
            buffer.write(name, x: rect.x + i * width, y: rect.y, style: context.style(.muted), maxWidth: rect.width - i * width)
        }
        for week in 0..<weeks {
            let y = rect.y + 1 + week * spacing
            guard y < rect.maxY else { break }
            for column in 0..<7 {
                let date = first.adding(days: week * 7 + column)
                let x = rect.x + column * width
                guard x < rect.maxX else { break }
                let inMonth = month.contains(date)
                let number = (date.day < 10 ? " " : "") + "\(date.day)"
                guard inMonth, let day = days[date] else {
                    let style = date == cursor ? context.style(.muted).reversed : context.style(.muted)
                    buffer.write(number, x: x, y: y, style: style, maxWidth: rect.maxX - x)
                    continue
                }
                let (symbol, style) = cell(date, context)
                let text = "\(number) \(symbol) \(DotGridText.short(day, series))"
                buffer.write(
                    String(text.prefix(width - 1)), x: x, y: y, style: date == cursor ? style : context.style(.text),
                    maxWidth: min(width - 1, rect.maxX - x))
                // The dot in its level's colour (the cursor's cell is reversed whole).
                if date != cursor { buffer.write(symbol, x: x + 3, y: y, style: style, maxWidth: max(0, rect.maxX - x - 3)) }
            }
            if series == .checkIns, case .checkIn(_, true)? = days[first.adding(days: week * 7)]?.facts, rect.x + 7 * width < rect.maxX {
                buffer.write(CheckInCard.reviewedMark, x: rect.x + 7 * width - 1, y: y, style: context.style(.action))
            }
        }
    }
}
