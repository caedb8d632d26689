import BodiiDomain
import Foundation
import Testing
@testable import BodiiStore

/// Insights reads ten years through two narrow reads (issue 28's budget); each must give what the
/// full read gives, in the same order, so the sums it makes are the same to the last bit.
@Suite struct NarrowReadsTests {
    /// Entries on three days, some with nutrients missing, logged out of date order.
    func logSomeDays(_ repos: SQLiteRepositories) throws {
        let entries: [(String, Double, [NutrientKey: Double])] = [
            ("2026-11-21", 12.5, [.alcoholG: 14, .caffeineMg: 95]),
            ("2026-11-20", 3.1, [.caffeineMg: 40, .ironMg: 1]),
            ("2026-11-21", 0.3, [:]),
            ("2026-11-20", 27.75, [.alcoholG: 0, .caffeineMg: 0.5]),
            ("2026-11-23", 8, [.alcoholG: 28]),
        ]
        for (k, (date, protein, nutrients)) in entries.enumerated() {
            try repos.addFoodRecord(
                FoodRecord(
                    date: day(date), meal: .lunch, foodId: FoodID("custom:\(k)"), foodName: "Food \(k)", grams: 100, kcal: 200,
                    proteinG: protein, carbsG: 20, fatG: 8, nutrients: nutrients, loggedAt: Date(timeIntervalSince1970: 1_795_600_000)))
        }
    }

    @Test func foodProteinIsEachEntrysDateAndProteinInFoodRecordsOrder() throws {
        try withDatabase { _, repos in
            try logSomeDays(repos)
            let range = DateRange(start: day("2026-11-19"), end: day("2026-11-23"))
            let full = try repos.foodRecords(in: range).map { "\($0.date.iso) \($0.proteinG)" }
            let narrow = try repos.foodProtein(in: range).map { "\($0.date.iso) \($0.proteinG)" }
            #expect(narrow == full)
            #expect(narrow.count == 5)
        }
    }

    @Test func intakesOfSomeNutrientsAreTheFullIntakesCutToThem() throws {
        try withDatabase { _, repos in
            try logSomeDays(repos)
            let range = DateRange(start: day("2026-11-19"), end: day("2026-11-23"))
            let keys: [NutrientKey] = [.alcoholG, .caffeineMg]
            let full = try repos.nutrientIntakes(in: range).mapValues { intake in
                NutrientIntake(
                    amounts: intake.amounts.filter { keys.contains($0.key) }, partial: intake.partial.filter(keys.contains),
                    entryCount: intake.entryCount)
            }
            let narrow = try repos.nutrientIntakes(in: range, of: keys)
            #expect(narrow == full)
            #expect(narrow[day("2026-11-21")]?.partial == [.alcoholG, .caffeineMg])
            #expect(narrow[day("2026-11-20")]?.amounts == [.alcoholG: 0, .caffeineMg: 40.5])
        }
    }
}
