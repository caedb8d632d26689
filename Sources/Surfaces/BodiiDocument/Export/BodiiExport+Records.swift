import BodiiDomain
import BodiiStore
import Foundation
import ZIPFoundation

extension BodiiExport {
    // MARK: - One record each (the long histories, written a page at a time by `writeJSON`)

    /// What a logged food (or a saved meal's item) copied when it was logged.
    package static func entry(_ f: FoodRecord) -> [(String, JSONValue)] {
        [
            ("food_id", .string(f.foodId.rawValue)), ("food_name", .string(f.foodName)), ("grams", num(f.grams)), ("kcal", .number(f.kcal)),
            ("protein_g", .number(f.proteinG)), ("carbs_g", .number(f.carbsG)), ("fat_g", .number(f.fatG)), ("fiber_g", num(f.fiberG)),
            ("sugars_g", num(f.sugarsG)), ("saturated_fat_g", num(f.saturatedFatG)), ("sodium_mg", num(f.sodiumMg)),
        ]
    }

    /// An entry's other nutrients (issue 27), after all the fields a record had before, so the CSV's
    /// columns before them stay where scripts expect them.
    static func laterNutrients(_ f: FoodRecord) -> [(String, JSONValue)] { laterNutrients(entryKeys) { f.nutrients[$0] } }

    /// The nutrients an entry (or a food) carried before issue 27 keep their place after the macros;
    /// every other `NutrientKey` follows at the end, in PRODUCT.md §11's order (null = unknown).
    static let entryKeys: [NutrientKey] = [.fiberG, .sugarsG, .saturatedFatG, .sodiumMg]
    static let foodKeys: [NutrientKey] =
        entryKeys + [.cholesterolMg, .potassiumMg, .calciumMg, .ironMg, .vitaminCMg, .vitaminDUg]

    static func laterNutrients(_ written: [NutrientKey], _ value: (NutrientKey) -> Double?) -> [(String, JSONValue)] {
        NutrientKey.allCases.filter { !written.contains($0) }.map { ($0.rawValue, num(value($0))) }
    }

    package static func servings(_ list: [FoodServing]) -> JSONValue {
        .array(list.map { serving -> JSONValue in .object([("label", .string(serving.label)), ("grams", .number(serving.grams))]) })
    }

    /// Every table of the schema and where the export carries it, or why it need not: the test
    /// `everyTableIsExportedOrDeclaredDerived` fails when a migration adds a table not named here.
    package static let tables: [String: String] = [
        "profile": "profile", "metabolism_snapshot": "body (bmr, tdee, formula, activity_level)",
        "food": "custom_foods and recipes (the shipped catalog is seeded by every Bodii)",
        "food_serving": "custom_foods.servings, recipes.food_servings",
        "goal": "goals",
        "review_item": "review_items", "action": "actions",
        "favourite_food": "favourites", "saved_meal": "saved_meals", "saved_meal_item": "saved_meals.items",
        "recipe": "recipes", "recipe_ingredient": "recipes.ingredients",
        "grocery_item": "grocery_items", "purchase": "purchases", "stock_lot": "stock_lots", "stock_use": "stock_uses",
        "shopping_list_item": "shopping_list", "budget": "budget",
        "nutrient_preference": "nutrient_preferences",
        // Derived or internal:
        "daily_log": "derived: sums of the day's records, rewritten by every write",
        "review": "derived: one per period that has review notes or actions (their period and start)",
        "shopping_list": "derived: the one list \"Shopping\", made with its first entry",
        "food_catalog": "derived: which shipped catalog release is seeded",
        "custom_food_number": "internal: the numbers custom foods and recipes have used (their ids carry them)",
        "grdb_migrations": "internal: the applied migrations",
        "sync_device": "internal: the number this database syncs under (a file's own, never carried to another)",
        "sync_id_counter": "internal: the last id this database handed out per table since it joined sync",
        "food_record_nutrient_fill": "internal: entries logged before v13 that wait, once, for the re-seeded catalog's nutrients",
        "saved_meal_item_nutrient_fill":
            "internal: saved meal items from before v13 that wait, once, for the re-seeded catalog's nutrients",
        "migration_repair":
            "internal: what migration v10 repaired on this database (non-finite numbers), a record of this file, not of the data",
    ]

    /// Where the export carries `table`, or why it need not; nil for a table nobody has thought
    /// about. Food search's index and bookkeeping (`food_fts…`, `food_search_…`) are made from `food`.
    static func coverage(of table: String) -> String? {
        if table.hasPrefix("food_fts") || table.hasPrefix("food_search_") { return "derived: food search's index of food" }
        if table.hasPrefix("sync_") { return "internal: this device's sync bookkeeping (clocks, outbox, files applied; BodiiSync)" }
        return tables[table] ?? recordKinds.first { $0.table == table }?.listKey
    }

