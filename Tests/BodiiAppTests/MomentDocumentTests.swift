@testable import BodiiDocument
import BodiiDomain
import Foundation
import Testing

/// Moments (issue 47 item 3) in the export and `import bodii` (PRODUCT.md §9), the first kind
/// added as one `DocumentRecordKind` (issue 46): the "moments" list goes out and comes back
/// exactly, merges by source and external id, is checked by the domain's rule, has its CSV, and
/// an export from before it still imports.
@Suite struct MomentDocumentTests {
    /// Three moments on two days, noted as a user would at those times.
    static func noted(_ db: String) throws {
        for (words, now) in [
            (["walk", "with", "Sam", "+social", "+outdoors", "4/5"], "2026-11-20T18:00:00+00:00"),
            (["+reading"], "2026-11-20T21:30:00+00:00"),
            (["coffee, \"strong\"", "--feel", "2"], "2026-11-21T07:15:00+00:00"),
        ] {
            let r = try runBodii(["moment"] + words + ["--db", db], environment: ["BODII_NOW": now, "TZ": "UTC"])
            try #require(r.status == 0, "\(words): \(r.stderr)")
        }
    }

    static let walk =
        #"{"date":"2026-11-20","at":"2026-11-20T18:00:00.000Z","text":"walk with Sam","tags":["social","outdoors"],"feeling":4,"#
        + #""source":"bodii","external_id":"moment/1"}"#
    static let reading =
        #"{"date":"2026-11-20","at":"2026-11-20T21:30:00.000Z","text":"","tags":["reading"],"feeling":null,"#
        + #""source":"bodii","external_id":"moment/2"}"#

    @Test func momentsSurviveTheRoundTripAndASecondImportAddsNothing() throws {
        let folder = try TemporaryFolder()
        let a = folder.path("a.sqlite"), b = folder.path("b.sqlite")
        try Self.noted(a)
        try #require(try runBodii(["export", "--out", folder.path("a.json"), "--db", a]).status == 0)
        let original = try String(contentsOfFile: folder.path("a.json"), encoding: .utf8)
        #expect(original.contains("  \"moments\": [\n    \(Self.walk),\n    \(Self.reading),\n"), "\(original)")
        #expect(original.contains("  \"fasts\": [],\n  \"moments\": ["), "\(original)")
        let summary = try expectDocumentRoundTrip("moments", count: 3, exported: folder.path("a.json"), from: a, into: b)
        #expect(summary.contains("fasts 0 added, 0 already there; moments 3 added, 0 already there"), "\(summary)")
        let listed = try runBodii(["moments", "--tag", "social", "--db", b], environment: ["BODII_NOW": "2026-11-21T12:00:00+00:00"])
        #expect(listed.stdout.contains("walk with Sam"), "\(listed.stdout)")
    }

    @Test func theCSVExportHasAMomentsFile() throws {
        let folder = try TemporaryFolder()
        let a = folder.path("a.sqlite"), empty = folder.path("empty.sqlite")
        try Self.noted(a)
        try #require(try runBodii(["export", "--format", "csv", "--out", folder.path("csv"), "--db", a]).status == 0)
        let text = try String(contentsOfFile: folder.path("csv/moments.csv"), encoding: .utf8)
        #expect(
            text == "date,at,text,tags,feeling,source,external_id\r\n"
                + "2026-11-20,2026-11-20T18:00:00.000Z,walk with Sam,\"[\"\"social\"\",\"\"outdoors\"\"]\",4,bodii,moment/1\r\n"
                + "2026-11-20,2026-11-20T21:30:00.000Z,,\"[\"\"reading\"\"]\",,bodii,moment/2\r\n"
                + "2026-11-21,2026-11-21T07:15:00.000Z,\"coffee, \"\"strong\"\"\",[],2,bodii,moment/3\r\n", "\(text)")
        try #require(try runBodii(["log", "weight", "80", "--db", empty]).status == 0)
        try #require(try runBodii(["export", "--format", "csv", "--out", folder.path("none"), "--db", empty]).status == 0)
        let none = try String(contentsOfFile: folder.path("none/moments.csv"), encoding: .utf8)
        #expect(none == "date,at,text,tags,feeling,source,external_id\r\n")
    }

    /// An export written before moments existed has no "moments": it imports as before.
    @Test func anExportFromBeforeMomentsStillImports() throws {
        let folder = try TemporaryFolder()
        let a = folder.path("a.sqlite"), b = folder.path("b.sqlite")
        try Self.noted(a)
        let (text, cut) = try exportWithout("moments", db: a)
        #expect(cut == 5)
        #expect(!text.contains("moment"))
        try Data(text.utf8).write(to: URL(fileURLWithPath: folder.path("old.json")))
        let r = try runBodii(["import", "bodii", folder.path("old.json"), "--db", b])
        #expect(r.status == 0 && r.stdout.contains("moments 0 added, 0 already there"), "\(r.stdout) \(r.stderr)")
    }

    /// Each refused in one line naming the record and what is wrong; no database is created.
    @Test func impossibleMomentsRefuseTheWholeFile() throws {
        let folder = try TemporaryFolder()
        let cases: [(record: String, says: String)] = [
            (Self.walk.replacingOccurrences(of: #""feeling":4"#, with: #""feeling":6"#), "moments[0]: feeling 6 is out of range"),
            (Self.walk.replacingOccurrences(of: #""feeling":4"#, with: #""feeling":4.5"#), #"moments[0]: "feeling""#),
            (Self.walk.replacingOccurrences(of: #""social""#, with: #""Social Life""#), #"moments[0]: tag "Social Life" is not"#),
            (Self.reading.replacingOccurrences(of: #"["reading"]"#, with: "[]"), "moments[0]: a moment needs words or a tag"),
            (Self.walk.replacingOccurrences(of: #""text":"walk with Sam""#, with: #""text":null"#), #"moments[0]: "text" is missing"#),
            (
                Self.walk.replacingOccurrences(of: "2026-11-20T18", with: "2099-11-20T18"),
                #"moments[0]: at "2099-11-20T18:00:00.000Z" is out of range"#
            ),
            (Self.walk + "," + Self.reading.replacingOccurrences(of: #""at":"#, with: #""at":1,"x":"#), #"moments[1]: "at""#),
        ]
        for (i, c) in cases.enumerated() {
            let file = folder.path("case\(i).json")
            try Data(BodiiDocumentTests.document("moments", c.record).utf8).write(to: URL(fileURLWithPath: file))
            let fresh = folder.path("fresh\(i).sqlite")
            let r = try runBodii(["import", "bodii", file, "--db", fresh])
            #expect(r.status == 65, "case \(i): \(r.status) \(r.stderr)")
            #expect(r.stderr.contains(c.says), "case \(i): \(r.stderr)")
            #expect(r.stderr.filter { $0 == "\n" }.count == 1, "case \(i): \(r.stderr.prefix(500))")
            #expect(!FileManager.default.fileExists(atPath: fresh), "case \(i) created a database")
        }
    }
}
