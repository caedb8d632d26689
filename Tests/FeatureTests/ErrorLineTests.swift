import Foundation
import GRDB
import Testing
import BodiiDomain
import BodiiStore
import TerminalKit
import BodyFeature
import ExerciseFeature

/// Issue 25 #6: a screen shows an error as one line for the user; SQLite's statement text (GRDB
/// puts the whole statement in its errors' description) never reaches the status line.
@MainActor
@Suite struct ErrorLineTests {
    /// The table a tab reads is gone (another program changed the file): the tab's status says
    /// the database failed, with SQLite's error code, and no SQL.
    @Test func aDatabaseErrorInATabShowsNoSQL() throws {
        let db = try TestDatabase.demo(days: 10)
        try DatabaseQueue(path: db.path).write { try $0.execute(sql: "ALTER TABLE body_record RENAME TO body_record_elsewhere") }
        let vm = BodyViewModel(source: db.repositories, clock: db.clock)
        vm.didBecomeVisible()
        let status = try #require(vm.status)
        #expect(status.kind == .error)
        #expect(status.text == "Could not read the database: the database failed (SQLite error 1); nothing was saved")
        for sql in ["SELECT", "body_record", "`", "\n"] { #expect(!status.text.contains(sql), "\(status.text)") }
    }

    /// The same error raw, for comparison: what the line keeps out is really there.
    @Test func grdbsOwnDescriptionCarriesTheStatement() throws {
        let db = try TestDatabase.demo(days: 10)
        try DatabaseQueue(path: db.path).write { try $0.execute(sql: "ALTER TABLE exercise_record RENAME TO exercise_record_elsewhere") }
        do {
            _ = try db.repositories.exerciseRecords(in: DateRange(ending: TestDay.fixed, days: 7))
            Issue.record("the read should fail")
        } catch {
            #expect("\(error)".contains("SELECT"), "GRDB's description names the statement")
            #expect(!ErrorLine.text(error).contains("SELECT"))
            #expect(ErrorLine.text(error) == "the database failed (SQLite error 1); nothing was saved")
        }
        let vm = ExerciseViewModel(source: db.repositories, clock: db.clock)
        vm.didBecomeVisible()
        #expect(vm.status?.text == "Could not read the database: the database failed (SQLite error 1); nothing was saved")
    }

    /// Errors without a line of their own (the domain's) keep their message; several lines keep the first.
    @Test func otherErrorsGiveTheirFirstLine() {
        let validation = ValidationError(field: "weight", value: "500", allowed: "20–400 kg", problem: .outOfRange)
        #expect(ErrorLine.text(validation) == validation.message)
        struct TwoLines: Error, CustomStringConvertible { var description: String { "first\nsecond" } }
        #expect(ErrorLine.text(TwoLines()) == "first")
    }
}
