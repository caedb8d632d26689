import TerminalKit

/// The `x` / `u` flow every list shares (PRODUCT.md §2): `x` asks y/n about the selected record,
/// `y` deletes it, `n` or Esc keeps it, any other key waits, and `u` puts the last deleted record
/// back. The tab supplies the store calls and how a record is named in messages.
public struct DeleteUndo<Record: Equatable & Sendable & Identifiable>: Equatable, Sendable where Record.ID == Int64? {
    /// The record the question is about, while it is open.
    public private(set) var pending: Record?
    /// The last deleted record, which `u` restores.
    public private(set) var lastDeleted: Record?
    /// What a record is called: "weigh-in", "session", "night".
    public let noun: String
    /// Whether messages call a record "the night 7 h 00 of …" or just by its description, for
    /// records whose description names them already (a food entry: "Bananas, raw (105 kcal)").
    private let namedByDescription: Bool

    public init(noun: String, namedByDescription: Bool = false) {
        self.noun = noun
        self.namedByDescription = namedByDescription
    }

    private func name(_ record: Record, _ describe: (Record) -> String) -> String {
        namedByDescription ? describe(record) : "the \(noun) \(describe(record))"
    }

    public mutating func ask(about record: Record) { pending = record }

    /// The question's keys, for the footer and help while it is open.
    public var keyMap: KeyMap { Confirmation.keyMap(title: "Delete", yes: "delete", no: "keep") }

    /// The y/n dialog while a question is open.
    public func dialog(describe: (Record) -> String) -> Confirmation? {
        pending.map { Confirmation(title: "Delete", message: "Delete \(name($0, describe))? y/n") }
    }

    /// Handles a key while the question is open. `delete` deletes by id and returns what it
    /// deleted (nil when the record was already gone). Returns the status to show (nil while
    /// waiting) and whether the store changed.
    public mutating func answer(
        _ key: Key, describe: (Record) -> String,
        delete: (Int64) throws -> Record?
    ) -> (status: StatusMessage?, changed: Bool) {
        guard let record = pending else { return (nil, false) }
        switch Confirmation.answer(for: key) {
        case .yes:
            pending = nil
            do {
                guard let id = record.id, let deleted = try delete(id) else {
                    return (StatusMessage("That \(noun) was already gone.", kind: .error), true)
                }
                lastDeleted = deleted
                return (StatusMessage("Deleted \(name(deleted, describe)) — u to undo.", kind: .success), true)
            } catch {
                return (StatusMessage("Could not delete: \(ErrorLine.text(error))", kind: .error), false)
            }
        case .no:
            pending = nil
            return (StatusMessage("Kept."), false)
        case nil:
            return (nil, false)
        }
    }

    /// Puts the last deleted record back through `restore`, which returns it as stored.
    public mutating func undo(describe: (Record) -> String, restore: (Record) throws -> Record) -> (
        status: StatusMessage, restored: Record?
    ) {
        guard let record = lastDeleted else { return (StatusMessage("Nothing to undo."), nil) }
        do {
            let restored = try restore(record)
            lastDeleted = nil
            return (StatusMessage("Restored \(name(restored, describe)).", kind: .success), restored)
        } catch {
            return (StatusMessage("Could not restore: \(ErrorLine.text(error))", kind: .error), nil)
        }
    }
}
