@testable import BodiiDocument
import BodiiDomain
import Foundation
import Testing

/// Fasts (issue 47 item 2) in the export and `import bodii` (PRODUCT.md §9): the "fasts" list
/// goes out and comes back exactly, the one on still on, merges by source and external id, is
/// checked like typed input, and an export from before it still imports.
@Suite struct FastDocumentTests {
    /// A 16:8 fast started and ended, then an 18-hour one still on, as a user would at those times.
    static func logged(_ db: String) throws {
        for (words, now) in [
            (["start", "--goal", "16:8"], "2026-11-19T20:00:00+00:00"), (["end"], "2026-11-20T12:30:00+00:00"),
            (["start", "--goal", "18"], "2026-11-21T19:00:00+00:00"),
        ] {
            let r = try runBodii(["fast"] + words + ["--db", db], environment: ["BODII_NOW": now, "TZ": "UTC"])
            try #require(r.status == 0, "\(words): \(r.stderr)")
        }
    }

    static let ended =
        #"{"date":"2026-11-19","started_at":"2026-11-19T20:00:00.000Z","ended_at":"2026-11-20T12:30:00.000Z","goal_hours":16,"#
        + #""source":"bodii","external_id":"fast/1"}"#
    static let ongoing =
        #"{"date":"2026-11-21","started_at":"2026-11-21T19:00:00.000Z","ended_at":null,"goal_hours":18,"#
        + #""source":"bodii","external_id":"fast/2"}"#

    @Test func fastsSurviveTheRoundTripAndASecondImportAddsNothing() throws {
        let folder = try TemporaryFolder()
        let a = folder.path("a.sqlite"), b = folder.path("b.sqlite")
        try Self.logged(a)
        try #require(try runBodii(["export", "--out", folder.path("a.json"), "--db", a]).status == 0)
        let original = try String(contentsOfFile: folder.path("a.json"), encoding: .utf8)
        #expect(original.contains("  \"fasts\": [\n    \(Self.ended),\n    \(Self.ongoing)\n  ]"), "\(original)")
        try expectDocumentRoundTrip("fasts", count: 2, exported: folder.path("a.json"), from: a, into: b)
        // The fast on is on there too: it ends.
        let end = try runBodii(["fast", "end", "--db", b], environment: ["TZ": "UTC"])
        #expect(end.status == 0 && end.stdout.contains("14 h 30 of 18:6"), "\(end.stdout) \(end.stderr)")
    }

