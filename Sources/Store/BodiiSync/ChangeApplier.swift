import BodiiDomain
import BodiiStore
import CSQLiteSession
import Foundation

/// One recorded transaction of a device: its changeset, clock and each change's causal length.
struct SyncEntry: Equatable {
    let hlc: Int64
    let changeset: [UInt8]
    let lengths: [Int64]
}

/// What happens to one incoming change (decided before applying, from the clock tables).
enum ChangeDecision {
    /// The row loses entirely (an older incarnation, older cells, or a baseline mark).
    case skip
    /// A newer incarnation: the row becomes the incoming row (INSERT), or goes (DELETE).
    case replace
    /// Same incarnation: these columns win, the other columns the change sets keep the local value.
    case merge(winning: [Int], losing: [Int])
}

/// Applies another device's entries through `sqlite3changeset_apply_v2`, last writer wins per
/// (row, column):
/// 1. Pre-scan: each change is compared with the clock tables (causal length, then hybrid logical
///    clock, then device) and gets a `ChangeDecision`; rows that must not end as the changeset says
///    are read first.
/// 2. Apply: the conflict handler answers from the decision — REPLACE for a winning DATA (old
///    values differ); an INSERT whose key exists (CONFLICT) is omitted and its winning columns
///    written after, as an UPDATE (a REPLACE would cascade to the row's children); OMIT for a losing change, NOTFOUND (nothing to
///    update or delete), CONSTRAINT (a UNIQUE index met by another row: settled in step 5) and
///    FOREIGN_KEY (a child of a row deleted elsewhere: delete wins, the child goes in step 6).
/// 3. Correct: the handler is not asked when a change applies cleanly — an older change whose old
///    values equal the local ones (A→B→A), an INSERT of a row deleted here in a later incarnation —
///    and a REPLACE writes every column the change holds. So rows read in step 1 are put back
///    (whole for `skip`, their losing columns for `merge`).
/// 4. The clock tables take the winning clocks. The caller recomputes derived state.
/// 5. A change that met another row on a UNIQUE index is settled (`ClashSettler`): one of the two
///    rows keeps the value by the index's rule, the other is released by a recorded write.
/// 6. Children left without their parent go as the parent's delete would have taken them
///    (`SyncConnection.dropOrphans`): on a machine that had the child first the delete's cascade
///    took it, so every machine ends without it (delete wins).
final class ChangeApplier {
    private let connection: SyncConnection
    private let device: Int64
    private var decisions: [String: ChangeDecision] = [:]
    /// Changes left out: refused by a CHECK or NOT NULL constraint (another machine's Bodii allowed
    /// the value), or met on a UNIQUE index no rule settles. The rest of the file applies.
    private(set) var constraintsOmitted = 0
    /// Changes applied inside this file's transaction so far (the test hook below counts them).
    private var changesApplied = 0
    private var foreignKeyConflict = false
    /// INSERTs and UPDATEs that met another row on a UNIQUE index, settled after the clocks.
    private var clashed: [ClashSettler.Pending] = []
    /// Changes applied per table, for the summary.
    private(set) var appliedPerTable: [String: Int] = [:]

    /// Column names per table, read once per file.
    private var columnNames: [String: [String]] = [:]
    /// Dates up to a year after this are refused (`SyncedValueRules`).
    private let today: LocalDate

    init(connection: SyncConnection, device: Int64, today: LocalDate = LocalDate.today()) {
        self.connection = connection
        self.device = device
        self.today = today
    }

    /// What step 4 writes for one change.
    private struct Stamp {
        let table: String
        let key: String
        let length: Int64
        let decision: ChangeDecision
    }

