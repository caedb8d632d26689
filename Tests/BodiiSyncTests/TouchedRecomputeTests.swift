import BodiiDomain
import Foundation
import GRDB
import Testing

@testable import BodiiStore
@testable import BodiiSync

/// An applied file recomputes the derived state of the dates and lots its writes touched, not of
/// the whole history (`SyncTouched`): it must leave exactly what a full recompute leaves.
@Suite struct TouchedRecomputeTests {
    static let start = day("2026-11-01")
    static let d1 = day("2026-11-10")
    static let d2 = day("2026-11-12")
    static let d3 = day("2026-11-15")
    static let d4 = day("2026-11-18")
    static let logged = Date(timeIntervalSince1970: 1_795_000_000)

    static func food(_ date: LocalDate, _ kcal: Double) -> FoodRecord {
        FoodRecord(
            date: date, meal: .lunch, foodId: FoodID("usda:09040"), foodName: "Banana, raw", grams: 100, kcal: kcal, proteinG: 1.1,
            carbsG: 22.8, fatG: 0.3, loggedAt: logged)
    }

    static func snapshot(_ date: LocalDate, _ bmr: Double) -> MetabolismSnapshot {
        MetabolismSnapshot(date: date, bmr: bmr, tdee: bmr * 1.5, formula: .mifflinStJeor, activityLevel: .moderate)
    }

    /// `daily_log` and every lot's quantity left and opened flag, as text.
    static func derived(_ replica: Replica) throws -> [String] {
        try replica.sql { db in
            try Row.fetchAll(db, sql: "SELECT * FROM daily_log ORDER BY date").map { "daily_log \($0)" }
                + Row.fetchAll(db, sql: "SELECT id, quantity_left, opened FROM stock_lot ORDER BY id").map { "stock_lot \($0)" }
        }
    }

