import Foundation
import GRDB
import Testing
@testable import BodiiStore

/// The smaller tables' GRDB records (StoredRow and its kin) name every column of their table,
/// once: a migration that adds a column the record does not read or write fails here, not as a
/// value silently left to its default or NULL.
@Suite struct StoredRowTests {
    static let rows: [any NamedColumnsRow.Type] = [
        GroceryItemRow.self, PurchaseRow.self, StockLotRow.self, StockUseRow.self, ShoppingListItemRow.self, BudgetRow.self,
        GoalRow.self, CheckInRow.self, ActivitySnapshotRow.self, NutrientPreferenceRow.self,
        ReviewRow.self, ReviewItemRow.self, ActionRow.self,
        FavouriteFoodRow.self, SavedMealRow.self, SavedMealItemRow.self, RecipeRow.self, IngredientRow.self,
        MeasurementRow.self, FastRow.self, ProfileRow.self, FoodRow.self, FoodServingRow.self, FoodCatalogRow.self,
    ]

    func tableColumns(_ table: String) throws -> Set<String> {
        let queue = try DatabaseQueue()
        try Schema.migrate(queue)
        return try queue.read { db in Set(try db.columns(in: table).map(\.name)) }
    }

    @Test(arguments: rows.map { ($0.databaseTableName, $0.columnNames) })
    func aRowNamesEachColumnOfItsTableOnce(table: String, columns: [String]) throws {
        #expect(Set(columns) == (try tableColumns(table)))
        #expect(Set(columns).count == columns.count)
    }

    @Test func everyRowHasATableOfItsOwn() {
        #expect(Set(Self.rows.map { $0.databaseTableName }).count == Self.rows.count)
    }
}
