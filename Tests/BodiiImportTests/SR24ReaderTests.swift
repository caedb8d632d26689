import BodiiDomain
import Foundation
import Testing
import USDACatalogData
import ZIPFoundation
@testable import BodiiImport

/// Real files of usda_sr24.jar (Debian package cronometer 0.9.9+dfsg1-1), copied into Fixtures/.
enum Fixture {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
    static let uids = ["01077", "08120", "09040", "14014", "16359", "23999"]

    static func data(_ uid: String) throws -> Data { try Data(contentsOf: folder.appendingPathComponent("\(uid).xml")) }
    static func food(_ uid: String) throws -> SR24Food { try SR24Reader.food(xml: data(uid), file: "\(uid).xml") }
}

@Suite struct SR24ReaderTests {
    @Test func aFoodWithItsMeasuresInOrderAndNutrientsPer100g() throws {
        let banana = try Fixture.food("09040")
        #expect(banana.uid == "09040")
        #expect(banana.id == FoodID("usda:09040"))
        #expect(banana.name == "Bananas, raw")
        #expect(
            banana.servings == [
                FoodServing(label: "1 cup, mashed", grams: 225), FoodServing(label: "1 cup, sliced", grams: 150),
                FoodServing(label: "1 extra small (less than 6\" long)", grams: 81),
                FoodServing(label: "1 small (6\" to 6-7/8\" long)", grams: 101),
                FoodServing(label: "1 medium (7\" to 7-7/8\" long)", grams: 118),
                FoodServing(label: "1 large (8\" to 8-7/8\" long)", grams: 136),
                FoodServing(label: "1 extra large (9\" or longer)", grams: 152),
                FoodServing(label: "1 NLEA serving", grams: 126),
            ])
        #expect(banana.value(of: .kcal) == 89)
        #expect(banana.value(of: .proteinG) == 1.09)
        #expect(banana.value(of: .carbsG) == 22.84)
        #expect(banana.value(of: .fatG) == 0.33)
        #expect(banana.value(of: .saturatedFatG) == 0.112)
        #expect(banana.value(of: .potassiumMg) == 358)
        #expect(banana.nutrients.count == 69)  // everything is read; Bodii keeps 14
    }

    @Test func aMissingNutrientIsUnknownNotZero() throws {
        let martini = try Fixture.food("14014")
        #expect(martini.value(of: .kcal) == 243)
        #expect(martini.value(of: .fatG) == nil)
        #expect(martini.value(of: .fiberG) == nil)
        #expect(martini.value(of: .sugarsG) == 0.19)
        // Cronometer's placeholder for its ground-beef calculator: a food with nothing at all.
        let placeholder = try Fixture.food("23999")
        #expect(placeholder.measures.isEmpty)
        #expect(placeholder.nutrients.isEmpty)
        #expect(SR24Nutrient.allCases.allSatisfy { placeholder.value(of: $0) == nil })
    }

    /// Issue 27: every NutrientKey from its SR24 number (banana, per 100 g, as USDA lists it).
    @Test func everyKeptNutrientOfABanana() throws {
        let banana = try Fixture.food("09040")
        #expect(SR24Nutrient.allCases.compactMap(\.key) == NutrientKey.allCases)
        #expect(banana.value(of: .vitaminCMg) == 8.7)  // 401
        #expect(banana.value(of: .magnesiumMg) == 27)  // 304
        #expect(banana.value(of: .folateUg) == 20)  // 417
        #expect(banana.value(of: .vitaminB6Mg) == 0.367)  // 415
        #expect(banana.value(of: .cholineMg) == 9.8)  // 421
        #expect(banana.value(of: .omega3G) == 0.027)
        #expect(banana.value(of: .starchG) == 5.38)  // 209
        #expect(banana.value(of: .caffeineMg) == 0)  // 262: known to be none
        // RAE from retinol 0, β-carotene 26, α-carotene 25, β-cryptoxanthin 0: 26/12 + 25/24 (SR24's 320 says 3).
        #expect(abs((banana.value(of: .vitaminAUg) ?? 0) - 3.208333) < 1e-6)
        // Milk (01077): retinol 45, β-carotene 7, α-carotene 0, β-cryptoxanthin 0 → 45.58 (SR24: 46).
        let milk = try Fixture.food("01077")
        #expect(abs((milk.value(of: .vitaminAUg) ?? 0) - (45 + 7.0 / 12)) < 1e-9)
    }

    @Test func vitaminDIsConvertedFromInternationalUnitsToMicrograms() throws {
        let milk = try Fixture.food("01077")
        #expect(milk.nutrients["Vitamin D"] == 51)  // IU, as nutrients.xml declares
        #expect(milk.value(of: .vitaminDUg) == 1.275)  // 51 / 40
    }

    @Test func labelsDropOnlyATrailingPointZero() throws {
        let oats = try Fixture.food("08120")
        #expect(oats.servings.map(\.label) == ["1 cup", "0.333 cup"])
        #expect(SR24Measure(amount: "10.0", name: "chips", grams: 20).label == "10 chips")
        #expect(SR24Measure(amount: "0.5", name: "cup", grams: 120).label == "0.5 cup")
        #expect(SR24Measure(amount: "1.05", name: "oz", grams: 30).label == "1.05 oz")
    }

    @Test func aStrayBackslashAtTheEndOfANameIsDropped() throws {
        #expect(
            try Fixture.food("16359").name == "Chickpeas (garbanzo beans, bengal gram), mature seeds, canned, drained, rinsed in tap water")
    }

    @Test func brokenFilesAreReportedWithTheirName() {
        let cases: [(String, String)] = [
            ("<food uid=\"1\" name=\"x\"/>", "five-digit uid"),
            ("<food uid=\"00001\" name=\"x\"><measure amount=\"1.0\" name=\"cup\" grams=\"0\"/></food>", "positive grams"),
            ("<food uid=\"00001\" name=\"x\"><nutrient amount=\"-1\" name=\"Energy\"/></food>", "non-negative"),
            (
                "<food uid=\"00001\" name=\"x\"><nutrient amount=\"1\" name=\"Energy\"/><nutrient amount=\"2\" name=\"Energy\"/></food>",
                "twice"
            ),
            ("<food uid=\"00001\" name=\"x\">", "00001.xml"),
            ("<recipe/>", "unexpected element"),
        ]
        for (xml, expected) in cases {
            #expect {
                _ = try SR24Reader.food(xml: Data(xml.utf8), file: "00001.xml")
            } throws: { error in
                "\(error)".contains(expected) && "\(error)".hasPrefix("00001.xml: ")
            }
        }
    }

    @Test func theJarIsReadInNumberOrder() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sr24-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let jar = folder.appendingPathComponent("usda_sr24.jar")
        let archive = try Archive(url: jar, accessMode: .create)
        func add(_ path: String, _ data: Data) throws {
            try archive.addEntry(with: path, type: .file, uncompressedSize: Int64(data.count), compressionMethod: .deflate) {
                position, size in
                data.subdata(in: Int(position)..<Int(position) + size)
            }
        }
        try add("META-INF/MANIFEST.MF", Data("Manifest-Version: 1.0\n".utf8))
        for uid in Fixture.uids.reversed() { try add("usda_sr24/\(uid).xml", try Fixture.data(uid)) }
        try add("usda_sr24/foods.index", Data("09040|Bananas, raw\n".utf8))
        let foods = try SR24Reader.foods(jar: jar)
        #expect(foods.map(\.uid) == Fixture.uids)
        #expect(foods[2] == (try Fixture.food("09040")))

        #expect(throws: SR24Error.self) { try SR24Reader.foods(jar: folder.appendingPathComponent("missing.jar")) }
    }
}

