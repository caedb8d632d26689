import BodiiDomain
import Foundation
import GRDB
import USDACatalogData

/// The catalog supplement's estimated values (`CatalogEstimates`, made when the catalog is built by
/// `SupplementEstimates`' rule in BodiiImport), read once: the seeder fills them into the foods, and
/// nutrient reads mark what an entry of such a food took from them.
struct CatalogEstimateTable: Sendable {
    struct Food: Sendable {
        let donorId: String
        let donorName: String
        /// Per 100 g, each nutrient the food lacks and takes from its donor.
        let values: [NutrientKey: Double]
    }

    let foods: [FoodID: Food]

    /// The shipped table; a line it cannot read is left out (a test holds every line readable).
    static let shipped = CatalogEstimateTable(text: CatalogEstimates.foods)

    init(text: String) {
        // Split as bytes (tab and newline are ASCII): split as characters, grapheme by grapheme,
        // it was a third of this table's reading, which every command that opens the database pays.
        var lines = text.utf8.split(separator: UInt8(ascii: "\n")).map { line in
            line.split(separator: UInt8(ascii: "\t"), omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        }
        guard !lines.isEmpty else {
            foods = [:]
            return
        }
        let header = lines.removeFirst()
        var foods: [FoodID: Food] = [:]
        for fields in lines where fields.count == header.count && fields.count > 3 {
            var values: [NutrientKey: Double] = [:]
            for (column, field) in zip(header, fields).dropFirst(3) {
                if let key = NutrientKey(rawValue: column), let value = Double(field), value.isFinite, value >= 0 { values[key] = value }
            }
            foods[FoodID(fields[0])] = Food(donorId: fields[1], donorName: fields[2], values: values)
        }
        self.foods = foods
    }

    /// The nutrients estimated for any food.
    var keys: Set<NutrientKey> { foods.values.reduce(into: []) { $0.formUnion($1.values.keys) } }

    /// Fills each estimated food's unknown values from its row; inside the seed's transaction, after
    /// the supplement's foods went in. A value the food knows is never replaced.
    func fill(_ db: Database) throws {
        for (id, food) in foods.sorted(by: { $0.key.rawValue < $1.key.rawValue }) where !food.values.isEmpty {
            let keys = food.values.keys.sorted { $0.rawValue < $1.rawValue }
            let sets = keys.map { "\($0.rawValue) = coalesce(\($0.rawValue), ?)" }.joined(separator: ", ")
            let arguments = StatementArguments(keys.map { food.values[$0] }) + [id.rawValue]
            try db.execute(sql: "UPDATE food SET \(sets) WHERE id = ?", arguments: arguments)
        }
    }
}

extension NutrientIntakeStore {
    /// Marks the nutrients of `intakes` that take an estimated value: a day with an entry of an
    /// estimated food that holds the value (an entry logged before the estimate existed keeps it
    /// unknown, and is partial, not estimated).
    func markEstimates(_ intakes: inout [LocalDate: NutrientIntake], in range: DateRange, of keys: [NutrientKey]) throws {
        let table = CatalogEstimateTable.shipped
        let estimable = keys.filter(table.keys.contains)
        guard !intakes.isEmpty, !estimable.isEmpty else { return }
        let ids = table.foods.keys.map(\.rawValue).sorted()
        let arguments = StatementArguments([SQLText.date(range.start), SQLText.date(range.end)] + ids)
        let entries = " FROM food_record WHERE date BETWEEN ? AND ? AND food_id IN (" + ids.map { _ in "?" }.joined(separator: ", ") + ")"
        let sql = "SELECT DISTINCT date, food_id, " + estimable.map { "\($0.rawValue) IS NOT NULL" }.joined(separator: ", ") + entries
        try read { db in
            // Most ranges hold no entry of an estimated food: a two-column statement says so before
            // the one that names every estimable column (GRDB's authorizer is called for each
            // column a statement reads: ~0.8 M instructions to prepare it, a `today --json`'s 2 %).
            guard try Bool.fetchOne(db.cachedStatement(sql: "SELECT EXISTS (SELECT 1" + entries + ")"), arguments: arguments) == true
            else { return }
            // Cached: the Nutrients view and the insights ask it after every write.
            let rows = try Row.fetchCursor(db.cachedStatement(sql: sql), arguments: arguments)
            while let row = try rows.next() {
                let day = try SQLText.localDate(try row.decode(String.self, atIndex: 0), column: "food_record.date")
                guard let food = table.foods[FoodID(try row.decode(String.self, atIndex: 1))] else { continue }
                for (i, key) in estimable.enumerated() where food.values[key] != nil {
                    if try row.decode(Bool.self, atIndex: 2 + i) { intakes[day]?.estimated.insert(key) }
                }
            }
        }
    }

    /// `sources` with the donor named where an entry's amount of `nutrient` was estimated.
    func markEstimates(_ sources: [NutrientSource], nutrient: NutrientKey) -> [NutrientSource] {
        let table = CatalogEstimateTable.shipped
        return sources.map { source in
            var source = source
            if source.amount != nil, let food = table.foods[source.foodId], food.values[nutrient] != nil {
                source.estimatedFrom = food.donorName
            }
            return source
        }
    }
}
