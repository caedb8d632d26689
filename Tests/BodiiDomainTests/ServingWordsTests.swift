import Testing
@testable import BodiiDomain

/// Issue 41: amounts read as a person says them — "2 slices (56 g)", not "2 slice (56 g)" nor
/// "2 slices × 1 slice of Bread".
@Suite struct ServingWordsTests {
    @Test func countsReadAsSaid() {
        let slice = FoodServing(label: "1 slice", grams: 28)
        let cup = FoodServing(label: "1 cup, chopped", grams: 91)
        let tbsp = FoodServing(label: "2 tbsp", grams: 32)
        let large = FoodServing(label: "1 large", grams: 50)
        let banana = FoodServing(label: "1 medium (7\" to 7-7/8\" long)", grams: 118)
        let peach = FoodServing(label: "1 peach", grams: 150), berry = FoodServing(label: "1 berry", grams: 5)
        let pinch = FoodServing(label: "1 pinch", grams: 0.4), bare = FoodServing(label: "slice (28 g)", grams: 28)
        let cases: [(Double, FoodServing?, String)] = [
            (56, slice, "2 slices (56 g)"), (28, slice, "1 slice (28 g)"), (14, slice, "0.5 slice (14 g)"),
            (182, cup, "2 cups, chopped (182 g)"), (64, tbsp, "4 tbsp (64 g)"), (16, tbsp, "1 tbsp (16 g)"),
            (100, large, "2 large (100 g)"), (236, banana, "2 medium (7\" to 7-7/8\" long) (236 g)"),
            (300, peach, "2 peaches (300 g)"), (10, berry, "2 berries (10 g)"), (0.8, pinch, "2 pinches (0.8 g)"),
            (56, bare, "2 × slice (28 g) (56 g)"), (150, nil, "150 g"),
        ]
        for (grams, serving, said) in cases {
            #expect(ServingWords.amount(grams: grams, of: serving) == said)
            #expect(FoodPortion(grams: grams, serving: serving).label == said)
        }
    }

    @Test func theFieldsUnitAgreesWithItsCount() {
        let slice = FoodServing(label: "1 slice", grams: 28)
        #expect(ServingWords.unit(after: 2, of: slice) == "slices")
        #expect(ServingWords.unit(after: 1, of: slice) == "slice")
        #expect(ServingWords.unit(after: 1, of: FoodServing(label: "2 tbsp", grams: 32)) == "× 2 tbsp")
    }
}
