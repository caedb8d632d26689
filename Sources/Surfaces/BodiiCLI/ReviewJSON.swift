import BodiiDocument
import BodiiDomain
import Foundation

/// `bodii review --json` and `bodii action list --json` (PRODUCT.md §8): snake_case keys, in the
/// order of the spec; a part without data is null, never 0. Keys beyond the spec come after.
enum ReviewJSON {
    static func value(_ r: PeriodReview) -> JSONValue {
        let p = r.summary
        let w = r.wellness
        return .object([
            ("period", .string(r.period.kind.rawValue)),
            ("start", .string(r.period.start.iso)),
            ("end", .string(r.period.end.iso)),
            // Whole, as on screen (issue 23 #24): both round the exact score once by one rule
            // (`WholeNumber`), so 47.46 is 47 in both and no reader rounds 47.5 again to 48.
            ("wellness_score", .int(WholeNumber.checked(w?.score))),
            (
                "wellness_parts",
                .object(
                    (w?.parts ?? WellnessScore(sleep: nil, exercise: nil, nutrition: nil, mood: nil, steps: nil).parts)
                        .map { ($0.name, .int(WholeNumber.checked($0.value))) })
            ),
            (
                "sleep",
                .object([
                    ("nights", .int(p?.sleep.nights)), ("avg_minutes", .int(p?.sleep.averageMinutes)),
                    ("bedtime_sd_minutes", .decimal(p?.sleep.bedtimeSDMinutes)),
                ])
            ),
            (
                "exercise",
                .object([
                    ("minutes", .int(p?.exercise.minutes)), ("sessions", .int(p?.exercise.sessions)),
                    ("kcal", .decimal(p?.exercise.kcal)),
                ])
            ),
            ("steps", .object([("days", .int(p?.steps.days)), ("avg", .decimal(p?.steps.average))])),
            (
                "weight",
                .object([
                    ("start_trend_kg", .decimal(p?.weight.startTrendKg)), ("end_trend_kg", .decimal(p?.weight.endTrendKg)),
                    ("change_kg", .decimal(p?.weight.changeKg)),
                ])
            ),
            (
                "calories",
                .object([
                    ("logged_days", .int(p?.calories.loggedDays)), ("adherent_days", .int(p?.calories.adherentDays)),
                    ("avg_eaten", .decimal(p?.calories.averageEaten)), ("avg_target", .decimal(p?.calories.averageTarget)),
                ])
            ),
            (
                "mood",
                .object([
                    ("days", .int(p?.mood.days)), ("avg_mood", .decimal(p?.mood.averageMood)),
                    ("avg_energy", .decimal(p?.mood.averageEnergy)),
                ])
            ),
            ("keep", .array(r.items(.keep).map(item))),
            ("problem", .array(r.items(.problem).map(item))),
            ("try", .array(r.items(.try).map(item))),
            (
                "actions",
                .array(
                    r.carriedOver.map { action($0, progress: r.progress, carriedOver: true) }
                        + r.actions.map { action($0, progress: r.progress, carriedOver: false) })
            ),
            ("days_so_far", .int(p?.range.dayCount)),
            ("check_in_days", .int(p?.checkInDays)),
            ("groceries", groceries(r.groceries)),
        ])
    }

    /// The period's groceries (PRODUCT.md §10): money in main units, null when nothing was bought.
    static func groceries(_ g: GrocerySummary?) -> JSONValue {
        guard let g else { return .null }
        func buy(_ b: GrocerySummary.CheapestBuy?, _ key: String) -> JSONValue {
            b.map { .object([("name", .string($0.name)), (key, PantryCLI.json($0.price))]) } ?? .null
        }
        return .object([
            ("spent", PantryCLI.json(g.spending.spent)), ("wasted", PantryCLI.json(g.spending.waste)),
            ("currency", .string(g.spending.spent.currency.code)), ("purchases", .int(g.purchases)),
            ("cheapest_protein", buy(g.cheapestProtein, "price_per_10g_protein")),
            ("cheapest_energy", buy(g.cheapestEnergy, "price_per_1000kcal")),
        ])
    }

    static func item(_ i: ReviewItem) -> JSONValue {
        var pairs: [(String, JSONValue)] = [("id", .int(i.id.map(Int.init))), ("text", .string(i.text))]
        if i.kind == .try { pairs.append(("problem_id", .int(i.problemId.map(Int.init)))) }
        return .object(pairs)
    }

    static func action(_ a: ReviewAction, progress: [Int64: ActionProgress], carriedOver: Bool?) -> JSONValue {
        let p = a.id.flatMap { progress[$0] }
        var pairs: [(String, JSONValue)] = [
            ("id", .int(a.id.map(Int.init))), ("text", .string(a.text)), ("due", a.due.map { .string($0.iso) } ?? .null),
            ("status", .string(a.status.rawValue)), ("metric", a.metric.map { .string($0.rawValue) } ?? .null), ("target", .int(a.target)),
            ("met", p?.met.map { .bool($0) } ?? .null),
            ("progress", .decimal(p?.value)),
            ("judged_start", p.map { .string($0.period.start.iso) } ?? .null),
            ("judged_end", p.map { .string($0.period.end.iso) } ?? .null),
            ("try_id", .int(a.tryId.map(Int.init))), ("drop_note", a.dropNote.map { .string($0) } ?? .null),
            ("created_on", .string(a.createdOn.iso)), ("closed_on", a.closedOn.map { .string($0.iso) } ?? .null),
        ]
        if let carriedOver { pairs.append(("carried_over", .bool(carriedOver))) }
        return .object(pairs)
    }

    static func actions(_ list: [ReviewAction], progress: [Int64: ActionProgress]) -> JSONValue {
        .array(list.map { action($0, progress: progress, carriedOver: nil) })
    }
}
