import BodiiDomain
import Foundation
import SharedCharts
import TerminalKit

/// The one-line summaries above the Dashboard's charts: the day's moments and what to use soon.
extension DashboardView {
    /// The day's moments, newest first, as many as fit whole: "14:30 walk with Sam +social 4/5 · …",
    /// and how many more.
    func momentsSummary(_ moments: [Moment], width: Int) -> [Span] {
        var spans: [Span] = []
        var used = 0
        for (shown, m) in moments.reversed().enumerated() {
            let time = ClockTime(m.at, timeZone: timeZone)
            let item = [Span(shown == 0 ? "" : " · "), Span("\(time) ", .muted), Span(m.line, .text)]
            let more = moments.count - shown - 1
            let reserve = more > 0 ? TextWidth.of(" · +\(more) more") : 0
            let width0 = TextWidth.of(item.map(\.text).joined())
            guard used + width0 + reserve <= width || shown == 0 else {
                spans.append(Span(" · +\(moments.count - shown) more", .muted))
                break
            }
            spans += item
            used += width0
        }
        return spans
    }

    /// "Salmon fillet today · Chicken breast 1 day · Milk expired · +2 more (8: Pantry)", then the
    /// first lot that will expire before it is finished at the current rate of use, with its basis:
    /// "Rice will expire before you finish it (from 12 days of use)" — "Rice won't be finished in
    /// time (12 days of use)" when the long form does not fit `width`, nothing when neither does.
    func useSoonSummary(_ s: DashboardState, width: Int) -> [Span] {
        var spans: [Span] = []
        for (i, row) in s.useSoon.prefix(3).enumerated() {
            let days = row.daysLeft ?? 0
            let when = days < 0 ? "expired" : days == 0 ? "today" : Plural.count(days, "day")
            spans += [Span(i == 0 ? "" : " · "), Span(row.item.name + " ", .text), Span(when, days <= 0 ? .bad : .warn)]
        }
        if s.useSoon.count > 3 { spans.append(Span(" · +\(s.useSoon.count - 3) more", .muted)) }
        let listed = Set(s.useSoon.prefix(3).compactMap(\.lot.id))
        guard let lot = s.unfinished.first(where: { !listed.contains($0.lot.id ?? -1) }) else { return spans }
        let lead = spans.isEmpty ? "" : " · "
        let used = TextWidth.of(spans.map(\.text).joined())
        let long = [
            Span(lead), Span(lot.item.name + " ", .text), Span("will expire before you finish it", .warn),
            Span(" (\(lot.basisText))", .muted),
        ]
        guard used + TextWidth.of(long.map(\.text).joined()) > width else { return spans + long }
        let days = lot.finishedBy.basis
        let short = [
            Span(lead), Span(lot.item.name + " ", .text), Span("won't be finished in time", .warn),
            Span(" (\(Plural.count(days, "day of use", plural: "days of use")))", .muted),
        ]
        // Cut short, a forecast would lose what it says or its basis: left out when it does not fit.
        return used + TextWidth.of(short.map(\.text).joined()) <= width ? spans + short : spans
    }
}
