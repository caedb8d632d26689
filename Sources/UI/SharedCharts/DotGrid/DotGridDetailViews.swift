import BodiiDomain
import Foundation
import TerminalKit

/// The week level: a line a day, its dot and its value in words; a check-in's note or a day's
/// several fasts on a second line when there is room.
struct DotGridWeekView: Widget {
    let grid: DotGridView

    func render(in rect: Rect, buffer: inout Buffer, context: RenderContext) {
        let week = DotGridZoom.week.period(of: grid.cursor, weekStart: grid.weekStart)
        let spacing = rect.height >= 14 ? 2 : 1
        for (i, date) in week.days.enumerated() {
            let y = rect.y + i * spacing
            guard y < rect.maxY else { break }
            let day = grid.days[date]
            let label = "\(LocalDate.weekdayShortNames[date.weekdayIndex]) \(date.day) \(LocalDate.monthShortNames[date.month - 1])"
            let (symbol, style) = grid.cell(date, context)
            var spans = [
                Span(" " + symbol + " ", style: date == grid.cursor ? style : context.style(DotGridText.role(day?.level ?? .none))),
                Span(" " + label.padding(toLength: 11, withPad: " ", startingAt: 0), date == grid.today ? .accent : .title),
            ]
            spans.append(
                Span(
                    date > grid.today ? "not yet" : DotGridText.long(day, grid.series, timeZone: grid.timeZone, now: grid.now),
                    day == nil ? .muted : .text))
            buffer.write(spans, x: rect.x, y: y, maxWidth: rect.width, context: context)
            if spacing == 2, y + 1 < rect.maxY, case .checkIn(let d, _)? = day?.facts, let note = d.checkIn?.note {
                buffer.write(
                    Line("                " + note, .muted), in: Rect(x: rect.x, y: y + 1, width: rect.width, height: 1), context: context)
            }
        }
    }
}

/// The day level: the day in every series, the one shown first — the check-in (mood, energy,
/// note), what was eaten against the target, the night, the fasts.
struct DotGridDayView: Widget {
    let grid: DotGridView

    func render(in rect: Rect, buffer: inout Buffer, context: RenderContext) {
        guard grid.cursor <= grid.today else {
            buffer.write(
                Line("Not yet: this day is still to come.", .muted), in: Rect(x: rect.x, y: rect.y, width: rect.width, height: 1),
                context: context)
            return
        }
        var y = rect.y
        func line(_ spans: [Span]) {
            guard y < rect.maxY else { return }
            buffer.write(spans, x: rect.x, y: y, maxWidth: rect.width, context: context)
            y += 1
        }
        let order = [grid.series] + DotSeries.allCases.filter { $0 != grid.series }
        for series in order {
            let day = grid.detail[series]
            // A day with records but no level (today's kcal before it can be judged, a day
            // without a target) is not "not logged": the line under it says what it is.
            let unjudged = day.map { $0.level == .none && $0.facts != .nothing } ?? false
            line([
                DotGridText.dot(day?.level ?? .none, context), Span(" " + series.name, series == grid.series ? .accent : .title),
                Span(unjudged ? "" : "  " + series.meaning(of: day?.level ?? .none), .muted),
            ])
            for text in Self.entries(day, series, grid) { line([Span("   " + text, day == nil ? .muted : .text)]) }
            y += 1
        }
    }

    /// The lines of a series' records on the day.
    static func entries(_ day: DotDay?, _ series: DotSeries, _ grid: DotGridView) -> [String] {
        switch day?.facts ?? .nothing {
        case .checkIn(let d, _):
            let first = DotGridText.long(day, series, timeZone: grid.timeZone, now: grid.now)
            return [first] + (d.checkIn?.note.map { ["“\($0)”"] } ?? [])
        case .fasts(let fasts): return fasts.map { DotGridText.fast($0, timeZone: grid.timeZone, now: grid.now) }
        case .moments(let moments): return moments.map { DotGridText.moment($0, timeZone: grid.timeZone) }
        default: return [DotGridText.long(day, series, timeZone: grid.timeZone, now: grid.now)]
        }
    }
}