    package static func nutrients(_ n: Nutrients) -> JSONValue {
        .object(
            [
                ("kcal", .number(n.kcal)), ("protein_g", .number(n.proteinG)), ("carbs_g", .number(n.carbsG)), ("fat_g", .number(n.fatG)),
                ("fiber_g", num(n.fiberG)), ("sugars_g", num(n.sugarsG)), ("saturated_fat_g", num(n.saturatedFatG)),
                ("sodium_mg", num(n.sodiumMg)), ("cholesterol_mg", num(n.cholesterolMg)), ("potassium_mg", num(n.potassiumMg)),
                ("calcium_mg", num(n.calciumMg)), ("iron_mg", num(n.ironMg)), ("vitamin_c_mg", num(n.vitaminCMg)),
                ("vitamin_d_ug", num(n.vitaminDUg)),
            ] + laterNutrients(foodKeys) { n.values[$0] })
    }

    /// The document pretty enough to diff: one record per line.
    package static func document(_ value: JSONValue) -> String {
        guard let pairs = value.fields else { return value.text }
        return "{\n" + pairs.map(line).joined(separator: ",\n") + "\n}\n"
    }

    /// One top-level entry of `document`: a list with one record per line.
    package static func line(_ pair: (String, JSONValue)) -> String {
        var line = "  " + JSONValue.quote(pair.0) + ": "
        if let items = pair.1.items, !items.isEmpty {
            line += "[\n" + items.map { "    " + $0.text }.joined(separator: ",\n") + "\n  ]"
        } else {
            line += pair.1.text
        }
        return line
    }

    /// A top-level part of the document: a value written whole, or a list whose records are read
    /// as they are written.
    enum Part {
        case value(JSONValue)
        case list(forEach: ((JSONValue) throws -> Void) throws -> Void)
    }

    /// The document's parts in order, as `json(load(…))` has them, without ever holding it whole
    /// (PRODUCT.md §9: memory stays flat whatever the history's length): the long histories are
    /// read a quarter of days at a time and the pantry's lists a row at a time; the rest (profile,
    /// goals, the meal library, reviews) is small and read whole. The JSON and CSV exports walk it.
    static func eachPart(
        from r: SQLiteRepositories, range: DateRange, shownRange: DateRange?, exportedAt: Date,
        _ body: (String, Part) throws -> Void
    ) throws {
        try r.readingWholeHistory {
            var library = try loadLibrary(from: r, range: range)
            // The pantry's lists go out a row at a time from its rows (only its budget in `head`).
            let pantry = PantryExport.Rows(library.pantry)
            library.pantry = PantryBatch()
            library.pantry.budget = pantry.b.budget
            let head = json(library, exportedAt: exportedAt, range: shownRange)
            for (key, value) in head.fields ?? [] {
                guard let items = value.items else {
                    try body(key, .value(value))
                    continue
                }
                try body(
                    key,
                    .list { emit in
                        if historyKinds.contains(key) {
                            try eachHistoryRecord(key, from: r, in: range, emit)
                        } else if PantryExport.listKeys.contains(key) {
                            for index in pantry.records(key) { try emit(pantry.json(key, at: index)) }
                        } else {
                            for record in items { try emit(record) }
                        }
                    })
            }
        }
    }

    /// `document(json(load(…)))`, written as it is read: each record straight to `sink`.
    package static func writeJSON(
        from r: SQLiteRepositories, range: DateRange, shownRange: DateRange?, exportedAt: Date,
        to sink: some ExportSink
    ) throws {
        try sink.write("{\n")
        var first = true
        try eachPart(from: r, range: range, shownRange: shownRange, exportedAt: exportedAt) { key, part in
            if !first { try sink.write(",\n") }
            first = false
            switch part {
            case .value(let value):
                try sink.write(line((key, value)))
            case .list(let forEach):
                // One record per line, as `line` writes a list, without making it one string.
                try sink.write("  " + JSONValue.quote(key) + ": ")
                var count = 0
                try forEach { record in
                    try sink.write((count == 0 ? "[\n    " : ",\n    ") + record.text)
                    count += 1
                }
                try sink.write(count == 0 ? "[]" : "\n  ]")
            }
        }
        try sink.write("\n}\n")
    }

    static let historyKinds = Set(recordKinds.map { $0.listKey })

    /// The records of one long history in `range`, in date then id order (what a whole-range read
    /// gives), read a quarter of days at a time.
    static func eachHistoryRecord(
        _ kind: String, from r: SQLiteRepositories, in range: DateRange,
        _ emit: (JSONValue) throws -> Void
    ) throws {
        var start = range.start
        while start <= range.end {
            let end = min(start.adding(days: 91), range.end)
            let page = DateRange(start: start, end: end)
            guard let recordKind = recordKind(kind) else { return }
            try recordKind.emit(from: r, in: page, emit)
            start = end.adding(days: 1)
        }
    }
}
