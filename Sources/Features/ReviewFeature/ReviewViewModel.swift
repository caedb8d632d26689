import BodiiDomain
import BodiiUI
import SharedCharts
import TerminalKit

/// The Review tab (PRODUCT.md §8): the period's summary first, then the actions still open from
/// earlier periods, then the Keep / Problem / Try / Action board. `[` `]` move by period, `-` `+`
/// switch week and month; `a` `e` `x` `u` add, edit, delete and undo in the focused column; `d`
/// marks an action done, `D` drops it with a note, `o` opens it again.
@MainActor
public final class ReviewViewModel: TabScreen {
    /// The board's notes and actions and what the period's summary and charts read (`Store`).
    private let source: any Store
    private let clock: any Clock
    /// A day of the period shown; nil: the current one. The Review's own (issue 26): browsing
    /// past weeks here must not move the day the other tabs and the check-in are on.
    private var shownDay: LocalDate?
    public private(set) var kind: ReviewPeriodKind = .week
    public private(set) var review: PeriodReview?
    public private(set) var charts: PeriodCharts?
    public private(set) var unitSystem: UnitSystem = .metric
    public private(set) var focus: BoardColumn = .keep
    /// The selected row of each column.
    public private(set) var rows: [BoardColumn: Int] = [:]
    private let deletion = DeleteUndo<BoardCard>(noun: "card", namedByDescription: true)
    /// The links the last deleted note had (its Tries, its actions): undo restores them with it.
    private var cutLinks = ReviewLinks()
    public var pendingDelete: BoardCard? { deletion.pending }
    public internal(set) var status: StatusMessage?

    /// The review's own ports: the board (`ReviewRepository`, in `PeriodReview.Source`), the
    /// period's summary and groceries, the charts and the profile's units.
    public typealias Store = PeriodReview.Source & PeriodCharts.Source & ProfileRepository & InsightSeries.Source & WriteWatching
        & ConsistentReading

    /// The insights' reports, kept while nothing is written (`WriteWatching`), and the insights of
    /// the period shown, read on first need: by the Review's own section at wide sizes or by `i`.
    private var insightReports = InsightReportCache()
    private var shownInsights: (period: ReviewPeriod, insights: ReviewInsights?)?

    public init(source: any Store, clock: any Clock) {
        self.source = source
        self.clock = clock
    }

    public let title = "Review"

    public var period: ReviewPeriod { ReviewPeriod(kind, containing: shownDay ?? clock.today, weekStart: clock.weekStart) }

    // MARK: Keys

    enum Action: Sendable {
        case add, edit, delete, undo, done, drop, reopen, insights
        case period(DayStep)
        case zoom(ChartZoom)
        case column(Int)
        case move(ListMove)
    }

    static let actions = ActionKeyMap<Action>(
        title: "Review",
        [
            KeyBinding([.char("["), .char("]")], label: "[ ]", help: "previous / next period", footer: true, brief: "period")
                .performs { DayStep($0).map(Action.period) },
            KeyBinding([.char("t")], help: "this period").performs(.period(.today)),
            KeyBinding([.char("-"), .char("+"), .char("=")], label: "-/+", help: "month / week", footer: true, brief: "week/month")
                .performs { ChartZoom($0).map(Action.zoom) },
            KeyBinding(
                [.char("h"), .left, .char("l"), .right], label: "h/l", help: "previous / next column", footer: true, brief: "column"
            )
            .performs { key in
                switch key {
                case .char("h"), .left: return .column(-1)
                default: return .column(1)
                }
            },
            KeyBinding([.char("a")], help: "add to the focused column", footer: true, brief: "add").performs(.add),
            KeyBinding([.char("e")], help: "edit the selected card", footer: true, brief: "edit").performs(.edit),
            KeyBinding([.char("x")], help: "delete the selected card", brief: "delete").performs(.delete),
            KeyBinding([.char("u")], help: "undo the last delete").performs(.undo),
            KeyBinding([.char("d")], help: "mark the selected action done", footer: true, brief: "done").performs(.done),
            KeyBinding([.char("D")], help: "drop the selected action, with a note", brief: "drop").performs(.drop),
            KeyBinding([.char("o")], help: "keep the selected action open (reopen it)").performs(.reopen),
            KeyBinding([.char("i")], help: "insights: what goes together in this period and the last 90 days").performs(.insights),
        ] + ListMove.actions("in the column") { .move($0) })

    public var keyMap: KeyMap {
        Self.actions.keyMap
    }


    // MARK: Loading

    public func didBecomeVisible() { reload() }

