import BodiiDomain
import BodiiStore
import Foundation

/// `bodii import bodii FILE`: reads an export's JSON back. Everything is checked before anything
/// is written; records merge by source and external id (the same document twice adds nothing);
/// the profile and goals are taken only when the database has none yet, custom foods and saved
/// meals when none of their name is here.
enum BodiiDocumentImport {
    struct Refusal: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }

    struct Outcome {
        var counts: MergeCounts
        var profile: Bool
        var goals: Int
        var customFoods: Int
        var recipes = 0
        var savedMeals = 0
        var favourites = 0
        /// Purchases of the document's pantry that were new here (the rest were there already).
        var purchasesAdded = 0
        var pantryPurchases = 0
        var checkIns = 0
    }

    /// Refuses what is not a Bodii export this Bodii can read, from its "format" and "version".
    static func checkHeader(_ top: [String: Any]) throws {
        guard top["format"] as? String == BodiiExport.format else {
            throw Refusal(message: "not a Bodii export (its \"format\" is not \"bodii-export\")")
        }
        guard let number = top["version"] as? Double, number == number.rounded(), abs(number) < 1e6 else {
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

    /// Reads a part of a document (`BodiiDocumentStream` hands out the long lists a page at a
    /// time, the first element of a page at `offsets[key]`); the pantry's rows add to `pantry`.
    static func read(_ top: [String: Any], offsets: [String: Int], pantry: inout PantryExport.ReadState) throws -> BodiiExport.Document {
        var d = BodiiExport.Document()
        var where_ = ""
        func fail(_ what: String) -> Refusal { Refusal(message: "\(where_): \(what)") }
        func objects(_ key: String) throws -> [[String: Any]] {
            guard let value = top[key] else { return [] }
            guard let list = value as? [[String: Any]] else { throw Refusal(message: "\"\(key)\" is not a list of objects") }
            return list
        }
        func string(_ o: [String: Any], _ k: String) throws -> String {
            guard let s = o[k] as? String else { throw fail("\"\(k)\" is missing or not text") }
            return s
        }
        func optString(_ o: [String: Any], _ k: String) -> String? { o[k] as? String }
        func double(_ o: [String: Any], _ k: String) throws -> Double {
            guard let n = o[k] as? Double else { throw fail("\"\(k)\" is missing or not a number") }
            return n
        }
        func optDouble(_ o: [String: Any], _ k: String) throws -> Double? {
            guard let v = o[k], !(v is NSNull) else { return nil }
            return try double(o, k)
        }
        func optInt(_ o: [String: Any], _ k: String) throws -> Int? {
            try optDouble(o, k).map { v in
                guard v == v.rounded(), abs(v) < 1e9 else { throw fail("\"\(k)\" is not a whole number") }
                return Int(v)
            }
        }
        func date(_ o: [String: Any], _ k: String) throws -> LocalDate {
            guard let d = LocalDate(iso: try string(o, k)) else { throw fail("\"\(k)\" is not a date (YYYY-MM-DD)") }
            return d
        }
        func instant(_ o: [String: Any], _ k: String) throws -> Date {
            guard let d = BodiiExport.parseTimestamp(try string(o, k)) else { throw fail("\"\(k)\" is not a timestamp") }
            return d
        }
        func value<E: RawRepresentable>(_ type: E.Type, _ o: [String: Any], _ k: String) throws -> E where E.RawValue == String {
            guard let e = E(rawValue: try string(o, k)) else { throw fail("\"\(k)\" is not one of the allowed values") }
            return e
        }
        func provenance(_ o: [String: Any]) throws -> Provenance {
            Provenance(source: try string(o, "source"), externalId: try string(o, "external_id"))
        }
        func clock(_ o: [String: Any], _ k: String) throws -> ClockTime? {
            guard let s = optString(o, k) else { return nil }
            guard let t = ClockTime(parsing: s) else { throw fail("\"\(k)\" is not HH:MM") }
            return t
        }

        if let p = top["profile"] as? [String: Any] {
            where_ = "profile"
            d.profile = Profile(
                name: try string(p, "name"), sex: try value(Sex.self, p, "sex"), birthDate: try date(p, "birth_date"),
                heightCm: try double(p, "height_cm"), activityLevel: try value(ActivityLevel.self, p, "activity_level"),
                unitSystem: try value(UnitSystem.self, p, "unit_system"), themeName: try string(p, "theme_name"),
                checkInTemplate: try string(p, "check_in_template"))
        }
        for (n, g) in try objects("goals").enumerated() {
            let i = n + (offsets["goals"] ?? 0)
            where_ = "goals[\(i)]"
            d.goals.append(
                Goal(
                    type: try value(GoalType.self, g, "type"), targetWeightKg: try optDouble(g, "target_weight_kg"),
                    targetBodyFatPercent: try optDouble(g, "target_body_fat_percent"), weeklyRateKg: try double(g, "weekly_rate_kg"),
                    dailyCalorieTarget: try optDouble(g, "daily_calorie_target"), proteinG: try optDouble(g, "protein_g"),
                    carbsG: try optDouble(g, "carbs_g"), fatG: try optDouble(g, "fat_g"), isActive: g["is_active"] as? Bool ?? false,
                    createdOn: try date(g, "created_on"), proteinPerKg: try double(g, "protein_per_kg"),
                    addsExerciseBack: g["adds_exercise_back"] as? Bool ?? false))
        }
        func nutrients(_ f: [String: Any]) throws -> Nutrients {
            guard let n = f["per_100g"] as? [String: Any] else { throw fail("\"per_100g\" is missing") }
            var nutrients = Nutrients(
                kcal: try double(n, "kcal"), proteinG: try double(n, "protein_g"), carbsG: try double(n, "carbs_g"),
                fatG: try double(n, "fat_g"))
            for key in NutrientKey.allCases { nutrients.values[key] = try optDouble(n, key.rawValue) }
            return nutrients
        }
        func servings(_ f: [String: Any], _ k: String) throws -> [FoodServing] {
            guard let v = f[k], !(v is NSNull) else { return [] }
            guard let list = v as? [[String: Any]] else { throw fail("\"\(k)\" is not a list of objects") }
            return try list.map { FoodServing(label: try string($0, "label"), grams: try double($0, "grams")) }
        }
        /// What a logged food copied (older exports lack some nutrients: unknown, as null is).
        func entry(_ f: [String: Any], date: LocalDate, meal: Meal, loggedAt: Date, provenance: Provenance) throws -> FoodRecord {
            var nutrients: [NutrientKey: Double] = [:]
            for key in NutrientKey.allCases { nutrients[key] = try optDouble(f, key.rawValue) }
            return FoodRecord(
                date: date, meal: meal, foodId: FoodID(try string(f, "food_id")), foodName: try string(f, "food_name"),
                // A quick add has no grams (null; older exports wrote 1).
                grams: try string(f, "food_id") == QuickAdd.foodID.rawValue ? nil : try double(f, "grams"),
                kcal: try double(f, "kcal"), proteinG: try double(f, "protein_g"),
                carbsG: try double(f, "carbs_g"), fatG: try double(f, "fat_g"), nutrients: nutrients,
                loggedAt: loggedAt, provenance: provenance)
        }
        func list(_ o: [String: Any], _ k: String) throws -> [[String: Any]] {
            guard let v = o[k], !(v is NSNull) else { return [] }
            guard let list = v as? [[String: Any]] else { throw fail("\"\(k)\" is not a list of objects") }
            return list
        }
        for (n, f) in try objects("custom_foods").enumerated() {
            let i = n + (offsets["custom_foods"] ?? 0)
            where_ = "custom_foods[\(i)]"
            d.customFoods.append(
                Food(
                    id: FoodID(try string(f, "id")), name: try string(f, "name"), source: "custom", per100g: try nutrients(f),
                    servings: try servings(f, "servings")))
        }
        for (n, r) in try objects("recipes").enumerated() {
            let i = n + (offsets["recipes"] ?? 0)
            where_ = "recipes[\(i)]"
            let food = Food(
                id: FoodID(try string(r, "food_id")), name: try string(r, "name"), source: Recipe.source, per100g: try nutrients(r),
                servings: try servings(r, "food_servings"))
            let ingredients = try list(r, "ingredients").map {
                RecipeIngredientRow(foodID: FoodID(try string($0, "food_id")), grams: try double($0, "grams"))
            }
            d.recipes.append(
                LibraryRecipe(
                    food: food, servings: try double(r, "servings"), ingredients: ingredients,
                    createdAt: try instant(r, "created_at"), provenance: try provenance(r)))
        }
        for (n, m) in try objects("saved_meals").enumerated() {
            let i = n + (offsets["saved_meals"] ?? 0)
            where_ = "saved_meals[\(i)]"
            let items = try list(m, "items").map {
                try entry(
                    $0, date: LocalDate(daysSinceEpoch: 0), meal: .snacks, loggedAt: Date(timeIntervalSince1970: 0), provenance: .bodii)
            }
            d.savedMeals.append(
                LibrarySavedMeal(
                    name: try string(m, "name"), items: items, createdAt: try instant(m, "created_at"),
                    provenance: try provenance(m)))
        }
        for (n, f) in try objects("favourites").enumerated() {
            let i = n + (offsets["favourites"] ?? 0)
            where_ = "favourites[\(i)]"
            d.favourites.append(LibraryFavourite(foodID: FoodID(try string(f, "food_id")), addedAt: try instant(f, "added_at")))
        }
        for (n, b) in try objects("body").enumerated() {
            let i = n + (offsets["body"] ?? 0)
            where_ = "body[\(i)]"
            let record = BodyRecord(
                date: try date(b, "date"), weightKg: try optDouble(b, "weight_kg"), bodyFatPercent: try optDouble(b, "body_fat_percent"),
                muscleMassKg: try optDouble(b, "muscle_mass_kg"), recordedAt: try instant(b, "recorded_at"),
                provenance: try provenance(b))
            var snapshot: MetabolismSnapshot?
            if let bmr = try optDouble(b, "bmr") {
                snapshot = MetabolismSnapshot(
                    date: record.date, bmr: bmr, tdee: try double(b, "tdee"), formula: try value(BMRFormula.self, b, "formula"),
                    activityLevel: try value(ActivityLevel.self, b, "activity_level"))
            }
            d.body.append((record, snapshot))
        }
        for (n, f) in try objects("food").enumerated() {
            let i = n + (offsets["food"] ?? 0)
            where_ = "food[\(i)]"
            d.food.append(
                try entry(
                    f, date: try date(f, "date"), meal: try value(Meal.self, f, "meal"), loggedAt: try instant(f, "logged_at"),
                    provenance: try provenance(f)))
        }
        for (n, e) in try objects("exercise").enumerated() {
            let i = n + (offsets["exercise"] ?? 0)
            where_ = "exercise[\(i)]"
            guard let minutes = try optInt(e, "minutes") else { throw fail("\"minutes\" is missing") }
            d.exercise.append(
                ExerciseRecord(
                    date: try date(e, "date"), activity: try string(e, "activity"), minutes: minutes,
                    intensity: try value(Intensity.self, e, "intensity"), met: try double(e, "met"),
                    kcal: try double(e, "kcal"), loggedAt: try instant(e, "logged_at"), provenance: try provenance(e)))
        }
        for (n, s) in try objects("sleep").enumerated() {
            let i = n + (offsets["sleep"] ?? 0)
            where_ = "sleep[\(i)]"
            guard let minutes = try optInt(s, "minutes") else { throw fail("\"minutes\" is missing") }
            d.sleep.append(
                SleepRecord(
                    date: try date(s, "date"), bedtime: try clock(s, "bedtime"), wakeTime: try clock(s, "wake_time"),
                    minutes: minutes, quality: try optInt(s, "quality"), status: try value(SleepStatus.self, s, "status"),
                    provenance: try provenance(s)))
        }
        for (n, c) in try objects("check_ins").enumerated() {
            let i = n + (offsets["check_ins"] ?? 0)
            where_ = "check_ins[\(i)]"
            d.checkIns.append(
                CheckIn(date: try date(c, "date"), mood: try optInt(c, "mood"), energy: try optInt(c, "energy"), note: optString(c, "note"))
            )
        }
        for (n, a) in try objects("activity").enumerated() {
            let i = n + (offsets["activity"] ?? 0)
            where_ = "activity[\(i)]"
            d.activity.append(
                ActivitySnapshot(
                    date: try date(a, "date"), steps: try optInt(a, "steps"), activeKcal: try optDouble(a, "active_kcal"),
                    provenance: try provenance(a)))
        }
        // Notes get the batch's own ids (their place in the list); links name a note by its
        // external id (the first note of the document with it).
        var noteKeys: [String: Int64] = [:]
        var links: [(index: Int, problem: String)] = []
        for (i, n) in try objects("review_items").enumerated() {  // read whole: links need every note
            where_ = "review_items[\(i)]"
            let period = ReviewPeriod(try value(ReviewPeriodKind.self, n, "period"), startingOn: try date(n, "start"))
            let p = try provenance(n)
            let key = Int64(i + 1)
            if let id = p.externalId, noteKeys[id] == nil { noteKeys[id] = key }
            if let problem = optString(n, "problem") { links.append((i, problem)) }
            let text = try string(n, "text")
            guard (1...2000).contains(text.count) else { throw fail("\"text\" is empty or longer than 2000 characters") }
            d.reviewItems.append(
                ReviewItem(id: key, period: period, kind: try value(ReviewItemKind.self, n, "kind"), text: text, provenance: p))
        }
        for (i, problem) in links where d.reviewItems[i].kind == .try { d.reviewItems[i].problemId = noteKeys[problem] }
        for (n, a) in try objects("actions").enumerated() {
            let i = n + (offsets["actions"] ?? 0)
            where_ = "actions[\(i)]"
            let period = ReviewPeriod(try value(ReviewPeriodKind.self, a, "period"), startingOn: try date(a, "start"))
            let text = try string(a, "text")
            guard (1...2000).contains(text.count) else { throw fail("\"text\" is empty or longer than 2000 characters") }
            let metric = try optString(a, "metric").map { _ in try value(ActionMetric.self, a, "metric") }
            let target = try optInt(a, "target")
            guard (metric == nil) == (target == nil) else { throw fail("\"metric\" and \"target\" go together") }
            if let metric, let target, !metric.targetRange.contains(target) {
                throw fail("\"target\" \(target) is outside \(metric.targetRange.lowerBound)–\(metric.targetRange.upperBound)")
            }
            let status = try value(ActionStatus.self, a, "status")
            let closed = try optString(a, "closed_on").map { _ in try date(a, "closed_on") }
            guard (status == .open) == (closed == nil) else {
                throw fail("\"closed_on\" is set exactly when the action is done or dropped")
            }
            let dropNote = optString(a, "drop_note")
            if let dropNote, !(1...2000).contains(dropNote.count) { throw fail("\"drop_note\" is empty or longer than 2000 characters") }
            d.actions.append(
                ReviewAction(
                    period: period, text: text, tryId: optString(a, "try").flatMap { noteKeys[$0] },
                    due: try optString(a, "due").map { _ in try date(a, "due") }, status: status, dropNote: dropNote,
                    metric: metric, target: target, createdOn: try date(a, "created_on"), closedOn: closed,
                    provenance: try provenance(a)))
        }
        try PantryExport.parse(top, into: &pantry, offsets: offsets)
        return d
    }
}
