import BodiiDomain
import BodiiStore
import Foundation
import GRDB
import Testing

@testable import BodiiSync

/// Two machines that each make a row the other's UNIQUE index refuses, or a child of a row the
/// other deleted (PRODUCT.md §14): both end identical, whichever syncs first.
@Suite struct ClashTests {
    /// Two machines joined to one folder, nothing else in it, each with what the other has.
    typealias Pair = JoinedPair

    static let date = day("2026-11-20")

    static func goal(_ rate: Double) -> Goal {
        Goal(type: .lose, weeklyRateKg: rate, dailyCalorieTarget: 1800, proteinG: 120, carbsG: 180, fatG: 60, createdOn: date)
    }

    @Test(arguments: [false, true]) func aGoalSwitchedOnOnTwoMachinesLeavesTheNewerActiveOnBoth(bFirst: Bool) throws {
        try withTemporaryFolder { folder in
            let pair = try Pair.quiet(in: folder)
            _ = try pair.a.repos.saveActiveGoal(Self.goal(0.5))
            try pair.bWritesLater()
            let newer = try pair.b.repos.saveActiveGoal(Self.goal(0.25))
            #expect(try pair.settle(bFirst: bFirst).isEmpty)
            #expect(try pair.a.dump() == pair.b.dump())
            for replica in pair.both {
                #expect(try replica.repos.activeGoal()?.id == newer.id, "\(replica.name)")
                #expect(try replica.repos.goalHistory().count == 2, "\(replica.name)")
            }
        }
    }

    /// A goal switched back on here after another machine switched a new one on: the switch
    /// there turned this goal off, which loses to the newer switch here, so the row put back
    /// meets the new goal on the index (settled like any clash, never a failed file).
    @Test(arguments: [false, true]) func aGoalSwitchedBackOnHereOutranksAnOlderSwitchElsewhere(bFirst: Bool) throws {
        try withTemporaryFolder { folder in
            let pair = try Pair.quiet(in: folder)
            let first = try pair.a.repos.saveActiveGoal(Self.goal(0.5))
            #expect(try pair.settle(bFirst: false).isEmpty)
            let other = try pair.b.repos.saveActiveGoal(Self.goal(0.25))
            // `a` switches to a third goal and back, later than `b` (its clock past b's).
            let later = try pair.b.database.withSyncConnection { try $0.lastClock() } + 1000
            try pair.a.database.withSyncConnection { try $0.raiseClock(to: later) }
            _ = try pair.a.repos.saveActiveGoal(Self.goal(0.75))
            _ = try pair.a.repos.saveActiveGoal(first)
            #expect(try pair.settle(bFirst: bFirst).isEmpty)
            #expect(try pair.a.dump() == pair.b.dump())
            for replica in pair.both {
                #expect(try replica.repos.activeGoal()?.id == first.id, "\(replica.name)")
                #expect(try replica.repos.goalHistory().map(\.id).contains(other.id), "\(replica.name)")
            }
        }
    }

    @Test(arguments: [false, true]) func twoSavedMealsWithOneNameBecomeOatsAndOats2OnBoth(bFirst: Bool) throws {
        try withTemporaryFolder { folder in
            let pair = try Pair.quiet(in: folder)
            let banana = FoodRecord(
                date: Self.date, meal: .breakfast, foodId: FoodID("usda:09040"), foodName: "Banana, raw", grams: 100, kcal: 89,
                proteinG: 1.1, carbsG: 22.8, fatG: 0.3, loggedAt: Date(timeIntervalSince1970: 1_795_000_000))
            let first = try pair.a.repos.saveMeal(SavedMeal(name: "Oats", meal: .breakfast, items: [banana]))
            try pair.bWritesLater()
            let second = try pair.b.repos.saveMeal(SavedMeal(name: "Oats", meal: .breakfast, items: [banana, banana]))
            #expect(try pair.settle(bFirst: bFirst).isEmpty)
            #expect(try pair.a.dump() == pair.b.dump())
            for replica in pair.both {
                let names = Dictionary(uniqueKeysWithValues: try replica.repos.savedMeals().map { ($0.id, $0.name) })
                // The one named first keeps the name.
                #expect(names == [first.id: "Oats", second.id: "Oats (2)"], "\(replica.name)")
                // The items came with the meal that landed late.
                #expect(try replica.repos.savedMeals().map(\.items.count).sorted() == [1, 2], "\(replica.name)")
            }
        }
    }

