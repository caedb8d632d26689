import TerminalKit

/// The `x` / `u` flow every list shares (PRODUCT.md §2): `x` asks y/n about the selected record
/// in a `ConfirmFlow` on the stack (the only way it asks), `y` deletes it, `n` or Esc keeps it, any other key waits, and
/// `u` puts the last deleted record back. The tab supplies the store calls and how a record is
/// named in messages. A class: the question's flow answers into the tab's own copy.
@MainActor
public final class DeleteUndo<Record: Equatable & Sendable & Identifiable> where Record.ID == Int64? {
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

    /// The question about `record` as a flow for the stack. `y` deletes it by id through `delete`
    /// (which returns what it deleted, nil when it was already gone); `done` gets the status to
    /// show and whether the store changed, on either answer. `asked` names the record in the
    /// question when that says more than the messages do (a food entry's amount).
    public func confirmFlow(
        about record: Record, describe: @escaping (Record) -> String, asked: ((Record) -> String)? = nil,
        delete: @escaping (Int64) throws -> Record?, status: @escaping () -> StatusMessage?,
        done: @escaping (StatusMessage, Bool) -> Void
    ) -> ConfirmFlow {
        pending = record
        return ConfirmFlow(
            title: "Delete", question: "Delete \(name(record, asked ?? describe))? y/n", yes: "delete", no: "keep", status: status,
            onYes: { [self] in
                let result = deletePending(describe: describe, delete: delete)
                done(result.status, result.changed)
                return .back
            },
            onNo: { [self] in
                pending = nil
                done(StatusMessage("Kept."), false)
            })
    }

    /// `y`: deletes the record asked about.
    private func deletePending(describe: (Record) -> String, delete: (Int64) throws -> Record?) -> (status: StatusMessage, changed: Bool) {
        guard let record = pending else { return (StatusMessage("Nothing to delete."), false) }
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
    }

    /// Puts the last deleted record back through `restore`, which returns it as stored.
    public func undo(describe: (Record) -> String, restore: (Record) throws -> Record) -> (
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
