@testable import BodiiDocument
import BodiiDomain
import Foundation
import Testing

/// Body measurements (issue 47) in the export and `import bodii` (PRODUCT.md §9): the
/// "measurements" list goes out and comes back exactly, merges by source and external id, is
/// checked like typed input, and an export from before it still imports.
@Suite struct MeasurementDocumentTests {
    /// Four measurements of four kinds on two days, logged as a user would.
    static func logged(_ db: String) throws {
        for words in [
            ["measure", "waist", "82.5cm", "--date", "2026-11-20"], ["measure", "neck", "38cm", "--date", "2026-11-20"],
            ["bp", "121/79", "--date", "2026-11-21"], ["rhr", "58", "--date", "2026-11-21"],
        ] {
            let r = try runBodii(["log"] + words + ["--db", db])
            try #require(r.status == 0, "\(words): \(r.stderr)")
        }
    }

    @Test func measurementsSurviveTheRoundTripAndASecondImportAddsNothing() throws {
        let folder = try TemporaryFolder()
        let a = folder.path("a.sqlite"), b = folder.path("b.sqlite")
        try Self.logged(a)
        try #require(try runBodii(["export", "--out", folder.path("a.json"), "--db", a]).status == 0)
        let original = try String(contentsOfFile: folder.path("a.json"), encoding: .utf8)
        #expect(original.contains("\"measurements\": [\n"), "\(original)")
        #expect(
            original.contains(
                #"{"date":"2026-11-21","kind":"blood_pressure","value":121,"diastolic":79,"recorded_at":"2026-11-22T09:30:00.000Z","#
                    + #""source":"bodii","external_id":"measurement/3"}"#), "\(original)")
        #expect(original.contains(#"{"date":"2026-11-20","kind":"waist","value":82.5,"diastolic":null,"#), "\(original)")
        try expectDocumentRoundTrip("measurements", count: 4, exported: folder.path("a.json"), from: a, into: b)
        let today = try runBodii(["today", "--date", "2026-11-21", "--json", "--db", b])
        #expect(
            today.stdout.contains(#""waist_cm":{"value":82.5,"date":"2026-11-20"}"#)
                && today.stdout.contains(#""blood_pressure_mmhg":{"systolic":121,"diastolic":79,"date":"2026-11-21"}"#),
            "\(today.stdout)")
    }

    @Test func theCSVExportHasAMeasurementsFile() throws {
        let folder = try TemporaryFolder()
        let a = folder.path("a.sqlite"), empty = folder.path("empty.sqlite")
        try Self.logged(a)
        try #require(try runBodii(["export", "--format", "csv", "--out", folder.path("csv"), "--db", a]).status == 0)
        let text = try String(contentsOfFile: folder.path("csv/measurements.csv"), encoding: .utf8)
        let lines = text.components(separatedBy: "\r\n").filter { !$0.isEmpty }
        #expect(lines.first == "date,kind,value,diastolic,recorded_at,source,external_id")
        #expect(
            lines.count == 5 && lines.contains("2026-11-21,blood_pressure,121,79,2026-11-22T09:30:00.000Z,bodii,measurement/3"), "\(text)")
        // A database without measurements: the header row alone, and an empty list in the JSON.
        try #require(try runBodii(["log", "weight", "80", "--db", empty]).status == 0)
        try #require(try runBodii(["export", "--format", "csv", "--out", folder.path("none"), "--db", empty]).status == 0)
        let none = try String(contentsOfFile: folder.path("none/measurements.csv"), encoding: .utf8)
        #expect(none == "date,kind,value,diastolic,recorded_at,source,external_id\r\n")
        let json = try runBodii(["export", "--db", empty])
        #expect(
            json.stdout.contains(
                "\n  \"activity\": [],\n  \"measurements\": [],\n  \"fasts\": [],\n  \"moments\": [],\n  \"review_items\": []"),
            "\(json.stdout)")
    }

