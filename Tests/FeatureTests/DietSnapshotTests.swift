import Foundation
import Testing
import SnapshotTesting
import BodiiDomain
import BodiiStore
import TerminalKit
import DietFeature

/// Text snapshots of the Diet tab and its dialogs at 100×27 and 80×21, on real USDA foods.
/// Record with `SNAPSHOT_TESTING_RECORD=all swift test --filter DietSnapshotTests`, then read the files.
@MainActor
@Suite struct DietSnapshotTests {
    private func snap(
        _ screen: any Screen, _ size: ContentSize, label: String = "",
        fileID: StaticString = #fileID, file: StaticString = #filePath, testName: String = #function,
        line: UInt = #line, column: UInt = #column
    ) {
        assertSnapshot(
            of: render(screen, size).text, as: .lines, named: size.name + (label.isEmpty ? "" : "-\(label)"),
            fileID: fileID, file: file, testName: testName, line: line, column: column)
    }

    private func snapBoth(
        _ screen: any Screen, label: String = "", testName: String = #function, line: UInt = #line, column: UInt = #column
    ) {
        for size in ContentSize.allCases { snap(screen, size, label: label, testName: testName, line: line, column: column) }
    }

    /// A demo database with a goal, and (optionally) a full day of real foods on the fixed day.
    private func database(fullDay: Bool = true) throws -> TestDatabase {
        let db = try TestDatabase.demo()
        let snapshot = try #require(try db.repositories.latestMetabolismSnapshot(onOrBefore: TestDay.fixed))
        try db.repositories.saveActiveGoal(ProfileSetup.goal(.lose, tdee: snapshot.tdee, weightKg: 80, on: TestDay.fixed))
        if fullDay { try RealMeals.log(in: db, on: TestDay.fixed) }
        return db
    }

    /// The tab on `db`; the caller keeps `db` alive (its deinit closes the database).
    private func dietTab(_ db: TestDatabase) -> FlowHost<DietViewModel> {
        let vm = FlowHost(DietViewModel(source: db.repositories, clock: db.clock))
        vm.didBecomeVisible()
        return vm
    }

    @Test func fullDay() throws {
        let db = try database()
        defer { withExtendedLifetime(db) {} }
        let vm = dietTab(db)
        snapBoth(vm)
        vm.press(.char("j"), times: 5)
        snap(vm, .small, label: "6th-selected")
    }

    @Test func emptyDayWithAGoal() throws {
        let db = try database(fullDay: false)
        defer { withExtendedLifetime(db) {} }
        let vm = dietTab(db)
        snapBoth(vm)
    }

    @Test func searchSteps() throws {
        let db = try database()
        defer { withExtendedLifetime(db) {} }
        let vm = dietTab(db)
        vm.press(.char("a"))
        snapBoth(vm, label: "1-recent")
        vm.type("bana")
        snapBoth(vm, label: "1-food")
        vm.press(.enter)
        snapBoth(vm, label: "2-serving")
        vm.press(.enter)
        vm.type("2")
        snapBoth(vm, label: "3-amount")
        vm.type("x")
        vm.press(.enter)
        snap(vm, .small, label: "3-amount-error")
        vm.press(.backspace)
        vm.press(.enter)
        snapBoth(vm, label: "4-meal")
    }

    /// Names that share a long start ("Chicken, broilers or fryers, breast, meat only, cooked, …")
    /// show the part that differs within the width; the panel shows the selected one in full.
    @Test func searchRowsThatShareALongStart() throws {
        let db = try database(fullDay: false)
        defer { withExtendedLifetime(db) {} }
        let vm = dietTab(db)
        vm.press(.char("a"))
        vm.type("chicken breast meat only cooked")
        snapBoth(vm)
    }

    @Test func searchWithNoMatch() throws {
        let db = try database(fullDay: false)
        defer { withExtendedLifetime(db) {} }
        let vm = dietTab(db)
        vm.press(.char("a"))
        vm.type("zqx flapjack")
        snap(vm, .small)
    }

    @Test func customFoodForm() throws {
        let db = try database(fullDay: false)
        defer { withExtendedLifetime(db) {} }
        let vm = dietTab(db)
        vm.press(.char("n"))
        snapBoth(vm, label: "empty")
        vm.type("Protein bar")
        vm.press(.tab, times: 3)
        vm.type("40")
        for text in ["950", "-3", "abc"] {
            vm.press(.tab)
            vm.type(text)
        }
        vm.press(.enter)
        snapBoth(vm, label: "errors")
    }

    @Test func dialogs() throws {
        let db = try database()
        defer { withExtendedLifetime(db) {} }
        let vm = dietTab(db)
        vm.press(.char("j"), times: 2)
        vm.press(.char("e"))
        vm.press(.ctrl("u"))
        vm.type("2")
        snapBoth(vm, label: "edit")
        vm.press(.escape)
        vm.press(.char("x"))
        snapBoth(vm, label: "delete")
        vm.press(.char("n"))
        vm.press(.char("p"))
        snapBoth(vm, label: "copy")
        vm.press(.escape)
        try db.repositories.addCustomFood(
            Food(
                id: FoodID("custom:new"), name: "Zesty protein bar", source: "custom",
                per100g: Nutrients(kcal: 400, proteinG: 40, carbsG: 36, fatG: 14),
                servings: [FoodServing(label: "1 bar", grams: 50)]))
        vm.press(.char("m"))
        snap(vm, .small, label: "my-foods")
    }
}

/// A realistic day of real USDA foods (ids from the shipped SR24 catalog).
enum RealMeals {
    static let day: [(Meal, String, Double)] = [
        (.breakfast, "usda:08120", 40),  // oats, dry
        (.breakfast, "usda:01079", 244),  // 2 % milk, 1 cup
        (.breakfast, "usda:09040", 118),  // banana, 1 medium
        (.breakfast, "usda:14209", 237),  // coffee
        (.lunch, "usda:05064", 140),  // chicken breast, roasted
        (.lunch, "usda:20037", 195),  // brown rice, 1 cup
        (.lunch, "usda:11091", 156),  // broccoli, 1 cup
        (.dinner, "usda:15237", 154),  // salmon (sugars unknown)
        (.dinner, "usda:18075", 64),  // whole-wheat bread, 2 slices
        (.snacks, "usda:09003", 182),  // apple, 1 medium
        (.snacks, "usda:12061", 28),  // almonds, 1 oz
    ]

    static func log(in db: TestDatabase, on date: LocalDate) throws {
        for (i, entry) in day.enumerated() {
            let food = try #require(try db.repositories.food(id: FoodID(entry.1)), "\(entry.1) is in the catalog")
            let at = Date(timeIntervalSince1970: Double(date.daysSinceEpoch) * 86_400 + Double(7 * 3600 + i * 3600))
            try db.repositories.addFoodRecord(FoodLogging.record(food: food, grams: entry.2, meal: entry.0, date: date, loggedAt: at))
        }
    }
}
