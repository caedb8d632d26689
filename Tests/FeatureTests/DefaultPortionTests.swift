import BodiiDomain
import BodiiStore
import Foundation
import TerminalKit
import Testing

@testable import DietFeature

/// One default portion (issue 41 item 2): a food typed without an amount logs the same grams
/// whether it is searched alone (the preview, then Enter Enter Enter) or named in a line
/// ("qwxz and banana"), per food group, with and without the person's last amount. The grams
/// are SR24's own measures: a banana one medium (118 g), not the catalog's first "1 cup, sliced"
/// (150 g); chicken salad 3 oz, which the single path used to count as 1 oz.
@MainActor
@Suite struct DefaultPortionTests {
    static let table: [(words: String, id: String, grams: Double, why: String)] = [
        ("banana", "usda:09040", 118, "a piece: 1 medium (118 g), never 1 cup, sliced (150 g)"),
        ("egg", "usda:01123", 50, "an egg: 1 large (50 g)"),
        ("milk", "usda:01077", 244, "a drink: 1 cup (244 g)"),
        ("white bread", "usda:18069", 28, "bread: 1 slice (28 g)"),
        ("peanut butter", "usda:16397", 32, "a spread: its 2 tbsp measure (32 g), never 1 cup (258 g)"),
        ("olive oil", "usda:04053", 13.5, "oil: 1 tablespoon (13.5 g)"),
        ("almonds", "usda:12061", 28.349523125, "nuts: 1 oz"),
        ("cheddar cheese", "usda:01009", 28.349523125, "cheese: 1 oz"),
        ("chicken salad", "usda:07067", 3 * 28.349523125, "a salad spread: 3 oz"),
        ("broccoli", "usda:11090", 148, "a vegetable: never the 1 bunch (608 g)"),
    ]

    /// The grams the single-food path logs for `id`: the preview's portion, and Enter ×3.
    func single(_ id: String, _ db: TestDatabase) throws -> (preview: Double?, logged: Double?) {
        var search = FoodSearch(catalog: db.repositories, log: db.repositories, day: TestDay.fixed, clock: db.clock)
        let food = try #require(try db.repositories.food(id: FoodID(id)))
        search.results = [food]
        search.select(0)
        let preview = search.shownGrams
        _ = search.handle(.enter)
        _ = search.handle(.enter)
        _ = search.handle(.enter)
        guard case .save(let record) = search.handle(.enter) else { return (preview, nil) }
        return (preview, record.grams)
    }

    /// The grams the line path logs for `words` (a line of one unknown word and the food).
    func line(_ words: String, _ db: TestDatabase, history: [FoodID: Double] = [:]) throws -> (id: String?, grams: Double?) {
        let r = try MealLine.resolve("qwxz and \(words)", catalog: db.repositories, lastGrams: { history[$0] })
        return (r.entries.first?.food.id.rawValue, r.entries.first?.portion.grams)
    }

    @Test func bothPathsLogTheUsualPortionPerFoodGroup() throws {
        let db = try TestDatabase(profile: DemoHistory.profile)
        var wrong: [String] = []
        for c in Self.table {
            let (preview, logged) = try single(c.id, db)
            let (id, grams) = try line(c.words, db)
            for (path, g) in [("preview", preview), ("Enter", logged), ("line", grams)] where g.map({ abs($0 - c.grams) > 0.05 }) ?? true {
                wrong.append("\(c.words) [\(path)]: \(g.map { "\($0) g" } ?? "nothing"), expected \(c.grams) g (\(c.why))")
            }
            if id != c.id && !(c.id == "usda:16397" && id == "usda:16398") { wrong.append("\(c.words): the line found \(id ?? "nothing")") }
        }
        #expect(wrong.isEmpty, "\(wrong.joined(separator: "\n"))")
    }

    /// The person's last amount comes first on both paths, whatever measure it is a number of.
    @Test func bothPathsTakeTheLastAmount() throws {
        let db = try TestDatabase(profile: DemoHistory.profile)
        let yesterday = TestDay.fixed.adding(days: -1)
        for (id, words, grams) in [("usda:09040", "banana", 150.0), ("usda:09040", "banana", 165), ("usda:16397", "peanut butter", 48)] {
            let food = try #require(try db.repositories.food(id: FoodID(id)))
            _ = try db.repositories.addFoodRecord(
                FoodLogging.record(food: food, grams: grams, meal: .breakfast, date: yesterday, loggedAt: db.clock.now.addingTimeInterval(-86_400)))
            let (preview, logged) = try single(id, db)
            let (_, lined) = try line(words, db, history: [food.id: grams])
            #expect(preview == grams && logged == grams && lined == grams, "\(words) last \(grams) g: \(String(describing: (preview, logged, lined)))")
        }
        // Said as what it was: "1.5 medium"? No: 165 g is no quarter of a measure, so grams.
        let banana = try #require(try db.repositories.food(id: FoodID("usda:09040")))
        #expect(UsualPortion.portion(for: banana, lastGrams: 165).label == "165 g")
        #expect(UsualPortion.portion(for: banana, lastGrams: 236).label.hasPrefix("2 medium"))
        #expect(UsualPortion.portion(for: banana, lastGrams: 150).source == .lastTime)
    }
}
