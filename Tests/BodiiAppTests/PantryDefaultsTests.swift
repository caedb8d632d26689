import BodiiApp
import BodiiCLI
import BodiiDocument
import BodiiDomain
import Foundation
import TerminalKit
import Testing

/// Issue 26, the pantry's defaults: a bare quantity takes the item's usual unit, waste defaults
/// like use, and the picker offers what people buy (raw rice, not cooked) — real binary and shell.
@MainActor
@Suite struct PantryDefaultsTests {
    @Test func aQuantityWithoutAUnitIsInTheUnitTheItemWasBoughtIn() throws {
        let folder = try TemporaryFolder()
        let db = folder.path("chicken.sqlite")
        let first = try runBodii(["pantry", "add", "usda:05064", "--qty", "500", "--unit", "g", "--db", db])
        try #require(first.status == 0, "\(first.stderr)")
        let again = try runBodii(["pantry", "add", "usda:05064", "--qty", "500", "--db", db])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdout.contains("Added 500 g of"), "not 500 pieces: \(again.stdout)")
        let listed = try runBodii(["shop", "add", "usda:05064", "--qty", "750", "--db", db])
        #expect(listed.stdout.contains("750 g of"), "\(listed.stdout) \(listed.stderr)")
    }

    @Test func theWasteFormStartsWithTheSameAmountAsTheUseForm() throws {
        let folder = try TemporaryFolder()
        let db = folder.path("bananas.sqlite")
        try #require(try runBodii(["pantry", "add", "banana", "--qty", "6", "--db", db]).status == 0)
        let app = try HeadlessApp(databasePath: db, clock: FixedClock(day: TestClock.today))
        app.press(.escape)  // onboarding, nothing typed
        app.press(.char("8"))
        func quantityLine() -> String {
            app.screen().split(separator: "\n").first { $0.contains("Quantity") && $0.contains("in stock") }.map(String.init) ?? ""
        }
        app.press(.enter)
        #expect(app.screen().contains("Use — "), "\(app.screen())")
        let use = quantityLine()
        app.press(.escape)
        app.press(.char("w"))
        #expect(app.screen().contains("Waste — "), "\(app.screen())")
        #expect(quantityLine() == use && use.contains(" 1 "), "use: \(use)\nwaste: \(quantityLine())")
    }

    @Test func thePickerOffersRawRiceAndDryOatsBeforeCookedOnes() throws {
        let folder = try TemporaryFolder()
        let (_, app) = try demoApp(days: 7, in: folder)
        app.press(.char("8"))
        for query in ["rice", "oatmeal", "coffee"] {
            app.press(.char("a"))
            app.type(query)
            let rows = app.screen(width: 120, height: 40).split(separator: "\n").map(String.init)
            let foods = rows.filter { $0.contains("Rice,") || $0.contains("Cereals, oats") || $0.contains("Coffee,") }
            let first = try #require(foods.first, "\(query): \(rows.joined(separator: "\n"))")
            for word in ["cooked", "prepared", "brewed"] { #expect(!first.contains(word), "\(query): \(first)") }
            app.press(.escape)
        }
    }

    @Test func preparedFormsGoLastInTheirOrder() {
        func food(_ id: String, _ name: String) -> Food {
            Food(id: FoodID(id), name: name, source: "usda", per100g: Nutrients(kcal: 0, proteinG: 0, carbsG: 0, fatG: 0))
        }
        let foods = [
            food("1", "Cereals, oats, regular and quick, unenriched, cooked with water"),
            food("2", "Oil, oat"),
            food("3", "Cereals, oats, regular and quick, not fortified, dry"),
            food("4", "Coffee, brewed from grounds, prepared with tap water"),
        ]
        #expect(PantryDefaults.asBoughtFirst(foods).map(\.id.rawValue) == ["2", "3", "1", "4"])
    }
}
