import BodiiDomain
import Foundation
import Testing
@testable import BodiiStore

/// Amounts as typed (issue 41 item 1) and the usual portion (item 2), weighed for real SR24 foods:
/// the grams expected are worked out by hand from SR24's own household measures (written beside
/// each case), so the test fails when a unit reads wrongly or a measure is picked wrongly.
@Suite struct TypedAmountTests {
    static let catalog = Result { try BodiiDatabase.shippedCatalogInMemory() }

    func food(_ id: String) throws -> Food {
        let repos = try Self.catalog.get()
        return try #require(try repos.food(id: FoodID(id)))
    }

    @Test func everyFormOfTheIssueWeighsAsSR24Says() throws {
        let chicken = "usda:05062", milk = "usda:01077", bread = "usda:18069", wheat = "usda:18075", pb = "usda:16398"
        let banana = "usda:09040", oil = "usda:04053", egg = "usda:01123", tuna = "usda:15121", butter = "usda:01001"
        let cases: [(text: String, food: String, grams: Double, why: String)] = [
            ("150g", chicken, 150, "grams"), ("150 g", chicken, 150, "grams, apart"), ("0.2 kg", chicken, 200, "kg"),
            ("6 oz", chicken, 6 * 28.349523125, "oz"), ("1 lb", chicken, 453.59237, "lb"),
            ("250 ml", milk, 250 * 244 / 236.5882365, "1 cup (244 g) of milk is 236.6 ml"),
            ("1 l", milk, 1000 * 244 / 236.5882365, "litre through the cup"),
            ("8 fl oz", milk, 8 * 30.5, "milk's own 1 fl oz (30.5 g)"), ("1 cup", milk, 244, "1 cup (244 g)"),
            ("2 tbsp", pb, 32, "2 tbsp (32 g)"), ("1 tbsp", milk, 15, "1 tbsp (15 g)"), ("1 tsp", oil, 4.5, "1 tsp (4.5 g)"),
            ("2 slices", wheat, 56, "1 slice (28 g)"), ("1 slice", bread, 28, "the first of two '1 slice' (28 g, 25 g)"),
            ("1 medium", banana, 118, "1 medium (118 g)"), ("1 can", tuna, 165, "1 can (165 g)"), ("1 pat", butter, 5, "1 pat (5 g)"),
            ("a", egg, 50, "one large egg"), ("an", egg, 50, "one large egg"), ("one", egg, 50, "one large egg"),
            ("half", banana, 59, "half a medium banana"), ("half a cup of", milk, 122, "half of 1 cup (244 g)"),
            ("1/2", banana, 59, "half a medium"), ("½", banana, 59, "half a medium"), ("1½", egg, 75, "1.5 large eggs"),
            ("1 1/2", egg, 75, "1.5 large eggs"), ("1.5", egg, 75, "1.5 large eggs"), ("1,5", egg, 75, "1.5 large eggs"),
            ("2 large", egg, 100, "2 × 1 large (50 g)"), ("1 cup", oil, 216, "1 cup (216 g)"),
            ("3 tbsp", oil, 40.5, "3 × 1 tablespoon (13.5 g)"),
        ]
        var wrong: [String] = []
        for c in cases {
            let f = try food(c.food)
            guard let typed = TypedAmount.parse(c.text) else { wrong.append("\(c.text): not read"); continue }
            do {
                let p = try FoodPortions.portion(typed, of: f)
                if abs(p.grams - c.grams) > 0.05 { wrong.append("\(c.text) of \(f.name): \(p.grams) g, expected \(c.grams) (\(c.why))") }
            } catch {
                wrong.append("\(c.text) of \(f.name): \(error.message)")
            }
        }
        #expect(wrong.isEmpty, "\(wrong.joined(separator: "\n"))")
    }

    @Test func theAmountFieldTakesUnitsWhateverServingIsChosen() throws {
        let wheat = try food("usda:18075")
        let slice = try #require(wheat.servings.first { $0.label == "1 slice" })
        #expect(try ServingChoice(slice).grams("2", food: wheat) == 56)
        #expect(try ServingChoice(slice).grams("150g", food: wheat) == 150)
        #expect(try ServingChoice.grams.grams("2 slices", food: wheat) == 56)
        #expect(try ServingChoice.grams.grams("1 oz", food: wheat) == 28.349523125)
        // Nonsense, a unit the food has no measure for, and too much are refused in one line.
        for bad in ["abc", "2 cans", "10 kg", "-1", "1e3"] {
            #expect(throws: ValidationError.self, "\(bad)") { try ServingChoice.grams.grams(bad, food: wheat) }
        }
    }

    @Test func twoMeasuresWithOneNameAreToldApartByTheirGrams() throws {
        let bread = try food("usda:18069")
        let labels = ServingChoice.labels(of: ServingChoice.all(for: bread, unitSystem: .metric))
        #expect(labels.contains("1 slice (28 g)") && labels.contains("1 slice (25 g)"), "\(labels)")
        #expect(FoodPortions.sameNamed("slice (25 g)", of: bread)?.0.grams == 25)
        let first = try #require(FoodPortions.sameNamed("slice", of: bread))
        #expect(first.0.grams == 28 && first.others.map(\.grams) == [25])
    }

    /// Item 2: the portion people mean, per food group (and never a cup of a spread).
    @Test func theUsualPortionPerFoodGroup() throws {
        let cases: [(id: String, grams: ClosedRange<Double>, kind: String)] = [
            ("usda:16398", 1...32, "spread"),  // peanut butter: ≤ 2 tbsp (32 g), not 1 cup (258 g)
            ("usda:16097", 1...32, "spread"),  // chunky peanut butter
            ("usda:04053", 13.5...13.5, "spread"),  // olive oil: 1 tablespoon (13.5 g)
            ("usda:01001", 14.2...14.2, "spread"),  // butter: 1 tbsp (14.2 g)
            ("usda:19296", 21...21, "spread"),  // honey: 1 tbsp (21 g)
            ("usda:12061", 28.3...28.4, "nuts"),  // almonds: 1 oz
            ("usda:01009", 28...28.4, "cheese"),  // cheddar: 1 oz
            ("usda:09040", 118...118, "a piece"),  // banana: 1 medium (118 g)
            ("usda:01123", 50...50, "egg"),  // egg: 1 large (50 g)
            ("usda:01077", 244...244, "drink"),  // milk: 1 cup (244 g)
            ("usda:14209", 237...237, "drink"),  // coffee: 1 cup (8 fl oz) (237 g)
            ("usda:18075", 28...28, "bread"),  // whole-wheat bread: 1 slice (28 g)
            ("usda:18069", 28...28, "bread"),  // white bread: 1 slice (28 g)
            ("usda:11090", 30...160, "a piece"),  // broccoli: never the 1 bunch (608 g)
        ]
        var wrong: [String] = []
        for c in cases {
            let f = try food(c.id)
            let p = UsualPortion.portion(for: f)
            let kind = UsualPortion.rule(for: f).kind
            if !c.grams.contains(p.grams) || !kind.hasPrefix(c.kind) {
                wrong.append("\(f.name): \(p.label) [\(kind)], expected \(c.grams) g [\(c.kind)]")
            }
        }
        #expect(wrong.isEmpty, "\(wrong.joined(separator: "\n"))")
        // The person's last amount comes first.
        #expect(UsualPortion.portion(for: try food("usda:16398"), lastGrams: 48).grams == 48)
    }
}
