import BodiiDomain
import TerminalKit

/// The Diet tab: the selected day's meals with their items and the day's totals.
/// Food search and logging come with the food catalog; until then the tab shows what is logged.
@MainActor
public final class DietViewModel: TabScreen {
    private let source: any Repositories
    private let clock: any Clock
    public private(set) var day: LocalDate
    public private(set) var records: [FoodRecord] = []
    public private(set) var targetKcal: Double?
    public private(set) var status: StatusMessage?

    public init(source: any Repositories, clock: any Clock) {
        self.source = source
        self.clock = clock
        day = clock.today
    }

    public let title = "Diet"
    public var keyMap: KeyMap { KeyMap(title: "Diet", bindings: DayStep.bindings) }

    public func didBecomeVisible() { reload() }

    public func reload() {
        do {
            records = try source.foodRecords(in: DateRange(start: day, end: day))
            targetKcal = try DaySummaryQuery(source: source).summary(for: day).targetKcal
        } catch {
            status = StatusMessage("Could not read the database: \(error)", kind: .error)
        }
    }

    public func handle(_ key: Key) -> KeyResult {
        guard let step = DayStep(key) else { return .ignored }
        day = day.moved(by: step.offset, today: clock.today)
        reload()
        return .handled
    }

    public func render(in area: Rect, buffer: inout Buffer, context: RenderContext) {
        DietView(day: day, today: clock.today, records: records, targetKcal: targetKcal).render(in: area, buffer: &buffer, context: context)
    }
}

struct DietView: Widget {
    let day: LocalDate
    let today: LocalDate
    let records: [FoodRecord]
    let targetKcal: Double?

    func render(in area: Rect, buffer: inout Buffer, context: RenderContext) {
        let (header, body) = area.splitTop(1)
        buffer.write([Span(day.longLabel, .title), Span(day == today ? "  today" : "", .muted)],
                     x: header.x + 1, y: header.y, maxWidth: header.width - 1, context: context)
        let (mealsArea, totalsArea) = body.splitLeft(max(0, body.width - 30))
        let block = Block(title: "Meals")
        block.render(in: mealsArea, buffer: &buffer, context: context)
        var rows: [TableRow] = []
        for meal in Meal.allCases {
            let items = records.filter { $0.meal == meal }
            guard !items.isEmpty else { continue }
            rows.append(TableRow([Span(meal.label, .title), Span(""), Span("\(Int(items.reduce(0) { $0 + $1.kcal }.rounded()))", .title), Span("")]))
            for r in items {
                rows.append(TableRow([Span("  " + r.foodName), Span(String(format: "%.0f g", r.grams), .muted),
                                      Span("\(Int(r.kcal.rounded()))"),
                                      Span(String(format: "%.0f/%.0f/%.0f", r.proteinG, r.carbsG, r.fatG), .muted)]))
            }
        }
        Table(columns: [TableColumn("Food"), TableColumn("Amount", width: .length(8), alignment: .right),
                        TableColumn("kcal", width: .length(6), alignment: .right), TableColumn("P/C/F g", width: .length(11), alignment: .right)],
              rows: rows, emptyMessage: "No meals logged on this day.")
            .render(in: block.inner(mealsArea).inset(left: 1, right: 1), buffer: &buffer, context: context)

        let totals = Block(title: "Day total")
        totals.render(in: totalsArea, buffer: &buffer, context: context)
        let inner = totals.inner(totalsArea).inset(left: 1, right: 1)
        let eaten = records.reduce(0) { $0 + $1.kcal }
        var y = inner.y
        if let target = targetKcal {
            Gauge(label: "kcal", value: eaten, max: target, valueText: "\(Int(eaten.rounded()))/\(Int(target.rounded()))", labelWidth: 5)
                .render(in: Rect(x: inner.x, y: y, width: inner.width, height: 1), buffer: &buffer, context: context)
        } else {
            buffer.write(Line("\(Int(eaten.rounded())) kcal eaten"), in: Rect(x: inner.x, y: y, width: inner.width, height: 1), context: context)
        }
        y += 2
        let macros: [(String, Double, Role)] = [
            ("Protein", records.reduce(0) { $0 + $1.proteinG }, .protein),
            ("Carbs", records.reduce(0) { $0 + $1.carbsG }, .carbs),
            ("Fat", records.reduce(0) { $0 + $1.fatG }, .fat),
        ]
        for (label, grams, role) in macros where y < inner.maxY {
            buffer.write(Line([Span(label.padding(toLength: 9, withPad: " ", startingAt: 0), .muted), Span(String(format: "%.0f g", grams), role)]),
                         in: Rect(x: inner.x, y: y, width: inner.width, height: 1), context: context)
            y += 1
        }
    }
}
