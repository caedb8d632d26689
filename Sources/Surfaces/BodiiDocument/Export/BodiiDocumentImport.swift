import BodiiDomain
import BodiiStore
import Foundation

/// `bodii import bodii FILE`: reads an export's JSON back. Everything is checked before anything
/// is written; records merge by source and external id (the same document twice adds nothing);
/// the profile and goals are taken only when the database has none yet, custom foods and saved
/// meals when none of their name is here.
package enum BodiiDocumentImport {
    package struct Refusal: Error, CustomStringConvertible {
        package let message: String
        package var description: String { message }
    }

    package struct Outcome {
        package var counts: MergeCounts
        package var profile: Bool
        package var goals: Int
        package var customFoods: Int
        package var recipes = 0
        package var savedMeals = 0
        package var favourites = 0
        var nutrientPreferences = 0
        /// Purchases of the document's pantry that were new here (the rest were there already).
        package var purchasesAdded = 0
        package var pantryPurchases = 0
        package var checkIns = 0
    }

    /// Refuses what is not a Bodii export this Bodii can read, from its "format" and "version".
    static func checkHeader(_ top: [String: Data]) throws {
        guard DocumentDecoding.scalar(String.self, "format", in: top) == BodiiExport.format else {
            throw Refusal(message: "not a Bodii export (its \"format\" is not \"bodii-export\")")
        }
        guard let number = DocumentDecoding.scalar(Double.self, "version", in: top), number == number.rounded(), abs(number) < 1e6
        else {
            throw Refusal(message: "the export has no version")
        }
        let version = Int(number)
        guard version <= BodiiExport.version else {
            throw Refusal(
                message:
                    "the export is format version \(version), newer than this Bodii reads (\(BodiiExport.version)); update Bodii to import it"
            )
        }
    }

    /// Reads a part of a document, each key's value as JSON (`BodiiDocumentStream` hands out
    /// the long lists a page at a time, the first element of a page at `offsets[key]`); the
    /// pantry's rows add to `pantry`.
    package static func read(_ top: [String: Data], offsets: [String: Int], pantry: inout PantryExport.ReadState) throws -> BodiiExport.Document {
        let part = DocumentPart(top: top, offsets: offsets)
        var d = BodiiExport.Document()
        if let p = try DocumentDecoding.object(ProfileRecord.self, "profile", in: top) {
            let f = DocumentFields(place: "profile")
            d.profile = Profile(
                name: try f.text(p.name, "name"), sex: try f.value(p.sex, "sex"), birthDate: try f.date(p.birth_date, "birth_date"),
                heightCm: try f.number(p.height_cm, "height_cm"), activityLevel: try f.value(p.activity_level, "activity_level"),
                unitSystem: try f.value(p.unit_system, "unit_system"), themeName: try f.text(p.theme_name, "theme_name"),
                checkInTemplate: try f.text(p.check_in_template, "check_in_template"))
        }
        for (f, g) in try part.records(GoalRecord.self, "goals") {
            d.goals.append(
                Goal(
                    type: try f.value(g.type, "type"), targetWeightKg: g.target_weight_kg,
                    targetBodyFatPercent: g.target_body_fat_percent, weeklyRateKg: try f.number(g.weekly_rate_kg, "weekly_rate_kg"),
                    dailyCalorieTarget: g.daily_calorie_target, proteinG: g.protein_g, carbsG: g.carbs_g, fatG: g.fat_g,
                    isActive: g.is_active ?? false, createdOn: try f.date(g.created_on, "created_on"),
                    proteinPerKg: try f.number(g.protein_per_kg, "protein_per_kg"), addsExerciseBack: g.adds_exercise_back ?? false,
                    choice: TargetChoice(
                        TargetChoice.Fields(
                            calorieSource: g.calorie_source, fixedKcal: g.fixed_kcal, macroSplit: g.macro_split,
                            proteinRule: g.protein_rule, proteinValue: g.protein_value, fatShare: g.fat_share,
                            fatGrams: g.fat_grams, carbsGrams: g.carbs_grams, netCarbs: g.net_carbs,
                            bodyFatSource: g.body_fat_source))))
        }
        for (f, c) in try part.records(CustomFoodRecord.self, "custom_foods") {
            d.customFoods.append(
                Food(
                    id: FoodID(try f.text(c.id, "id")), name: try f.text(c.name, "name"), source: "custom",
                    per100g: try f.nutrients(c.per_100g), servings: try f.servings(c.servings)))
        }
        for (f, r) in try part.records(RecipeRecord.self, "recipes") {
            let food = Food(
                id: FoodID(try f.text(r.food_id, "food_id")), name: try f.text(r.name, "name"), source: Recipe.source,
                per100g: try f.nutrients(r.per_100g), servings: try f.servings(r.food_servings))
            let ingredients = try (r.ingredients ?? []).map {
                RecipeIngredientRow(foodID: FoodID(try f.text($0.food_id, "food_id")), grams: try f.number($0.grams, "grams"))
            }
            d.recipes.append(
                LibraryRecipe(
                    food: food, servings: try f.number(r.servings, "servings"), ingredients: ingredients,
                    createdAt: try f.instant(r.created_at, "created_at"), provenance: try f.provenance(r)))
        }
        for (f, m) in try part.records(SavedMealRecord.self, "saved_meals") {
            let items = try (m.items ?? []).map {
                try f.entry(
                    $0, date: LocalDate(daysSinceEpoch: 0), meal: .snacks, loggedAt: Date(timeIntervalSince1970: 0), provenance: .bodii)
            }
            d.savedMeals.append(
                LibrarySavedMeal(
                    // No "meal" (documents from before v12, or a meal saved before): the meal of the hour.
                    name: try f.text(m.name, "name"), meal: try m.meal.map { try f.value($0, "meal") }, items: items,
                    createdAt: try f.instant(m.created_at, "created_at"),
                    provenance: try f.provenance(m)))
        }
        for (f, v) in try part.records(FavouriteRecord.self, "favourites") {
            d.favourites.append(
                LibraryFavourite(foodID: FoodID(try f.text(v.food_id, "food_id")), addedAt: try f.instant(v.added_at, "added_at")))
        }
        for (f, n) in try part.records(NutrientPreferenceRecord.self, "nutrient_preferences") {
            // A nutrient this Bodii does not know (a newer one wrote it) is left out, as the store does.
            guard let key = NutrientKey(rawValue: try f.text(n.nutrient, "nutrient")) else { continue }
            if let amount = n.amount, !(amount >= 0 && amount < 1e9) {
                throw f.fail("\"amount\" must be a number from 0 to less than 1e9")
            }
            d.nutrientPreferences.append(NutrientPreference(key: key, amount: n.amount, hidden: n.hidden ?? false))
        }
        try readHistories(part, into: &d)
        try readReview(part, into: &d)
        try PantryExport.parse(part, into: &pantry)
        return d
    }

    /// The `recordKinds`: the long lists, read a page at a time.
    private static func readHistories(_ part: DocumentPart, into d: inout BodiiExport.Document) throws {
        // Absent in an export from before a kind: none.
        for kind in BodiiExport.recordKinds { try kind.read(part, into: &d) }
    }

    /// Review notes and actions, read whole: links need every note. Notes get the batch's own ids
    /// (their place in the list); links name a note by its external id (the first note of the
    /// document with it).
    private static func readReview(_ part: DocumentPart, into d: inout BodiiExport.Document) throws {
        var noteKeys: [String: Int64] = [:]
        var links: [(index: Int, problem: String)] = []
        func noteText(_ f: DocumentFields, _ v: String?, _ k: String) throws -> String {
            let text = try f.text(v, k)
            guard (1...2000).contains(text.count) else { throw f.fail("\"\(k)\" is empty or longer than 2000 characters") }
            return text
        }
        for (f, n) in try part.records(ReviewItemRecord.self, "review_items") {
            let i = d.reviewItems.count
            let period = ReviewPeriod(try f.value(n.period, "period") as ReviewPeriodKind, startingOn: try f.date(n.start, "start"))
            let p = try f.provenance(n)
            let key = Int64(i + 1)
            if let id = p.externalId, noteKeys[id] == nil { noteKeys[id] = key }
            if let problem = n.problem { links.append((i, problem)) }
            let text = try noteText(f, n.text, "text")
            d.reviewItems.append(ReviewItem(id: key, period: period, kind: try f.value(n.kind, "kind"), text: text, provenance: p))
        }
        for (i, problem) in links where d.reviewItems[i].kind == .try { d.reviewItems[i].problemId = noteKeys[problem] }
        for (f, a) in try part.records(ActionRecord.self, "actions") {
            let period = ReviewPeriod(try f.value(a.period, "period") as ReviewPeriodKind, startingOn: try f.date(a.start, "start"))
            let text = try noteText(f, a.text, "text")
            let metric: ActionMetric? = try a.metric.map { try f.value($0, "metric") }
            let target = try f.whole(a.target, "target")
            guard (metric == nil) == (target == nil) else { throw f.fail("\"metric\" and \"target\" go together") }
            if let metric, let target, !metric.targetRange.contains(target) {
                throw f.fail("\"target\" \(target) is outside \(metric.targetRange.lowerBound)–\(metric.targetRange.upperBound)")
            }
            let status: ActionStatus = try f.value(a.status, "status")
            let closed = try f.optionalDate(a.closed_on, "closed_on")
            guard (status == .open) == (closed == nil) else {
                throw f.fail("\"closed_on\" is set exactly when the action is done or dropped")
            }
            let dropNote = try a.drop_note.map { try noteText(f, $0, "drop_note") }
            d.actions.append(
                ReviewAction(
                    period: period, text: text, tryId: a.try.flatMap { noteKeys[$0] }, due: try f.optionalDate(a.due, "due"),
                    status: status, dropNote: dropNote, metric: metric, target: target, createdOn: try f.date(a.created_on, "created_on"),
                    closedOn: closed, provenance: try f.provenance(a)))
        }
    }
}