    /// Entries moved to another date, deleted, edited; a weigh-in deleted (its snapshot goes by
    /// SQLite's cascade) while the other machine gave it a snapshot (an orphan, removed after the
    /// apply); two snapshots of one weigh-in (a clash, the loser deleted by a recorded release); a
    /// lot deleted while the other machine used it (an orphan use), another lot used on both.
    @Test(arguments: [false, true]) func touchedOnlyRecomputeLeavesWhatAFullRecomputeLeaves(bFirst: Bool) throws {
        try withTemporaryFolder { folder in
            let pair = try JoinedPair.quiet(in: folder)
            let a = pair.a.repos
            let b = pair.b.repos
            _ = try a.addBodyRecord(
                BodyRecord(date: Self.start, weightKg: 82, recordedAt: Self.logged), snapshot: Self.snapshot(Self.start, 1650))
            let clashing = try a.addBodyRecord(BodyRecord(date: Self.d1, weightKg: 81, recordedAt: Self.logged), snapshot: nil)
            let deleted = try a.addBodyRecord(BodyRecord(date: Self.d3, weightKg: 80, recordedAt: Self.logged), snapshot: nil)
            let moved = try a.addFoodRecord(Self.food(Self.d1, 300))
            let gone = try a.addFoodRecord(Self.food(Self.d2, 250))
            _ = try a.addFoodRecord(Self.food(Self.d2, 120))
            let walk = try a.addExerciseRecord(
                ExerciseRecord(
                    date: Self.d2, activity: "Walking", minutes: 30, intensity: .moderate, met: 3.5, kcal: 150, loggedAt: Self.logged))
            let item = try a.saveGroceryItem(GroceryItem(name: "Rice"))
            func purchase(_ grams: Double) throws -> Int64 {
                let bought = try a.recordPurchase(
                    Purchase(itemId: item.id ?? 0, date: Self.d1, quantity: PantryQuantity(grams, .grams), grams: grams), item: item,
                    bestBefore: nil, shoppingListItemId: nil)
                return try #require(bought.lot.id)
            }
            let dropped = try purchase(1000)
            let kept = try purchase(500)
            #expect(try pair.settle(bFirst: false).isEmpty)

            var later = moved
            later.date = Self.d4
            try a.updateFoodRecord(later)
            _ = try a.deleteFoodRecord(id: try #require(gone.id))
            var longer = walk
            longer.kcal = 210
            try a.updateExerciseRecord(longer)
            _ = try a.deleteBodyRecord(id: try #require(deleted.id))
            try a.updateBodyRecord(clashing, snapshot: Self.snapshot(Self.d1, 1600))
            _ = try a.deleteLotAndPurchase(lotId: dropped)
            try a.applyStockUses([StockUse(lotId: kept, date: Self.d2, amount: 100, kind: .use)])

            _ = try b.addFoodRecord(Self.food(Self.d3, 410))
            try b.updateBodyRecord(deleted, snapshot: Self.snapshot(Self.d3, 1580))
            try b.updateBodyRecord(clashing, snapshot: Self.snapshot(Self.d1, 1700))
            try b.applyStockUses([
                StockUse(lotId: dropped, date: Self.d2, amount: 200, kind: .use),
                StockUse(lotId: kept, date: Self.d3, amount: 50, kind: .waste),
            ])
            #expect(try pair.settle(bFirst: bFirst).isEmpty)

            #expect(try pair.a.dump() == pair.b.dump())
            for replica in pair.both {
                let touchedOnly = try Self.derived(replica)
                try replica.database.recomputeDerivedState()
                #expect(try Self.derived(replica) == touchedOnly, "\(replica.name)")
                let days = try replica.repos.dailyLogs(in: DateRange(start: Self.start, end: Self.d4)).map {
                    "\($0.date.iso) \($0.caloriesIn)"
                }
                #expect(days.contains("\(Self.d4.iso) 300.0"), "\(replica.name): \(days)")
                #expect(days.contains("\(Self.d2.iso) 120.0"), "\(replica.name): \(days)")
                #expect(try replica.repos.stockLots(includingEmpty: true).map(\.left) == [350], "\(replica.name)")
            }
        }
    }

    /// The triggers note both dates of an entry moved, the date of one deleted (only in the old
    /// row), a weigh-in's date for its snapshot taken by SQLite's cascade, and the lot of a use
    /// deleted by the cascade of its lot.
    @Test func theTouchedSetHasOldAndNewDatesAndCascadedRows() throws {
        try withTemporaryFolder { folder in
            let replica = try Replica("a", in: folder)
            let moved = try replica.repos.addFoodRecord(Self.food(Self.d1, 300))
            let gone = try replica.repos.addFoodRecord(Self.food(Self.d2, 250))
            let weighIn = try replica.repos.addBodyRecord(
                BodyRecord(date: Self.d3, weightKg: 80, recordedAt: Self.logged), snapshot: Self.snapshot(Self.d3, 1600))
            let item = try replica.repos.saveGroceryItem(GroceryItem(name: "Rice"))
            let bought = try replica.repos.recordPurchase(
                Purchase(itemId: item.id ?? 0, date: Self.d1, quantity: PantryQuantity(500, .grams), grams: 500), item: item,
                bestBefore: nil, shoppingListItemId: nil)
            let lot = try #require(bought.lot.id)
            try replica.repos.applyStockUses([StockUse(lotId: lot, date: Self.d2, amount: 100, kind: .use)])

            let touched = try replica.database.withSyncConnection { connection -> SyncTouched in
                var touched = SyncTouched()
                try connection.inTransaction {
                    try connection.beginNotingTouched()
                    do {
                        let db = connection.db
                        try db.execute(sql: "UPDATE food_record SET date = ? WHERE id = ?", arguments: [Self.d4.iso, moved.id])
                        try db.execute(sql: "DELETE FROM food_record WHERE id = ?", arguments: [gone.id])
                        try db.execute(sql: "DELETE FROM body_record WHERE id = ?", arguments: [weighIn.id])
                        try db.execute(sql: "DELETE FROM purchase WHERE id = ?", arguments: [bought.purchase.id])
                        try db.execute(sql: "DELETE FROM stock_lot WHERE id = ?", arguments: [lot])
                        // Pantry uses are gone with their lot (ON DELETE CASCADE), noted all the same.
                        #expect(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM stock_use") == 0)
                    }
                    touched = try connection.recomputeTouchedDerivedState()
                }
                return touched
            }
            #expect(touched == SyncTouched(days: [Self.d1, Self.d2, Self.d4], bodyDays: [Self.d3], lots: [lot]))
            // The triggers went with the noting: a write now notes nothing, and fails nowhere.
            _ = try replica.repos.addFoodRecord(Self.food(Self.d1, 90))
            let triggers = try replica.sql { db in
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sqlite_temp_master WHERE name LIKE 'sync_touched%'")
            }
            #expect(triggers == 0)
        }
    }
}