    public func reload() {
        do {
            let today = clock.today
            // One read transaction for the summary, the actions' periods, the charts and the units.
            let (review, charts, units) = try source.readingTogether {
                (
                    try PeriodReview.load(period, today: today, source: source),
                    try period.elapsed(today: today).map { try PeriodCharts.load(range: $0, source: source) },
                    try source.loadProfile()?.unitSystem ?? .metric
                )
            }
            self.charts = charts
            unitSystem = units
            if self.review?.period != review.period {
                // A new period opens on the actions still open from before, when there are any.
                focus = review.carriedOver.isEmpty ? .keep : .carried
                rows = [:]
            }
            self.review = review
            shownInsights = nil
            if !columns.contains(focus) { focus = .keep }
            for column in BoardColumn.allCases { rows[column] = min(rows[column] ?? 0, max(0, cards(in: column).count - 1)) }
        } catch {
            status = StatusMessage("Could not read the database: \(ErrorLine.text(error))", kind: .error)
        }
    }

    /// The columns shown: the carried actions only when there are any.
    public var columns: [BoardColumn] {
        BoardColumn.allCases.filter { $0 != .carried || !(review?.carriedOver.isEmpty ?? true) }
    }

    public func cards(in column: BoardColumn) -> [BoardCard] {
        guard let review else { return [] }
        switch column {
        case .carried: return review.carriedOver.map(BoardCard.action)
        case .action: return review.actions.map(BoardCard.action)
        case .keep, .problem, .try: return review.items(column.itemKind ?? .keep).map(BoardCard.item)
        }
    }

    public var selectedCard: BoardCard? {
        let list = cards(in: focus)
        let row = rows[focus] ?? 0
        return list.indices.contains(row) ? list[row] : nil
    }

    // MARK: Handling keys

    public func handle(_ key: Key) -> KeyResult {
        guard let action = Self.actions.action(for: key) else { return .ignored }
        if case .insights = action { return openInsights() }
        if case .delete = action { return askDelete() }
        if let form = perform(action) { return .requests([.present(ReviewFormFlow(tab: self, form: form))]) }
        return .handled
    }

    /// `i`: the Insights view of the period shown and the last 90 days, over the Review.
    private func openInsights() -> KeyResult {
        guard let insights = insights() else { return .handled }
        return .requests([.present(InsightsFlow(insights: insights))])
    }

    /// The insights of the period shown and of the last 90 days; nil (with a status line) when
    /// the database cannot be read. Read once per period while nothing is written.
    func insights() -> ReviewInsights? {
        let period = period
        if let shown = shownInsights, shown.period == period { return shown.insights }
        // Asked here, not on every reload: 80×24 never draws the insights, and the stamp is
        // read on the writer, which a running import may hold.
        insightReports.check(stamp: try? source.writeStamp(), today: clock.today)
        var loaded: ReviewInsights?
        do {
            try insightReports.prepare(ReviewInsights.ranges(period: period, today: clock.today)) { ranges in
                try source.readingTogether { try InsightReport.load(ranges: ranges, source: source) }
            }
            loaded = try ReviewInsights.load(period: period, today: clock.today) { range in
                try insightReports.report(range) { try InsightReport.load(range: $0, source: source) }
            }
        } catch {
            status = StatusMessage("Could not read the database: \(ErrorLine.text(error))", kind: .error)
        }
        shownInsights = (period, loaded)
        return loaded
    }

    /// Does a browsing key; the form it opens, if any.
    private func perform(_ action: Action) -> ReviewForm? {
        switch action {
        case .period(let step): movePeriod(step)
        case .zoom(let zoom):
            kind = zoom == .wider ? .month : .week
            reload()
        case .column(let delta):
            let shown = columns
            let index = shown.firstIndex(of: focus) ?? 0
            focus = shown[max(0, min(shown.count - 1, index + delta))]
        case .move(let move): rows[focus] = move.apply(to: rows[focus] ?? 0, count: cards(in: focus).count)
        case .add: return addForm()
        case .edit: return editForm()
        case .undo: undoDelete()
        case .done: close(as: .done)
        case .drop:
            guard case .action(let a)? = selectedCard, a.status == .open else {
                status = StatusMessage("Select an open action to drop."); return nil
            }
            return ReviewForm.drop(a)
        case .reopen: reopen()
        case .insights, .delete: break
        }
        return nil
    }

    /// `[` `]` move the shared day by one period (never past today), `t` back to today.
    private func movePeriod(_ step: DayStep) {
        let today = clock.today
        switch step.offset {
        case nil: shownDay = nil
        case let offset?:
            let target = period.moved(by: offset)
            guard target.start <= today else { status = StatusMessage("This is the current \(kind.rawValue)."); return }
            shownDay = target.end < today ? target.end : nil
        }
        reload()
    }