    /// An export written before measurements existed has no "measurements": it imports as before.
    @Test func anExportFromBeforeMeasurementsStillImports() throws {
        let folder = try TemporaryFolder()
        let a = folder.path("a.sqlite"), b = folder.path("b.sqlite")
        try Self.logged(a)
        try #require(try runBodii(["log", "weight", "80", "--date", "2026-11-20", "--db", a]).status == 0)
        let (text, cut) = try exportWithout("measurements", db: a)
        #expect(cut == 6)
        #expect(!text.contains("measurement"))
        try Data(text.utf8).write(to: URL(fileURLWithPath: folder.path("old.json")))
        let r = try runBodii(["import", "bodii", folder.path("old.json"), "--db", b])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("weigh-ins 1 added") && r.stdout.contains("measurements 0 added, 0 already there"), "\(r.stdout)")
    }

    static let measurement =
        #"{"date":"2026-11-20","kind":"KIND","value":VALUE,"diastolic":LOW,"recorded_at":"2026-11-20T07:00:00.000Z","#
        + #""source":"bodii","external_id":"measurement/1"}"#

    static func measurement(_ kind: String = "waist", value: String = "82", low: String = "null") -> String {
        BodiiDocumentTests.document(
            "measurements",
            measurement.replacingOccurrences(of: "KIND", with: kind).replacingOccurrences(of: "VALUE", with: value)
                .replacingOccurrences(of: "LOW", with: low))
    }

    /// Each refused in one line naming the record, the field, the value and what is allowed; no
    /// database is created.
    @Test func impossibleMeasurementsRefuseTheWholeFile() throws {
        let folder = try TemporaryFolder()
        let cases: [(document: String, says: String)] = [
            (Self.measurement(value: "500"), #"measurements[0]: value "500" is out of range: allowed 40–250 cm"#),
            (Self.measurement("resting_heart_rate", value: "1e20"), #"measurements[0]: value "1e+20" is out of range: allowed 25–220 bpm"#),
            (
                Self.measurement("elbow"),
                #"measurements[0]: kind "elbow" is unknown: allowed waist, hips, neck, chest, upper_arm, thigh, blood_pressure, resting_heart_rate"#
            ),
            (Self.measurement("blood_pressure", value: "120"), "measurements[0]: blood pressure has no diastolic number"),
            (Self.measurement("blood_pressure", value: "120", low: "130"), "measurements[0]: diastolic 130 is not below systolic 120"),
            (
                Self.measurement("blood_pressure", value: "120", low: "10"),
                #"measurements[0]: diastolic "10" is out of range: allowed 30–160 mmHg"#
            ),
            (Self.measurement(low: "70"), "measurements[0]: only blood pressure has a diastolic number"),
            (Self.measurement(value: "\"82\""), #"measurements[0]: "value" is missing or not a number"#),
            (
                Self.measurement().replacingOccurrences(of: "2026-11-20\",\"kind", with: "2099-01-01\",\"kind"),
                #"measurements[0]: date "2099-01-01" is out of range"#
            ),
        ]
        for (i, c) in cases.enumerated() {
            let file = folder.path("case\(i).json")
            try Data(c.document.utf8).write(to: URL(fileURLWithPath: file))
            let fresh = folder.path("fresh\(i).sqlite")
            let r = try runBodii(["import", "bodii", file, "--db", fresh])
            #expect(r.status == 65, "case \(i): \(r.status) \(r.stderr)")
            #expect(r.stderr.contains(c.says), "case \(i): \(r.stderr)")
            #expect(r.stderr.filter { $0 == "\n" }.count == 1, "case \(i): \(r.stderr.prefix(500))")
            #expect(!FileManager.default.fileExists(atPath: fresh), "case \(i) created a database")
        }
        // What the checks allow is written.
        let good = folder.path("good.json")
        try Data(Self.measurement("blood_pressure", value: "118", low: "76").utf8).write(to: URL(fileURLWithPath: good))
        let r = try runBodii(["import", "bodii", good, "--db", folder.path("good.sqlite")])
        #expect(r.status == 0 && r.stdout.contains("measurements 1 added"), "\(r.stdout) \(r.stderr)")
    }
}
