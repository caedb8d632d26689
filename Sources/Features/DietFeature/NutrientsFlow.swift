import BodiiDomain
import BodiiUI
import TerminalKit

/// `N` on the Diet tab (issue 27): the Nutrients view for the selected day, or the average day of
/// the week or month ending on it (`-`/`+`). Enter lists which of the day's foods gave the selected
/// nutrient; `g` ranks the foods the user eats by how much of the week's gap they close.
public final class NutrientsFlow: DietFlow {
    let tab: DietViewModel
    private let query: NutrientQuery
    public private(set) var span: NutrientSpan = .day
    public private(set) var selected = 0
    public private(set) var report: NutrientReport?
    private var error: String?

    enum Action: Sendable {
        case move(ListMove)
        case day(DayStep)
        case wider, narrower, sources, gap, close
    }

    static let actions = ActionKeyMap<Action>(
        title: "Nutrients",
        ListMove.actions("in the nutrients") { .move($0) } + DayStep.actions { .day($0) } + [
            KeyBinding([.char("-")], help: "average over a longer span: day → week → month").performs(.wider),
            KeyBinding([.char("+"), .char("=")], help: "a shorter span: month → week → day").performs(.narrower),
            KeyBinding([.enter], help: "which of the day's foods gave the selected nutrient").performs(.sources),
            KeyBinding([.char("g")], help: "close the gap: foods you eat whose usual portion closes most of it").performs(.gap),
            KeyBinding([.escape], help: "back to the day's meals").performs(.close),
        ])

    init(tab: DietViewModel, query: NutrientQuery) {
        self.tab = tab
        self.query = query
        load()
    }

    public var keyMap: KeyMap { Self.actions.keyMap }

    var selectedStatus: NutrientStatus? {
        guard let rows = report?.statuses, rows.indices.contains(selected) else { return nil }
        return rows[selected]
    }

    func load() {
        do {
            report = try query.report(span, endingOn: tab.day)
            error = nil
        } catch {
            report = nil
            self.error = "Could not read the nutrients: \(ErrorLine.text(error))"
        }
        selected = min(selected, max(0, (report?.statuses.count ?? 1) - 1))
    }

    public func handle(_ key: Key) -> KeyResult {
        guard let action = Self.actions.action(for: key) else { return .ignored }
        switch action {
        case .move(let move): selected = move.apply(to: selected, count: report?.statuses.count ?? 0)
        case .day(let step):
            tab.show(tab.day.moved(by: step.offset, today: tab.clock.today), selecting: nil, else: 0)
            load()
        case .wider:
            span = span.wider
            load()
        case .narrower:
            span = span.narrower
            load()
        case .close: return .close
        case .sources: return openSources()
        case .gap: return openGap()
        }
        return .handled
    }

    private func openSources() -> KeyResult {
        guard let status = selectedStatus else { return .handled }
        do {
            let sources = try query.sources(on: tab.day, of: status.key)
            return .requests([.present(NutrientSourcesFlow(tab: tab, key: status.key, day: tab.day, sources: sources))])
        } catch {
            tab.status = StatusMessage("Could not read the day's foods: \(ErrorLine.text(error))", kind: .error)
            return .handled
        }
    }

    private func openGap() -> KeyResult {
        guard let status = selectedStatus else { return .handled }
        do {
            let result = try query.gapSuggestions(for: status.key, endingOn: tab.day)
            guard let gap = result.gap else {
                tab.status = StatusMessage(Self.noGap(status))
                return .handled
            }
            return .requests([
                .present(CloseTheGapFlow(tab: tab, key: status.key, gap: gap, suggestions: result.suggestions))
            ])
        } catch {
            tab.status = StatusMessage("Could not read the log: \(ErrorLine.text(error))", kind: .error)
            return .handled
        }
    }

    /// Why `g` found nothing to close: a nutrient without a target (starch, sugars…) was told it
    /// reached its goal.
    static func noGap(_ status: NutrientStatus) -> String {
        let name = status.key.label
        switch status.target?.kind {
        case .limit?: return "\(name) is a limit: there is no gap to close."
        case nil: return "\(name) has no target, so no gap to close: Settings → Nutrients can set one."
        default: return "No gap: the last 7 days reach the \(name) goal, or no food knows it."
        }
    }

    public func render(in area: Rect, buffer: inout Buffer, context: RenderContext) {
        NutrientsView(report: report, day: tab.day, today: tab.clock.today, selected: selected, error: error)
            .render(in: area, buffer: &buffer, context: context)
    }
}
