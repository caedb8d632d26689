import Foundation
import Testing
import BodiiDomain
import TerminalKit
@testable import DietFeature

/// A saved meal's preview in the food search describes the whole meal (issue 26: it said "for 100 g").
@MainActor
@Suite struct SavedMealPreviewTests {
    @Test func theWholeMealsTotalsAreShownAsSuch() throws {
        let day = try #require(LocalDate(year: 2026, month: 11, day: 25))
        let items = [
            FoodRecord(
                date: day, meal: .breakfast, foodId: FoodID("custom:1"), foodName: "Oats", grams: 80, kcal: 300, proteinG: 10,
                carbsG: 50, fatG: 6, loggedAt: Date(timeIntervalSince1970: 0)),
            FoodRecord(
                date: day, meal: .breakfast, foodId: FoodID("custom:2"), foodName: "Banana", grams: 120, kcal: 107, proteinG: 1.3,
                carbsG: 27, fatG: 0.4, loggedAt: Date(timeIntervalSince1970: 0)),
        ]
        let meal = SavedMeal(id: 3, name: "Usual breakfast", items: items)
        var buffer = Buffer(width: 34, height: 16, for: snapshotContext)
        NutrientPanel(food: FoodSearch.row(meal), grams: 100, amount: "100 g").render(in: buffer.area, buffer: &buffer, context: snapshotContext)
        let screen = buffer.text
        #expect(screen.contains("for the whole meal") && screen.contains("whole meal"), "\(screen)")
        #expect(!screen.contains("100 g"), "\(screen)")
        let kcalRow = screen.split(separator: "\n").first { $0.hasPrefix("kcal") }.map(String.init) ?? ""
        #expect(kcalRow.split(separator: " ") == ["kcal", "407"], "\(screen)")
        let proteinRow = screen.split(separator: "\n").first { $0.hasPrefix("Protein") }.map(String.init) ?? ""
        #expect(proteinRow.contains("11.3 g"), "\(screen)")
    }
}
