import BodiiDomain
import Foundation
import GRDB

/// One SQLite database's connection and what every port's store shares: the read and write
/// paths, the transaction and read pins, sync's recorder, the kept figures. The ports' stores
/// (`FoodLogStore`, `PantryLedgerStore`, …) each hold it; `SQLiteRepositories` composes them.
///
/// Each write is one transaction that also refreshes the affected `daily_log` rows (see
/// `DailyLogMaintenance`). Lists come back in ascending date order, then by id. Timestamps are
/// stored to the millisecond, so returned records carry their timestamps rounded that way.
/// An update or delete of an id that is not stored throws `StoreError.recordNotFound`; values out of
/// the schema's ranges (quality 6, grams 0…) are refused by SQLite CHECK constraints (`DatabaseError`).
public final class StoreConnection: Sendable {
    /// Private on purpose: every access goes through `read`, `write` or `writeWithoutTransaction`,
    /// so no read can bypass a `readingTogether` block (GRDB's reads are not reentrant: a direct
    /// read inside the block would stop the process).
    private let writer: any DatabaseWriter
    /// Supplies the UTC offset written with each timestamp.
    let timeZone: TimeZone
    /// The catalog seeded on first catalog use (see `CatalogSeeder`); nil seeds nothing.
    let catalog: ShippedCatalog?
    let catalogOnce = CatalogOnce()
    /// The shipped catalog in memory for a read-only handle whose file lacks it (see `food(id:)`).
    let shippedStandIn = ShippedCatalogStandIn()
    /// Food search's vocabulary and parsed names, per handle (see FoodSearchStore.swift).
    let searchCache = FoodSearchCache()
    /// Opened for a command that only reads (`BodiiDatabase.Access.readOnly`): every write is
    /// refused here, whatever asks for it. The connection's `PRAGMA query_only` alone does not
    /// hold: GRDB turns it off after each read.
    let readsOnly: Bool
    /// Sync's recorder of write transactions (see WriteRecording.swift).
    let recorderSlot = RecorderSlot()
    /// The connections `readingTogether` and `inOneTransaction` blocks hold, by thread.
    let pins = PinnedConnections()
    /// Figures kept until the next commit (DerivedFigures.swift); the app's pool only.
    let derived: DerivedFigures?

    init(writer: any DatabaseWriter, timeZone: TimeZone, catalog: ShippedCatalog?, readsOnly: Bool = false) {
        self.writer = writer
        self.timeZone = timeZone
        self.catalog = catalog
        self.readsOnly = readsOnly
        if writer is DatabasePool {
            let derived = DerivedFigures()
            writer.add(transactionObserver: derived, extent: .databaseLifetime)
            self.derived = derived
        } else {
            derived = nil
        }
    }

    // MARK: - Shared record plumbing

    func add<R: StoredRecord>(_ record: R) throws -> R {
        try write { db in
            let saved = try R.TableRow.insert(record, db, timeZone: timeZone)
            if R.TableRow.feedsDailyLog { try DailyLogMaintenance.refresh(db, dates: [saved.date], bodyDates: []) }
            return saved
        }
    }

    func update<R: StoredRecord>(_ record: R) throws {
        try write { db in
            let oldDate = try R.TableRow.update(record, db, timeZone: timeZone)
            if R.TableRow.feedsDailyLog { try DailyLogMaintenance.refresh(db, dates: [oldDate, record.date], bodyDates: []) }
        }
    }

    func delete<R: StoredRecord>(_ type: R.Type, id: Int64) throws -> R? {
        try write { db in
            let deleted = try R.TableRow.delete(id: id, db)
            if let deleted, R.TableRow.feedsDailyLog { try DailyLogMaintenance.refresh(db, dates: [deleted.date], bodyDates: []) }
            return deleted
        }
    }

    func records<R: StoredRecord>(_ type: R.Type, in range: DateRange) throws -> [R] {
        try read { db in try R.TableRow.fetchAll(in: range, db) }
    }

