import BodiiDomain
import TerminalKit

/// A period's review in words: the summary rows the Review tab shows and `bodii review` and
/// `bodii report --review` print, so the three say the same thing with the same numbers.
public struct ReviewText {
    public let review: PeriodReview
    public let unitSystem: UnitSystem
    public let today: LocalDate

    public init(review: PeriodReview, unitSystem: UnitSystem, today: LocalDate) {
        self.review = review
        self.unitSystem = unitSystem
        self.today = today
    }

    /// "week 16–22 Nov 2026" with "(so far)" while it runs.
    public var heading: String {
        let p = review.period
        let running = p.range.contains(today) ? " (so far)" : ""
        return "\(p.kind == .week ? "Week " : "")\(p.label)\(running)"
    }

    static func whole(_ v: Double?) -> String { v.map { "\(WholeNumber.text($0))" } ?? "—" }

    /// The wellness score with its parts, so a reader can check it.
    public var wellnessLine: [Span] {
        guard let w = review.wellness, let score = w.score else { return [Span("no data yet", .muted)] }
        var spans = [Span("\(Self.whole(score))/100", Self.role(score))]
        for (i, part) in w.parts.enumerated() {
            spans.append(Span((i == 0 ? "  " : " · ") + "\(part.name) ", .muted))
            spans.append(Span(Self.whole(part.value), part.value.map(Self.role) ?? .muted))
        }
        return spans
    }

    static func role(_ score: Double) -> Role { score >= 70 ? .good : (score >= 40 ? .warn : .bad) }

    /// Label and value of each summary row.
    public var rows: [(label: String, value: [Span])] {
        guard let p = review.summary else { return [("Summary", [Span("this period has not started", .muted)])] }
        let fmt = UnitFormatter(unitSystem)
        var out: [(String, [Span])] = [("Wellness", wellnessLine)]
        let s = p.sleep
        out.append(
            (
                "Sleep",
                s.averageMinutes.map { avg in
                    [
                        Span(DurationFormat.hoursMinutes(avg), .accent),
                        Span(
                            " average on \(Plural.count(s.nights, "night")), \(s.goodNights) of 7–9 h"
                                + (s.bedtimeSDMinutes.map { " · bedtime ± \(WholeNumber.text($0)) min" } ?? "")),
                    ]
                } ?? [Span("no nights logged", .muted)]
            ))
        let e = p.exercise
        out.append(
            (
                "Exercise",
                [
                    Span("\(e.minutes) min", .accent),
                    Span(
                        " in \(Plural.count(e.sessions, "session")) · \(weeklyExercise(e, running: p.range.contains(today)))"
                            + (e.kcal > 0 ? " · \(WholeNumber.text(e.kcal)) kcal" : "")),
                ]
            ))
        out.append(
            (
                "Steps",
                p.steps.average.map { [Span("\(WholeNumber.text($0)) a day", .accent), Span(" on \(Plural.count(p.steps.days, "day"))")] }
                    ?? [Span("no data (none imported)", .muted)]
            ))
        if let start = p.weight.startTrendKg, let end = p.weight.endTrendKg {
            out.append(
                (
                    "Weight",
                    [
                        Span("trend \(fmt.mass(start)) → \(fmt.mass(end)) "), Span("(\(fmt.massChange(from: start, to: end)))", .accent),
                        Span(" · \(Plural.count(p.weight.weighInDays, "weigh-in"))"),
                    ]
                ))
        } else {
            out.append(("Weight", [Span("no weigh-ins", .muted)]))
        }
        let c = p.calories
        out.append(
            (
                "Calories",
                c.averageEaten.map { eaten in
                    // Both figures are means over the period's days: labelled so, they cannot be
                    // read against the Dashboard's target for today.
                    [Span("\(WholeNumber.text(eaten)) kcal/day", .accent), Span(" avg on \(Plural.count(c.loggedDays, "day"))")]
                        + (c.averageTarget.map { target in
                            [
                                Span(" (avg target \(WholeNumber.text(target)))"), Span(" · "),
                                Span("\(c.adherentDays) of \(c.daysWithTarget)", .accent), Span(" within 10 %"),
                            ]
                        } ?? [])
                } ?? [Span("no meals logged", .muted)]
            ))
        let m = p.mood
        out.append(
            (
                "Mood",
                m.days == 0
                    ? [Span("no check-ins with mood", .muted)]
                    : [
                        Span("mood \(m.averageMood.map(FastFormat.oneDecimal) ?? "—")/5", .accent),
                        Span(" · energy \(m.averageEnergy.map(FastFormat.oneDecimal) ?? "—")/5"),
                        Span(" on \(Plural.count(m.days, "day")) · \(Plural.count(p.checkInDays, "check-in day"))"),
                    ]
            ))
        if let g = review.groceries { out.append(("Groceries", groceriesLine(g))) }
        return out
    }

