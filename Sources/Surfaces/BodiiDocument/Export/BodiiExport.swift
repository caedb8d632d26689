import BodiiDomain
import BodiiStore
import Foundation
import ZIPFoundation

/// `bodii export --format json` (PRODUCT.md §9): one document with the profile, goals, custom foods
/// and every record, metric, in a fixed key order. Records carry `source` and `external_id`; one
/// Bodii made itself gets "<kind>/<id>" as its external id, so importing the document into another
/// database twice adds nothing the second time, and exporting that database gives the same
/// document (but the export time).
package enum BodiiExport {
    package static let format = "bodii-export"
    package static let version = 1

    package struct Document {
        package var profile: Profile?
        package var goals: [Goal] = []
        package var customFoods: [Food] = []
        /// The meal library (PRODUCT.md §9): recipes with their food rows and ingredients, saved
        /// meals with their items, favourites in the order they were marked.
        package var recipes: [LibraryRecipe] = []
        package var savedMeals: [LibrarySavedMeal] = []
        package var favourites: [LibraryFavourite] = []
        /// The user's own nutrient targets and hidden nutrients (only what differs from the DRI).
        var nutrientPreferences: [NutrientPreference] = []
        /// The records of each `DocumentRecordKind` by its list key (read with `d[FastExport.self]`).
        var kindRecords: [String: Any] = [:]
        /// Review notes and actions (PRODUCT.md §8); a Try names its Problem and an action its Try
        /// by the note's `external_id`, so the links survive the ids of another database.
        package var reviewItems: [ReviewItem] = []
        package var actions: [ReviewAction] = []
        /// The whole pantry (PRODUCT.md §10), whatever the range: its rows link by external id.
        package var pantry = PantryBatch()
    }

    /// Everything but the long histories (`recordKinds`):
    /// what `writeJSON` holds in memory while it pages through those.
    static func loadLibrary(from r: SQLiteRepositories, range: DateRange) throws -> Document {
        var d = Document()
        d.profile = try r.loadProfile()
        d.goals = try r.goalHistory()
        d.customFoods = try r.customFoods()
        d.recipes = try r.libraryRecipes()
        d.savedMeals = try r.librarySavedMeals()
        d.favourites = try r.libraryFavourites()
        d.nutrientPreferences = try r.nutrientPreferences().values.sorted { $0.key < $1.key }
        (d.reviewItems, d.actions) = try r.reviewHistory(startingIn: range)
        d.pantry = try PantryExport.load(from: r)
        return d
    }

    /// The whole document in memory (the CSV export and tests; the JSON export streams).
    package static func load(from r: SQLiteRepositories, range: DateRange) throws -> Document {
        var d = try loadLibrary(from: r, range: range)
        for kind in recordKinds { try kind.load(&d, from: r, in: range) }
        return d
    }

    // MARK: - JSON

    /// "2026-11-21T06:10:00.000Z": UTC, to the millisecond (what the store keeps).
    static func timestamp(_ date: Date) -> JSONValue { JSONValue.string(ISOTimestamp.exportText(date)) }

    /// Reads what `timestamp` writes.
    static func parseTimestamp(_ text: String) -> Date? { ISOTimestamp.instant(text) }

    static func num(_ v: Double?) -> JSONValue {
        guard let v, v.isFinite else { return JSONValue.null }
        return JSONValue.number(v)
    }

    static func str(_ v: String?) -> JSONValue {
        guard let v else { return JSONValue.null }
        return JSONValue.string(v)
    }
    static func externalId(_ p: Provenance, _ kind: String, _ id: Int64?) -> JSONValue {
        let own = "\(kind)/" + (id.map { "\($0)" } ?? "0")
        return JSONValue.string(p.externalId ?? own)
    }

    package static func json(_ d: Document, exportedAt: Date, range: DateRange?) -> JSONValue {
        var top: [(String, JSONValue)] = [
            ("format", .string(format)), ("version", .int(version)), ("exported_at", timestamp(exportedAt)),
            ("from", str(range?.start.iso)), ("to", str(range?.end.iso)),
        ]
        top.append(
            (
                "profile",
                d.profile.map { (p) -> JSONValue in
                    .object([
                        ("name", .string(p.name)), ("sex", .string(p.sex.rawValue)), ("birth_date", .string(p.birthDate.iso)),
                        ("height_cm", .number(p.heightCm)), ("activity_level", .string(p.activityLevel.rawValue)),
                        ("unit_system", .string(p.unitSystem.rawValue)), ("theme_name", .string(p.themeName)),
                        ("check_in_template", .string(p.checkInTemplate)),
                    ])
                } ?? JSONValue.null
            ))
        /// The goal's own targets (issue 43), flat as the database keeps them.
        func targetChoice(_ c: TargetChoice) -> [(String, JSONValue)] {
            let f = c.fields
            return [
                ("calorie_source", .string(f.calorieSource)), ("fixed_kcal", num(f.fixedKcal)), ("macro_split", .string(f.macroSplit)),
                ("protein_rule", f.proteinRule.map { .string($0) } ?? .null), ("protein_value", num(f.proteinValue)),
                ("fat_share", num(f.fatShare)), ("fat_grams", num(f.fatGrams)), ("carbs_grams", num(f.carbsGrams)),
                ("net_carbs", .bool(f.netCarbs)), ("body_fat_source", .string(f.bodyFatSource)),
            ]
        }
        top.append(
            (
                "goals",
                .array(
                    d.goals.map { (g) -> JSONValue in
                        .object([
                            ("type", .string(g.type.rawValue)), ("target_weight_kg", num(g.targetWeightKg)),
                            ("target_body_fat_percent", num(g.targetBodyFatPercent)), ("weekly_rate_kg", .number(g.weeklyRateKg)),
                            ("daily_calorie_target", num(g.dailyCalorieTarget)), ("protein_g", num(g.proteinG)), ("carbs_g", num(g.carbsG)),
                            ("fat_g", num(g.fatG)), ("is_active", .bool(g.isActive)), ("created_on", .string(g.createdOn.iso)),
                            ("protein_per_kg", .number(g.proteinPerKg)), ("adds_exercise_back", .bool(g.addsExerciseBack)),
                        ] + targetChoice(g.choice))
                    })
            ))
        top.append(
            (
                "custom_foods",
                .array(
                    d.customFoods.map { (f) -> JSONValue in
                        .object([
                            ("id", .string(f.id.rawValue)), ("name", .string(f.name)), ("per_100g", nutrients(f.per100g)),
                            ("servings", servings(f.servings)),
                        ])
                    })
            ))
        top.append(
            (
                "recipes",
                .array(
                    d.recipes.map { (r) -> JSONValue in
                        .object([
                            ("food_id", .string(r.food.id.rawValue)), ("name", .string(r.food.name)), ("servings", .number(r.servings)),
                            ("per_100g", nutrients(r.food.per100g)), ("food_servings", servings(r.food.servings)),
                            (
                                "ingredients",
                                .array(
                                    r.ingredients.map { i -> JSONValue in
                                        .object([("food_id", .string(i.foodID.rawValue)), ("grams", .number(i.grams))])
                                    })
                            ),
                            ("created_at", timestamp(r.createdAt)), ("source", .string(r.provenance.source)),
                            ("external_id", str(r.provenance.externalId)),
                        ])
                    })
            ))
        top.append(
            (
                "saved_meals",
                .array(
                    d.savedMeals.map { (m) -> JSONValue in
                        .object([
                            ("name", .string(m.name)), ("meal", str(m.meal?.rawValue)),
                            ("items", .array(m.items.map { i -> JSONValue in .object(entry(i) + laterNutrients(i)) })),
                            ("created_at", timestamp(m.createdAt)), ("source", .string(m.provenance.source)),
                            ("external_id", str(m.provenance.externalId)),
                        ])
                    })
            ))
        top.append(
            (
                "favourites",
                .array(
                    d.favourites.map { (f) -> JSONValue in
                        .object([
                            ("food_id", .string(f.foodID.rawValue)), ("added_at", timestamp(f.addedAt)),
                        ])
                    })
            ))
        top.append(
            (
                "nutrient_preferences",
                .array(
                    d.nutrientPreferences.map { (p) -> JSONValue in
                        .object([("nutrient", .string(p.key.rawValue)), ("amount", num(p.amount)), ("hidden", .bool(p.hidden))])
                    })
            ))
        for kind in recordKinds { top.append(kind.list(d)) }
        // A link names the note by the external id it is exported under; one outside the range
        // (or gone) is null.
        var noteIds: [Int64: JSONValue] = [:]
        for item in d.reviewItems { if let id = item.id { noteIds[id] = externalId(item.provenance, "review_item", id) } }
        func note(_ id: Int64?) -> JSONValue { id.flatMap { noteIds[$0] } ?? JSONValue.null }
        top.append(
            (
                "review_items",
                .array(
                    d.reviewItems.map { (i) -> JSONValue in
                        .object([
                            ("period", .string(i.period.kind.rawValue)), ("start", .string(i.period.start.iso)),
                            ("kind", .string(i.kind.rawValue)),
                            ("text", .string(i.text)), ("problem", note(i.problemId)),
                            ("source", .string(i.provenance.source)), ("external_id", externalId(i.provenance, "review_item", i.id)),
                        ])
                    })
            ))
        top.append(
            (
                "actions",
                .array(
                    d.actions.map { (a) -> JSONValue in
                        .object([
                            ("period", .string(a.period.kind.rawValue)), ("start", .string(a.period.start.iso)), ("text", .string(a.text)),
                            ("try", note(a.tryId)), ("due", str(a.due?.iso)), ("status", .string(a.status.rawValue)),
                            ("drop_note", str(a.dropNote)),
                            ("metric", str(a.metric?.rawValue)), ("target", .int(a.target)),
                            ("created_on", .string(a.createdOn.iso)), ("closed_on", str(a.closedOn?.iso)),
                            ("source", .string(a.provenance.source)), ("external_id", externalId(a.provenance, "action", a.id)),
                        ])
                    })
            ))
        top += PantryExport.json(d.pantry)
        return .object(top)
    }
}
