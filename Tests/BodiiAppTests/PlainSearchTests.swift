import ArgumentParser
import Foundation
import Testing

@testable import BodiiApp
@testable import BodiiCLI
@testable import BodiiDocument

/// Issue 24's process budget: `bodii search` in its plain form is read without the argument
/// parser (`PlainSearch`). It must read exactly what the parser reads, and leave every other form
/// to the parser, whose messages and exit codes stay as they were.
@Suite struct PlainSearchTests {
    let folder: TemporaryFolder
    init() throws { folder = try TemporaryFolder() }

    /// What the parser makes of `arguments`: the search's words, --limit, --json and --db.
    private func parsed(_ arguments: [String]) throws -> (query: [String], limit: String?, json: Bool, db: String?) {
        let command = try BodiiCommand.parseAsRoot(arguments)
        let search = try #require(command as? SearchCommand, "\(arguments)")
        return (search.query, search.limit?.text, search.json, search.global.db?.text)
    }

    @Test func thePlainFormIsReadAsTheParserReadsIt() throws {
        let forms: [[String]] = [
            ["search", "banana"],
            ["search", "chicken", "breast", "--limit", "5"],
            ["search", "--json", "rice"],
            ["search", "egg", "--db", "/tmp/x.sqlite", "--limit", "-1", "--json"],
            ["search", "--limit", "abc", "oat", "milk", "--db", "relative.sqlite"],
            ["search", "coffee,", "with", "milk", "(brewed)"],
            ["search", ""],
            ["search"],
            ["search", "--db", "help", "tea"],
            GlobalArguments.normalized(["--db", "/tmp/y.sqlite", "search", "kale"]),
        ]
        for arguments in forms {
            let plain = try #require(PlainSearch(arguments), "\(arguments)")
            let expected = try parsed(arguments)
            #expect(plain.query == expected.query, "\(arguments)")
            #expect(plain.limit?.text == expected.limit, "\(arguments)")
            #expect(plain.json == expected.json, "\(arguments)")
            #expect(plain.db?.text == expected.db, "\(arguments)")
        }
    }

    @Test func everyOtherFormIsLeftToTheParser() {
        let forms: [[String]] = [
            [], ["today"], ["run"], ["--db", "x", "search", "egg"],
            ["search", "--help"], ["search", "-h"], ["search", "help"], ["search", "egg", "help"],
            ["search", "--limit=5", "egg"], ["search", "egg", "--db=x"],
            ["search", "egg", "--json", "--json"], ["search", "egg", "--limit", "2", "--limit", "3"],
            ["search", "egg", "--db", "a", "--db", "b"],
            ["search", "egg", "--limit"], ["search", "egg", "--db"],
            ["search", "egg", "--limit", ""], ["search", "egg", "--db", " "], ["search", "egg", "--limit", "--json"],
            ["search", "--", "-5"], ["search", "-5"], ["search", "-"], ["search", "egg", "--grams"],
        ]
        for arguments in forms { #expect(PlainSearch(arguments) == nil, "\(arguments)") }
    }

    /// Through the binary: the plain form and the same search in forms only the parser reads give
    /// the same output and exit status, found or not, valid or not.
    @Test func bothPathsAnswerTheSame() throws {
        let db = folder.path("search.sqlite")
        #expect(try runBodii(["log", "weight", "80", "--db", db]).status == 0)
        let pairs: [([String], [String])] = [
            (["search", "banana", "--limit", "3", "--db", db], ["search", "banana", "--limit=3", "--db=\(db)"]),
            (["search", "banana", "--json", "--db", db], ["--db", db, "search", "--json", "--", "banana"]),
            (["search", "xyzzyq", "--db", db], ["search", "xyzzyq", "--db=\(db)"]),
            (["search", "xyzzyq", "--json", "--db", db], ["search", "--json", "xyzzyq", "--db=\(db)"]),
            (["search", "egg", "--limit", "0", "--db", db], ["search", "egg", "--limit=0", "--db=\(db)"]),
            (["search", "egg", "--db", folder.path("missing.sqlite")], ["search", "egg", "--db=\(folder.path("missing.sqlite"))"]),
        ]
        for (plain, parsed) in pairs {
            #expect(PlainSearch(plain) != nil && PlainSearch(GlobalArguments.normalized(parsed)) == nil)
            let a = try runBodii(plain), b = try runBodii(parsed)
            #expect(a.status == b.status, "\(plain): \(a.status) vs \(b.status)")
            #expect(a.stdout == b.stdout, "\(plain)")
            #expect(a.stderr == b.stderr, "\(plain)")
            #expect(!a.stdout.isEmpty || !a.stderr.isEmpty, "\(plain) says something")
        }
    }
}
