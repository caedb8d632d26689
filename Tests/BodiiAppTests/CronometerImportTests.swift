import BodiiDomain
import BodiiStore
import Foundation
import Testing

/// `bodii import cronometer` as a process on a temporary database, with the fixtures of
/// Tests/BodiiImportTests/Fixtures/cronometer.
@Suite struct CronometerImportTests {
    static func fixture(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("BodiiImportTests/Fixtures/cronometer/\(name)").path
    }

    /// The words of the summary's line that starts with `label`.
    static func row(_ stdout: String, _ label: String) -> [Substring] {
        stdout.split(separator: "\n").first { $0.hasPrefix(label) }?.split(separator: " ") ?? []
    }

    @Test func servingsTwiceAddNothingTheSecondTimeAndShowOnTheirDay() throws {
        let folder = try TemporaryFolder()
        let db = folder.path("c.sqlite")
        let first = try runBodii(["import", "cronometer", Self.fixture("servings.csv"), "--json", "--db", db])
        try #require(first.status == 0, "\(first.stderr)")
        let s1 = try AppleHealthImportTests.summary(first.stdout)
        #expect(s1["export"] as? String == "servings")
        #expect(s1["rows"] as? Int == 12)
        #expect(AppleHealthImportTests.kind(s1, "food")["added"] as? Int == 10)
        #expect(
            (AppleHealthImportTests.kind(s1, "food")["skipped"] as? [String: Int]) == [
                "without a food name": 1, "without energy, macros or nutrients": 1,
            ])
        let second = try runBodii(["import", "cronometer", Self.fixture("servings.csv"), "--db", db])
        try #require(second.status == 0, "\(second.stderr)")
        #expect(second.stdout.contains("Cronometer servings: 12 rows"))
        #expect(Self.row(second.stdout, "Servings") == ["Servings", "0", "10", "2"], "\(second.stdout)")
        #expect(second.stdout.contains("Skipped and why:\n  1 without a food name\n  1 without energy, macros or nutrients"))
        #expect(try AppleHealthImportTests.rows(db).food == 10)
        // The day as every screen reads it: the servings' energy, as logged, in their meals.
        let today = try runBodii(["today", "--date", "2026-11-20", "--json", "--db", db])
        try #require(today.status == 0, "\(today.stderr)")
        #expect(today.stdout.contains(#""eaten":1327.28"#) || today.stdout.contains(#""eaten":1327"#), "\(today.stdout)")
        #expect(today.stdout.contains(#""name":"Oats, rolled · 80.00 g""#))
    }

    @Test func biometricsAndADryRun() throws {
        let folder = try TemporaryFolder()
        let db = folder.path("b.sqlite")
        let dry = try runBodii(["import", "cronometer", Self.fixture("biometrics.csv"), "--dry-run", "--db", db])
        try #require(dry.status == 0, "\(dry.stderr)")
        #expect(dry.stdout.contains("dry run: nothing was written"))
        #expect(dry.stdout.contains("would add"))
        #expect(try AppleHealthImportTests.rows(db).body == 0)
        let real = try runBodii(["import", "cronometer", Self.fixture("biometrics.csv"), "--db", db])
        try #require(real.status == 0, "\(real.stderr)")
        #expect(Self.row(real.stdout, "Body records") == ["Body", "records", "4", "0", "6"], "\(real.stdout)")
        #expect(real.stdout.contains("2 Heart Rate: not a measurement Bodii keeps"))
        // Three weigh-ins and the 21st's body fat without a weight (kept on its own).
        #expect(try AppleHealthImportTests.rows(db).body == 4)
        let again = try runBodii(["import", "cronometer", Self.fixture("biometrics.csv"), "--json", "--db", db])
        #expect(AppleHealthImportTests.kind(try AppleHealthImportTests.summary(again.stdout), "body")["already_there"] as? Int == 4)
    }

    @Test func badFilesAreRefusedWithNothingWritten() throws {
        let folder = try TemporaryFolder()
        let db = folder.path("x.sqlite")
        let other = try runBodii(["import", "cronometer", Self.fixture("not-cronometer.csv"), "--db", db])
        #expect(other.status == 65)
        #expect(other.stderr.contains("not-cronometer.csv is not a Cronometer servings or biometrics export"))
        #expect(other.stderr.split(separator: "\n").count == 1)
        let bad = try runBodii(["import", "cronometer", Self.fixture("bad-number.csv"), "--db", db])
        #expect(bad.status == 65)
        #expect(
            bad.stderr.contains("bad-number.csv, row 3: Fat (g) \"twelve\" is not a plain decimal number like 12.5; nothing was imported"))
        #expect(try runBodii(["import", "cronometer", folder.path("none.csv"), "--db", db]).status == 66)
        #expect(try runBodii(["import", "cronometer", "--db", db]).status == 64)
        #expect(!FileManager.default.fileExists(atPath: db))
    }

    /// A servings CSV of `rows` under a header with the macros, in `folder`.
    static func servings(_ rows: [String], in folder: TemporaryFolder, name: String = "servings.csv") throws -> String {
        let path = folder.path(name)
        let text = "Day,Time,Group,Food Name,Amount,Energy (kcal),Protein (g),Carbs (g),Fat (g)\n" + rows.joined(separator: "\n") + "\n"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Issue 23, item 7: an energy of 1e19 or 1e300 was stored, and every later read crashed.
    @Test func energyNoPersonCouldEatIsSkippedAndEveryReadStillWorks() throws {
        let folder = try TemporaryFolder()
        let db = folder.path("c.sqlite")
        let csv = try Self.servings(
            [
                "2026-11-20,8:00 AM,Breakfast,Oats,80 g,10000000000000000000,10,54,5",
                "2026-11-20,8:00 AM,Breakfast,Oats,80 g,1" + String(repeating: "0", count: 300) + ",10,54,5",
                "2026-11-20,8:00 AM,Breakfast,Oats,80 g,303,1" + String(repeating: "0", count: 20) + ",54,5",
                "1899-12-31,8:00 AM,Breakfast,Oats,80 g,303,10,54,5",
                "2026-11-20,12:00 PM,Lunch,Rice,200 g,260,5.4,56.2,0.6",
            ], in: folder)
        let out = try runBodii(["import", "cronometer", csv, "--db", db])
        try #require(out.status == 0, "\(out.stderr)")
        #expect(Self.row(out.stdout, "Servings") == ["Servings", "1", "0", "4"], "\(out.stdout)")
        #expect(out.stdout.contains("  2 Energy (kcal) outside 0–10000\n"), "\(out.stdout)")
        #expect(out.stdout.contains("  1 Protein (g) more than the serving weighs\n") && out.stdout.contains("  1 dated outside 1900-01-01–2026-11-23"))
        for read in [
            ["today", "--date", "2026-11-20"], ["today", "--json"], ["status"], ["report"], ["history", "Rice"], ["review", "--json"],
        ] {
            let result = try runBodii(read + ["--db", db])
            #expect(result.status == 0, "\(read): \(result.status) \(result.stderr)")
        }
        #expect(try runBodii(["today", "--date", "2026-11-20", "--json", "--db", db]).stdout.contains(#""eaten":260"#))
    }

    /// Issue 23, item 12: a quote that never closes swallowed every later row, exit 0.
    @Test func aQuoteThatNeverClosesRefusesTheFileInOneLineWithNothingWritten() throws {
        let folder = try TemporaryFolder()
        let db = folder.path("q.sqlite")
        let csv = try Self.servings(
            [
                "2026-11-20,8:00 AM,Breakfast,Oats,80 g,303,10,54,5",
                "2026-11-20,12:00 PM,Lunch,\"Rice, white,200 g,260,5.4,56.2,0.6",
                "2026-11-20,7:00 PM,Dinner,Soup,1 bowl,200,8,20,6",
                "2026-11-21,7:00 PM,Dinner,Soup,1 bowl,200,8,20,6",
            ], in: folder)
        let out = try runBodii(["import", "cronometer", csv, "--db", db])
        #expect(out.status == 65)
        #expect(
            out.stderr == "bodii: \(csv), line 3: a quote opened here never closes, so the file is cut or damaged; nothing was imported\n"
                || (out.stderr.split(separator: "\n").count == 1 && out.stderr.contains("line 3: a quote opened here never closes")),
            "\(out.stderr)")
        #expect(!FileManager.default.fileExists(atPath: db))
        // Cut in the middle of a row: the row has fewer fields than the header.
        let cut = folder.path("cut.csv")
        try Data(try Data(contentsOf: URL(fileURLWithPath: Self.fixture("servings.csv"))).prefix(1_500)).write(
            to: URL(fileURLWithPath: cut))
        let refused = try runBodii(["import", "cronometer", cut, "--db", db])
        #expect(refused.status == 65)
        #expect(refused.stderr.contains("cut.csv, line 4: 3 fields where the header has 58"), "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: db))
    }

    /// Issue 23, item 22: rows of 0 amount and 0 kcal became diary entries.
    @Test func emptyRowsAreSkippedAndCountedInTextAndJSON() throws {
        let folder = try TemporaryFolder()
        let db = folder.path("e.sqlite")
        let csv = try Self.servings(
            [
                "2026-11-20,8:00 AM,Breakfast,Oats,0.00 g,0.00,0.00,0.00,0.00",
                "2026-11-20,8:00 AM,Breakfast,\"Milk, 2% fat\",0.00 ml,0.00,0.00,0.00,0.00",
                "2026-11-20,9:00 AM,Breakfast,Water,500.00 ml,0.00,0.00,0.00,0.00",
            ], in: folder)
        let json = try runBodii(["import", "cronometer", csv, "--dry-run", "--json", "--db", db])
        try #require(json.status == 0, "\(json.stderr)")
        let kind = AppleHealthImportTests.kind(try AppleHealthImportTests.summary(json.stdout), "food")
        #expect(kind["added"] as? Int == 1)
        #expect((kind["skipped"] as? [String: Int]) == ["empty (amount 0 and 0 kcal)": 2])
        let text = try runBodii(["import", "cronometer", csv, "--db", db])
        #expect(text.stdout.contains("Skipped and why:\n  2 empty (amount 0 and 0 kcal)"), "\(text.stdout)")
        #expect(try AppleHealthImportTests.rows(db).food == 1)
    }

}
