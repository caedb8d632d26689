import TerminalKit

/// The keys of a modal list: move, edit, new, delete (y/n), close.
public enum ModalListAction: Sendable {
    case move(ListMove)
    case edit, new, delete, close
}

/// One kind of item in a `ModalListFlow` (My foods, Recipes): what it is called, how it is read,
/// drawn as a row, opened in its editor and deleted. The list, its keys, the y/n and the drawing
/// of the box are the flow's.
@MainActor
public protocol ModalListKind: AnyObject {
    associatedtype Item
    /// The box's title and the key map's: "My foods".
    var title: String { get }
    /// The box's right title for `count` items: "3 custom".
    func countTitle(_ count: Int) -> String
    /// `n`'s and `x`'s help: "new custom food", "delete the food (what you logged stays)".
    var newHelp: String { get }
    var deleteHelp: String { get }
    var columns: [TableColumn] { get }
    var emptyMessage: String { get }
    func row(_ item: Item) -> TableRow

    /// The status line the list shares with its tab.
    var status: StatusMessage? { get }
    func report(_ status: StatusMessage)

    func load() throws -> [Item]
    /// The editor for a new item (nil) or for `item`; nil when it cannot open (the status says why).
    /// When it saves, it calls `list.reload(selecting:)`.
    func editor(for item: Item?, list: ModalListFlow<Self>) -> (any Flow)?
    /// The y/n about deleting `item`: its title and question.
    func deleteQuestion(_ item: Item) -> (title: String, question: String)
    /// Deletes `item`; returns the status to show.
    func delete(_ item: Item) throws -> StatusMessage
    /// What the status says when the delete failed: "Could not delete the food".
    var deleteFailure: String { get }
}

/// A list in a box over its tab (My foods, Recipes): j/k move, Enter edits, `n` makes a new one,
/// `x` deletes after y/n (a `ConfirmFlow`), Esc closes. Modal: only `?` and `q` reach the shell.
@MainActor
public final class ModalListFlow<Kind: ModalListKind>: Flow {
    public let kind: Kind
    public private(set) var items: [Kind.Item]
    public private(set) var selected = 0

    public init(kind: Kind, items: [Kind.Item]) {
        self.kind = kind
        self.items = items
    }

    /// The app's keys that still work over the list; it takes every other key.
    public static var globalKeys: Set<Key> { [.char("?"), .char("q")] }

    public static func actions(_ kind: Kind) -> ActionKeyMap<ModalListAction> {
        ActionKeyMap(
            title: kind.title,
            ListMove.actions("in the list") { .move($0) } + [
                KeyBinding([.enter, .char("e")], label: "Enter", help: "edit", footer: true).performs(.edit),
                KeyBinding([.char("n")], help: kind.newHelp, footer: true, brief: "new").performs(.new),
                KeyBinding([.char("x")], help: kind.deleteHelp, footer: true, brief: "delete").performs(.delete),
                KeyBinding([.escape], help: "close", footer: true).performs(.close),
            ])
    }

    public var keyMap: KeyMap { KeyMap(title: kind.title, bindings: Self.actions(kind).keyMap.bindings, globalKeys: Self.globalKeys) }
    public var status: StatusMessage? { kind.status }
    private var selectedItem: Kind.Item? { items.indices.contains(selected) ? items[selected] : nil }

    public func handle(_ key: Key) -> KeyResult {
        guard let action = Self.actions(kind).action(for: key) else { return Self.globalKeys.contains(key) ? .ignored : .handled }
        switch action {
        case .close: return .close
        case .move(let move): selected = move.apply(to: selected, count: items.count)
        case .new: return present(kind.editor(for: nil, list: self))
        case .edit:
            guard let item = selectedItem else { break }
            return present(kind.editor(for: item, list: self))
        case .delete:
            guard let item = selectedItem else { break }
            return .requests([.present(confirmDelete(item))])
        }
        return .handled
    }

    private func present(_ flow: (any Flow)?) -> KeyResult { flow.map { .requests([.present($0)]) } ?? .handled }

    /// Reads the list again, with the item `isSelected` picks selected (else the first).
    public func reload(selecting isSelected: (Kind.Item) -> Bool) throws {
        items = try kind.load()
        selected = items.firstIndex(where: isSelected) ?? 0
    }

    private func confirmDelete(_ item: Kind.Item) -> ConfirmFlow {
        let (title, question) = kind.deleteQuestion(item)
        return ConfirmFlow(
            title: title, question: question, yes: "delete", no: "keep", status: { [unowned self] in kind.status },
            onYes: { [unowned self] in
                do {
                    let status = try kind.delete(item)
                    items = try kind.load()
                    selected = min(selected, max(0, items.count - 1))
                    kind.report(status)
                } catch {
                    kind.report(StatusMessage("\(kind.deleteFailure): \(ErrorLine.text(error))", kind: .error))
                }
                return .back
            },
            onNo: { [unowned self] in kind.report(StatusMessage("Kept.")) })
    }

    public func render(in area: Rect, buffer: inout Buffer, context: RenderContext) {
        let modal = Modal(title: kind.title, rightTitle: kind.countTitle(items.count), width: min(area.width - 4, 76), height: min(area.height, 18))
        let inner = modal.draw(in: area, buffer: &buffer, context: context).inset(left: 1, right: 1)
        let (body, hint) = inner.splitBottom(1)
        let window = Table.window(selected: selected, rowCount: items.count, visibleRows: body.height - 1)
        var table = Table(
            columns: kind.columns, rows: items[window].map(kind.row), selected: items.isEmpty ? nil : selected - window.lowerBound,
            emptyMessage: kind.emptyMessage, columnSpacing: 1)
        table.moreAbove = window.lowerBound > 0
        table.moreBelow = window.upperBound < items.count
        table.render(in: body, buffer: &buffer, context: context)
        let keys = Self.actions(kind).keyMap.bindings.filter(\.inFooter).map { "\($0.keyLabel) \($0.brief ?? $0.help)" }
        buffer.write(Line(keys.joined(separator: " · "), .muted), in: hint, context: context)
    }
}