    @Test(arguments: [false, true]) func twoGroceryItemsWithOneNameBecomeRiceAndRice2OnBoth(bFirst: Bool) throws {
        try withTemporaryFolder { folder in
            let pair = try Pair.quiet(in: folder)
            let first = try pair.a.repos.saveGroceryItem(GroceryItem(name: "Rice"))
            try pair.bWritesLater()
            let second = try pair.b.repos.saveGroceryItem(GroceryItem(name: "rice"))
            #expect(try pair.settle(bFirst: bFirst).isEmpty)
            #expect(try pair.a.dump() == pair.b.dump())
            for replica in pair.both {
                let names = Dictionary(uniqueKeysWithValues: try replica.repos.groceryItems().map { ($0.id, $0.name) })
                #expect(names == [first.id: "Rice", second.id: "rice (2)"], "\(replica.name)")
            }
        }
    }

    @Test(arguments: [false, true]) func twoSnapshotsOfOneWeighInKeepTheNewer(bFirst: Bool) throws {
        try withTemporaryFolder { folder in
            let pair = try Pair.quiet(in: folder)
            let record = try pair.a.repos.addBodyRecord(
                BodyRecord(date: Self.date, weightKg: 80, recordedAt: Date(timeIntervalSince1970: 1_795_000_000)), snapshot: nil)
            #expect(try pair.settle(bFirst: false).isEmpty)
            for (replica, bmr) in [(pair.a, 1600.0), (pair.b, 1700.0)] {
                if replica === pair.b { try pair.bWritesLater() }
                var edited = record
                edited.weightKg = 79
                try replica.repos.updateBodyRecord(
                    edited,
                    snapshot: MetabolismSnapshot(
                        date: Self.date, bmr: bmr, tdee: bmr * 1.5, formula: .mifflinStJeor, activityLevel: .moderate))
            }
            #expect(try pair.settle(bFirst: bFirst).isEmpty)
            #expect(try pair.a.dump() == pair.b.dump())
            for replica in pair.both {
                let range = DateRange(start: Self.date, end: Self.date)
                #expect(try replica.repos.metabolismSnapshots(in: range).map(\.bmr) == [1700], "\(replica.name)")
            }
        }
    }

    /// Two grocery items for one food: the first keeps the food, the other is named freely.
    @Test(arguments: [false, true]) func twoGroceryItemsForOneFoodLeaveOneLinked(bFirst: Bool) throws {
        try withTemporaryFolder { folder in
            let pair = try Pair.quiet(in: folder)
            let banana = FoodID("usda:09040")
            let first = try pair.a.repos.saveGroceryItem(GroceryItem(name: "Banana", foodId: banana))
            _ = try pair.a.repos.saveGroceryItem(GroceryItem(name: "bananas"))
            let second = try pair.b.repos.saveGroceryItem(GroceryItem(name: "Bananas", foodId: banana))
            #expect(try pair.settle(bFirst: bFirst).isEmpty)
            #expect(try pair.a.dump() == pair.b.dump())
            for replica in pair.both {
                let items = Dictionary(
                    uniqueKeysWithValues: try replica.repos.groceryItems().map { ($0.id, "\($0.name) \($0.foodId?.rawValue ?? "-")") })
                #expect(items[first.id] == "Banana usda:09040", "\(replica.name)")
                // Unlinked and renamed; "(2)", or "(3)" when both machines met the clash before
                // either's release arrived (the clocks are the wall clock's): the same on both.
                let renamed = try #require(items[second.id], "\(replica.name)")
                #expect(renamed.hasPrefix("Bananas (") && renamed.hasSuffix(") -"), "\(replica.name): \(renamed)")
            }
        }
    }

