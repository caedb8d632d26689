import BodiiStore
import Foundation

/// Settles an incoming row that meets another row on a UNIQUE index (`SyncUniqueRules`): a second
/// active goal, two saved meals or grocery items with one name, two snapshots of one weigh-in.
///
/// Why a recorded write and not a rule every machine computes alone: the winner depends on a
/// history the tables do not keep (a goal switched on, then off elsewhere without knowing of a
/// third one), so a silent fix-up can settle the same rows differently in different orders. A
/// release written as this machine's own change is a fact like any other: last-writer-wins takes
/// it everywhere. It cannot ping-pong: a release only gives a unique value up (switches a goal off,
/// moves a name to a free "Oats (2)", drops a duplicate), and two machines meeting the same clash
/// release the same row (the loser is chosen by the clocks, not by who met it). A renamed row's
/// name is then the newest, so if "Oats (2)" is taken on a third machine it is the one that moves
/// on ("Oats (3)"), never the row that kept its name; two machines choosing different free names
/// for it are two writes of one cell, which last-writer-wins settles. The property test syncs
/// until a round writes nothing, and stays within a few rounds.
struct ClashSettler {
    /// A write the apply could not make: the change's, or a row put back (`candidate`: the row
    /// it makes; nil: the stored row with the change's values).
    struct Pending {
        let change: RowChange
        var candidate: (() throws -> [SyncValue]?)? = nil
        let write: () throws -> Void
    }

    let connection: SyncConnection

    /// Writes the change (`write`), releasing whichever row loses. False when it still cannot be
    /// written (values a CHECK or NOT NULL refuses, a clash no rule settles): the change is left
    /// out, and the applier counts it (`constraintsOmitted`).
    func settle(_ pending: Pending) throws -> Bool {
        let change = pending.change
        let write = pending.write
        // Values this database's rules refuse (CHECK, NOT NULL, checked before UNIQUE): no
        // release makes room for them, so no row is released for nothing.
        switch try connection.attemptWrite(write) {
        case .written: return true
        case .refused: return false
        case .clashed: break
        }
        guard case .integer(let incoming) = change.keyValues.first, change.keyValues.count == 1 else { return false }
        // Each round releases one row in the way; a row can clash on two indexes (a grocery item's name and food).
        for round in 0..<4 {
            if round > 0, try connection.attempt(write) { return true }
            guard let values = try pending.candidate?() ?? candidate(change),
                let (rule, other) = try connection.uniqueClash(table: change.table, values: values)
            else { return false }
            if try keeps(rule, incoming, over: other) {
                try recorded(change.table) { try connection.release(rule, id: other) }
                continue
            }
            // The incoming row loses: it lands while the other row is parked, then is released
            // as this machine's write, and the other row comes back as it was.
            let parkedKey = try connection.rowKey(change.table, id: other)
            let parked = try connection.row(parkedKey)
            try connection.park(rule, id: other)
            let landed = try connection.attempt(write)
            if landed { try recorded(change.table) { try connection.release(rule, id: incoming) } }
            try connection.restore(parkedKey, to: parked)
            return landed
        }
        return false
    }

    /// The row as the change would make it: the stored row (if any) with the change's values.
    private func candidate(_ change: RowChange) throws -> [SyncValue]? {
        let stored = try connection.row(change.row)
        guard let base = stored ?? (change.operation == .insert ? change.new.map { $0 ?? .null } : nil) else { return nil }
        // A file from an older Bodii has fewer columns: the others stay as stored (or default).
        return base.indices.map { index in (index < change.new.count ? change.new[index] : nil) ?? base[index] }
    }

    /// Whether the incoming row keeps the value over `other`, by the clock of the rule's column
    /// (or the row's), the id breaking a tie.
    private func keeps(_ rule: SyncUniqueRule, _ incoming: Int64, over other: Int64) throws -> Bool {
        let mine = try clock(rule, incoming)
        let theirs = try clock(rule, other)
        let incomingNewer = (mine, incoming) > (theirs, other)
        return rule.keeps == .newer ? incomingNewer : !incomingNewer
    }

    private func clock(_ rule: SyncUniqueRule, _ id: Int64) throws -> CellClock {
        let key = RowKey.text([.integer(id)])
        let row = try ClockTables.row(rule.table, key, connection) ?? CellClock(length: 0, hlc: 0, device: 0)
        guard let column = rule.column, let index = try connection.columns(rule.table).firstIndex(of: column) else { return row }
        return try ClockTables.cells(rule.table, key, connection)[index] ?? row
    }

    /// `body` recorded as this machine's write (its outbox, its clocks), as the store's writes are.
    private func recorded(_ table: String, _ body: () throws -> Void) throws {
        guard let recording = try SessionRecorder(tables: SyncEngine.tables).begin(connection) else { return try body() }
        do {
            try body()
        } catch {
            recording.discard()
            throw error
        }
        try recording.end(connection)
    }
}
