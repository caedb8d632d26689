import BodiiDomain
import Foundation
import Testing
@testable import BodiiImport

/// Issue 27: the dietary nutrient records a food-logging app writes beside each food's energy.
@Suite struct AppleHealthNutrientTests {
    @Test func nutrientsJoinTheEnergyEntryWithTheirStartInTheirUnits() throws {
        let lunch = "2026-11-21 12:00:00 +0100", snack = "2026-11-21 16:00:00 +0100"
        let data = try HealthXML.read(
            HealthXML.record("HKQuantityTypeIdentifierDietaryEnergyConsumed", "105", lunch, unit: "kcal", source: "Cronometer")
                + HealthXML.record("HKQuantityTypeIdentifierDietaryVitaminC", "10.27", lunch, unit: "mg", source: "Cronometer")
                + HealthXML.record("HKQuantityTypeIdentifierDietaryPotassium", "0.42244", lunch, unit: "g", source: "Cronometer")
                + HealthXML.record("HKQuantityTypeIdentifierDietaryFolate", "23.6", lunch, unit: "mcg", source: "Cronometer")
                + HealthXML.record("HKQuantityTypeIdentifierDietaryWater", "88", lunch, unit: "mL", source: "Cronometer")
                + HealthXML.record("HKQuantityTypeIdentifierDietaryIron", "0.31", snack, unit: "mg", source: "Cronometer")
                + HealthXML.record("HKQuantityTypeIdentifierDietaryZinc", "12", lunch, unit: "IU", source: "Cronometer"))
        let entry = try #require(data.food.first)
        #expect(data.food.count == 1)
        #expect(entry.nutrients[.vitaminCMg] == 10.27)
        #expect(abs((entry.nutrients[.potassiumMg] ?? 0) - 422.44) < 1e-9)
        #expect(abs((entry.nutrients[.folateUg] ?? 0) - 23.6) < 1e-9)
        #expect(entry.nutrients[.waterG] == 88)
        #expect(entry.nutrients[.ironMg] == nil && entry.nutrients[.zincMg] == nil)
        #expect(
            data.skipped[.food] == ["a nutrient without dietary energy at its time": 1, "unreadable value or unit": 1])
    }
}