    /// A pantry use made on one machine of a lot the other deleted: delete wins on both.
    @Test(arguments: [false, true]) func aUseOfALotDeletedElsewhereGoesOnBoth(bFirst: Bool) throws {
        try withTemporaryFolder { folder in
            let pair = try Pair.quiet(in: folder)
            let item = try pair.a.repos.saveGroceryItem(GroceryItem(name: "Rice"))
            let lot = try pair.a.repos.recordPurchase(
                Purchase(itemId: item.id ?? 0, date: Self.date, quantity: PantryQuantity(1000, .grams), grams: 1000), item: item,
                bestBefore: nil, shoppingListItemId: nil)
            let kept = try pair.a.repos.recordPurchase(
                Purchase(itemId: item.id ?? 0, date: Self.date, quantity: PantryQuantity(500, .grams), grams: 500), item: item,
                bestBefore: nil, shoppingListItemId: nil)
            #expect(try pair.settle(bFirst: false).isEmpty)
            let lotId = try #require(lot.lot.id)
            _ = try pair.a.repos.deleteLotAndPurchase(lotId: lotId)
            try pair.b.repos.applyStockUses([
                StockUse(lotId: lotId, date: Self.date, amount: 200, kind: .use),
                StockUse(lotId: try #require(kept.lot.id), date: Self.date, amount: 100, kind: .use),
            ])
            #expect(try pair.settle(bFirst: bFirst).isEmpty)
            #expect(try pair.a.dump() == pair.b.dump())
            for replica in pair.both {
                let lots = try replica.repos.stockLots(includingEmpty: true)
                #expect(lots.map(\.id) == [kept.lot.id], "\(replica.name)")
                #expect(lots.map(\.left) == [400], "\(replica.name)")
                let uses = try replica.repos.stockUses(in: DateRange(start: Self.date, end: Self.date))
                #expect(uses.map(\.lotId) == [kept.lot.id], "\(replica.name)")
            }
        }
    }

    /// Every UNIQUE index of a synced table has a rule, or cannot be met by two different rows.
    @Test func everyUniqueIndexOfASyncedTableIsSettled() throws {
        try withTemporaryFolder { folder in
            let replica = try Replica("a", in: folder)
            let indexes = try replica.sql { db in
                try SyncEngine.tables.flatMap { table in
                    try Row.fetchAll(
                        db, sql: "SELECT name FROM pragma_index_list(?) WHERE \"unique\" = 1 AND origin != 'pk'", arguments: [table]
                    )
                    .map { $0["name"] as String }
                }
            }
            #expect(indexes.count > 10)
            let settled = Set(SyncUniqueRules.all.map(\.index) + SyncUniqueRules.sameRowOnEveryMachine)
            for index in indexes { #expect(settled.contains(index), "\(index) has no rule in SyncUniqueRules") }
        }
    }
}

/// Runs every replica's sync in turn, round after round, until a round writes no file (a clash
/// settled in one run is a write the others take in the next); every run's notes. Six rounds at most.
@discardableResult
func syncUntilQuiet(_ replicas: [Replica], folder: URL, key: SyncKey, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String]
{
    var notes: [String] = []
    for _ in 0..<6 {
        var wrote = false
        for replica in replicas {
            let summary = try SyncEngine.run(replica.database, folder: folder, key: key)
            notes += summary.notes
            wrote = wrote || summary.written != nil
        }
        if !wrote { return notes }
    }
    Issue.record("still writing after six rounds", sourceLocation: sourceLocation)
    return notes
}

extension JoinedPair {
    /// Joined, then synced until nothing is new.
    static func quiet(in folder: URL) throws -> JoinedPair {
        let pair = try JoinedPair(in: folder)
        try syncUntilQuiet(pair.both, folder: pair.shared, key: pair.key)
        return pair
    }

    /// What `b` writes next is later than all `a` wrote by the clocks. Without it two writes in one
    /// millisecond tie and the random device numbers decide which is "newer" (a goal test failed
    /// so once under load).
    func bWritesLater() throws {
        let later = try a.database.withSyncConnection { try $0.lastClock() } + 1000
        try b.database.withSyncConnection { try $0.raiseClock(to: later) }
    }

    /// `b` syncs first or `a` does, then both until nothing is new; each run's notes.
    func settle(bFirst: Bool) throws -> [String] {
        try syncUntilQuiet(bFirst ? [b, a] : [a, b], folder: shared, key: key)
    }
}