    /// Every read of this type goes through here: inside `readingTogether` it uses the connection
    /// and transaction the block pinned on this thread; otherwise a read transaction of its own.
    func read<T>(_ body: (Database) throws -> T) throws -> T {
        if let pinned = pins.current(.read) { return try body(pinned) }
        if let open = openTransaction { return try body(open) }
        return try writer.read(body)
    }

    /// One write transaction. Inside a `readingTogether` block it runs on the writer's connection
    /// (GRDB allows one database inside another's block); the block's reads do not see it.
    func write<T>(_ body: (Database) throws -> T) throws -> T {
        try refuseWritingWhenReadOnly()
        guard let open = openTransaction else { return try writer.write { db in try recording(db) { try body(db) } } }
        // Inside `inOneTransaction`: a savepoint, so a write that fails and is handled undoes only itself.
        var result: T?
        try open.inSavepoint {
            result = try body(open)
            return .commit
        }
        // Unreachable: the savepoint commits only after `result` is set.
        guard let result else { throw StoreError.invalidStoredValue(column: "savepoint", value: "no result") }
        return result
    }

    /// Runs `body` as one write transaction: every read and write through this connection makes
    /// inside it (on this thread) joins it, and each write is a savepoint within it. A throw from
    /// `body` rolls all of it back, so a multi-part import (records, goals, custom foods, the meal
    /// library) is written whole or not at all, even when the process is killed midway.
    public func inOneTransaction<T>(_ body: () throws -> T) throws -> T {
        if openTransaction != nil { return try body() }
        try refuseWritingWhenReadOnly()
        var result: T?
        try writer.writeWithoutTransaction { db in
            try db.inTransaction(.immediate) {
                result = try recording(db) { try pins.pin(db, as: .transaction, during: body) }
                return .commit
            }
        }
        // Unreachable: the transaction commits only after `result` is set.
        guard let result else { throw StoreError.invalidStoredValue(column: "transaction", value: "no result") }
        return result
    }

    /// The writer's connection outside a transaction (catalog seeding, explicit transactions).
    func writeWithoutTransaction<T>(_ body: (Database) throws -> T) throws -> T {
        try refuseWritingWhenReadOnly()
        if let open = openTransaction { return try body(open) }
        return try writer.writeWithoutTransaction(body)
    }

    private func refuseWritingWhenReadOnly() throws {
        guard readsOnly else { return }
        throw DatabaseError(resultCode: .SQLITE_READONLY, message: "a command that only reads tried to write")
    }
}

// MARK: - Reads that belong together

extension StoreConnection {
    /// One read transaction on one connection for all of `body`'s reads: a screen's ~20 small
    /// reads then cost one `BEGIN`/`COMMIT` and one trip through the pool instead of twenty, and
    /// see one snapshot. GRDB's reads are not reentrant, so the connection is pinned to this thread
    /// and `read` finds it. A single connection (a command's queue) is pinned only when it reads
    /// alone (`readsOnly`): a write inside the block would otherwise have to wait for the read it
    /// is part of.
    /// `readingTogether` for a read through the whole history (an export): SQLite copies pages
    /// into its small cache instead of mapping the file, so resident memory does not grow with
    /// the file's size (PRODUCT.md §9: under 64 MB whatever the history's length). A 20-year
    /// database is ~60 MB: mapped and read whole, every page of it counted as resident.
    public func readingWholeHistory<T>(_ body: () throws -> T) throws -> T {
        func map(_ bytes: Int) { try? writer.writeWithoutTransaction { try $0.execute(sql: "PRAGMA mmap_size = \(bytes)") } }
        guard openTransaction == nil, pins.current(.read) == nil,
            let mapped = try? writer.writeWithoutTransaction({ try Int.fetchOne($0, sql: "PRAGMA mmap_size") })
        else { return try readingTogether(body) }
        map(0)
        defer { map(mapped) }
        return try readingTogether(body)
    }

    public func readingTogether<T>(_ body: () throws -> T) throws -> T {
        guard writer is DatabasePool || readsOnly, pins.current(.read) == nil, openTransaction == nil else { return try body() }
        // The commits counted before the block's snapshot: what it works out is of that data or later.
        let commits = derived?.commits
        return try writer.read { db in try pins.pin(db, as: .read, stamp: commits, during: body) }
    }
}
