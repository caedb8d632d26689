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
        _ = search.handle(.tab)  // to the list, the first line highlighted
        _ = search.handle(.tab)
        #expect(search.lineFocus == .list && !search.isEditingText)
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

    /// Tab, then `e` changes the highlighted line's amount (units as the amount step takes them,
    /// nonsense refused in one line) and `f` its food among what its words find; Esc backs out
    /// one level at a time and never logs; nothing is written before Enter.
    @Test func tabThenEOrFChangesALinesAmountOrFood() throws {
        let db = try TestDatabase(profile: DemoHistory.profile)
        var search = FoodSearch(catalog: db.repositories, log: db.repositories, day: TestDay.fixed, clock: db.clock)
        typed("2 eggs, toast and a banana", into: &search)
        #expect(search.line?.entries.map(\.portion.grams) == [100, 22, 118])
        _ = search.handle(.tab)
        _ = search.handle(.char("e"))
        #expect(search.lineFocus == .amount && search.lineField.text == "2" && search.isEditingText)
        typed("lots", into: &search)
        _ = search.handle(.enter)
        #expect(search.lineFocus == .amount && search.lineError != nil, "nonsense is refused in one line")
        _ = search.handle(.escape)
        #expect(search.lineFocus == .list && search.line?.entries.first?.portion.grams == 100, "Esc keeps the amount")
        _ = search.handle(.char("e"))
        typed("3", into: &search)
        _ = search.handle(.enter)
        #expect(search.line?.entries.first?.portion.grams == 150, "3 of its serving (1 large, 50 g)")
        _ = search.handle(.char("j"))
        _ = search.handle(.char("e"))
        typed("2 slices", into: &search)
        _ = search.handle(.enter)
        #expect(search.line?.entries[1].portion.grams == 44)
        _ = search.handle(.char("j"))
        _ = search.handle(.char("f"))
        #expect(search.lineFocus == .food && search.lineChoices.count > 1)
        let other = try #require(search.lineChoices.firstIndex { $0.id.rawValue != "usda:09040" })
        for _ in 0..<other { _ = search.handle(.down) }
        let picked = search.lineChoices[other]
        // The panel shows the highlighted choice read whole (a listing has no fiber) and the
        // portion Enter would log of it.
        #expect(search.shownFood?.id == picked.id && search.shownFood?.per100g.fiberG != nil)
        let shown = try #require(search.shownGrams)
        #expect(search.shownAmount != nil)
        _ = search.handle(.enter)
        #expect(search.line?.entries[2].portion.grams == shown, "Enter logs what the panel showed")
        #expect(search.lineFocus == .list && search.line?.entries[2].food.id == picked.id)
        // The changes stay while more of the line is typed.
        _ = search.handle(.escape)
        #expect(search.lineFocus == .query)
        typed(", 1 cup milk", into: &search)
        #expect(search.line?.entries.map(\.portion.grams).prefix(2) == [150, 44])
        #expect(search.line?.entries[2].food.id == picked.id && search.line?.entries.count == 4)
        #expect(try db.repositories.foodRecords(in: DateRange(start: TestDay.fixed, end: TestDay.fixed)).isEmpty, "nothing written")
        guard case .logLine(let records, _) = search.handle(.enter) else {
            Issue.record("Enter did not log the line")
            return
        }
        let expected = [150, 44, search.line?.entries[2].portion.grams ?? 0, 244]
        #expect(zip(records.compactMap(\.grams), expected).allSatisfy { abs($0 - $1) < 0.01 } && records.count == 4, "\(records.map(\.grams))")
        // Esc from the query closes: nothing logged.
        #expect(search.handle(.escape) == .close)
    }
}