@Suite struct CatalogTextTests {
    @Test func oneFoodPerLineWithEmptyFieldsForUnknowns() throws {
        let text = try CatalogText.foods([try Fixture.food("09040"), try Fixture.food("14014")])
        #expect(
            text == """
                id\tname\tkcal\tprotein_g\tcarbs_g\tfat_g\twater_g\tfiber_g\tsugars_g\tstarch_g\tsaturated_fat_g\tmonounsaturated_fat_g\tpolyunsaturated_fat_g\tomega_3_g\tomega_6_g\tcholesterol_mg\tsodium_mg\tpotassium_mg\tcalcium_mg\tiron_mg\tmagnesium_mg\tphosphorus_mg\tzinc_mg\tcopper_mg\tmanganese_mg\tselenium_ug\tvitamin_a_ug\tvitamin_c_mg\tvitamin_d_ug\tvitamin_e_mg\tvitamin_k_ug\tthiamin_mg\triboflavin_mg\tniacin_mg\tpantothenic_acid_mg\tvitamin_b6_mg\tvitamin_b12_ug\tfolate_ug\tcholine_mg\tcaffeine_mg\talcohol_g
                usda:09040\tBananas, raw\t89\t1.09\t22.84\t0.33\t74.91\t2.6\t12.23\t5.38\t0.112\t0.032\t0.073\t0.027\t0.046\t0\t1\t358\t5\t0.26\t27\t22\t0.15\t0.078\t0.27\t1\t3.208333\t8.7\t0\t0.1\t0.5\t0.031\t0.073\t0.665\t0.334\t0.367\t0\t20\t9.8\t0\t0
                usda:14014\tAlcoholic beverage, martini, prepared-from-recipe\t243\t0.04\t2.04\t\t63.93\t\t0.19\t\t\t\t\t\t\t\t3\t16\t1\t0.04\t2\t2\t0.01\t0.011\t0.021\t0.1\t\t\t\t\t\t0.003\t0.003\t0.037\t0.006\t\t\t\t\t\t33.9

                """)
    }

    @Test func oneServingPerLineInTheSourceOrder() throws {
        let text = try CatalogText.servings([try Fixture.food("08120"), try Fixture.food("23999"), try Fixture.food("14014")])
        #expect(text == "food_id\tlabel\tgrams\nusda:08120\t1 cup\t81\nusda:08120\t0.333 cup\t27\nusda:14014\t1 fl oz\t28.2\n")
    }

    @Test func decimalsArePlain() {
        #expect(CatalogText.decimal(89) == "89")
        #expect(CatalogText.decimal(0.009) == "0.009")
        #expect(CatalogText.decimal(51.0 / 40) == "1.275")
        #expect(CatalogText.decimal(0.1 / 40) == "0.0025")
        #expect(CatalogText.decimal(12.23) == "12.23")
        #expect(CatalogText.decimal(0.0000001) == "0")
    }

    @Test func aControlCharacterInANameIsRefused() {
        for name in ["A\tB", "A\u{1B}]0;x\u{07}", "A\u{202E}B", "A\u{9B}B"] {
            let food = SR24Food(uid: "00001", name: name, measures: [], nutrients: ["Energy": 1])
            #expect(throws: SR24Error.self, "\(name.debugDescription)") { try CatalogText.foods([food]) }
        }
    }

    @Test func theRawLiteralNeverEndsEarly() throws {
        #expect(try CatalogSource.rawLiteral("a\"b\n") == "#\"\"\"\na\"b\n\"\"\"#")
        #expect(try CatalogSource.rawLiteral("x \"\"\"# y").hasPrefix("##\"\"\""))
        #expect(try CatalogSource.rawLiteral("back\\#slash").hasPrefix("##\"\"\""))
    }

    /// The committed catalog is what this converter makes of these files: the same lines, byte for byte.
    @Test func theCommittedCatalogMatchesTheConverter() throws {
        let foods = try Fixture.uids.map(Fixture.food)
        let foodLines = Set(USDASR24.foods.split(separator: "\n"))
        for line in try CatalogText.foods(foods).split(separator: "\n") { #expect(foodLines.contains(line), "\(line)") }
        let servingLines = USDASR24.servings.split(separator: "\n")
        for food in foods {
            let committed = servingLines.filter { $0.hasPrefix(food.id.rawValue + "\t") }
            let made = try CatalogText.servings([food]).split(separator: "\n").dropFirst()
            #expect(Array(committed) == Array(made))
        }
        #expect(USDASR24.foods.split(separator: "\n").count == 1 + 8858)
        #expect(USDASR24.servings.split(separator: "\n").count == 1 + 15274)
        #expect(USDASR24.foodCount == 8858)
        #expect(USDASR24.servingCount == 15274)
        #expect(USDASR24.source == "USDA SR")
        #expect(USDASR24.release == "24")
    }
}
