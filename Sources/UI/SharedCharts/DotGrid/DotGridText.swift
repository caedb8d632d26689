import BodiiDomain
import Foundation
import TerminalKit

/// What a dot and a day's value look like: a level is a shape as well as a colour (● ◐ ○ ·, in
/// ASCII `* + o .`), so it reads with NO_COLOR, on 8 colours and in a non-UTF-8 locale.
public enum DotGridText {
    public static func symbol(_ level: DotLevel, _ symbols: Symbols) -> String {
        switch level {
        case .high: symbols.isUnicode ? "●" : "*"
        case .mid: symbols.isUnicode ? "◐" : "+"
        case .low: symbols.isUnicode ? "○" : "o"
        case .none: symbols.isUnicode ? "·" : "."
        }
    }

    public static func role(_ level: DotLevel) -> Role {
        switch level {
        case .high: .good
        case .mid: .warn
        case .low: .bad
        case .none: .muted
        }
    }

    static func dot(_ level: DotLevel, _ context: RenderContext) -> Span { Span(symbol(level, context.symbols), role(level)) }

    /// The levels' legend with how many days of `days` have each: "● 7–9 h 120  ◐ …".
    static func legend(_ series: DotSeries, days: [DotDay], _ context: RenderContext) -> [Span] {
        var counts: [DotLevel: Int] = [:]
        for day in days { counts[day.level, default: 0] += 1 }
        return series.levels.flatMap { level in
            [dot(level, context), Span(" \(series.meaning(of: level)) ", .muted), Span("\(counts[level] ?? 0)", .text), Span("   ")]
        }
    }

    /// The day's value in a calendar cell, at most 5 columns: "7:30", "1840", "16h", "4/3".
    static func short(_ day: DotDay, _ series: DotSeries) -> String {
        switch day.facts {
        case .checkIn(let d, _):
            guard let c = d.checkIn, c.mood != nil || c.energy != nil else { return "" }
            return "\(c.mood.map(String.init) ?? "-")/\(c.energy.map(String.init) ?? "-")"
        case .intake(let intake): return WholeNumber.text(intake.eatenKcal)
        case .night(let night): return "\(night.minutes / 60):\(FastFormat.zeroPadded(night.minutes % 60, 2))"
        case .fasts: return day.value.map { "\(WholeNumber.text($0))h" } ?? ""
        case .moments(let moments): return "\(moments.count)"
        case .nothing: return ""
        }
    }

    /// The day's value in a line: "7 h 30 (23:10–06:40)", "1840 of 2100 kcal (88 %)", …
    static func long(_ day: DotDay?, _ series: DotSeries, timeZone: TimeZone, now: Date) -> String {
        switch day?.facts ?? .nothing {
        case .checkIn(let d, let reviewed):
            let c = d.checkIn
            var parts = [
                "mood " + (c?.mood.map { DailyCheckIn.moodWords[$0 - 1] } ?? "–"),
                "energy " + (c?.energy.map { DailyCheckIn.energyWords[$0 - 1] } ?? "–"),
                "weigh-in " + (d.hasWeight ? "yes" : "no"), "night " + (d.hasNight ? "yes" : "no"),
            ]
            if reviewed { parts.append("week reviewed") }
            return parts.joined(separator: " · ")
        case .intake(let i):
            guard let target = i.targetKcal, let share = i.percentOfTarget else {
                return "\(WholeNumber.text(i.eatenKcal)) kcal, no target yet"
            }
            return "\(WholeNumber.text(i.eatenKcal)) of \(WholeNumber.text(target)) kcal (\(WholeNumber.text(share)) %)"
                + (i.adherence == nil ? " · not judged yet" : "")
        case .night(let n):
            let times = n.bedtime.flatMap { bed in n.wakeTime.map { " (\(bed)–\($0))" } } ?? ""
            return DurationFormat.hoursMinutes(n.minutes) + times + (n.quality.map { " · quality \($0)/5" } ?? "")
        case .fasts(let fasts):
            return fasts.map { fast($0, timeZone: timeZone, now: now) }.joined(separator: "; ")
        case .moments(let moments):
            let day = MomentDay(date: moments.first?.date ?? LocalDate(now, timeZone: timeZone), moments: moments)
            return Plural.count(day.count, "moment") + (day.meanFeeling.map { " · felt \(FastFormat.oneDecimal($0))/5" } ?? "")
                + (day.tags.isEmpty ? "" : " · " + day.tags.map { "+" + $0 }.joined(separator: " "))
        case .nothing:
            switch series {
            case .checkIns: return "no check-in"
            case .kcal: return "nothing logged"
            case .sleep: return "no night logged"
            case .fasts: return "no fast"
            case .moments, .tag: return "no moments"
            }
        }
    }

    /// "14:30 walk with Sam +social 4/5".
    static func moment(_ m: Moment, timeZone: TimeZone) -> String { "\(ClockTime(m.at, timeZone: timeZone)) \(m.line)" }

    /// "20:10 → 12:25 · 16 h 15 of 16:8 · goal reached", or "… · on" for the fast on.
    static func fast(_ fast: Fast, timeZone: TimeZone, now: Date) -> String {
        let start = ClockTime(fast.startedAt, timeZone: timeZone).description
        let end = fast.endedAt.map { ClockTime($0, timeZone: timeZone).description } ?? "now"
        let reached = fast.reachedGoal(at: now) ? "goal reached" : "short of the goal"
        return
            "\(start) → \(end) · \(DurationFormat.hoursMinutes(fast.minutes(at: now))) of \(FastingGoal.name(fast.goalHours)) · \(reached)"
    }

    /// "Sun 6 Dec 2026".
    static func dayLabel(_ date: LocalDate) -> String {
        "\(LocalDate.weekdayShortNames[date.weekdayIndex]) \(date.day) \(LocalDate.monthShortNames[date.month - 1]) \(date.year)"
    }

    static let monthNames = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December",
    ]
}
