import BodiiDomain
import GRDB

extension Schema {
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

/// The nutrient targets' preferences.
public struct NutrientPreferenceStore: StoreBacked, Sendable {
    let connection: StoreConnection
}

extension NutrientPreferenceStore: NutrientPreferenceRepository {
    public func nutrientPreferences() throws -> [NutrientKey: NutrientPreference] {
        try read { db in
            var result: [NutrientKey: NutrientPreference] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT nutrient, amount, hidden FROM nutrient_preference") {
                // A key this build does not know (a newer Bodii wrote it) is left alone.
                guard let key = NutrientKey(rawValue: row["nutrient"]) else { continue }
                result[key] = NutrientPreference(key: key, amount: row["amount"], hidden: row["hidden"])
            }
            return result
        }
    }

    public func saveNutrientPreference(_ preference: NutrientPreference) throws {
        try write { db in
            if preference.isDefault {
                try db.execute(sql: "DELETE FROM nutrient_preference WHERE nutrient = ?", arguments: [preference.key.rawValue])
            } else {
                try db.execute(
                    sql: "INSERT OR REPLACE INTO nutrient_preference (nutrient, amount, hidden) VALUES (?, ?, ?)",
                    arguments: [preference.key.rawValue, preference.amount, preference.hidden])
            }
        }
    }
}