    func apply(_ entry: SyncEntry) throws {
        decisions = [:]
        var stamps: [Stamp] = []
        var saved: [(change: RowChange, row: [SyncValue]?, decision: ChangeDecision)] = []
        try Changeset.forEach(entry.changeset) { change in
            guard stamps.count < entry.lengths.count else { throw ChangesetError.sqlite("causal lengths", SQLITE_CORRUPT) }
            try check(change)
            let length = entry.lengths[stamps.count]
            let key = change.key
            let decision = try decide(change, key: key, length: length, clock: entry.hlc)
            decisions[change.table + "\u{1E}" + key] = decision
            switch decision {
            case .replace: break
            case .skip, .merge: saved.append((change, try connection.row(change.row), decision))
            }
            stamps.append(Stamp(table: change.table, key: key, length: length, decision: decision))
        }
        guard stamps.count == entry.lengths.count else { throw ChangesetError.sqlite("causal lengths", SQLITE_CORRUPT) }
        inserted = []
        clashed = []
        foreignKeyConflict = false
        try applyThroughSession(entry.changeset)
        // An INSERT of a row that is here: its winning columns, never a REPLACE (a delete and an
        // insert, whose ON DELETE CASCADE would take the row's children: a review's notes).
        for change in inserted {
            let columns: [Int]
            switch decision(for: change) {
            case .replace: columns = change.setColumns
            case .merge(let winning, _): columns = winning
            case .skip: continue
            }
            let write = { [connection] in try connection.update(change.row, columns: columns, to: change.new) }
            if try !connection.attempt(write) { clashed.append(ClashSettler.Pending(change: change, write: write)) }
        }
        // A row put back can clash too: a goal kept active here while the change switched another on.
        for (change, row, decision) in saved {
            let pending: ClashSettler.Pending
            switch decision {
            case .skip:
                pending = ClashSettler.Pending(change: change, candidate: { row }) { [connection] in
                    try connection.restore(change.row, to: row)
                }
            case .merge(_, let losing):
                guard let row else { continue }
                let values = row.map { Optional($0) }
                pending = ClashSettler.Pending(
                    change: change,
                    candidate: { [connection] in
                        try connection.row(change.row).map { stored in stored.indices.map { losing.contains($0) ? row[$0] : stored[$0] } }
                    }
                ) { [connection] in try connection.update(change.row, columns: losing, to: values) }
            case .replace: continue
            }
            if try !connection.attempt(pending.write) { clashed.append(pending) }
        }
        for stamp in stamps { try record(stamp, hlc: entry.hlc) }
        try connection.raiseClock(to: entry.hlc)
        let settler = ClashSettler(connection: connection)
        for pending in clashed {
            guard try !settler.settle(pending) else { continue }
            constraintsOmitted += 1
            // The change's own write left out (not a row put back): it took no effect.
            if pending.candidate == nil, let count = appliedPerTable[pending.change.table], count > 0 {
                appliedPerTable[pending.change.table] = count - 1
            }
        }
        // After the clashes: a saved meal that landed late takes its items with it.
        if foreignKeyConflict || !clashed.isEmpty { try connection.dropOrphans(in: SyncEngine.tables) }
        changesApplied += stamps.count
        TestKillHook.check(changesApplied)
    }

    /// Refuses the whole file for a change to a table sync does not carry (its own bookkeeping:
    /// a file could renumber a device or skip another's files) or a value Bodii refuses on every
    /// other path (`SyncedValueRules`).
    private func check(_ change: RowChange) throws {
        guard SyncEngine.tableSet.contains(change.table) else { throw ChangesetError.notSynced(change.table) }
        guard change.operation != .delete else { return }
        if columnNames[change.table] == nil { columnNames[change.table] = try connection.columns(change.table) }
        let names = columnNames[change.table] ?? []
        for (index, value) in change.new.enumerated() {
            guard let value, index < names.count else { continue }
            if let problem = SyncedValueRules.problem(table: change.table, column: names[index], value: value, today: today) {
                throw ChangesetError.refusedValue(problem)
            }
        }
    }

    private func decide(_ change: RowChange, key: String, length: Int64, clock hlc: Int64) throws -> ChangeDecision {
        guard length > 0 else { return .skip }
        let row = try ClockTables.row(change.table, key, connection)
        let local = row?.length ?? 0
        if length < local { return .skip }
        guard length == local, let row else {
            // An UPDATE of an incarnation never seen here cannot make the row (it holds only the
            // changed columns); causal delivery (see SyncEngine.applyAll) keeps this from happening.
            return change.operation == .update ? .skip : .replace
        }
        if change.operation == .delete { return .skip }  // deleted here already, same incarnation
        let incoming = CellClock(length: length, hlc: hlc, device: device)
        let cells = try ClockTables.cells(change.table, key, connection)
        var winning: [Int] = []
        var losing: [Int] = []
        for column in try TableRows.factColumns(change, connection) {
            if (cells[column] ?? row) < incoming { winning.append(column) } else { losing.append(column) }
        }
        return winning.isEmpty ? .skip : .merge(winning: winning, losing: losing)
    }

