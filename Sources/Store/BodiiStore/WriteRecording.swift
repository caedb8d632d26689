import Foundation
import BodiiDomain
import GRDB
import Synchronization

/// Sync's hook on the store's write path (BodiiSync installs one when the database syncs): every
/// write transaction `SQLiteRepositories` opens calls `begin` inside the transaction before its
/// writes and `end` after them, before the commit, so what the recorder stores (sync's outbox)
/// commits or rolls back with the change itself.
public protocol WriteTransactionRecorder: Sendable {
    /// Starts recording this transaction; nil records nothing.
    func begin(_ connection: SyncConnection) throws -> (any WriteTransactionRecording)?
}

/// One transaction's recording (sync: an SQLite session attached to the connection).
public protocol WriteTransactionRecording: AnyObject {
    /// After the transaction's writes, inside it: stores what was recorded.
    func end(_ connection: SyncConnection) throws
    /// The transaction failed: drops what was recorded.
    func discard()
}

/// The installed recorder, shared by every write of one open database.
final class RecorderSlot: Sendable {
    private let recorder = Mutex<(any WriteTransactionRecorder)?>(nil)

    func install(_ new: (any WriteTransactionRecorder)?) { recorder.withLock { $0 = new } }
    var current: (any WriteTransactionRecorder)? { recorder.withLock { $0 } }
}

extension StoreConnection {
    /// Installs (or with nil removes) the recorder of every later write transaction.
    public func installWriteRecorder(_ recorder: (any WriteTransactionRecorder)?) {
        recorderSlot.install(recorder)
    }

    /// `body`, recorded when a recorder is installed; call inside a transaction that `body`'s
    /// writes belong to.
    func recording<T>(_ db: Database, _ body: () throws -> T) throws -> T {
        guard let recording = try recorderSlot.current?.begin(SyncConnection(db: db)) else { return try body() }
        do {
            let result = try body()
            try recording.end(SyncConnection(db: db))
            return result
        } catch {
            recording.discard()
            throw error
        }
    }

    /// `body` in a recorded transaction of its own, or a savepoint when one is open already (the
    /// outer transaction records it).
    func recordedTransaction(
        _ db: Database, _ kind: Database.TransactionKind? = nil,
        _ body: () throws -> Database.TransactionCompletion
    ) throws {
        if db.isInsideTransaction {
            try db.inSavepoint(body)
        } else {
            try db.inTransaction(kind) {
                var completion = Database.TransactionCompletion.rollback
                try recording(db) { completion = try body() }
                return completion
            }
        }
    }
}

extension BodiiDatabase {
    /// The writer's connection outside any transaction: for tests that look into or break a file
    /// (BodiiSync goes through `withSyncConnection`).
    public func withWriterConnection<T>(_ body: (Database) throws -> T) throws -> T {
        try pool.writeWithoutTransaction(body)
    }

    /// The schema version a sync file carries: the migrations this build knows, up to the last
    /// one that changed what rows hold (`Schema.syncSchema`).
    public static var schemaVersion: Int { Schema.syncSchema }
}
