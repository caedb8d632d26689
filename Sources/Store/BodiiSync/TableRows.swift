import BodiiStore
import Foundation

/// What sync asks of a change's row beyond the store's queries (`SyncConnection`).
enum TableRows {
    /// Whether the row a change is about is one sync carries (`SyncedTable.rows`: a shipped
    /// catalog food is not); an INSERT or DELETE is judged by its values, an UPDATE by the row.
    static func isSynced(_ change: RowChange, _ connection: SyncConnection) throws -> Bool {
        let values: [SyncValue]? =
            switch change.operation {
            case .insert: change.new.map { $0 ?? .null }
            case .delete: change.old.map { $0 ?? .null }
            case .update: nil
            }
        return try connection.isSynced(change.row, values: values)
    }

    /// The columns a change sets that are facts: derived ones (`SyncedTable.derivedColumns`, a
    /// lot's quantity left) are recomputed after applying, never compared or stamped.
    static func factColumns(_ change: RowChange, _ connection: SyncConnection) throws -> [Int] {
        let derived = SyncedTables.table(named: change.table)?.derivedColumns ?? []
        guard !derived.isEmpty else { return change.setColumns }
        let names = try connection.columns(change.table)
        return change.setColumns.filter { $0 < names.count && !derived.contains(names[$0]) }
    }
}