    private func record(_ stamp: Stamp, hlc: Int64) throws {
        let clock = CellClock(length: stamp.length, hlc: hlc, device: device)
        switch stamp.decision {
        case .skip: return
        case .replace: try connection.setRowClock(clock.stored, stamp.table, stamp.key)
        case .merge(let winning, _): try connection.setCellClocks(winning, to: clock.stored, stamp.table, stamp.key)
        }
        appliedPerTable[stamp.table, default: 0] += 1
    }

    fileprivate func decision(for change: RowChange) -> ChangeDecision {
        decisions[change.table + "\u{1E}" + change.key] ?? .skip
    }

    /// A change the apply refused for a constraint: a UNIQUE clash is written after the clocks
    /// (step 5); an INSERT of an absent row is written whole, an UPDATE its winning columns.
    fileprivate func metConstraint(_ change: RowChange) {
        let columns: [Int]
        switch decision(for: change) {
        case .replace: columns = change.setColumns
        case .merge(let winning, _): columns = winning
        case .skip: return
        }
        let connection = connection
        clashed.append(
            ClashSettler.Pending(
                change: change,
                write: {
                    if change.operation == .insert, try connection.row(change.row) == nil {
                        try connection.restore(change.row, to: change.new.map { $0 ?? .null })
                    } else {
                        try connection.update(change.row, columns: columns, to: change.new)
                    }
                }
            ))
    }

    fileprivate func metForeignKeyConflict() { foreignKeyConflict = true }

    /// INSERTs that met their row here, updated after the apply.
    private var inserted: [RowChange] = []
    fileprivate func insertMetItsRow(_ change: RowChange) { inserted.append(change) }

    private func applyThroughSession(_ changeset: [UInt8]) throws {
        guard let handle = connection.handle else { throw ChangesetError.sqlite("connection", SQLITE_MISUSE) }
        let context = Unmanaged.passUnretained(self).toOpaque()
        let result = changeset.withUnsafeBytes { buffer in
            sqlite3changeset_apply_v2(
                handle, Int32(buffer.count), UnsafeMutableRawPointer(mutating: buffer.baseAddress), nil, conflictHandler, context,
                nil, nil, 0)
        }
        guard result == SQLITE_OK else { throw ChangesetError.sqlite("sqlite3changeset_apply_v2", result) }
    }
}

/// The conflict handler: a C function, so the applier comes through the context pointer.
private let conflictHandler: @convention(c) (UnsafeMutableRawPointer?, Int32, OpaquePointer?) -> Int32 = {
    context, conflict, iterator in
    guard let context, let iterator else { return SQLITE_CHANGESET_OMIT }
    let applier = Unmanaged<ChangeApplier>.fromOpaque(context).takeUnretainedValue()
    if conflict == SQLITE_CHANGESET_FOREIGN_KEY {
        // Reported once, after the changes: they stay, and the children left go (step 6).
        applier.metForeignKeyConflict()
        return SQLITE_CHANGESET_OMIT
    }
    guard let change = try? Changeset.read(iterator) else { return SQLITE_CHANGESET_OMIT }
    let decision = applier.decision(for: change)
    if case .skip = decision { return SQLITE_CHANGESET_OMIT }
    switch conflict {
    case SQLITE_CHANGESET_CONFLICT:
        applier.insertMetItsRow(change)
        return SQLITE_CHANGESET_OMIT
    case SQLITE_CHANGESET_DATA: return SQLITE_CHANGESET_REPLACE
    case SQLITE_CHANGESET_CONSTRAINT:
        applier.metConstraint(change)
        return SQLITE_CHANGESET_OMIT
    default: return SQLITE_CHANGESET_OMIT  // NOTFOUND: nothing to update or delete
    }
}
