import BodiiDomain
import Foundation
import Testing
import USDACatalogData
@testable import BodiiStore

/// Issue 43 #5 in the store: the supplement's estimated values reach its foods at seeding, and
/// what a day's entries took from them is marked estimated ("≈"), apart from unknown ("≥").
@Suite struct CatalogEstimateTests {
    let basmati = FoodID("ciqual:9125")
    let donorName = "Rice, white, long-grain, regular, cooked, unenriched, without salt"

    @Test func theSeedFillsOnlyWhatAFoodLacks() throws {
        try withDatabase { _, repos in
            let rice = try #require(try repos.food(id: basmati))
            // CIQUAL 9125's own values stay; SR24 20445's fill the rest (riboflavin 0.013 mg, folate 3 µg).
            #expect(rice.per100g.kcal == 117 && rice.per100g.potassiumMg == 18 && rice.per100g.fiberG == 1)
            #expect(rice.per100g[.riboflavinMg] == 0.013 && rice.per100g[.folateUg] == 3)
            // A food without a donor keeps its unknowns.
            #expect(try repos.food(id: FoodID("fdc:2257046"))?.per100g[.vitaminB12Ug] == nil)
            // Greek yogurt has no SR24 twin, but SR28 measured what the issue missed (ABBREV.txt row
            // 01256: Vit_B12 0.75 µg, Riboflavin 0.278 mg, Phosphorus 135 mg): measured, not estimated.
            let greek = try #require(try repos.food(id: FoodID("sr28:01256")))
            #expect(greek.per100g[.vitaminB12Ug] == 0.75 && greek.per100g[.riboflavinMg] == 0.278 && greek.per100g[.phosphorusMg] == 135)
            #expect(CatalogEstimateTable.shipped.foods[FoodID("sr28:01256")] == nil)
            #expect(CatalogEstimateTable.shipped.foods[basmati]?.donorName == donorName)
        }
    }

    @Test func aDayWithAnEstimatedValueSaysSoAndNamesTheDonor() throws {
        try withDatabase { _, repos in
            let rice = try #require(try repos.food(id: basmati))
            let banana = try #require(try repos.food(id: FoodID("usda:09040")))
            let date = day("2026-12-05")
            try repos.addFoodRecord(FoodLogging.record(food: rice, grams: 200, meal: .lunch, date: date))
            try repos.addFoodRecord(FoodLogging.record(food: banana, grams: 100, meal: .snacks, date: date))
            let intake = try #require(try repos.nutrientIntakes(in: DateRange(start: date, end: date))[date])
            #expect(intake.estimated.contains(.riboflavinMg) && intake.estimated.contains(.folateUg))
            // Potassium is basmati's own (CIQUAL) and banana's: measured, not estimated.
            #expect(!intake.estimated.contains(.potassiumMg))
            #expect(intake.partial.isDisjoint(with: [.riboflavinMg, .potassiumMg]))
            // 2 × 0.013 + banana's 0.073 mg (SR24 09040).
            #expect(abs((intake.amounts[.riboflavinMg] ?? 0) - (0.026 + 0.073)) < 1e-9)
            let sources = try repos.nutrientSources(on: date, nutrient: .riboflavinMg)
            #expect(sources.first { $0.foodId == basmati }?.estimatedFrom == donorName)
            #expect(sources.first { $0.foodId == banana.id }?.estimatedFrom == nil)
            let onlyKeys = try repos.nutrientIntakes(in: DateRange(start: date, end: date), of: [.potassiumMg, .folateUg])[date]
            #expect(onlyKeys?.estimated == [.folateUg])
        }
    }

    /// An entry that holds no value (logged before the estimate existed) is unknown, not estimated.
    @Test func anEntryWithoutTheValueIsPartialNotEstimated() throws {
        try withDatabase { _, repos in
            var rice = try #require(try repos.food(id: basmati))
            rice.per100g[.riboflavinMg] = nil
            let date = day("2026-12-04")
            try repos.addFoodRecord(FoodLogging.record(food: rice, grams: 200, meal: .lunch, date: date))
            let banana = try #require(try repos.food(id: FoodID("usda:09040")))
            try repos.addFoodRecord(FoodLogging.record(food: banana, grams: 100, meal: .snacks, date: date))
            let intake = try #require(try repos.nutrientIntakes(in: DateRange(start: date, end: date))[date])
            #expect(intake.partial.contains(.riboflavinMg) && !intake.estimated.contains(.riboflavinMg))
            #expect(intake.estimated.contains(.folateUg))
            let status = intake.statuses(NutrientTargetSet(targets: [:]), keys: [.riboflavinMg, .folateUg, .potassiumMg])
            #expect(status.map(\.qualifier) == ["≥ ", "≈ ", ""])
            #expect(try repos.nutrientSources(on: date, nutrient: .riboflavinMg).allSatisfy { $0.estimatedFrom == nil })
        }
    }
}
