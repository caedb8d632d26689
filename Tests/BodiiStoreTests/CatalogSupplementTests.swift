import BodiiDomain
import Foundation
import Testing
import USDACatalogData
@testable import BodiiStore

/// The supplement of foods SR24 lacks (issue 24 #4): its data, and how it reaches databases.
@Suite struct CatalogSupplementTests {
    struct Row {
        var id: String
        var name: String
        var fields: [String: String]
        func number(_ column: String) -> Double? { fields[column].flatMap { $0.isEmpty ? nil : Double($0) } }
    }

    static func rows() -> [Row] {
        let lines = CatalogSupplement.foods.split(separator: "\n").map {
            $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        }
        guard let header = lines.first else { return [] }
        return lines.dropFirst().map { f in
            Row(
                id: f[0], name: f[1],
                fields: Dictionary(uniqueKeysWithValues: zip(header, f + Array(repeating: "", count: max(0, header.count - f.count)))))
        }
    }

    /// Every row names its database and record, its name there, and its energy agrees with its
    /// macronutrients: |kcal − (4·protein + 4·carbohydrate + 9·fat)| ≤ 1 + 3 % + 2 kcal per g of
    /// fibre. Why that much: USDA SR figures energy with each food's own Atwater factors (dairy:
    /// protein 4.27, fat 8.79, carbohydrate 3.87), not 4/4/9; CIQUAL counts fibre at 2 kcal/g
    /// (EU Regulation 1169/2011) beside a carbohydrate that excludes it; every value is rounded
    /// to the precision the source prints (±1 kcal). Measured: CIQUAL's two rice rows are 3.0 and
    /// 3.6 kcal above 4/4/9 (their fibre at 2 kcal/g is 2.0 and 1.8 of it), every other row is
    /// within 0.5 kcal.
    @Test func everyRowNamesItsSourceAndPassesTheEnergyCheck() throws {
        let rows = Self.rows()
        #expect(rows.count == CatalogSupplement.foodCount)
        #expect(Set(rows.map(\.id)).count == rows.count, "an id twice")
        let sr24IDs = Set(USDASR24.foods.split(separator: "\n").map { String($0.prefix { $0 != "\t" }) })
        for row in rows {
            let parts = row.id.split(separator: ":", maxSplits: 1).map(String.init)
            #expect(
                parts.count == 2 && parts[0] != "usda" && !sr24IDs.contains(row.id), "\(row.id): ids are <database>:<record>, never SR24's")
            let source = row.fields["source"] ?? "", release = row.fields["release"] ?? ""
            #expect(ShippedSupplement.bodii.sources.contains(source), "\(row.id): source \"\(source)\"")
            #expect(parts.count == 2 && release.hasSuffix(parts[1]), "\(row.id): the release names the record, \"\(release)\"")
            #expect(!(row.fields["source_name"] ?? "").isEmpty, "\(row.id): the food's name in its source")
            let kcal = try #require(row.number("kcal")), p = try #require(row.number("protein_g"))
            let c = try #require(row.number("carbs_g")), f = try #require(row.number("fat_g"))
            let atwater = 4 * p + 4 * c + 9 * f
            let tolerance = 1 + 0.03 * atwater + 2 * (row.number("fiber_g") ?? 0)
            #expect(abs(kcal - atwater) <= tolerance, "\(row.id) \(row.name): \(kcal) kcal, 4/4/9 gives \(atwater)")
        }
        let servingIDs = CatalogSupplement.servings.split(separator: "\n").dropFirst().map { String($0.prefix { $0 != "\t" }) }
        #expect(Set(servingIDs).isSubset(of: Set(rows.map(\.id))), "a serving of no supplement food")
    }

    @Test func aFreshDatabaseHoldsTheSupplementBesideSR24() throws {
        try withDatabase { db, repos throws in
            let yogurt = try #require(try repos.food(id: FoodID("sr28:01256")))
            #expect(yogurt.name == "Yogurt, Greek, plain, nonfat")
            #expect(yogurt.source == "USDA SR")
            #expect(yogurt.release == "28, NDB 01256")
            #expect(yogurt.per100g.kcal == 59 && yogurt.per100g.proteinG == 10.19 && yogurt.per100g.saturatedFatG == 0.117)
            #expect(yogurt.servings == [FoodServing(label: "1 container", grams: 170)])
            // What the source does not give stays unknown.
            let oat = try #require(try repos.food(id: FoodID("fdc:2257046")))
            #expect(oat.release == "Foundation, FDC 2257046")
            #expect(oat.per100g.sugarsG == nil && oat.per100g.sodiumMg == nil && oat.servings.isEmpty)
            // …unless a food of the same name and make-up gives an estimate (CatalogEstimates): CIQUAL's
            // basmati rice takes SR24 20445's sugars, 0.05 g, where it had none.
            #expect(try repos.food(id: FoodID("ciqual:9125"))?.per100g.sugarsG == 0.05)
            #expect(
                try db.fetchStrings("SELECT source || ' ' || release || ' ' || food_count FROM food_catalog ORDER BY source")
                    == ["USDA SR 24 8855", "supplement \(ShippedSupplement.bodii.version) \(CatalogSupplement.foodCount)"])
            #expect(try db.fetchStrings("SELECT COUNT(*) FROM food") == ["\(8855 + CatalogSupplement.foodCount)"])
        }
    }

    /// A database seeded before the supplement existed gets it on its next catalog use, through
    /// the release check every catalog call makes; custom foods and the log stay.
    @Test func anExistingDatabaseGainsTheSupplementOnItsNextCatalogUse() throws {
        try withTemporaryFolder { folder in
            let url = folder.appendingPathComponent("bodii.sqlite")
            var before = ShippedCatalog.usdaSR24
            before.supplement = nil
            let custom: Food
            do {
                let db = try BodiiDatabase(url: url, catalog: before)
                let banana = try #require(try db.repositories.food(id: FoodID("usda:09040")))
                try db.repositories.addFoodRecord(FoodLogging.record(food: banana, grams: 118, meal: .snacks, date: day("2026-11-20")))
                custom = try db.repositories.addCustomFood(customFood("Flapjack"))
                #expect(try db.repositories.food(id: FoodID("sr28:01256")) == nil)
                #expect(try db.repositories.searchFoods("greek yogurt", limit: 1).first?.id.rawValue.hasPrefix("usda:") == true)
                try db.close()
            }
            let db = try BodiiDatabase(url: url)
            defer { try? db.close() }
            #expect(try !db.repositories.holdsShippedCatalog())
            #expect(try db.repositories.searchFoods("greek yogurt", limit: 1).first?.id == FoodID("sr28:01256"))
            #expect(try db.repositories.holdsShippedCatalog())
            #expect(try db.repositories.food(id: FoodID("mvt:01.307"))?.name == "Skyr, raspberry, cultured milk")
            #expect(try db.repositories.customFoods() == [custom])
            let log = try db.repositories.foodRecords(in: DateRange(start: day("2026-11-20"), end: day("2026-11-20")))
            #expect(log.map(\.foodName) == ["Bananas, raw"])
            #expect(try db.fetchStrings("SELECT COUNT(*) FROM food WHERE source <> 'custom'") == ["\(8855 + CatalogSupplement.foodCount)"])
        }
    }

    /// A newer supplement that drops a food leaves nothing of it behind; one naming a source it
    /// does not list is refused whole.
    @Test func aNewVersionReplacesTheSupplementAndAnUnlistedSourceIsRefused() throws {
        func catalog(_ version: String, _ rows: [String]) -> ShippedCatalog {
            var c = tinyCatalog(release: "1", foods: [("usda:1", "Apple", "52")])
            c.supplement = ShippedSupplement(
                version: version, sources: ["Table A", "Table B"],
                foods: (["id\tname\tsource\trelease\tsource_name\tkcal\tprotein_g\tcarbs_g\tfat_g"] + rows).joined(separator: "\n"),
                servings: "food_id\tlabel\tgrams\na:1\t1 cup\t240")
            return c
        }
        try withTemporaryFolder { folder in
            let url = folder.appendingPathComponent("bodii.sqlite")
            do {
                let db = try BodiiDatabase(
                    url: url,
                    catalog: catalog(
                        "1",
                        [
                            "a:1\tOat drink\tTable A\t2020, code 1\tBoisson\t40\t1\t7\t1",
                            "b:7\tSkyr\tTable B\tcode 7\tSkyr\t60\t10\t4\t0",
                        ]))
                #expect(try db.repositories.food(id: FoodID("a:1"))?.servings == [FoodServing(label: "1 cup", grams: 240)])
                #expect(try db.repositories.food(id: FoodID("b:7"))?.release == "code 7")
                try db.close()
            }
            do {
                let db = try BodiiDatabase(
                    url: url, catalog: catalog("2", ["a:1\tOat drink, plain\tTable A\t2020, code 1\tBoisson\t40\t1\t7\t1"]))
                #expect(try db.repositories.food(id: FoodID("a:1"))?.name == "Oat drink, plain")
                #expect(try db.repositories.food(id: FoodID("b:7")) == nil)
                #expect(try db.fetchStrings("SELECT release FROM food_catalog WHERE source = 'supplement'") == ["2"])
                try db.close()
            }
            let db = try BodiiDatabase(url: url, catalog: catalog("3", ["c:1\tKefir\tTable C\tcode 1\tKefir\t41\t4\t4\t1"]))
            defer { try? db.close() }
            #expect(throws: StoreError.self) { try db.repositories.food(id: FoodID("c:1")) }
            #expect(try db.fetchStrings("SELECT release FROM food_catalog WHERE source = 'supplement'") == ["2"])
        }
    }

    /// `bodii search` without a database searches the catalog as compiled in: the supplement too.
    @Test func theShippedCatalogSearchFindsTheSupplement() throws {
        let search = try ShippedCatalogSearch()
        let oat = try #require(search.searchFoods("oat milk", limit: 3).first)
        #expect(oat.id == FoodID("fdc:2257046"))
        #expect(oat.source == "USDA FoodData Central" && oat.release == "Foundation, FDC 2257046")
        #expect(oat.per100g.kcal == 48.3298 && oat.per100g.sugarsG == nil)
    }
}
