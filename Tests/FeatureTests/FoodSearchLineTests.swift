import BodiiDomain
import BodiiStore
import DietFeature
import TerminalKit
import Testing

/// The Diet search reads a whole line (issue 41): the list shows what Enter logs, Tab moves
/// between its lines, the amount field takes units, and nonsense there is refused in one line.
@MainActor
@Suite struct FoodSearchLineTests {
    func typed(_ text: String, into search: inout FoodSearch) {
        for c in text { _ = search.handle(.char(c)) }
    }

    @Test func aLineIsListedAndEnterLogsEveryFoodOfIt() throws {
        let db = try TestDatabase(profile: DemoHistory.profile)
        var search = FoodSearch(catalog: db.repositories, log: db.repositories, day: TestDay.fixed, clock: db.clock)
        typed("2 eggs, 1 slice whole wheat toast and a coffee with milk", into: &search)
        let line = try #require(search.line)
        #expect(line.entries.map(\.food.id.rawValue) == ["usda:01123", "usda:18076", "usda:14209", "usda:01077"])
        #expect(line.entries.first?.portion.grams == 100)
        #expect(search.keyMap.bindings.contains { $0.keys.contains(.tab) })
        _ = search.handle(.tab)
        #expect(search.lineSelected == 1 && search.shownFood?.id.rawValue == "usda:18076")
        guard case .logLine(let records, let unmatched) = search.handle(.enter) else {
            Issue.record("Enter did not log the line")
            return
        }
        #expect(records.count == 4 && unmatched.isEmpty)
        #expect(records.allSatisfy { $0.date == TestDay.fixed && $0.meal == search.likelyMeal })
    }

    @Test func oneFoodStillSearchesAndTheAmountFieldTakesUnits() throws {
        let db = try TestDatabase(profile: DemoHistory.profile)
        var search = FoodSearch(catalog: db.repositories, log: db.repositories, day: TestDay.fixed, clock: db.clock)
        typed("peanut butter", into: &search)
        #expect(search.line == nil && !search.results.isEmpty)
        _ = search.handle(.enter)
        // The usual portion of a spread is a tablespoon, never the catalog's first measure (1 cup).
        #expect(search.serving?.serving.map { $0.grams <= 32 } == true, "\(String(describing: search.serving))")
        _ = search.handle(.enter)
        for bad in ["lots", "2 cans", "9 kg"] {
            _ = search.handle(.ctrl("u"))
            typed(bad, into: &search)
            _ = search.handle(.enter)
            #expect(search.step == .amount && search.amountError != nil, "\(bad)")
        }
        _ = search.handle(.ctrl("u"))
        typed("2 tbsp", into: &search)
        _ = search.handle(.enter)
        #expect(search.step == .meal && search.shownGrams == 32)
    }
}
