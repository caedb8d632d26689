import BodiiDomain
import Foundation
import GRDB

/// The nutrients of logged food, summed in SQLite (PRODUCT.md §11): per day and nutrient, the sum
/// over the entries that know it (SUM skips NULL) and how many know it, so "≥" needs no second read.
/// Nutrient totals of the food log.
public struct NutrientIntakeStore: StoreBacked, Sendable {
    let connection: StoreConnection
}

extension NutrientIntakeStore: NutrientIntakeRepository {
    /// `SELECT date, count(*), sum(water_g), count(water_g), …` over a range of days.
    /// Each day's entry count, then the sum and count of each of `keys`' columns.
    /// From a subquery that names each column once (SQLite flattens it: the same plan, the same
    /// sums): GRDB's authorizer is called for every column reference (~12 K instructions each), and
    /// the twice-named columns cost more than the flattening (`today --json` −0.2 M instructions).
    static func intakeSQL(_ keys: [NutrientKey]) -> String {
        "SELECT date, count(*), "
            + keys.map { "sum(\($0.rawValue)), count(\($0.rawValue))" }.joined(separator: ", ")
            + " FROM (SELECT date, " + keys.map(\.rawValue).joined(separator: ", ")
            + " FROM food_record WHERE date BETWEEN ? AND ?) GROUP BY date ORDER BY date"
    }

    static let intakeSQL = intakeSQL(NutrientKey.allCases)

    public func nutrientIntakes(in range: DateRange) throws -> [LocalDate: NutrientIntake] {
        try intakes(in: range, of: NutrientKey.allCases, sql: Self.intakeSQL)
    }

    public func nutrientIntakes(in range: DateRange, of keys: [NutrientKey]) throws -> [LocalDate: NutrientIntake] {
        try intakes(in: range, of: keys, sql: Self.intakeSQL(keys))
    }

    private func intakes(in range: DateRange, of keys: [NutrientKey], sql: String) throws -> [LocalDate: NutrientIntake] {
        try completeNutrientFill()
        var intakes = try read { db in
            var intakes: [LocalDate: NutrientIntake] = [:]
            let rows = try Row.fetchCursor(
                db.cachedStatement(sql: sql), arguments: [SQLText.date(range.start), SQLText.date(range.end)])
            while let row = try rows.next() {
                let day = try SQLText.localDate(try row.decode(String.self, atIndex: 0), column: "food_record.date")
                let entries = try row.decode(Int.self, atIndex: 1)
                var intake = NutrientIntake(entryCount: entries)
                for (i, key) in keys.enumerated() {
                    let knowing = try row.decode(Int.self, atIndex: 3 + 2 * i)
                    if knowing > 0, let sum = try row.decode(Double?.self, atIndex: 2 + 2 * i) { intake.amounts[key] = sum }
                    if knowing < entries { intake.partial.insert(key) }
                }
                intakes[day] = intake
            }
            return intakes
        }
        try markEstimates(&intakes, in: range, of: keys)
        return intakes
    }

    public func nutrientSources(on day: LocalDate, nutrient: NutrientKey) throws -> [NutrientSource] {
        try completeNutrientFill()
        let column = nutrient.rawValue  // a NutrientKey's raw value is its column name
        let sql = """
            SELECT id, food_id, food_name, grams, \(column), kcal FROM food_record WHERE date = ?
            ORDER BY \(column) IS NULL, \(column) DESC, id
            """
        let sources = try read { db in
            try Row.fetchAll(db.cachedStatement(sql: sql), arguments: [SQLText.date(day)]).map { row in
                NutrientSource(
                    entryId: try row.decode(atIndex: 0), foodId: FoodID(try row.decode(atIndex: 1)),
                    foodName: try row.decode(atIndex: 2), grams: try row.decode(atIndex: 3), amount: try row.decode(atIndex: 4),
                    kcal: try row.decode(atIndex: 5))
            }
        }
        return markEstimates(sources, nutrient: nutrient)
    }

    /// Entries logged before v13 wait for the catalog's re-seed to get its new nutrients (see
    /// `NutrientMigrations.nutrientsV13`): a read of intakes seeds first when any still wait (one indexed read
    /// otherwise).
    func completeNutrientFill() throws {
        guard !readsOnly else { return }
        // Saved meal items from before v13 wait the same way (v17).
        let waiting = try read { db in
            try Bool.fetchOne(
                db,
                sql: """
                    SELECT EXISTS (SELECT 1 FROM food_record_nutrient_fill) OR EXISTS (SELECT 1 FROM saved_meal_item_nutrient_fill)
                    """) ?? false
        }
        if waiting { try FoodCatalogStore(connection: connection).prepareFoodCatalog() }
    }
}