    private func describe(_ card: BoardCard) -> String {
        switch card {
        case .item(let i): return "the \(i.kind.title) “\(i.text)”"
        case .action(let a): return "the action “\(a.text)”"
        }
    }

    /// `x`: y/n about the selected card on the stack; `y` deletes it (an item keeps its links to
    /// put back with `u`).
    private func askDelete() -> KeyResult {
        guard let card = selectedCard else { status = StatusMessage("Nothing to delete."); return .handled }
        let flow = deletion.confirmFlow(
            about: card, describe: { [unowned self] in describe($0) },
            delete: { [unowned self] id in
                switch card {
                case .item:
                    guard let (item, links) = try source.deleteReviewItemKeepingLinks(id: id) else { return nil }
                    cutLinks = links
                    return .item(item)
                case .action: return try source.deleteAction(id: id).map(BoardCard.action)
                }
            }, status: { [unowned self] in status }
        ) { [unowned self] status, changed in
            self.status = status
            if changed { reload() }
        }
        return .requests([.present(flow)])
    }

    private func undoDelete() {
        let result = deletion.undo(describe: describe) { card in
            switch card {
            case .item(let i): return .item(try source.restoreReviewItem(i, links: cutLinks))
            case .action(let a): return .action(try source.addAction(a))
            }
        }
        status = result.status
        reload()
    }

    private func close(as status: ActionStatus) {
        guard case .action(var a)? = selectedCard, a.status == .open else {
            self.status = StatusMessage("Select an open action to mark it \(status.rawValue).")
            return
        }
        a.status = status
        a.closedOn = clock.today
        save(action: a, message: "Marked “\(a.text)” \(status.rawValue).")
    }

    private func reopen() {
        guard case .action(var a)? = selectedCard else { status = StatusMessage("Select an action to keep open."); return }
        guard a.status != .open else { status = StatusMessage("“\(a.text)” stays open."); return }
        a.status = .open
        a.closedOn = nil
        a.dropNote = nil
        save(action: a, message: "“\(a.text)” is open again.")
    }

    private func save(action: ReviewAction, message: String) {
        do {
            try source.updateAction(action)
            status = StatusMessage(message, kind: .success)
        } catch {
            status = StatusMessage("Could not save: \(ErrorLine.text(error))", kind: .error)
        }
        reload()
    }

    // MARK: Forms

    private func addForm() -> ReviewForm? {
        guard let review else { return nil }
        switch focus {
        case .carried:
            status = StatusMessage("These come from earlier reviews; add new actions in the Action column.")
            return nil
        case .keep, .problem: return ReviewForm.note(focus.itemKind ?? .keep, editing: nil, review: review)
        case .try: return ReviewForm.note(.try, editing: nil, review: review)
        case .action: return ReviewForm.action(editing: nil, review: review, today: clock.today)
        }
    }

    private func editForm() -> ReviewForm? {
        guard let review, let card = selectedCard else { status = StatusMessage("Nothing to edit."); return nil }
        switch card {
        case .item(let i): return ReviewForm.note(i.kind, editing: i, review: review)
        case .action(let a): return ReviewForm.action(editing: a, review: review, today: clock.today)
        }
    }

    /// Enter in a form: checked against the period shown, then stored; false (with the errors
    /// marked in `form`) when it stays open.
    func submit(_ form: inout ReviewForm) -> Bool {
        guard let review else { return false }
        switch form.validate(review: review, today: clock.today) {
        case .failure(let error):
            status = form.form.show(errors: error.messages, first: error.firstFieldID)
            return false
        case .success(let outcome):
            return store(outcome)
        }
    }

    private func store(_ outcome: ReviewForm.Outcome) -> Bool {
        do {
            let message: String
            switch outcome {
            case .item(let item):
                if item.id == nil {
                    try source.addReviewItem(item)
                    message = "Added to \(item.kind.title)."
                } else {
                    try source.updateReviewItem(item)
                    message = "Saved the \(item.kind.title)."
                }
            case .action(let action):
                if action.id == nil {
                    try source.addAction(action)
                    message = "Added the action" + (action.metric == nil ? "." : ", judged \(action.judgedPeriod.label).")
                } else {
                    try source.updateAction(action)
                    message = "Saved the action."
                }
            }
            status = StatusMessage(message, kind: .success)
            reload()
            if outcome.isNew { rows[focus] = max(0, cards(in: focus).count - 1) }  // the card just added
            return true
        } catch {
            status = StatusMessage("Could not save: \(ErrorLine.text(error))", kind: .error)
            return false
        }
    }

    // MARK: Drawing

    public func render(in area: Rect, buffer: inout Buffer, context: RenderContext) {
        ReviewView(model: self, today: clock.today).render(in: area, buffer: &buffer, context: context)
    }
}
