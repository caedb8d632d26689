import ArgumentParser
import Foundation
import Testing

@testable import BodiiApp
@testable import BodiiCLI

/// Issue 45's start-up budget: the app's start in its plain form is read without the argument
/// parser (`PlainRun`), as `PlainToday` reads `today`. It must read exactly what the parser reads,
/// and leave every other form to the parser, whose messages and exit codes stay as they were.
@Suite struct PlainRunTests {
    let folder: TemporaryFolder
    init() throws { folder = try TemporaryFolder() }

    @Test func thePlainFormIsReadAsTheParserReadsIt() throws {
        let forms: [[String]] = [
            [], ["run"], ["--ascii"], ["run", "--ascii"], ["--db", "/tmp/x.sqlite"],
            ["--db", "/tmp/x.sqlite", "--exit-after-first-frame"], ["--exit-after-first-frame", "--ascii", "--db", "-1"],
            ["run", "--db", "x y.sqlite", "--ascii"], GlobalArguments.normalized(["--db", "/tmp/y.sqlite", "run", "--ascii"]),
        ]
        for arguments in forms {
            let plain = try #require(PlainRun(arguments), "\(arguments)")
            let run = try #require(try BodiiCommand.parseAsRoot(arguments) as? RunCommand, "\(arguments)")
            #expect(plain.db?.text == run.global.db?.text, "\(arguments)")
            #expect(plain.ascii == run.ascii, "\(arguments)")
            #expect(plain.exitAfterFirstFrame == run.exitAfterFirstFrame, "\(arguments)")
        }
    }

    @Test func everyOtherFormIsLeftToTheParser() {
        let forms: [[String]] = [
            ["today"], ["help"], ["--help"], ["-h"], ["run", "--help"], ["run", "help"], ["run", "extra"], ["extra"],
            ["--db=x"], ["run", "--db=x"], ["--ascii", "--ascii"], ["--db", "a", "--db", "b"], ["--db"], ["run", "--db"],
            ["--db", ""], ["--db", " "], ["--db", "--ascii"], ["--db", "run"], ["--db", "today"], ["--db", "help"], ["--"], ["run", "--"],
            ["run", "run"], ["-a"], ["--version"],
        ]
        for arguments in forms { #expect(PlainRun(arguments) == nil, "\(arguments)") }
    }

    /// Through the binary (without a terminal, so both refuse to start the app): the plain form
    /// and the same start in a form only the parser reads answer the same.
    @Test func bothPathsAnswerTheSame() throws {
        let db = folder.path("run.sqlite")
        #expect(try runBodii(["log", "weight", "80", "--db", db]).status == 0)
        let pairs: [([String], [String])] = [
            (["--db", db], ["--db=\(db)"]),
            (["run", "--ascii", "--db", db], ["run", "--ascii", "--db=\(db)"]),
        ]
        for (plain, parsed) in pairs {
            #expect(PlainRun(plain) != nil && PlainRun(GlobalArguments.normalized(parsed)) == nil)
            let a = try runBodii(plain), b = try runBodii(parsed)
            #expect(a.status == b.status, "\(plain): \(a.status) vs \(b.status)")
            #expect(a.status != 0, "\(plain) needs a terminal")
            #expect(a.stdout == b.stdout, "\(plain)")
            #expect(a.stderr == b.stderr, "\(plain)")
            #expect(!a.stderr.isEmpty, "\(plain) says why")
        }
    }
}
