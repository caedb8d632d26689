import BodiiImport
import Foundation
import Testing
import USDACatalogData

/// Issue 43 #5: the supplement foods' unknown values, estimated from the closest SR24 food when
/// name and macronutrients agree (`SupplementEstimates`), made once into `CatalogEstimates`.
@Suite struct SupplementEstimatesTests {
    static let columns = CatalogEstimatesSource.nutrientColumns
    static let header = (["id", "name"] + ["kcal", "protein_g", "carbs_g", "fat_g", "riboflavin_mg", "sodium_mg"]).joined(separator: "\t")

    static func table(_ rows: [String]) -> String { ([header] + rows).joined(separator: "\n") + "\n" }

    /// The shipped file is what the rule gives for the shipped catalog and supplement: a change
    /// of either, or of the rule, without `scripts/convert-usda` fails here.
    @Test func theShippedEstimatesAreTheRulesForTheShippedData() throws {
        let estimates = SupplementEstimates.estimates(catalog: USDASR24.foods, supplement: CatalogSupplement.foods, columns: Self.columns)
        let text = CatalogEstimatesSource.table(estimates)
        #expect(text == CatalogEstimates.foods + "\n")
        #expect(CatalogEstimatesSource.version(of: text) == CatalogEstimates.version)
    }

    /// Each pairing, checked by eye (a dietitian's test: the same food in all but the record):
    /// CIQUAL's basmati rice takes white long-grain rice, unenriched (France does not enrich rice;
    /// SR24 20045, enriched though its name does not say so, has 58 µg folate where 20445 has 3);
    /// nothing else in the supplement has an SR24 twin. Greek yogurt (twice the protein of SR24's
    /// stirred yogurts), kefir, almond and oat milk, whey powders and skyr have none in SR24, and
    /// green tea is not black or herb tea.
    @Test func theShippedPairings() throws {
        let estimates = SupplementEstimates.estimates(catalog: USDASR24.foods, supplement: CatalogSupplement.foods, columns: Self.columns)
        let pairs = Dictionary(uniqueKeysWithValues: estimates.map { ($0.foodId, $0.donorId) })
        #expect(pairs == ["ciqual:9125": "usda:20445", "ciqual:9119": "usda:20444"])
        let basmati = try #require(estimates.first { $0.foodId == "ciqual:9125" })
        #expect(basmati.donorName == "Rice, white, long-grain, regular, cooked, unenriched, without salt")
        // SR24 20445's row (Sources/Store/USDACatalogData/USDASR24.swift): riboflavin 0.013 mg, B12 0,
        // magnesium 12 mg, folate 3 µg (20045: 58); CIQUAL gives basmati's potassium (18 mg), so that is not estimated.
        #expect(basmati.values["riboflavin_mg"] == 0.013)
        #expect(basmati.values["vitamin_b12_ug"] == 0)
        #expect(basmati.values["magnesium_mg"] == 12)
        #expect(basmati.values["folate_ug"] == 3)
        #expect(basmati.values["potassium_mg"] == nil && basmati.values["fiber_g"] == nil)
    }

    @Test func aFoodTakesOnlyWhatItLacksFromTheNearestFoodOfTheSameName() {
        let catalog = Self.table([
            "usda:1\tRice, white, cooked\t130\t2.7\t28\t0.3\t0.01\t1",
            "usda:2\tRice, white, cooked, soft\t125\t2.6\t27\t0.3\t0.02\t2",
            "usda:3\tPasta, cooked\t131\t5\t25\t1.1\t0.1\t1",
        ])
        let supplement = Self.table(["x:1\tRice, cooked\t126\t2.6\t27.5\t0.3\t\t5"])
        let estimates = SupplementEstimates.estimates(catalog: catalog, supplement: supplement, columns: ["riboflavin_mg", "sodium_mg"])
        // Both rice rows share "rice" and "cooked"; usda:2 is nearer in macronutrients.
        #expect(estimates.map(\.donorId) == ["usda:2"])
        #expect(estimates.first?.values == ["riboflavin_mg": 0.02], "sodium is the food's own")
    }

    @Test func macronutrientsOutsideTheToleranceOrAConflictingWordGiveNoDonor() {
        let catalog = Self.table([
            "usda:1\tYogurt, plain, skim milk\t56\t5.73\t7.68\t0.18\t0.234\t77",
            "usda:2\tRice, white, long-grain, cooked, enriched\t130\t2.7\t28\t0.3\t0.013\t1",
            "usda:3\tRice, white, long-grain, cooked\t130\t2.7\t28\t0.3\t0.013\t1",
        ])
        // Protein 10.19 against 5.73: 44 % apart, over 20 %.
        let greek = Self.table(["x:1\tYogurt, Greek, plain, nonfat\t59\t10.19\t3.6\t0.39\t\t36"])
        #expect(SupplementEstimates.estimates(catalog: catalog, supplement: greek, columns: ["riboflavin_mg"]).isEmpty)
        // Within 20 % (and 1 g for small amounts): 105 kcal against 130 is 19 % apart.
        let near = Self.table(["x:2\tRice, cooked\t105\t2.2\t23\t1.2\t\t1"])
        #expect(SupplementEstimates.estimates(catalog: catalog, supplement: near, columns: ["riboflavin_mg"]).map(\.donorId) == ["usda:3"])
        // Enriched rice only for enriched rice; the unenriched one is left when it fits.
        let enriched = Self.table(["x:3\tRice, cooked, enriched\t130\t2.7\t28\t0.3\t\t1"])
        #expect(SupplementEstimates.estimates(catalog: catalog, supplement: enriched, columns: ["riboflavin_mg"]).map(\.donorId) == ["usda:2"])
        // Another first name segment is another food, however near the numbers.
        let pasta = Self.table(["x:4\tPasta, cooked\t130\t2.7\t28\t0.3\t\t1"])
        #expect(SupplementEstimates.estimates(catalog: catalog, supplement: pasta, columns: ["riboflavin_mg"]).isEmpty)
    }
}
