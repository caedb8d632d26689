import Testing
@testable import BodiiDomain

/// The 160×48 captures of issue 26 read "Sodium 593 mg" on the Diet tab and "592/2300 mg" in the
/// Nutrients view for the same 592.5 mg: one rounding rule for both.
@Suite struct NutrientReadingTests {
    @Test func wholeAmountsRoundAsEveryWholeNumber() {
        #expect(NutrientFormat.reading(592.5) == "593")
        #expect(NutrientFormat.reading(592.5) == NutrientFormat.kcal(592.5))
        #expect(NutrientFormat.reading(22.5) == NutrientFormat.grams(22.5))
        #expect(NutrientFormat.reading(4.3) == "4.3")
        #expect(NutrientFormat.reading(0.44) == "0.44")
        #expect(NutrientFormat.reading(.nan) == "—")
    }
}