/// A part of a document as `read` takes it: some keys' values as JSON, the long lists' first
/// elements at `offsets`.
package struct DocumentPart {
    package let top: [String: Data]
    package var offsets: [String: Int] = [:]

    /// The records of list `key`, each with the fields reader that names its place in the list.
    package func records<Record: Decodable>(_ type: Record.Type, _ key: String) throws -> [(DocumentFields, Record)] {
        try DocumentDecoding.list(type, key, in: top, offset: offsets[key] ?? 0).map {
            (DocumentFields(place: "\(key)[\($0.index)]", index: $0.index), $0.record)
        }
    }
}

extension DocumentFields {
    package func nutrients(_ n: NutrientsRecord?) throws -> Nutrients {
        guard let n else { throw fail("\"per_100g\" is missing") }
        var nutrients = Nutrients(
            kcal: try number(n.kcal, "kcal"), proteinG: try number(n.protein_g, "protein_g"), carbsG: try number(n.carbs_g, "carbs_g"),
            fatG: try number(n.fat_g, "fat_g"))
        nutrients.values = n.nutrients.values
        return nutrients
    }

    package func servings(_ list: [ServingRecord]?) throws -> [FoodServing] {
        try (list ?? []).map { FoodServing(label: try text($0.label, "label"), grams: try number($0.grams, "grams")) }
    }

    /// What a logged food copied (older exports lack some nutrients: unknown, as null is).
    package func entry(_ e: FoodEntryRecord, date: LocalDate, meal: Meal, loggedAt: Date, provenance: Provenance) throws -> FoodRecord {
        let foodID = try text(e.food_id, "food_id")
        return FoodRecord(
            date: date, meal: meal, foodId: FoodID(foodID), foodName: try text(e.food_name, "food_name"),
            // A quick add has no grams (null; older exports wrote 1).
            grams: foodID == QuickAdd.foodID.rawValue ? nil : try number(e.grams, "grams"),
            kcal: try number(e.kcal, "kcal"), proteinG: try number(e.protein_g, "protein_g"), carbsG: try number(e.carbs_g, "carbs_g"),
            fatG: try number(e.fat_g, "fat_g"), nutrients: e.nutrients.values, loggedAt: loggedAt, provenance: provenance)
    }
}
