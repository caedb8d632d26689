import BodiiDomain
import Foundation
import GRDB

/// A port's store on the shared `StoreConnection`: its code reads `read`, `write`, `timeZone`, …
/// as the one repositories type's code did, so each port's store is its own small type.
protocol StoreBacked {
    var connection: StoreConnection { get }
}

extension StoreBacked {
    var timeZone: TimeZone { connection.timeZone }
    var catalog: ShippedCatalog? { connection.catalog }
    var catalogOnce: CatalogOnce { connection.catalogOnce }
    var shippedStandIn: ShippedCatalogStandIn { connection.shippedStandIn }
    var searchCache: FoodSearchCache { connection.searchCache }
    var readsOnly: Bool { connection.readsOnly }
    var recorderSlot: RecorderSlot { connection.recorderSlot }
    var pins: PinnedConnections { connection.pins }
    var derived: DerivedFigures? { connection.derived }
    var openTransaction: Database? { connection.openTransaction }

    func read<T>(_ body: (Database) throws -> T) throws -> T { try connection.read(body) }
    func write<T>(_ body: (Database) throws -> T) throws -> T { try connection.write(body) }
    func writeWithoutTransaction<T>(_ body: (Database) throws -> T) throws -> T { try connection.writeWithoutTransaction(body) }
    func add<R: StoredRecord>(_ record: R) throws -> R { try connection.add(record) }
    func update<R: StoredRecord>(_ record: R) throws { try connection.update(record) }
    func delete<R: StoredRecord>(_ type: R.Type, id: Int64) throws -> R? { try connection.delete(type, id: id) }
    func records<R: StoredRecord>(_ type: R.Type, in range: DateRange) throws -> [R] { try connection.records(type, in: range) }

    func readingTogether<T>(_ body: () throws -> T) throws -> T { try connection.readingTogether(body) }
    func keptUntilNextCommit<T: Sendable>(_ name: String, compute: () throws -> T) throws -> T {
        try connection.keptUntilNextCommit(name, compute: compute)
    }
    func recordedTransaction(
        _ db: Database, _ kind: Database.TransactionKind? = nil, _ body: () throws -> Database.TransactionCompletion
    ) throws { try connection.recordedTransaction(db, kind, body) }
}
