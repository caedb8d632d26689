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
        #expect((AppleHealthImportTests.kind(s1, "food")["skipped"] as? [String: Int]) == ["without a food name": 1, "without energy or macros": 1])
        let second = try runBodii(["import", "cronometer", Self.fixture("servings.csv"), "--db", db])
        try #require(second.status == 0, "\(second.stderr)")
        #expect(second.stdout.contains("Cronometer servings: 12 rows"))
        #expect(Self.row(second.stdout, "Servings") == ["Servings", "0", "10", "2"], "\(second.stdout)")
        #expect(second.stdout.contains("Skipped and why:\n  1 without a food name\n  1 without energy or macros"))
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
        #expect(Self.row(real.stdout, "Weigh-ins") == ["Weigh-ins", "3", "0", "7"], "\(real.stdout)")
        #expect(real.stdout.contains("2 Heart Rate: not a measurement Bodii keeps"))
        #expect(try AppleHealthImportTests.rows(db).body == 3)
        let again = try runBodii(["import", "cronometer", Self.fixture("biometrics.csv"), "--json", "--db", db])
        #expect(AppleHealthImportTests.kind(try AppleHealthImportTests.summary(again.stdout), "body")["already_there"] as? Int == 3)
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
        #expect(bad.stderr.contains("bad-number.csv, row 3: Fat (g) \"twelve\" is not a number of 0 or more; nothing was imported"))
        #expect(try runBodii(["import", "cronometer", folder.path("none.csv"), "--db", db]).status == 66)
        #expect(try runBodii(["import", "cronometer", "--db", db]).status == 64)
        #expect(!FileManager.default.fileExists(atPath: db))
    }
}
