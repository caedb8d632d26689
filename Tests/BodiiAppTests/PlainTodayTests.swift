import ArgumentParser
import Foundation
import Testing

@testable import BodiiApp
@testable import BodiiCLI
@testable import BodiiDocument

/// Issue 27's process budget: `bodii today` in its plain form is read without the argument parser
/// (`PlainToday`), as `PlainSearch` reads a search. It must read exactly what the parser reads,
/// and leave every other form to the parser, whose messages and exit codes stay as they were.
@Suite struct PlainTodayTests {
    let folder: TemporaryFolder
    init() throws { folder = try TemporaryFolder() }

    @Test func thePlainFormIsReadAsTheParserReadsIt() throws {
        let forms: [[String]] = [
            ["today"], ["today", "--json"], ["today", "--date", "2026-11-20"],
            ["today", "--db", "/tmp/x.sqlite", "--json", "--date", "-1"],
            ["today", "--date", "yesterday", "--db", "help"],
            GlobalArguments.normalized(["--db", "/tmp/y.sqlite", "today", "--json"]),
        ]
        for arguments in forms {
            let plain = try #require(PlainToday(arguments), "\(arguments)")
            let today = try #require(try BodiiCommand.parseAsRoot(arguments) as? TodayCommand, "\(arguments)")
            #expect(plain.json == today.json, "\(arguments)")
            #expect(plain.date?.text == today.date?.text, "\(arguments)")
            #expect(plain.db?.text == today.global.db?.text, "\(arguments)")
        }
    }

    @Test func everyOtherFormIsLeftToTheParser() {
        let forms: [[String]] = [
            [], ["search", "egg"], ["today", "--help"], ["today", "-h"], ["today", "help"], ["today", "extra"],
            ["today", "--date=2026-11-20"], ["today", "--db=x"], ["today", "--json", "--json"],
            ["today", "--date", "2026-11-20", "--date", "2026-11-21"], ["today", "--db", "a", "--db", "b"],
            ["today", "--date"], ["today", "--db"], ["today", "--date", ""], ["today", "--db", " "], ["today", "--date", "--json"],
            ["today", "--"], ["today", "-j"], ["today", "--units", "metric"],
        ]
        for arguments in forms { #expect(PlainToday(arguments) == nil, "\(arguments)") }
    }

    /// Through the binary: the plain form and the same command in forms only the parser reads give
    /// the same output and exit status, valid or not.
    @Test func bothPathsAnswerTheSame() throws {
        let db = folder.path("today.sqlite")
        #expect(try runBodii(["log", "weight", "80", "--db", db]).status == 0)
        let missing = folder.path("missing.sqlite")
        let pairs: [([String], [String])] = [
            (["today", "--db", db], ["today", "--db=\(db)"]),
            (["today", "--json", "--db", db], ["--db=\(db)", "today", "--json"]),
            (["today", "--date", "2026-11-20", "--json", "--db", db], ["today", "--date=2026-11-20", "--json", "--db=\(db)"]),
            (["today", "--date", "2026-13-01", "--db", db], ["today", "--date=2026-13-01", "--db=\(db)"]),
            (["today", "--date", "2999-01-01", "--db", db], ["today", "--date=2999-01-01", "--db=\(db)"]),
            (["today", "--json", "--db", missing], ["today", "--json", "--db=\(missing)"]),
        ]
        for (plain, parsed) in pairs {
            #expect(PlainToday(plain) != nil && PlainToday(GlobalArguments.normalized(parsed)) == nil)
            let a = try runBodii(plain), b = try runBodii(parsed)
            #expect(a.status == b.status, "\(plain): \(a.status) vs \(b.status)")
            #expect(a.stdout == b.stdout, "\(plain)")
            #expect(a.stderr == b.stderr, "\(plain)")
            #expect(!a.stdout.isEmpty || !a.stderr.isEmpty, "\(plain) says something")
        }
    }
}
