import BodiiDomain
import Foundation
import Testing
@testable import BodiiStore

/// Issue 23 #23, in the store: schema v11 lets a body record hold body fat (or muscle mass)
/// without a weight, as a smart scale's reading alone arrives from Apple Health.
@Suite struct BodyFatOnlyTests {
    private let everyColumn =
        "SELECT id || '|' || date || '|' || weight_kg || '|' || ifnull(body_fat_percent, '-') || '|' || recorded_at || '|' || source || '|' || ifnull(external_id, '-') FROM body_record ORDER BY id"

    @Test func aVersion10DatabaseUpgradesKeepingEveryRecordIdAndCounter() throws {
        try withTemporaryFolder { folder in
            let url = folder.appendingPathComponent("bodii.sqlite")
            let v10 = try BodiiDatabase(url: url, migrator: Schema.migrator(through: "v10"), timeZone: .current)
            try v10.executeRaw(
                """
                INSERT INTO body_record (date, weight_kg, body_fat_percent, recorded_at) VALUES
                    ('2026-11-18', 80.5, NULL, '2026-11-18T07:00:00+01:00'),
                    ('2026-11-19', 80.1, 21.5, '2026-11-19T07:00:00+01:00'),
                    ('2026-11-20', 79.9, NULL, '2026-11-20T07:00:00+01:00');
                INSERT INTO body_record (date, weight_kg, recorded_at, source, external_id)
                    VALUES ('2026-11-21', 79.7, '2026-11-21T07:00:00+01:00', 'apple_health', 'weight/x/79.7');
                DELETE FROM body_record WHERE id = 3;
                INSERT INTO metabolism_snapshot (body_record_id, date, bmr, tdee, formula, activity_level) VALUES
                    (1, '2026-11-18', 1700, 2040, 'mifflin_st_jeor', 'sedentary'),
                    (2, '2026-11-19', 1710, 2052, 'katch_mcardle', 'sedentary');
                """)
            let before = try v10.fetchStrings(everyColumn)
            let snapshotsBefore = try v10.fetchStrings(
                "SELECT id || '|' || body_record_id || '|' || bmr FROM metabolism_snapshot ORDER BY id")
            try v10.close()

            let db = try BodiiDatabase(url: url)
            #expect(try db.fetchStrings(everyColumn) == before)
            #expect(before.count == 3)
            #expect(
                try db.fetchStrings("SELECT id || '|' || body_record_id || '|' || bmr FROM metabolism_snapshot ORDER BY id")
                    == snapshotsBefore)
            // The AUTOINCREMENT counter: the deleted id 3 and the last id 4 are never handed out again.
            #expect(try db.fetchStrings("SELECT seq FROM sqlite_sequence WHERE name = 'body_record'") == ["4"])
            #expect(
                try db.fetchStrings(
                    "SELECT name FROM sqlite_master WHERE tbl_name = 'body_record' AND type IN ('index', 'trigger') AND name NOT LIKE 'sqlite_%' ORDER BY name"
                )
                    == ["body_record_date", "body_record_external"])
            #expect(
                try db.fetchStrings(
                    "SELECT COUNT(*) FROM sqlite_master WHERE name = 'body_record' AND sql LIKE '%CONSTRAINT bodii_finite CHECK%'")
                    == ["1"], "the rebuilt table keeps its guard")
            #expect(try db.fetchStrings("SELECT COUNT(*) FROM pragma_foreign_key_check").first == "0")

            // A reading alone is kept; a record of nothing is not; an infinite weight is not.
            let repos = db.repositories
            let fatOnly = try repos.addBodyRecord(
                BodyRecord(
                    date: day("2026-11-22"), weightKg: nil, bodyFatPercent: 21,
                    recordedAt: instant(1_795_500_000)), snapshot: nil)
            #expect(fatOnly.id == 5)
            #expect(try repos.bodyRecords(in: DateRange(start: day("2026-11-22"), end: day("2026-11-22"))) == [fatOnly])
            #expect(throws: (any Error).self) {
                try db.executeRaw("INSERT INTO body_record (date, recorded_at) VALUES ('2026-11-22', '2026-11-22T08:00:00+01:00')")
            }
            #expect(throws: (any Error).self) { try db.executeRaw("UPDATE body_record SET weight_kg = 9e999 WHERE id = 1") }

            // The snapshots still hang on their records: deleting one takes its snapshot along.
            try repos.deleteBodyRecord(id: 1)
            #expect(try db.fetchStrings("SELECT body_record_id FROM metabolism_snapshot ORDER BY id") == ["2"])
        }
    }

    @Test func aBodyFatOnlyReadingIsNoWeighIn() throws {
        try withTemporaryFolder { folder in
            let repos = try BodiiDatabase(url: folder.appendingPathComponent("bodii.sqlite")).repositories
            let weighIn = try repos.addBodyRecord(
                BodyRecord(date: day("2026-11-20"), weightKg: 80, recordedAt: instant(1_795_600_000)), snapshot: nil)
            // Later the same day, and the next day: body fat alone.
            try repos.addBodyRecord(
                BodyRecord(date: day("2026-11-20"), weightKg: nil, bodyFatPercent: 22, recordedAt: instant(1_795_603_600)), snapshot: nil)
            try repos.addBodyRecord(
                BodyRecord(date: day("2026-11-21"), weightKg: nil, bodyFatPercent: 21.8, recordedAt: instant(1_795_690_000)), snapshot: nil)
            let weights = try repos.dailyWeights(in: DateRange(start: day("2026-11-19"), end: day("2026-11-22")))
            #expect(weights.map(\.date) == [day("2026-11-20")])
            #expect(weights.map(\.weightKg) == [80])
            #expect(try repos.latestBodyRecord(onOrBefore: day("2026-11-22")) == weighIn)
        }
    }

    /// A day's weight is its last weigh-in by the time weighed, on every reading path: a morning
    /// weight logged after the evening's (or a synced machine's, whose ids are lower) must not
    /// take the day. `today --json` read the higher id while the Dashboard read the later time.
    @Test func theDaysWeightIsTheLatestWeighedNotTheLatestWritten() throws {
        try withTemporaryFolder { folder in
            let repos = try BodiiDatabase(url: folder.appendingPathComponent("bodii.sqlite")).repositories
            let evening = try repos.addBodyRecord(
                BodyRecord(date: day("2026-11-20"), weightKg: 80.6, recordedAt: instant(1_795_640_000)), snapshot: nil)
            let morning = try repos.addBodyRecord(
                BodyRecord(date: day("2026-11-20"), weightKg: 79.9, recordedAt: instant(1_795_600_000)), snapshot: nil)
            #expect(try #require(morning.id) > (evening.id ?? 0))
            #expect(try repos.latestBodyRecord(onOrBefore: day("2026-11-20")) == evening)
            let summary = try DaySummaryQuery(source: repos).summary(for: day("2026-11-20"))
            #expect(summary.weightKg == 80.6)
            #expect(try repos.bodyRecords(in: DateRange(start: day("2026-11-20"), end: day("2026-11-20"))).last == evening)
        }
    }
}
