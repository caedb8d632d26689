import BodiiDomain
import Foundation
import Testing
@testable import BodiiStore

/// What `bodii today` and the first catalog use read and write, made cheaper without changing a
/// figure: each day's weight picked from the date index's order, one target history serving the
/// trend and the targets, and a seed that checks its values itself.
@Suite struct StartupReadsTests {
    /// The day's weight is its latest instant, then its latest record for the same instant; days
    /// without a weigh-in are left out, and the range's ends count.
    @Test func eachDaysWeightIsItsLatestInstantThenItsLatestRecord() throws {
        try withDatabase { _, repos in
            func weigh(_ date: String, _ kg: Double, at seconds: Int) throws {
                try repos.addBodyRecord(BodyRecord(date: day(date), weightKg: kg, recordedAt: instant(seconds)), snapshot: nil)
            }
            try weigh("2026-11-18", 82, at: 1_795_400_000)  // before the range
            try weigh("2026-11-19", 81, at: 1_795_500_000)
            try weigh("2026-11-20", 80.2, at: 1_795_640_000)
            try weigh("2026-11-20", 80.4, at: 1_795_640_000)  // the same instant, recorded later: the day's
            try weigh("2026-11-20", 79.0, at: 1_795_600_000)  // recorded last, weighed earlier
            try weigh("2026-11-22", 79.5, at: 1_795_800_000)
            try weigh("2026-11-23", 79, at: 1_795_900_000)  // after the range
            let weights = try repos.dailyWeights(in: DateRange(start: day("2026-11-19"), end: day("2026-11-22")))
            #expect(weights.map(\.date) == [day("2026-11-19"), day("2026-11-20"), day("2026-11-22")])
            #expect(weights.map(\.weightKg) == [81, 80.4, 79.5])
        }
    }

    /// A day's summary takes its trend window from the target history it reads (one read of the
    /// weigh-ins): the same weights as reading the window alone, for every day the history covers.
    @Test func theTargetHistoryHoldsTheDaysTrendWindow() throws {
        try withDatabase { _, repos in
            let last = day("2026-11-25")
            for offset in stride(from: 0, to: 200, by: 3) {
                let date = last.adding(days: -offset)
                try repos.addBodyRecord(
                    BodyRecord(date: date, weightKg: 80 + Double(offset % 7) / 10, recordedAt: instant(1_790_000_000 + offset)),
                    snapshot: nil)
            }
            let query = DaySummaryQuery(source: repos)
            for date in [last, last.adding(days: -1), last.adding(days: -118)] {
                let history = try TargetHistory.load(range: DateRange(start: date, end: date), source: repos)
                let held = try #require(history.trendWindow(endingOn: date))
                let read = try query.trendWindow(endingOn: date)
                #expect(held.map(\.date) == read.map(\.date))
                #expect(held.map(\.weightKg) == read.map(\.weightKg))
                #expect(held.count > 20)  // a window of weigh-ins every third day, not an empty one
                // A day the history was not read for: no window to give.
                #expect(history.trendWindow(endingOn: date.adding(days: 1)) == nil)
            }
        }
    }

    /// The seed skips the tables' CHECKs while it inserts (it refuses the same values itself);
    /// afterwards they hold again for every write.
    @Test func theTablesChecksHoldAgainAfterASeed() throws {
        try withTemporaryFolder { folder in
            let catalog = tinyCatalog(release: "1", foods: [("usda:1", "Apple", "52")], servings: ["usda:1\t1 medium\t182"])
            let db = try BodiiDatabase(url: folder.appendingPathComponent("b.sqlite"), catalog: catalog)
            defer { try? db.close() }
            #expect(try db.repositories.food(id: FoodID("usda:1"))?.servings.map(\.grams) == [182])
            #expect(throws: (any Error).self) {
                try db.executeRaw(
                    "INSERT INTO food (id, name, source, kcal, protein_g, carbs_g, fat_g) VALUES ('x:1', 'X', 'x', -1, 0, 0, 0)")
            }
            #expect(throws: (any Error).self) { try db.executeRaw("INSERT INTO food_serving VALUES ('usda:1', 2, 'none', 0)") }
            #expect(throws: (any Error).self) { try db.executeRaw("UPDATE food SET fiber_g = 9e999 WHERE id = 'usda:1'") }
        }
    }

    /// Every value a CHECK of `food` or `food_serving` would refuse, the seeder refuses first: the
    /// seed fails whole, and the CHECKs are on again for the writes that follow.
    @Test func aCatalogValueTheChecksWouldRefuseFailsTheSeed() throws {
        let bad: [(foods: [String], servings: [String])] = [
            (["usda:2\tPear\t-57\t1\t2\t3\t"], []),
            (["usda:2\tPear\t57\t1\t2\t3\t-0.5"], []),
            (["usda:2\tPear\t57\t1\t2\t3\tinf"], []),
            (["usda:2\tPear\t57\t1\t2\t3\tnan"], []),
            ([], ["usda:1\t1 slice\t0"]),
            ([], ["usda:1\t1 slice\t-3"]),
            ([], ["usda:1\t1 slice\tinf"]),
        ]
        for (foods, servings) in bad {
            var catalog = tinyCatalog(release: "1", foods: [("usda:1", "Apple", "52")], servings: ["usda:1\t1 medium\t182"] + servings)
            catalog.foods += foods.map { "\n" + $0 }.joined()
            try withTemporaryFolder { folder in
                let db = try BodiiDatabase(url: folder.appendingPathComponent("b.sqlite"), catalog: catalog)
                defer { try? db.close() }
                #expect(throws: StoreError.self, "\(foods) \(servings)") { try db.repositories.food(id: FoodID("usda:1")) }
                #expect(try db.fetchStrings("SELECT COUNT(*) FROM food") == ["0"])
                #expect(throws: (any Error).self) {
                    try db.executeRaw(
                        "INSERT INTO food (id, name, source, kcal, protein_g, carbs_g, fat_g) VALUES ('x:1', 'X', 'x', -1, 0, 0, 0)")
                }
            }
        }
    }
}
