import BodiiDomain
import BodiiUI
import TerminalKit
import SharedCharts

/// The Sleep tab: the last 30 nights, their durations against the 7–9 h band, the 7-day average
/// and how regular bedtimes are; `a` logs a night by bed and wake time or by duration, `e` edits
/// the selected night, `x` deletes it after y/n and `u` brings it back. Logging a night for a date
/// that has one asks before replacing it (issue 23 #19), and `u` puts the replaced night back.
public typealias SleepViewModel = DatedListTab<SleepList>

extension DatedListTab where Kind == SleepList {
    public convenience init(source: any SleepList.Store, clock: any Clock, selection: SelectedDay? = nil) {
        self.init(SleepList(source: source, clock: clock, selection: selection))
    }
}

/// The nights as a `DatedListKind`: the window of 30 days ending on the shared day, the form
/// with its replace question, and the chart.
@MainActor
public final class SleepList: DatedListKind {
    /// The nights: what the tab reads and `SleepLogging` writes.
    public typealias Store = SleepRepository
    private let source: any Store
    private let clock: any Clock
    /// The selected day, shared with the other tabs.
    public private(set) var day: LocalDate {
        get { selection.date }
        set { selection.date = newValue }
    }
    private let selection: SelectedDay
    public private(set) var nights: [SleepRecord] = []  // oldest first, 30 days ending on `day`
    private let logging: SleepLogging
    /// A new night waiting for y/n because its date has `existing` (the form stays open behind).
    public private(set) var pendingReplace: (night: SleepRecord, existing: SleepRecord)?
    /// The night the last replace overwrote, which `u` restores when the replace is the newer change.
    private var lastReplaced: SleepRecord?
    /// Whether `u` undoes the replace (true) or the last delete (false): the newer of the two.
    private var undoesReplace = false

    static let days = 30

    public init(source: any Store, clock: any Clock, selection: SelectedDay? = nil) {
        self.source = source
        self.clock = clock
        logging = SleepLogging(store: source, clock: clock)
        self.selection = selection ?? SelectedDay(clock.today)
    }

    public let title = "Sleep"
    public let noun = "night"
    public let nothingHere = ""

    public static let actions = ActionKeyMap<ListTabAction<DayStep>>(
        title: "Sleep",
        ListTabAction.recordKeys(
            add: ("log a night", "log"), edit: ("edit the selected night", "edit"), delete: ("delete the selected night", "delete"),
            undo: "undo the last delete or replace")
            + DayStep.actions { .extra($0) } + ListMove.actions("in the list") { .move($0) })

    /// The nights newest first, as the table lists them.
    public func load() throws -> [SleepRecord] {
        nights = try source.sleepRecords(in: DateRange(ending: day, days: Self.days))
        return nights.reversed()
    }

    public func perform(_ step: DayStep) -> ListTabRefresh {
        day = day.moved(by: step.offset, today: clock.today)
        return .reload
    }

    public func describe(_ night: SleepRecord) -> String {
        "\(DurationFormat.hoursMinutes(night.minutes)) of \(night.date.iso)"
    }

    /// The full description of a night that is about to be overwritten: all of what is lost.
    private func describeFully(_ night: SleepRecord) -> String {
        var parts = [describe(night)]
        if let bed = night.bedtime, let wake = night.wakeTime { parts.append("bed \(bed), up \(wake)") }
        if let quality = night.quality { parts.append("quality \(quality)/5") }
        return parts.joined(separator: ", ")
    }

    public func delete(id: Int64) throws -> SleepRecord? { try logging.delete(id: id) }
    public func restore(_ night: SleepRecord) throws -> SleepRecord { try logging.save(night).night }
    public func didDelete() { undoesReplace = false }

    /// Moves the window to hold `night` if needed.
    public func reveal(_ night: SleepRecord) {
        if !DateRange(ending: day, days: Self.days).contains(night.date) { day = night.date }
    }

    /// `u` after a replace (the newer change): the replaced night back.
    public func undoOwnChange() -> (status: StatusMessage, restored: SleepRecord?)? {
        guard undoesReplace, let old = lastReplaced else { return nil }
        do {
            try logging.update(old)
            lastReplaced = nil
            undoesReplace = false
            return (StatusMessage("Restored the night \(describeFully(old)).", kind: .success), old)
        } catch {
            return (StatusMessage("Could not restore: \(ErrorLine.text(error))", kind: .error), nil)
        }
    }

