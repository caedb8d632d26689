import Foundation
import GRDB
import Testing
@testable import BodiiStore

/// An index-only migration leaves the rows as they were, so it leaves the schema a sync file
/// carries (`Schema.indexOnly`, `BodiiDatabase.schemaVersion`): a peer one build behind goes on
/// applying this build's files. The list must tell the truth, or that peer would apply rows it
/// cannot hold.
@Suite struct IndexOnlyMigrationTests {
    /// Every table, trigger and view as SQLite holds its definition.
    static func rowDefinitions(_ db: Database) throws -> [String] {
        try String.fetchAll(db, sql: "SELECT type || ' ' || name || ': ' || sql FROM sqlite_master WHERE type IN ('table', 'trigger', 'view') ORDER BY type, name")
    }

    @Test func anIndexOnlyMigrationChangesNoTableTriggerOrView() throws {
        #expect(!Schema.indexOnly.isEmpty)
        for id in Schema.indexOnly.sorted() {
            let position = try #require(Schema.migrations.firstIndex { $0.id == id }, "\(id) is no migration")
            let queue = try DatabaseQueue()
            try Schema.migrator(through: Schema.migrations[position - 1].id).migrate(queue)
            let before = try queue.read(Self.rowDefinitions)
            let indexes = try queue.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master WHERE type = 'index'") }
            try Schema.migrator(through: id).migrate(queue)
            #expect(try queue.read(Self.rowDefinitions) == before, "\(id)")
            // It did something: an index was added or dropped.
            #expect(try queue.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master WHERE type = 'index'") } != indexes, "\(id)")
        }
    }

    /// This build's sync files carry the schema of its last migration that changed the rows.
    @Test func syncFilesCarryTheLastMigrationThatChangedTheRows() throws {
        let version = BodiiDatabase.schemaVersion
        #expect(version >= 1 && version <= Schema.migrations.count)
        #expect(!Schema.indexOnly.contains(Schema.migrations[version - 1].id))
        #expect(Schema.migrations[version...].allSatisfy { Schema.indexOnly.contains($0.id) })
    }
}
