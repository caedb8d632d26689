import BodiiDomain
import Foundation

// What `import bodii` decodes (with `JSONDecoder`, which reads numbers exactly): one type per kind
// of record of the document `BodiiExport` writes (PRODUCT.md §9; a `DocumentRecordKind` holds its own). Properties are named as the
// document spells its keys, so a decoding error names the field as the file has it; every one
// is optional, so a missing field is refused by `DocumentFields` with the record's place and the
// field's name, the same one-line message as a field of the wrong type (`DocumentDecoding`).
// Whole numbers are read as numbers and checked whole by `DocumentFields`, as 30.0 is written 30.

/// A record that says where it came from.
package protocol ProvenancedRecord {
    var source: String? { get }
    var external_id: String? { get }
}

struct ProfileRecord: Decodable {
    package var name: String?, sex: String?, birth_date: String?, height_cm: Double?, activity_level: String?
    package var unit_system: String?, theme_name: String?, check_in_template: String?
}

struct GoalRecord: Decodable {
    package var type: String?, target_weight_kg: Double?, target_body_fat_percent: Double?, weekly_rate_kg: Double?
    var daily_calorie_target: Double?, protein_g: Double?, carbs_g: Double?, fat_g: Double?, is_active: Bool?
    package var created_on: String?, protein_per_kg: Double?, adds_exercise_back: Bool?
    // Issue 43's targets; absent in an export from before them (today's rule).
    package var calorie_source: String?, fixed_kcal: Double?, macro_split: String?, protein_rule: String?, protein_value: Double?
    package var fat_share: Double?, fat_grams: Double?, carbs_grams: Double?
    /// Carbs counted net with any split (v20); absent: total.
    package var net_carbs: Bool?
    /// "logged" or "estimated" (v25); absent in older files: logged.
    package var body_fat_source: String?
}

/// Every §11 nutrient a record names (keyed as `NutrientKey` spells them; absent or null is unknown).
package struct NutrientFields: Decodable {
    package var values: [NutrientKey: Double] = [:]

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    package init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        for key in NutrientKey.allCases {
            values[key] = try container.decodeIfPresent(Double.self, forKey: Key(stringValue: key.rawValue))
        }
    }
}

package struct NutrientsRecord: Decodable {
    package var kcal: Double?, protein_g: Double?, carbs_g: Double?, fat_g: Double?
    package var nutrients: NutrientFields

    private enum CodingKeys: String, CodingKey { case kcal, protein_g, carbs_g, fat_g }

    package init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        kcal = try container.decodeIfPresent(Double.self, forKey: .kcal)
        protein_g = try container.decodeIfPresent(Double.self, forKey: .protein_g)
        carbs_g = try container.decodeIfPresent(Double.self, forKey: .carbs_g)
        fat_g = try container.decodeIfPresent(Double.self, forKey: .fat_g)
        nutrients = try NutrientFields(from: decoder)
    }
}

package struct ServingRecord: Decodable {
    package var label: String?, grams: Double?
}

struct CustomFoodRecord: Decodable {
    package var id: String?, name: String?, per_100g: NutrientsRecord?, servings: [ServingRecord]?
}

package struct IngredientRecord: Decodable {
    package var food_id: String?, grams: Double?
}

struct RecipeRecord: Decodable, ProvenancedRecord {
    package var food_id: String?, name: String?, per_100g: NutrientsRecord?, food_servings: [ServingRecord]?
    package var ingredients: [IngredientRecord]?, servings: Double?, created_at: String?, source: String?, external_id: String?
}

/// A logged food, or an item of a saved meal (which has no date, meal, time or provenance).
@dynamicMemberLookup
package struct FoodEntryRecord: Decodable, ProvenancedRecord {
    package struct Fields: Decodable {
        package var date: String?, meal: String?, food_id: String?, food_name: String?, grams: Double?, kcal: Double?
        package var protein_g: Double?, carbs_g: Double?, fat_g: Double?, logged_at: String?, source: String?, external_id: String?
    }

    package var fields: Fields
    package var nutrients: NutrientFields

    package init(from decoder: Decoder) throws {
        fields = try Fields(from: decoder)
        nutrients = try NutrientFields(from: decoder)
    }

    package subscript<T>(dynamicMember path: KeyPath<Fields, T>) -> T { fields[keyPath: path] }
    package var source: String? { fields.source }
    package var external_id: String? { fields.external_id }
}

struct SavedMealRecord: Decodable, ProvenancedRecord {
    package var name: String?, meal: String?, items: [FoodEntryRecord]?, created_at: String?, source: String?, external_id: String?
}

struct NutrientPreferenceRecord: Decodable {
    package var nutrient: String?, amount: Double?, hidden: Bool?
}

struct FavouriteRecord: Decodable {
    package var food_id: String?, added_at: String?
}

struct ReviewItemRecord: Decodable, ProvenancedRecord {
    package var period: String?, start: String?, kind: String?, text: String?, problem: String?, source: String?, external_id: String?
}

struct ActionRecord: Decodable, ProvenancedRecord {
    package var period: String?, start: String?, text: String?, `try`: String?, due: String?, status: String?, drop_note: String?
    package var metric: String?, target: Double?, created_on: String?, closed_on: String?, source: String?, external_id: String?
}

// MARK: - The pantry (PRODUCT.md §10): rows name the rows they belong to by external id.

struct GroceryItemRecord: Decodable, ProvenancedRecord {
    package var name: String?, food_id: String?, shelf_life_days: Double?, take_when_logging: Bool?
    var minimum_quantity: Double?, minimum_unit: String?, source: String?, external_id: String?
}

struct PurchaseRecord: Decodable, ProvenancedRecord {
    package var item: String?, date: String?, quantity: Double?, unit: String?, grams: Double?, price: Double?
    package var currency: String?, store: String?, source: String?, external_id: String?
}

struct StockLotRecord: Decodable, ProvenancedRecord {
    package var item: String?, purchase: String?, quantity: Double?, unit: String?, left: Double?, purchased_on: String?
    package var best_before: String?, opened: Bool?, price: Double?, currency: String?, store: String?
    package var source: String?, external_id: String?
}

struct StockUseRecord: Decodable, ProvenancedRecord {
    package var lot: String?, date: String?, amount: Double?, kind: String?, value: Double?, currency: String?
    var food_record_id: Double?, source: String?, external_id: String?
}

struct ShoppingListRecord: Decodable, ProvenancedRecord {
    package var item: String?, quantity: Double?, unit: String?, store: String?, added_on: String?, bought_on: String?
    package var purchase: String?, source: String?, external_id: String?
}

struct BudgetRecord: Decodable {
    package var period: String?, amount: Double?, currency: String?, set_on: String?
}