    /// The minutes per week the period comes to, with its unit and what it is: while the period
    /// runs it is a pace ("on pace for 128 min a week"), over a finished week the week's own
    /// minutes (so only the aim), over a longer period the average.
    func weeklyExercise(_ e: PeriodSummary.Exercise, running: Bool) -> String {
        let rate = WholeNumber.text(e.minutesPerWeek)
        if running { return "pace \(rate) min/week, aim \(Self.weeklyAimMinutes)" }
        if review.period.kind == .week { return "aim \(Self.weeklyAimMinutes) min/week" }
        return "avg \(rate) min/week, aim \(Self.weeklyAimMinutes)"
    }

    /// The WHO guideline's 150 minutes of moderate activity a week (the Exercise tab's line).
    static let weeklyAimMinutes = 150

    /// "€58.20 spent · €1.10 wasted · cheapest protein: Lentils · energy: Oats" (the prices per
    /// 10 g protein and 1000 kcal are in `--json` and the Pantry's prices).
    func groceriesLine(_ g: GrocerySummary) -> [Span] {
        var spans = [Span(g.spending.spent.formatted, .accent), Span(" spent")]
        if g.spending.waste.minorUnits > 0 { spans += [Span(" · "), Span(g.spending.waste.formatted, .warn), Span(" wasted")] }
        switch (g.cheapestProtein.map { Self.shortName($0.name) }, g.cheapestEnergy.map { Self.shortName($0.name) }) {
        case (let p?, let e?) where p == e: spans.append(Span(" · cheapest protein and energy: \(p)"))
        case (let p, let e):
            if let p { spans.append(Span(" · cheapest protein: \(p)")) }
            if let e { spans.append(Span(" · energy: \(e)")) }
        }
        return spans
    }

    /// A catalog name's head ("Lentils, mature seeds, cooked" → "Lentils"): the row has no room for more.
    static func shortName(_ name: String) -> String {
        String(name.split(separator: ",", maxSplits: 1).first ?? Substring(name)).trimmingCharacters(in: .whitespaces)
    }

    /// "#4 Sleep 7 h or more on 5 nights · due 22 Nov · met 5/5 nights ≥ 7 h".
    public func actionLine(_ a: ReviewAction) -> [Span] {
        var spans = [Span("#\(a.id.map(String.init) ?? "?") ", .muted), Span(a.text, a.status == .open ? .action : .muted)]
        if a.status != .open { spans.append(Span(" (\(a.status.rawValue)\(a.dropNote.map { ": " + $0 } ?? ""))", .muted)) }
        if let due = a.due { spans.append(Span(" · due \(due.shortLabel(relativeTo: today))", a.isOverdue(today: today) ? .bad : .muted)) }
        if let id = a.id, let progress = review.progress[id] {
            spans.append(Span(" · " + progress.verdict, progress.met.map { $0 ? .good : .bad } ?? .accent))
        }
        return spans
    }

    /// A Try with the Problem it answers.
    public func itemText(_ item: ReviewItem) -> String {
        guard let problem = review.item(id: item.problemId) else { return item.text }
        return "\(item.text) (answers: \(problem.text))"
    }

    /// The whole review as plain lines (for `bodii review` and e-mail): summary, carried actions, board.
    public var lines: [Line] {
        var out = [Line("Review — \(heading)", .title), Line("\(review.period.start.iso) to \(review.period.end.iso)", .muted)]
        for row in rows {
            out.append(Line([Span("  " + row.label.padding(toLength: 10, withPad: " ", startingAt: 0), .muted)] + row.value))
        }
        if !review.carriedOver.isEmpty {
            out += ["", Line("Open actions from earlier periods", .title)]
            out += review.carriedOver.map { Line([Span("  ")] + actionLine($0)) }
        }
        for kind in ReviewItemKind.allCases {
            let items = review.items(kind)
            out += ["", Line(kind.title, Self.role(kind))]
            out += items.isEmpty ? [Line("  —", .muted)] : items.map { Line("  - " + itemText($0)) }
        }
        out += ["", Line("Action", .action)]
        out += review.actions.isEmpty ? [Line("  —", .muted)] : review.actions.map { Line([Span("  ")] + actionLine($0)) }
        return out
    }

    public static func role(_ kind: ReviewItemKind) -> Role {
        switch kind {
        case .keep: return .keep
        case .problem: return .problem
        case .try: return .try
        }
    }
}
