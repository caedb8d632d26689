import TerminalKit

/// The keys every dated list tab shares (`a` `e` `x` `u` and moving in the list) and the kind's
/// own (`Extra`: the day keys, the chart range), in one list behind both `handle` and help.
public enum ListTabAction<Extra: Sendable>: Sendable {
    case add, edit, delete, undo
    case move(ListMove)
    case extra(Extra)
}

extension ListTabAction {
    /// `a` `e` `x` `u` in that order, each with the kind's words for it (help, and the footer's
    /// brief when it has one; `u` is in help only).
    public static func recordKeys(
        add: (help: String, brief: String?), edit: (help: String, brief: String?), delete: (help: String, brief: String?), undo: String
    ) -> [BoundKey<ListTabAction>] {
        [
            KeyBinding([.char("a")], help: add.help, footer: true, brief: add.brief).performs(.add),
            KeyBinding([.char("e")], help: edit.help, footer: true, brief: edit.brief).performs(.edit),
            KeyBinding([.char("x")], help: delete.help, footer: true, brief: delete.brief).performs(.delete),
            KeyBinding([.char("u")], help: undo).performs(.undo),
        ]
    }
}

/// What the tab does after one of the kind's own keys.
public enum ListTabRefresh: Sendable {
    /// Only the drawing changed (the chart's range).
    case redraw
    /// Read again, keeping the selection where it can (another window of days).
    case reload
    /// Read again and select the first row (another day's list).
    case reloadFromTop
}

/// One kind of dated record on a `DatedListTab`: how it is read, named, deleted and put back,
/// its form, its own keys and how it is drawn (the table and the chart). A new kind (waist
/// measurements) brings these and nothing else; the list, the selection, the y/n delete, undo
/// and the status line are the tab's.
@MainActor
public protocol DatedListKind: AnyObject {
    associatedtype Record: Equatable & Sendable & Identifiable where Record.ID == Int64?
    associatedtype Extra: Sendable

    var title: String { get }
    /// The browsing keys in help's order: the shared actions and the kind's own.
    static var actions: ActionKeyMap<ListTabAction<Extra>> { get }
    /// What one record is called in the delete and undo messages: "weigh-in", "night".
    var noun: String { get }
    /// How "Nothing to edit" ends: "" or " on this day".
    var nothingHere: String { get }

    /// Reads what the tab shows; returns the records in the table's order (the selection indexes them).
    func load() throws -> [Record]
    /// A record in messages: "80.0 kg of 2026-12-01".
    func describe(_ record: Record) -> String
    /// Deletes by id; returns what was deleted, nil when it was already gone.
    func delete(id: Int64) throws -> Record?
    /// Puts a deleted record back; returns it as stored.
    func restore(_ record: Record) throws -> Record
    /// Moves the view (its day, its window) so that it holds `record`.
    func reveal(_ record: Record)
    /// The flow that logs a new record (nil) or edits `record`; it reports through `tab.saved`.
    func formFlow(editing record: Record?, tab: DatedListTab<Self>) -> any Flow
    /// One of the kind's own keys.
    func perform(_ extra: Extra) -> ListTabRefresh
    func render(records: [Record], selected: Int, in area: Rect, buffer: inout Buffer, context: RenderContext)

    /// `u` when the kind's own change is newer than the last delete (Sleep's replaced night):
    /// the status and the record to show; nil to undo the last delete.
    func undoOwnChange() -> (status: StatusMessage, restored: Record?)?
    /// A delete went through (the kind's own change is older now).
    func didDelete()
}

extension DatedListKind {
    public func undoOwnChange() -> (status: StatusMessage, restored: Record?)? { nil }
    public func didDelete() {}
}

/// A tab that lists dated records (Body's weigh-ins, Sleep's nights, Exercise's sessions): `a`
/// logs one and `e` edits the selected one through the kind's form flow on the stack, `x` asks
/// y/n in a `ConfirmFlow`, `u` puts the last deleted record back (PRODUCT.md §2). The kind's
/// state reads through (`tab.nights`).
@MainActor
@dynamicMemberLookup
public final class DatedListTab<Kind: DatedListKind>: TabScreen {
    public let kind: Kind
    /// The records in the table's order.
    public private(set) var records: [Kind.Record] = []
    public private(set) var selected = 0
    /// The one status line the tab and its flows share.
    public var status: StatusMessage?
    private let deletion: DeleteUndo<Kind.Record>

