import BodiiDomain
import BodiiStore
import Foundation
import Testing

/// Issue 43: net carbs = carbs − fiber, for 10 catalog foods against USDA SR24 worked by hand.
/// Per 100 g, SR24 nutrients 205 (carbohydrate, by difference) and 291 (total dietary fiber);
/// 01077, 08120 and 09040 are also in Tests/BodiiImportTests/Fixtures as SR24's own records.
@Suite struct NutrientNetCarbsTests {
    static let sr24: [(id: String, carbs: Double, fiber: Double, net: Double)] = [
        ("usda:09040", 22.84, 2.6, 20.24),  // Bananas, raw
        ("usda:08120", 67.7, 10.1, 57.6),  // Cereals, oats, regular and quick, not fortified, dry
        ("usda:01077", 4.8, 0.0, 4.8),  // Milk, whole, 3.25% milkfat, with added vitamin D
        ("usda:09037", 8.53, 6.7, 1.83),  // Avocados, raw, all commercial varieties
        ("usda:11090", 6.64, 2.6, 4.04),  // Broccoli, raw
        ("usda:09003", 13.81, 2.4, 11.41),  // Apples, raw, with skin
        ("usda:12061", 21.67, 12.2, 9.47),  // Nuts, almonds
        ("usda:16070", 20.13, 7.9, 12.23),  // Lentils, mature seeds, cooked, boiled, without salt
        ("usda:18069", 49.06, 2.7, 46.36),  // Bread, white, commercially prepared
        ("usda:20045", 28.17, 0.4, 27.77),  // Rice, white, long-grain, regular, cooked
    ]

    @Test func tenFoodsAgainstSR24() throws {
        let db = try TestDatabase(profile: DemoHistory.profile)
        for f in Self.sr24 {
            let food = try #require(try db.repositories.food(id: FoodID(f.id)), "\(f.id)")
            #expect(abs(food.per100g.carbsG - f.carbs) < 1e-9, "\(f.id) carbs")
            #expect(abs((food.per100g.fiberG ?? -1) - f.fiber) < 1e-9, "\(f.id) fiber")
            let net = NetCarbs.grams(carbsG: food.per100g.carbsG, fiberG: food.per100g.fiberG)
            #expect(abs(net - f.net) < 1e-9, "\(f.id): \(net) net carbs, by hand \(f.net)")
        }
    }

    /// A keto target counts net carbs: the carbs shown against it are net; other splits compare
    /// total carbs. An unknown fiber counts as none (the figure reads high, never low).
    @Test func whatTheCarbsTargetIsComparedWith() {
        let keto = MacroTargets(kcal: 1800, proteinG: 140, carbsG: 25, fatG: 130, carbsAreNet: true)
        let balanced = MacroTargets(kcal: 1800, proteinG: 140, carbsG: 180, fatG: 60)
        #expect(keto.carbsCounted(carbsG: 40, fiberG: 18) == 22)
        #expect(keto.carbsCounted(carbsG: 40, fiberG: nil) == 40)
        #expect(balanced.carbsCounted(carbsG: 40, fiberG: 18) == 40)
        #expect(keto.carbsLabel == "Net C" && balanced.carbsLabel == "Carbs")
        #expect(keto.netCarbsG(fiberTargetG: 25) == 25, "keto's limit is already net")
        #expect(balanced.netCarbsG(fiberTargetG: 25) == 155)
        #expect(balanced.netCarbsG(fiberTargetG: nil) == nil)
    }
}
