import Foundation
import GRDB
import Testing
@testable import BodiiStore

/// The dated record tables' GRDB records (DatedRecordRows.swift, FoodRecordRow.swift) name every
/// column of their table, once: a migration that adds a column the record does not read or write
/// fails here, not as a value silently left NULL.
@Suite struct DatedRecordRowTests {
    func tableColumns(_ table: String) throws -> Set<String> {
        let queue = try DatabaseQueue()
        try Schema.migrate(queue)
        return try queue.read { db in Set(try db.columns(in: table).map(\.name)) }
    }

    @Test(arguments: [
        (BodyRecordRow.databaseTableName, BodyRecordRow.columns), (FoodRecordRow.databaseTableName, FoodRecordRow.columns),
        (ExerciseRecordRow.databaseTableName, ExerciseRecordRow.columns), (SleepRecordRow.databaseTableName, SleepRecordRow.columns),
    ])
    func aRowNamesEachColumnOfItsTableOnce(table: String, columns: [String]) throws {
        #expect(Set(columns) == (try tableColumns(table)))
        #expect(Set(columns).count == columns.count)
        #expect(columns.first == "id")
    }
}
