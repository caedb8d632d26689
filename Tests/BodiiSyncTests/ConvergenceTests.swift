import BodiiDomain
import BodiiStore
import Foundation
import GRDB
import Testing

@testable import BodiiSync

/// The property of sync (PRODUCT.md §14): replicas that make random offline changes and sync in
/// random orders and subsets end with the same data, whatever the seed.
@Suite struct ConvergenceTests {
    static let days = [day("2026-11-20"), day("2026-11-21")]

    /// Twelve seeds of 100 changes (before: 30 of 40): as many changes, more of them racing
    /// between syncs, and a third of the databases to create and join.
    @Test(arguments: 1...12) func threeReplicasConverge(seed: Int) throws {
        try withTemporaryFolder { folder in
            var random = SeededGenerator(state: UInt64(seed))
            let shared = folder.appendingPathComponent("shared")
            try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: true)
            let replicas = try ["a", "b", "c"].map { try Replica($0, in: folder) }
            let key = try SyncEngine.initialize(replicas[0].database, folder: shared)
            for replica in replicas.dropFirst() { _ = try SyncEngine.join(replica.database, folder: shared, key: key) }
            for _ in 0..<100 {
                let replica = replicas[Int.random(in: 0..<3, using: &random)]
                if Int.random(in: 0..<5, using: &random) == 0 {
                    _ = try SyncEngine.run(replica.database, folder: shared, key: key)
                } else {
                    try Self.randomChange(replica.repos, &random)
                }
            }
            // A clash settled in one run is a write the others take in the next: until quiet.
            let notes = try syncUntilQuiet(replicas, folder: shared, key: key)
            #expect(notes.isEmpty, "seed \(seed): \(notes)")
            let first = try replicas[0].dump()
            #expect(!first.isEmpty)
            for replica in replicas.dropFirst() {
                let other = try replica.dump()
                #expect(other == first, "seed \(seed): \(replica.name) differs: \(Set(other).symmetricDifference(first).sorted())")
            }
            // What a person sees of it: `bodii export --format json`, the export time aside (every
            // fourth seed: a debug export process takes seconds; the table dump above is stricter).
            guard seed % 4 == 0 else { return }
            let exports = try replicas.map { try exportDocument($0.url.path) }
            #expect(exports[0].contains("\"body\"") && exports[0].contains("\"measurements\"") && exports[0].contains("\"fasts\""))
            #expect(exports[1] == exports[0], "seed \(seed)")
            #expect(exports[2] == exports[0], "seed \(seed)")
        }
    }

    /// One insert, edit or delete on some kind of record, with few possible values so that the
    /// same cell is changed on two replicas and values go A→B→A. Ids never clash (they are the
    /// device's); UNIQUE values do on purpose (one active goal, saved meal and grocery names).
    static func randomChange(_ repos: SQLiteRepositories, _ random: inout SeededGenerator) throws {
        let date = days.randomElement(using: &random) ?? days[0]
        let range = DateRange(start: days[0], end: days[days.count - 1])
        let small = Int.random(in: 0..<2, using: &random)
        switch Int.random(in: 0..<25, using: &random) {
        case 24:
            try momentChange(repos, date: date, small: small, &random)
        case 23:
            try fastChange(repos, date: date, small: small, &random)
        case 22:
            try measurementChange(repos, date: date, small: small, &random)
        case 18, 19:
            try goalChange(repos, small: small, &random)
        case 20:
            try savedMealChange(repos, small: small, &random)
        case 21:
            try groceryItemChange(repos, &random)
        case 12:
            try reviewChange(repos, date: date, small: small, &random)
        case 13:
            try actionChange(repos, date: date, small: small, &random)
        case 14, 15:
            try pantryChange(repos, date: date, small: small, &random)
        case 16, 17:
            try customFoodChange(repos, small: small, &random)
        case 9:
            _ = try repos.addFoodRecord(
                FoodRecord(
                    date: date, meal: small == 0 ? .lunch : .dinner, foodId: FoodID("usda:09040"), foodName: "Banana, raw",
                    grams: 100, kcal: 89 + Double(small), proteinG: 1.1, carbsG: 22.8, fatG: 0.3,
                    loggedAt: Date(timeIntervalSince1970: 1_795_000_000)))
        case 10:
            guard var record = try repos.foodRecords(in: range).randomElement(using: &random) else { return }
            if Bool.random(using: &random) { record.kcal = 89 + Double(small) } else { record.meal = small == 0 ? .lunch : .dinner }
            try repos.updateFoodRecord(record)
        case 11:
            guard let record = try repos.foodRecords(in: range).randomElement(using: &random), let id = record.id else { return }
            _ = try repos.deleteFoodRecord(id: id)
        case 0:
            _ = try repos.addSleepRecord(SleepRecord(date: date, minutes: 400 + 20 * small, quality: 3 + small, status: .good))
        case 1:
            guard var record = try repos.sleepRecords(in: range).randomElement(using: &random) else { return }
            if Bool.random(using: &random) { record.minutes = 400 + 20 * small } else { record.quality = 3 + small }
            try repos.updateSleepRecord(record)
        case 2:
            guard let record = try repos.sleepRecords(in: range).randomElement(using: &random), let id = record.id else { return }
            _ = try repos.deleteSleepRecord(id: id)
        case 3:
            _ = try repos.addExerciseRecord(
                ExerciseRecord(
                    date: date, activity: "Walking", minutes: 20 + 10 * small, intensity: .moderate, met: 3.5,
                    kcal: 100 + 50 * Double(small),
                    loggedAt: Date(timeIntervalSince1970: 1_795_000_000)))
        case 4:
            guard var record = try repos.exerciseRecords(in: range).randomElement(using: &random) else { return }
            if Bool.random(using: &random) { record.kcal = 100 + 50 * Double(small) } else { record.minutes = 20 + 10 * small }
            try repos.updateExerciseRecord(record)
        case 5:
            guard let record = try repos.exerciseRecords(in: range).randomElement(using: &random), let id = record.id else { return }
            _ = try repos.deleteExerciseRecord(id: id)
        case 6:
            let body = BodyRecord(date: date, weightKg: 70 + Double(small), recordedAt: Date(timeIntervalSince1970: 1_795_000_000))
            if let record = try repos.bodyRecords(in: range).randomElement(using: &random), let id = record.id, Bool.random(using: &random)
            {
                if Bool.random(using: &random) {
                    _ = try repos.deleteBodyRecord(id: id)
                } else {
                    var edited = record
                    edited.weightKg = 70 + Double(small)
                    try repos.updateBodyRecord(edited, snapshot: nil)
                }
            } else {
                _ = try repos.addBodyRecord(body, snapshot: nil)
            }
        case 7:
            try repos.saveCheckIn(
                CheckIn(date: date, mood: 1 + small, energy: Bool.random(using: &random) ? 2 : nil, note: small == 0 ? "fine" : nil))
        default:
            try repos.saveProfile(
                Profile(
                    name: small == 0 ? "Ann" : "Bo", sex: .female, birthDate: day("1990-01-01"),
                    heightCm: Bool.random(using: &random) ? 170 : 180, activityLevel: .moderate))
        }
    }

    /// A body measurement (issue 47): a waist or a blood pressure added, its value edited, or deleted.
    static func measurementChange(_ repos: SQLiteRepositories, date: LocalDate, small: Int, _ random: inout SeededGenerator) throws {
        let range = DateRange(start: days[0], end: days[days.count - 1])
        guard var m = try repos.measurements(in: range).randomElement(using: &random), Bool.random(using: &random) else {
            let reading =
                small == 0
                ? BodyMeasurement(date: date, kind: .waist, value: 82, recordedAt: Date(timeIntervalSince1970: 1_795_000_000))
                : BodyMeasurement(
                    date: date, kind: .bloodPressure, value: 120, diastolic: 80, recordedAt: Date(timeIntervalSince1970: 1_795_000_000))
            _ = try repos.addMeasurement(reading)
            return
        }
        if Bool.random(using: &random), let id = m.id {
            _ = try repos.deleteMeasurement(id: id)
        } else {
            m.value = (m.kind == .waist ? 82 : 120) + Double(small)
            try repos.updateMeasurement(m)
        }
    }

    /// A fast (issue 47 item 2): one started that evening, one ended at one of two times (so two
    /// replicas may end the same fast differently), or one deleted. Several may be on at once, as
    /// when two machines each start one offline.
    static func fastChange(_ repos: SQLiteRepositories, date: LocalDate, small: Int, _ random: inout SeededGenerator) throws {
        let range = DateRange(start: days[0], end: days[days.count - 1])
        guard var fast = try repos.fasts(in: range).randomElement(using: &random), Bool.random(using: &random) else {
            let evening = Date(timeIntervalSince1970: Double(date.daysSinceEpoch) * 86_400 + 20 * 3600)
            _ = try repos.addFast(Fast(date: date, startedAt: evening, goalHours: small == 0 ? 16 : 18))
            return
        }
        if Bool.random(using: &random), let id = fast.id {
            _ = try repos.deleteFast(id: id)
        } else {
            fast.endedAt = fast.startedAt.addingTimeInterval(Double(16 + 2 * small) * 3600)
            try repos.updateFast(fast)
        }
    }

    /// A moment (issue 47 item 3): one noted that day, one retold (text, tags or feeling changed, so
    /// two replicas may change the same moment differently), or one deleted.
    static func momentChange(_ repos: SQLiteRepositories, date: LocalDate, small: Int, _ random: inout SeededGenerator) throws {
        let range = DateRange(start: days[0], end: days[days.count - 1])
        guard var moment = try repos.moments(in: range).randomElement(using: &random), Bool.random(using: &random) else {
            let noon = Date(timeIntervalSince1970: Double(date.daysSinceEpoch) * 86_400 + Double(9 + small) * 3600)
            _ = try repos.addMoment(Moment(date: date, at: noon, text: "walk", tags: small == 0 ? ["social"] : ["outdoors", "social"], feeling: 3 + small))
            return
        }
        if Bool.random(using: &random), let id = moment.id {
            _ = try repos.deleteMoment(id: id)
        } else {
            moment.text = small == 0 ? "long walk" : "walk in the rain"
            moment.tags = small == 0 ? [] : ["outdoors"]
            moment.feeling = small == 0 ? nil : 5
            try repos.updateMoment(moment)
        }
    }

    /// A review note of the week (the same week's review is one row on every replica).
    static func reviewChange(_ repos: SQLiteRepositories, date: LocalDate, small: Int, _ random: inout SeededGenerator) throws {
        let week = ReviewPeriod(.week, containing: date, weekStart: .monday)
        let all = DateRange(start: day("2026-11-01"), end: day("2026-11-30"))
        let items = try repos.reviewHistory(startingIn: all).items
        guard var item = items.randomElement(using: &random), Bool.random(using: &random) else {
            _ = try repos.addReviewItem(
                ReviewItem(period: week, kind: small == 0 ? .problem : .keep, text: small == 0 ? "Late snacks" : "Walked"))
            return
        }
        if Bool.random(using: &random), let id = item.id {
            _ = try repos.deleteReviewItem(id: id)
        } else {
            item.text = small == 0 ? "Late snacks" : "Tea"
            try repos.updateReviewItem(item)
        }
    }

    static func actionChange(_ repos: SQLiteRepositories, date: LocalDate, small: Int, _ random: inout SeededGenerator) throws {
        let actions = try repos.allActions(includingClosed: true)
        guard var action = actions.randomElement(using: &random), Bool.random(using: &random) else {
            _ = try repos.addAction(
                ReviewAction(period: ReviewPeriod(.week, containing: date, weekStart: .monday), text: "Buy tea", createdOn: date))
            return
        }
        if Bool.random(using: &random), let id = action.id {
            _ = try repos.deleteAction(id: id)
        } else {
            action.text = small == 0 ? "Buy tea" : "Walk"
            try repos.updateAction(action)
        }
    }

    /// A purchase (a lot) of some item, a use of some lot, or a lot deleted (racing uses of it
    /// made elsewhere: delete wins).
    static func pantryChange(_ repos: SQLiteRepositories, date: LocalDate, small: Int, _ random: inout SeededGenerator) throws {
        let lots = try repos.stockLots(includingEmpty: true)
        if let lot = lots.randomElement(using: &random), let lotId = lot.id, Int.random(in: 0..<3, using: &random) > 0 {
            if Bool.random(using: &random) {
                _ = try repos.deleteLotAndPurchase(lotId: lotId)
            } else {
                try repos.applyStockUses([
                    StockUse(lotId: lotId, date: date, amount: 100 + 50 * Double(small), kind: small == 0 ? .use : .waste)
                ])
            }
            return
        }
        let item = try groceryItem(repos, named: small == 0 ? "Rice" : "Oats")
        _ = try repos.recordPurchase(
            Purchase(itemId: item.id ?? 0, date: date, quantity: PantryQuantity(1000, .grams), grams: 1000), item: item, bestBefore: nil,
            shoppingListItemId: nil)
    }

    /// The item with this name here, or a new one: two replicas make "Rice" each (a clash).
    static func groceryItem(_ repos: SQLiteRepositories, named name: String) throws -> GroceryItem {
        try repos.groceryItems().first { $0.name.lowercased() == name.lowercased() } ?? repos.saveGroceryItem(GroceryItem(name: name))
    }

    /// A grocery item made under a name another replica may use too, or renamed to one.
    static func groceryItemChange(_ repos: SQLiteRepositories, _ random: inout SeededGenerator) throws {
        let name = ["Rice", "rice", "Oats"][Int.random(in: 0..<3, using: &random)]
        let taken = try repos.groceryItems().contains { $0.name.lowercased() == name.lowercased() }
        if var item = try repos.groceryItems().randomElement(using: &random), Bool.random(using: &random) {
            guard !taken || item.name.lowercased() == name.lowercased() else { return }
            item.name = name
            _ = try repos.saveGroceryItem(item)
        } else if !taken {
            _ = try repos.saveGroceryItem(GroceryItem(name: name))
        }
    }

    /// A goal switched on: a new one, or one from the history again (one active goal: a clash).
    static func goalChange(_ repos: SQLiteRepositories, small: Int, _ random: inout SeededGenerator) throws {
        if var goal = try repos.goalHistory().randomElement(using: &random), Bool.random(using: &random) {
            goal.weeklyRateKg = 0.25 + 0.25 * Double(small)
            try repos.saveActiveGoal(goal)
        } else {
            try repos.saveActiveGoal(
                Goal(
                    type: small == 0 ? .lose : .maintain, weeklyRateKg: 0.5, dailyCalorieTarget: 1800 + 100 * Double(small), proteinG: 120,
                    carbsG: 180, fatG: 60, createdOn: days[0]))
        }
    }

    /// A saved meal named "Oats" or "Muesli" (made on two replicas: a clash), renamed or deleted.
    static func savedMealChange(_ repos: SQLiteRepositories, small: Int, _ random: inout SeededGenerator) throws {
        let name = small == 0 ? "Oats" : "Muesli"
        let meals = try repos.savedMeals()
        let taken = meals.contains { $0.name == name }
        if let meal = meals.randomElement(using: &random), let id = meal.id, Bool.random(using: &random) {
            if Bool.random(using: &random) {
                try repos.deleteSavedMeal(id: id)
            } else if !taken {
                try repos.renameSavedMeal(id: id, to: name)
            }
        } else if !taken {
            let item = FoodRecord(
                date: days[0], meal: .breakfast, foodId: FoodID("usda:09040"), foodName: "Banana, raw", grams: 100, kcal: 89,
                proteinG: 1.1, carbsG: 22.8, fatG: 0.3, loggedAt: Date(timeIntervalSince1970: 1_795_000_000))
            _ = try repos.saveMeal(SavedMeal(name: name, meal: .breakfast, items: [item]))
        }
    }

    /// A custom food: made, renamed or deleted.
    static func customFoodChange(_ repos: SQLiteRepositories, small: Int, _ random: inout SeededGenerator) throws {
        let per100g = Nutrients(kcal: 80 + Double(small), proteinG: 5, carbsG: 12, fatG: 1)
        guard var food = try repos.customFoods().randomElement(using: &random), Bool.random(using: &random) else {
            _ = try repos.addCustomFood(
                Food(
                    id: CustomFoods.newID, name: small == 0 ? "Soup" : "Stew", source: "custom", per100g: per100g,
                    servings: [FoodServing(label: "1 bowl", grams: 300)]))
            return
        }
        if Bool.random(using: &random) {
            _ = try repos.deleteCustomFood(id: food.id)
        } else {
            food.name = small == 0 ? "Soup" : "Broth"
            food.per100g = per100g
            try repos.updateCustomFood(food)
        }
    }
}
