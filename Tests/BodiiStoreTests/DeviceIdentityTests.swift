import BodiiDomain
import Foundation
import Testing
@testable import BodiiStore

/// Issue 30's identity: two machines inserting offline never make the same id; joining sync moves
/// a database's rows into its device's range and keeps every reference; a database that never
/// joined numbers its rows as before.
@Suite struct DeviceIdentityTests {
    @Test func aDatabaseThatNeverJoinedNumbersItsRowsAsBefore() throws {
        try withDatabase { db, repos in
            #expect(try db.deviceNumber() == nil)
            try writeOneOfEverything(repos, tag: "a")
            #expect(try db.fetchStrings("SELECT id FROM food_record ORDER BY id") == ["1", "2", "3", "4"])
            #expect(
                try db.fetchStrings("SELECT id FROM food WHERE source IN ('custom', 'recipe') ORDER BY id")
                    == ["custom:1", "custom:3", "recipe:2", "recipe:4"])
            #expect(try db.fetchStrings("SELECT max(id) < 10 FROM review") == ["1"])
            #expect(try db.fetchStrings("SELECT COUNT(*) FROM sync_id_counter") == ["0"])
        }
    }

    @Test func aDeviceNumberHasTwentyBits() throws {
        #expect(DeviceNumber(0) == nil && DeviceNumber(0x10_0000) == nil)
        let last = try device(0xFFFFF)
        #expect(RowIdAllocator.range(of: last).upperBound < RowIdAllocator.naturalBase)
        #expect(RowIdAllocator.naturalReviewID(kind: 1, days: 100_000) < 1 << 53)
    }

    /// Every insert path: the demo's batch, each repository's inserts, a merged import and the
    /// meal library of a document, after joining (as the last possible device: ids stay exact in JSON).
    @Test func afterJoiningEveryInsertTakesItsIdFromTheDevice() throws {
        try withDatabase { db, repos in
            let last = try device(0xFFFFF)
            try db.adoptDevice(last)
            try writeDemo(repos)
            try writeOneOfEverything(repos, tag: "a")
            #expect(try idsOutside(last, db) == [])
            #expect(try db.fetchStrings("SELECT COUNT(*) FROM stock_use") != ["0"])
            let soup = try #require(try repos.customFoods().first { $0.name == "Soup a" })
            #expect(soup.id.rawValue == "custom:\((Int64(0xFFFFF) << 32) + 1)")
            #expect(try repos.food(id: soup.id)?.servings.map(\.label) == ["1 bowl"])
        }
    }

    @Test func joiningMovesEveryRowAndKeepsEveryReference() throws {
        try withDatabase { db, repos in
            try writeDemo(repos)
            try writeOneOfEverything(repos, tag: "a")
            _ = try repos.favouriteFoods()  // seeds the catalog, which empties the fill list once
            try db.executeRaw("INSERT INTO food_record_nutrient_fill (id) SELECT id FROM food_record ORDER BY id LIMIT 3")
            let before = try everythingRead(repos)
            let seven = try device(7)
            try db.adoptDevice(seven)
            #expect(try db.deviceNumber() == seven)
            #expect(try idsOutside(seven, db) == [])
            #expect(try db.fetchStrings("SELECT COUNT(*) FROM pragma_foreign_key_check") == ["0"])
            #expect(try everythingRead(repos) == before)
            // References without a foreign key moved too.
            #expect(
                try db.fetchStrings(
                    """
                    SELECT COUNT(*) FROM stock_use WHERE food_record_id IS NOT NULL AND food_record_id NOT IN (SELECT id FROM food_record)
                    UNION ALL SELECT COUNT(*) FROM food_record_nutrient_fill WHERE id NOT IN (SELECT id FROM food_record)
                    """) == ["0", "0"])
            #expect(try db.fetchStrings("SELECT COUNT(*) FROM stock_use WHERE food_record_id IS NOT NULL") == ["1"])
            // The shipped catalog's ids are everyone's.
            #expect(try db.fetchStrings("SELECT DISTINCT food_id FROM food_record WHERE food_id LIKE 'usda:%'") == ["usda:09040"])
            // Search finds the moved custom food under its new id; new rows go on in the range.
            #expect(try repos.searchFoods("Soup a", limit: 5).map(\.id.rawValue).contains("custom:\((Int64(7) << 32) + 1)"))
            try writeOneOfEverything(repos, tag: "b")
            #expect(try idsOutside(seven, db) == [])
        }
    }

    /// Two machines made from the same seed join as different devices and each writes every kind
    /// of record offline: no id is on both, but a review of the same period, made from the period.
    @Test func twoMachinesWritingOfflineNeverShareAnId() throws {
        try withTemporaryFolder { folder in
            var ids: [Set<String>] = []
            var reviews: [[String]] = []
            for (n, name) in [(UInt32(1), "a"), (UInt32(2), "b")] {
                let db = try BodiiDatabase(url: folder.appendingPathComponent("\(name).sqlite"))
                defer { try? db.close() }
                try writeDemo(db.repositories)
                try db.adoptDevice(try device(n))
                try writeOneOfEverything(db.repositories, tag: name)
                ids.append(try deviceIDs(db))
                reviews.append(try db.fetchStrings("SELECT period_kind || start_date || ':' || id FROM review ORDER BY 1"))
            }
            #expect(ids[0].count > 100 && ids[1].count > 100)
            #expect(ids[0].intersection(ids[1]) == [])
            #expect(reviews[0] == reviews[1])
        }
    }

    @Test func anUndoPutsADeletedRowBackUnderItsIdAfterJoining() throws {
        try withDatabase { db, repos in
            try db.adoptDevice(try device(3))
            let first = try repos.addFoodRecord(food(day("2026-11-20"), kcal: 100))
            let firstId = try #require(first.id)
            try repos.deleteFoodRecord(id: firstId)
            let second = try repos.addFoodRecord(food(day("2026-11-20"), kcal: 200))
            #expect(second.id != firstId, "a deleted id was handed out again")
            #expect(try repos.addFoodRecord(first).id == firstId)
        }
    }

    @Test func joiningAgainKeepsTheNumberAndAnotherIsRefused() throws {
        try withDatabase { db, repos in
            try repos.addFoodRecord(food(day("2026-11-20"), kcal: 100))
            try db.adoptDevice(try device(5))
            try db.adoptDevice(try device(5))
            #expect(try db.fetchStrings("SELECT id FROM food_record") == ["\((Int64(5) << 32) + 1)"])
            #expect(throws: DeviceIdentityError.alreadyAdopted(current: try device(5), requested: try device(6))) {
                try db.adoptDevice(try device(6))
            }
        }
    }

    @Test func aReferenceToNothingRollsTheJoinBack() throws {
        try withDatabase { db, repos in
            try repos.addBodyRecord(body(day("2026-11-20"), kg: 80), snapshot: nil)
            try db.executeRawWithoutForeignKeys(
                """
                INSERT INTO metabolism_snapshot (body_record_id, date, bmr, tdee, formula, activity_level)
                VALUES (42, '2026-11-20', 1700, 2400, 'mifflin_st_jeor', 'light')
                """)
            #expect(throws: DeviceIdentityError.self) { try db.adoptDevice(try device(9)) }
            #expect(try db.deviceNumber() == nil)
            #expect(try db.fetchStrings("SELECT id FROM body_record") == ["1"])
            #expect(try db.fetchStringsOnWriter("PRAGMA foreign_keys") == ["1"])
        }
    }

    /// v15 keys a serving by its food and position; servings, their order and the search
    /// triggers survive the rebuild.
    @Test func v15KeysServingsByTheirFood() throws {
        try withTemporaryFolder { folder in
            let url = folder.appendingPathComponent("bodii.sqlite")
            let v14 = try BodiiDatabase(url: url, migrator: Schema.migrator(through: "v14"), timeZone: .current, catalog: nil)
            try v14.executeRaw(
                """
                INSERT INTO food (id, name, source, kcal, protein_g, carbs_g, fat_g) VALUES ('custom:1', 'Lentil soup', 'custom', 80, 5, 12, 1);
                INSERT INTO food_serving (food_id, position, label, grams) VALUES ('custom:1', 2, '1 cup', 240), ('custom:1', 1, '1 bowl', 300);
                """)
            try v14.close()
            let db = try BodiiDatabase(url: url, catalog: nil)
            defer { try? db.close() }
            #expect(try db.repositories.customFoods().first?.servings.map(\.label) == ["1 bowl", "1 cup"])
            #expect(
                try db.fetchStrings("SELECT name FROM pragma_table_info('food_serving') WHERE pk > 0 ORDER BY pk") == [
                    "food_id", "position",
                ])
            #expect(
                try db.fetchStrings("SELECT COUNT(*) FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'food_search_serving_%'") == [
                    "3"
                ])
            #expect(
                try db.fetchStrings(
                    "SELECT COUNT(*) FROM sqlite_master WHERE name = 'food_serving' AND sql LIKE '%CONSTRAINT bodii_finite CHECK%'")
                    == ["1"])
        }
    }
}
