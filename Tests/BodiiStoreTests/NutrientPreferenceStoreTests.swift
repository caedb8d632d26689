import BodiiDomain
import Foundation
import Testing
@testable import BodiiStore

/// Migration v14 (issue 27): only the nutrient settings that differ from the DRI are rows.
@Suite struct NutrientPreferenceStoreTests {
    @Test func migrationV14IsRecorded() throws {
        try withDatabase { db, _ throws in
            #expect(try db.appliedMigrations().contains("v14"))
        }
    }

    @Test func preferencesRoundTripAndADefaultOneRemovesTheRow() throws {
        try withDatabase { _, repos throws in
            #expect(try repos.nutrientPreferences().isEmpty)
            try repos.saveNutrientPreference(NutrientPreference(key: .vitaminCMg, amount: 200))
            try repos.saveNutrientPreference(NutrientPreference(key: .waterG, hidden: true))
            #expect(
                try repos.nutrientPreferences() == [
                    .vitaminCMg: NutrientPreference(key: .vitaminCMg, amount: 200),
                    .waterG: NutrientPreference(key: .waterG, hidden: true),
                ])
            try repos.saveNutrientPreference(NutrientPreference(key: .vitaminCMg))
            #expect(try repos.nutrientPreferences().keys.sorted() == [.waterG])
        }
    }

    @Test func aNegativeOrInfiniteTargetIsRefusedAndNothingIsWritten() throws {
        try withDatabase { _, repos throws in
            #expect(throws: (any Error).self) { try repos.saveNutrientPreference(NutrientPreference(key: .ironMg, amount: -1)) }
            #expect(throws: (any Error).self) { try repos.saveNutrientPreference(NutrientPreference(key: .ironMg, amount: .infinity)) }
            #expect(try repos.nutrientPreferences().isEmpty)
        }
    }
}