    public init(_ kind: Kind) {
        self.kind = kind
        deletion = DeleteUndo(noun: kind.noun)
    }

    public subscript<T>(dynamicMember keyPath: KeyPath<Kind, T>) -> T { kind[keyPath: keyPath] }

    public var title: String { kind.title }
    public var keyMap: KeyMap { Kind.actions.keyMap }
    /// The record `x` asked about, while the question is open.
    public var pendingDelete: Kind.Record? { deletion.pending }
    public var selectedRecord: Kind.Record? { records.indices.contains(selected) ? records[selected] : nil }

    public func didBecomeVisible() { reload() }

    public func reload() {
        do {
            records = try kind.load()
            selected = min(selected, max(0, records.count - 1))
        } catch {
            status = StatusMessage("Could not read the database: \(ErrorLine.text(error))", kind: .error)
        }
    }

    public func handle(_ key: Key) -> KeyResult {
        guard let action = Kind.actions.action(for: key) else { return .ignored }
        switch action {
        case .add:
            status = nil
            return .requests([.present(kind.formFlow(editing: nil, tab: self))])
        case .edit:
            guard let record = selectedRecord else { status = StatusMessage("Nothing to edit\(kind.nothingHere)."); return .handled }
            status = nil
            return .requests([.present(kind.formFlow(editing: record, tab: self))])
        case .delete:
            guard let record = selectedRecord else { status = StatusMessage("Nothing to delete\(kind.nothingHere)."); return .handled }
            status = nil
            return .requests([.present(confirmDelete(record))])
        case .undo: undo()
        case .move(let move): selected = move.apply(to: selected, count: records.count)
        case .extra(let extra):
            switch kind.perform(extra) {
            case .redraw: break
            case .reload: reload()
            case .reloadFromTop:
                selected = 0
                reload()
            }
        }
        return .handled
    }

    /// A form over this tab, for a new record or an edit (`editing`): it shows the tab's status,
    /// and Esc says "Nothing logged." or "Nothing changed.".
    public func formFlow(
        title: String, intro: String? = nil, form: Form, prefilled: Set<String>, editing: Bool,
        submit: @escaping (RecordFormFlow) -> RecordFormFlow.Outcome
    ) -> RecordFormFlow {
        RecordFormFlow(
            title: title, intro: intro, form: form, prefilled: prefilled, status: { [unowned self] in status }, submit: submit,
            cancel: { [unowned self] in status = StatusMessage(editing ? "Nothing changed." : "Nothing logged.") })
    }

    /// A form saved `record`: the view moves to hold it, selected, and `status` says so.
    public func saved(_ record: Kind.Record, status: StatusMessage) {
        show(record, otherwise: 0)
        self.status = status
    }

    private func show(_ record: Kind.Record, otherwise: Int) {
        kind.reveal(record)
        reload()
        selected = records.firstIndex { $0.id == record.id } ?? otherwise
    }

    private func confirmDelete(_ record: Kind.Record) -> ConfirmFlow {
        deletion.confirmFlow(
            about: record, describe: { [unowned self] in kind.describe($0) }, delete: { [unowned self] in try kind.delete(id: $0) },
            status: { [unowned self] in status }
        ) { [unowned self] status, changed in
            self.status = status
            if changed { reload() }
            if changed, status.kind == .success { kind.didDelete() }
        }
    }

    private func undo() {
        if let own = kind.undoOwnChange() {
            status = own.status
            if let restored = own.restored { show(restored, otherwise: selected) }
            return
        }
        let result = deletion.undo(describe: kind.describe) { try kind.restore($0) }
        status = result.status
        if let restored = result.restored { show(restored, otherwise: selected) }
    }

    public func render(in area: Rect, buffer: inout Buffer, context: RenderContext) {
        kind.render(records: records, selected: selected, in: area, buffer: &buffer, context: context)
    }
}
