import ArgumentParser
import Foundation
import Testing

@testable import BodiiApp
@testable import BodiiCLI
@testable import BodiiDocument

/// Issue 41's process budget: `bodii log food "…"` in its line form is read without the argument
/// parser (`PlainLogFood`), as `PlainSearch` reads a search. It must read exactly what the parser
/// reads, and leave every other form to the parser, whose messages and exit codes stay as they were.
@Suite struct PlainLogFoodTests {
    let folder: TemporaryFolder
    init() throws { folder = try TemporaryFolder() }

    @Test func thePlainFormIsReadAsTheParserReadsIt() throws {
        let forms: [[String]] = [
            ["log", "food", "banana"], ["log", "food", "2 eggs, toast", "--dry-run", "--json"],
            ["log", "food", "150g", "chicken", "breast", "--meal", "lunch", "--date", "2026-11-20"],
            ["log", "food", "--json", "banana", "--db", "/tmp/x.sqlite", "--date", "-1"],
            ["log", "food", "--dry-run"], ["log", "food", "1/2 cup rice", "--meal", "snacks"],
            GlobalArguments.normalized(["--db", "/tmp/y.sqlite", "log", "food", "an apple", "--dry-run"]),
        ]
        for arguments in forms {
            let plain = try #require(PlainLogFood(arguments), "\(arguments)")
            let food = try #require(try BodiiCommand.parseAsRoot(arguments) as? LogFoodCommand, "\(arguments)")
            #expect(plain.words == food.query, "\(arguments)")
            #expect(plain.line.meal?.text == food.meal?.text, "\(arguments)")
            #expect(plain.line.date?.text == food.date?.text, "\(arguments)")
            #expect(plain.line.dryRun == food.dryRun && plain.line.json == food.json, "\(arguments)")
            #expect(plain.db?.text == food.global.db?.text && plain.line.databasePath == food.global.db?.text, "\(arguments)")
        }
    }

    @Test func everyOtherFormIsLeftToTheParser() {
        let forms: [[String]] = [
            [], ["log"], ["food", "banana"], ["log", "weight", "70"], ["search", "banana"], ["log", "food", "--help"],
            ["log", "food", "-h"], ["log", "food", "help"], ["log", "food", "banana", "--grams", "120"],
            ["log", "food", "banana", "--serving", "medium"], ["log", "food", "--id", "usda:09040"], ["log", "food", "--kcal", "500"],
            ["log", "food", "salmon", "--qty", "6", "--unit", "oz"], ["log", "food", "banana", "--meal=lunch"],
            ["log", "food", "banana", "--json", "--json"], ["log", "food", "banana", "--meal", "lunch", "--meal", "dinner"],
            ["log", "food", "banana", "--meal"], ["log", "food", "banana", "--date", ""], ["log", "food", "banana", "--db", " "],
            ["log", "food", "banana", "--date", "--json"], ["log", "food", "--", "-2 eggs"], ["log", "food", "-2", "eggs"],
            ["log", "food", "banana", "--grms", "1"],
        ]
        for arguments in forms { #expect(PlainLogFood(arguments) == nil, "\(arguments)") }
    }

    /// Through the binary: the plain form and the same command in forms only the parser reads give
    /// the same output and exit status, valid or not, and write the same.
    @Test func bothPathsAnswerTheSame() throws {
        let db = folder.path("line.sqlite")
        #expect(try runBodii(["log", "weight", "80", "--db", db]).status == 0)
        let missing = folder.path("missing.sqlite")
        let line = "banana, an apple, 1 cup milk, olive oil, almonds"
        let pairs: [([String], [String])] = [
            (["log", "food", line, "--dry-run", "--json", "--db", db], ["log", "food", line, "--dry-run", "--json", "--db=\(db)"]),
            (["log", "food", line, "--dry-run", "--db", db], ["--db=\(db)", "log", "food", line, "--dry-run"]),
            (["log", "food", "2 eggs and xqzzy", "--dry-run", "--db", db], ["log", "food", "2 eggs and xqzzy", "--dry-run", "--db=\(db)"]),
            (["log", "food", "xqzzy", "--json", "--dry-run", "--db", db], ["log", "food", "xqzzy", "--json", "--dry-run", "--db=\(db)"]),
            (["log", "food", "!!!", "--db", db], ["log", "food", "!!!", "--db=\(db)"]),
            (["log", "food", "--json", "--db", db], ["log", "food", "--json", "--db=\(db)"]),
            (["log", "food", "banana", "--meal", "brunch", "--db", db], ["log", "food", "banana", "--meal=brunch", "--db=\(db)"]),
            (["log", "food", "banana", "--date", "2999-01-01", "--db", db], ["log", "food", "banana", "--date=2999-01-01", "--db=\(db)"]),
            (["log", "food", "1 cup milk", "--dry-run", "--json", "--db", missing], ["log", "food", "1 cup milk", "--dry-run", "--json", "--db=\(missing)"]),
        ]
        for (plain, parsed) in pairs {
            #expect(PlainLogFood(plain) != nil && PlainLogFood(GlobalArguments.normalized(parsed)) == nil)
            let a = try runBodii(plain), b = try runBodii(parsed)
            #expect(a.status == b.status, "\(plain): \(a.status) vs \(b.status)")
            #expect(a.stdout == b.stdout, "\(plain)")
            #expect(a.stderr == b.stderr, "\(plain)")
            #expect(!a.stdout.isEmpty || !a.stderr.isEmpty, "\(plain) says something")
        }
        #expect(!FileManager.default.fileExists(atPath: missing), "a dry run creates no database")
        // Both write the same entries when they log.
        let day = ["--date", "2026-11-20", "--meal", "breakfast"]
        let a = try runBodii(["log", "food", "2 eggs, toast", "--json", "--db", db] + day)
        let b = try runBodii(["log", "food", "2 eggs, toast", "--json", "--db=\(db)"] + day)
        #expect(a.status == 0 && b.status == 0 && a.stdout == b.stdout)
        let history = try runBodii(["history", "2026-11-20", "--json", "--db", db])
        #expect(history.stdout.components(separatedBy: "\"food_id\"").count - 1 == 4, "\(history.stdout)")
    }
}