    @Test func theCSVExportHasAFastsFile() throws {
        let folder = try TemporaryFolder()
        let a = folder.path("a.sqlite"), empty = folder.path("empty.sqlite")
        try Self.logged(a)
        try #require(try runBodii(["export", "--format", "csv", "--out", folder.path("csv"), "--db", a]).status == 0)
        let text = try String(contentsOfFile: folder.path("csv/fasts.csv"), encoding: .utf8)
        #expect(
            text == "date,started_at,ended_at,goal_hours,source,external_id\r\n"
                + "2026-11-19,2026-11-19T20:00:00.000Z,2026-11-20T12:30:00.000Z,16,bodii,fast/1\r\n"
                + "2026-11-21,2026-11-21T19:00:00.000Z,,18,bodii,fast/2\r\n", "\(text)")
        // A database without fasts: the header row alone, and an empty list in the JSON.
        try #require(try runBodii(["log", "weight", "80", "--db", empty]).status == 0)
        try #require(try runBodii(["export", "--format", "csv", "--out", folder.path("none"), "--db", empty]).status == 0)
        let none = try String(contentsOfFile: folder.path("none/fasts.csv"), encoding: .utf8)
        #expect(none == "date,started_at,ended_at,goal_hours,source,external_id\r\n")
        let json = try runBodii(["export", "--db", empty])
        #expect(
            json.stdout.contains("\n  \"measurements\": [],\n  \"fasts\": [],\n  \"moments\": [],\n  \"review_items\": []"),
            "\(json.stdout)")
    }

    /// An export written before fasts existed has no "fasts": it imports as before.
    @Test func anExportFromBeforeFastsStillImports() throws {
        let folder = try TemporaryFolder()
        let a = folder.path("a.sqlite"), b = folder.path("b.sqlite")
        try Self.logged(a)
        try #require(try runBodii(["log", "weight", "80", "--date", "2026-11-20", "--db", a]).status == 0)
        let (text, cut) = try exportWithout("fasts", db: a)
        #expect(cut == 4)
        #expect(!text.contains("fast"))
        try Data(text.utf8).write(to: URL(fileURLWithPath: folder.path("old.json")))
        let r = try runBodii(["import", "bodii", folder.path("old.json"), "--db", b])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("weigh-ins 1 added") && r.stdout.contains("fasts 0 added, 0 already there"), "\(r.stdout)")
    }

    static let fast =
        #"{"date":"2026-11-20","started_at":START,"ended_at":END,"goal_hours":GOAL,"source":"bodii","external_id":"fast/1"}"#

    static func fast(
        start: String = #""2026-11-20T06:00:00.000Z""#, end: String = #""2026-11-20T22:00:00.000Z""#, goal: String = "16"
    ) -> String {
        fast.replacingOccurrences(of: "START", with: start).replacingOccurrences(of: "END", with: end)
            .replacingOccurrences(of: "GOAL", with: goal)
    }

    /// Each refused in one line naming the record, the field, the value and what is allowed; no
    /// database is created.
    @Test func impossibleFastsRefuseTheWholeFile() throws {
        let folder = try TemporaryFolder()
        let cases: [(record: String, says: String)] = [
            (Self.fast(goal: "0"), #"fasts[0]: goal_hours "0" is out of range: allowed 1–168 h"#),
            (Self.fast(goal: "169"), #"fasts[0]: goal_hours "169" is out of range: allowed 1–168 h"#),
            (Self.fast(goal: "1e20"), #"fasts[0]: goal_hours "1e+20" is out of range: allowed 1–168 h"#),
            (Self.fast(goal: "\"16\""), #"fasts[0]: "goal_hours" is missing or not a number"#),
            (
                Self.fast(end: #""2026-11-20T05:59:59.999Z""#),
                #"fasts[0]: ended_at "2026-11-20T05:59:59.999Z" is out of range: allowed started_at (2026-11-20T06:00:00.000Z) or later"#
            ),
            (Self.fast(start: #""yesterday""#), #"fasts[0]: "started_at" is not a timestamp"#),
            (Self.fast(start: "null"), #"fasts[0]: "started_at" is missing or not text"#),
            (Self.fast(end: "1"), #"fasts[0]: "ended_at" is missing or not text"#),
            (
                Self.fast(start: #""2099-01-01T00:00:00.000Z""#, end: "null"),
                #"fasts[0]: started_at "2099-01-01T00:00:00.000Z" is out of range"#
            ),
            (Self.fast(end: #""2099-01-01T00:00:00.000Z""#), #"fasts[0]: ended_at "2099-01-01T00:00:00.000Z" is out of range"#),
            (
                Self.fast().replacingOccurrences(of: "2026-11-20\",\"started", with: "2099-01-01\",\"started"),
                #"fasts[0]: date "2099-01-01" is out of range"#
            ),
            (Self.fast().replacingOccurrences(of: #""source":"bodii""#, with: #""source":"""#), "fasts[0]: source"),
            // The second of two: the first, good, is not written either.
            (Self.fast() + "," + Self.fast(goal: "-1"), #"fasts[1]: goal_hours "-1" is out of range"#),
        ]
        for (i, c) in cases.enumerated() {
            let file = folder.path("case\(i).json")
            try Data(BodiiDocumentTests.document("fasts", c.record).utf8).write(to: URL(fileURLWithPath: file))
            let fresh = folder.path("fresh\(i).sqlite")
            let r = try runBodii(["import", "bodii", file, "--db", fresh])
            #expect(r.status == 65, "case \(i): \(r.status) \(r.stderr)")
            #expect(r.stderr.contains(c.says), "case \(i): \(r.stderr)")
            #expect(r.stderr.filter { $0 == "\n" }.count == 1, "case \(i): \(r.stderr.prefix(500))")
            #expect(!FileManager.default.fileExists(atPath: fresh), "case \(i) created a database")
        }
        // What the checks allow is written: a fast on, and one ended the minute it started.
        let good = folder.path("good.json")
        let instant = Self.fast(end: #""2026-11-20T06:00:00.000Z""#, goal: "168").replacingOccurrences(of: "fast/1", with: "fast/2")
        try Data(BodiiDocumentTests.document("fasts", Self.fast(end: "null") + "," + instant).utf8).write(to: URL(fileURLWithPath: good))
        let r = try runBodii(["import", "bodii", good, "--db", folder.path("good.sqlite")])
        #expect(r.status == 0 && r.stdout.contains("fasts 2 added"), "\(r.stdout) \(r.stderr)")
    }

    /// A refused document leaves a database as it was: nothing of the good records before the bad one.
    @Test func aRefusedDocumentWritesNothingIntoADatabase() throws {
        let folder = try TemporaryFolder()
        let a = folder.path("a.sqlite")
        try Self.logged(a)
        let before = try runBodii(["export", "--db", a])
        try #require(before.status == 0)
        let record = Self.ongoing.replacingOccurrences(of: "fast/2", with: "fast/9")
        let bad = Self.fast(goal: "200").replacingOccurrences(of: "fast/1", with: "fast/10")
        try Data(BodiiDocumentTests.document("fasts", record + "," + bad).utf8).write(to: URL(fileURLWithPath: folder.path("bad.json")))
        let r = try runBodii(["import", "bodii", folder.path("bad.json"), "--db", a])
        #expect(r.status == 65 && r.stderr.contains(#"fasts[1]: goal_hours "200" is out of range"#), "\(r.stderr)")
        let after = try runBodii(["export", "--db", a])
        func withoutTime(_ s: String) -> [Substring] { s.split(separator: "\n").filter { !$0.contains("\"exported_at\"") } }
        #expect(withoutTime(after.stdout) == withoutTime(before.stdout))
    }
}
