import BodiiDomain
import GRDB

extension NutrientMigrations {
    /// v14 (issue 27): the user's nutrient settings. Only what differs from the DRI is a row, so
    /// the defaults keep following the profile's age and sex.
    static func nutrientPreferencesV14(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE nutrient_preference (
                    nutrient TEXT PRIMARY KEY NOT NULL CHECK (length(nutrient) BETWEEN 1 AND 64),
                    amount REAL CHECK (amount IS NULL OR (amount >= 0 AND amount < 1e9)),
                    hidden INTEGER NOT NULL DEFAULT 0 CHECK (hidden IN (0, 1))
                );
                """)
        try FiniteGuards.installLegacyTriggers(db)
    }
}

/// A row of `nutrient_preference` (one a nutrient that differs from the DRI), written by column
/// name and read by index.
struct NutrientPreferenceRow: IndexedStoredRow {
    static let databaseTableName = "nutrient_preference"
    static let columnList = columnNames.joined(separator: ", ")

    var nutrient: String
    var amount: Double?
    var hidden: Bool

    enum CodingKeys: String, CodingKey, CaseIterable {
        case nutrient, amount, hidden
    }

    init(reading row: inout ColumnReader) throws {
        nutrient = try row.next(CodingKeys.nutrient)
        amount = try row.next(CodingKeys.amount)
        hidden = try row.next(CodingKeys.hidden)
    }

    init(_ p: NutrientPreference) {
        nutrient = p.key.rawValue
        amount = p.amount
        hidden = p.hidden
    }

    /// Its rows, in SQL: GRDB's query interface (`fetchAll(db)`) first works out the table's primary
    /// key from the schema to narrow what it would observe, which was 3.3 M of `today --json`'s
    /// 41 M instructions for a table of a few rows.
    static let selectAll = "SELECT \(columnList) FROM \(databaseTableName)"

    /// The preference, nil for a key this build does not know (a newer Bodii wrote it).
    var preference: NutrientPreference? {
        NutrientKey(rawValue: nutrient).map { NutrientPreference(key: $0, amount: amount, hidden: hidden) }
    }
}

/// The nutrient targets' preferences.
public struct NutrientPreferenceStore: StoreBacked, Sendable {
    let connection: StoreConnection
}

extension NutrientPreferenceStore: NutrientPreferenceRepository {
    public func nutrientPreferences() throws -> [NutrientKey: NutrientPreference] {
        try read { db in
            var result: [NutrientKey: NutrientPreference] = [:]
            for row in try NutrientPreferenceRow.readAll(db.cachedStatement(sql: NutrientPreferenceRow.selectAll)) {
                if let preference = row.preference { result[preference.key] = preference }
            }
            return result
        }
    }

    public func saveNutrientPreference(_ preference: NutrientPreference) throws {
        try write { db in
            if preference.isDefault {
                try NutrientPreferenceRow.deleteOne(db, key: preference.key.rawValue)
            } else {
                try NutrientPreferenceRow(preference).insert(db, onConflict: .replace)
            }
        }
    }
}