    public func formFlow(editing night: SleepRecord?, tab: DatedListTab<SleepList>) -> any Flow {
        // An edited night shows its times when it has them, otherwise its duration.
        let duration = night.flatMap { $0.bedtime == nil || $0.wakeTime == nil ? DurationFormat.compact($0.minutes) : nil } ?? ""
        let form = Form(fields: [
            .text(
                SleepEntryField.bedtime.rawValue, label: "Bedtime", text: night?.bedtime?.description ?? "", placeholder: "23:30",
                maxLength: Validation.maxInputLength, hint: "23:15, 11pm"),
            .text(
                SleepEntryField.wakeTime.rawValue, label: "Wake time", text: night?.wakeTime?.description ?? "", placeholder: "07:00",
                maxLength: Validation.maxInputLength, hint: "7:00, 7am"),
            .text(
                SleepEntryField.duration.rawValue, label: "or Duration", text: duration, placeholder: "7h30",
                maxLength: Validation.maxInputLength, hint: "instead of both times"),
            .text(
                SleepEntryField.quality.rawValue, label: "Quality", text: night?.quality.map(String.init) ?? "", placeholder: "optional",
                maxLength: Validation.maxInputLength, hint: "1 (poor) – 5 (great)"),
            .text(
                SleepEntryField.date.rawValue, label: "Woke on", text: (night?.date ?? clock.today).iso,
                maxLength: Validation.maxInputLength, hint: "YYYY-MM-DD"),
        ])
        return tab.formFlow(
            title: night == nil ? "Log a night" : "Edit the night",
            intro: "A night belongs to the day you woke up; a bedtime after midnight is fine. Give bed and wake time, or a duration.",
            form: form, prefilled: [SleepEntryField.date.rawValue], editing: night != nil
        ) { [unowned self, unowned tab] flow in submit(flow, editing: night, tab: tab) }
    }

    private func submit(_ flow: RecordFormFlow, editing original: SleepRecord?, tab: DatedListTab<SleepList>) -> RecordFormFlow.Outcome {
        let f = flow.form
        let input = SleepEntryInput(
            bedtime: f.value(SleepEntryField.bedtime.rawValue) ?? "",
            wakeTime: f.value(SleepEntryField.wakeTime.rawValue) ?? "",
            duration: f.value(SleepEntryField.duration.rawValue) ?? "",
            quality: f.value(SleepEntryField.quality.rawValue) ?? "",
            date: f.value(SleepEntryField.date.rawValue) ?? "")
        switch logging.validate(input) {
        case .failure(let errors):
            tab.status = flow.form.show(errors: errors.inlineMessages, first: errors.firstField?.rawValue)
            return .stay
        case .success(var night):
            if original == nil, let existing = try? logging.night(on: night.date) {
                return .ask(askReplace(night, existing: existing, flow: flow, tab: tab))
            }
            return save(&night, editing: original, flow: flow, tab: tab) ? .saved : .stay
        }
    }

    /// A new night for a date that has one: y/n over the form, which stays open; `y` replaces
    /// the night (`u` puts it back), `n` goes back to the form.
    private func askReplace(_ night: SleepRecord, existing: SleepRecord, flow: RecordFormFlow, tab: DatedListTab<SleepList>) -> ConfirmFlow {
        pendingReplace = (night, existing)
        tab.status = nil
        return ConfirmFlow(
            title: "Replace", question: "Replace the night \(describeFully(existing)) by \(DurationFormat.hoursMinutes(night.minutes))? y/n",
            yes: "replace", no: "keep", status: { [unowned tab] in tab.status },
            onYes: { [unowned self, unowned tab, unowned flow] in
                pendingReplace = nil
                var replacement = night
                guard save(&replacement, editing: nil, flow: flow, tab: tab) else { return .back }
                lastReplaced = existing
                undoesReplace = true
                tab.status = StatusMessage(
                    "Replaced the night \(describeFully(existing)) by \(DurationFormat.hoursMinutes(replacement.minutes)) — u to undo.",
                    kind: .success)
                return .tab
            },
            onNo: { [unowned self, unowned tab] in
                pendingReplace = nil
                tab.status = StatusMessage("Kept the night \(describe(existing)); change the date to log another.")
            })
    }

    /// Saves `night` (new, or over `original`); true when saved. A date the store refuses is
    /// marked in the form.
    private func save(_ night: inout SleepRecord, editing original: SleepRecord?, flow: RecordFormFlow, tab: DatedListTab<SleepList>) -> Bool {
        do {
            let message: String
            if let original {
                night.id = original.id
                night.provenance = original.provenance  // an imported night stays the import's: a re-import finds it
                try logging.update(night)
                message = "Saved the night \(describe(night))."
            } else {
                let saved = try logging.save(night)
                night = saved.night
                message =
                    saved.replaced.map { "Replaced the night \(describe($0)) by \(DurationFormat.hoursMinutes(night.minutes))." }
                    ?? "Logged \(DurationFormat.hoursMinutes(night.minutes)) (\(night.status.label.lowercased())) for \(night.date.iso)."
            }
            tab.saved(night, status: StatusMessage(message, kind: .success))
            return true
        } catch let error as SleepLoggingError {
            tab.status = flow.form.show(
                errors: [SleepEntryField.date.rawValue: "\(ErrorLine.text(error))"], first: SleepEntryField.date.rawValue)
            return false
        } catch {
            tab.status = StatusMessage("Could not save: \(ErrorLine.text(error))", kind: .error)
            return false
        }
    }

    public func render(records: [SleepRecord], selected: Int, in area: Rect, buffer: inout Buffer, context: RenderContext) {
        SleepView(day: day, today: clock.today, nights: nights, selected: selected).render(in: area, buffer: &buffer, context: context)
    }
}

