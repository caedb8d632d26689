import BodiiDomain
import BodiiStore
import Foundation

/// `bodii import bodii FILE`: reads an export's JSON back. Everything is checked before anything
/// is written; records merge by source and external id (the same document twice adds nothing);
/// the profile, goals and custom foods are taken only when the database has none of them yet.
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
        /// Purchases of the document's pantry that were new here (the rest were there already).
        var purchasesAdded = 0
    }

    static func parse(_ data: Data) throws -> BodiiExport.Document {
        guard let top = (try? ExactJSON.parse(data)) as? [String: Any] else {
            throw Refusal(message: "not JSON, or not a JSON object")
        }
        guard top["format"] as? String == BodiiExport.format else { throw Refusal(message: "not a Bodii export (its \"format\" is not \"bodii-export\")") }
        guard let number = top["version"] as? Double, number == number.rounded(), abs(number) < 1e6 else {
            throw Refusal(message: "the export has no version")
        }
        let version = Int(number)
        guard version <= BodiiExport.version else {
            throw Refusal(message: "the export is format version \(version), newer than this Bodii reads (\(BodiiExport.version)); update Bodii to import it")
        }
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
            d.profile = Profile(name: try string(p, "name"), sex: try value(Sex.self, p, "sex"), birthDate: try date(p, "birth_date"),
                                heightCm: try double(p, "height_cm"), activityLevel: try value(ActivityLevel.self, p, "activity_level"),
                                unitSystem: try value(UnitSystem.self, p, "unit_system"), themeName: try string(p, "theme_name"),
                                checkInTemplate: try string(p, "check_in_template"))
        }
        for (i, g) in try objects("goals").enumerated() {
            where_ = "goals[\(i)]"
            d.goals.append(Goal(type: try value(GoalType.self, g, "type"), targetWeightKg: try optDouble(g, "target_weight_kg"),
                                targetBodyFatPercent: try optDouble(g, "target_body_fat_percent"), weeklyRateKg: try double(g, "weekly_rate_kg"),
                                dailyCalorieTarget: try optDouble(g, "daily_calorie_target"), proteinG: try optDouble(g, "protein_g"),
                                carbsG: try optDouble(g, "carbs_g"), fatG: try optDouble(g, "fat_g"), isActive: g["is_active"] as? Bool ?? false,
                                createdOn: try date(g, "created_on"), proteinPerKg: try double(g, "protein_per_kg"),
                                addsExerciseBack: g["adds_exercise_back"] as? Bool ?? false))
        }
        for (i, f) in try objects("custom_foods").enumerated() {
            where_ = "custom_foods[\(i)]"
            guard let n = f["per_100g"] as? [String: Any] else { throw fail("\"per_100g\" is missing") }
            let nutrients = Nutrients(kcal: try double(n, "kcal"), proteinG: try double(n, "protein_g"), carbsG: try double(n, "carbs_g"),
                                      fatG: try double(n, "fat_g"), fiberG: try optDouble(n, "fiber_g"), sugarsG: try optDouble(n, "sugars_g"),
                                      saturatedFatG: try optDouble(n, "saturated_fat_g"), sodiumMg: try optDouble(n, "sodium_mg"),
                                      cholesterolMg: try optDouble(n, "cholesterol_mg"), potassiumMg: try optDouble(n, "potassium_mg"),
                                      calciumMg: try optDouble(n, "calcium_mg"), ironMg: try optDouble(n, "iron_mg"),
                                      vitaminCMg: try optDouble(n, "vitamin_c_mg"), vitaminDUg: try optDouble(n, "vitamin_d_ug"))
            let servings = try ((f["servings"] as? [[String: Any]]) ?? []).map { FoodServing(label: try string($0, "label"), grams: try double($0, "grams")) }
            d.customFoods.append(Food(id: FoodID(try string(f, "id")), name: try string(f, "name"), source: "custom", per100g: nutrients, servings: servings))
        }
        for (i, b) in try objects("body").enumerated() {
            where_ = "body[\(i)]"
            let record = BodyRecord(date: try date(b, "date"), weightKg: try double(b, "weight_kg"), bodyFatPercent: try optDouble(b, "body_fat_percent"),
                                    muscleMassKg: try optDouble(b, "muscle_mass_kg"), recordedAt: try instant(b, "recorded_at"),
                                    provenance: try provenance(b))
            var snapshot: MetabolismSnapshot?
            if let bmr = try optDouble(b, "bmr") {
                snapshot = MetabolismSnapshot(date: record.date, bmr: bmr, tdee: try double(b, "tdee"), formula: try value(BMRFormula.self, b, "formula"),
                                              activityLevel: try value(ActivityLevel.self, b, "activity_level"))
            }
            d.body.append((record, snapshot))
        }
        for (i, f) in try objects("food").enumerated() {
            where_ = "food[\(i)]"
            d.food.append(FoodRecord(date: try date(f, "date"), meal: try value(Meal.self, f, "meal"), foodId: FoodID(try string(f, "food_id")),
                                     foodName: try string(f, "food_name"),
                                     // A quick add has no grams (null; older exports wrote 1).
                                     grams: f["food_id"] as? String == QuickAdd.foodID.rawValue ? nil : try double(f, "grams"), kcal: try double(f, "kcal"),
                                     proteinG: try double(f, "protein_g"), carbsG: try double(f, "carbs_g"), fatG: try double(f, "fat_g"),
                                     fiberG: try optDouble(f, "fiber_g"), loggedAt: try instant(f, "logged_at"), provenance: try provenance(f)))
        }
        for (i, e) in try objects("exercise").enumerated() {
            where_ = "exercise[\(i)]"
            guard let minutes = try optInt(e, "minutes") else { throw fail("\"minutes\" is missing") }
            d.exercise.append(ExerciseRecord(date: try date(e, "date"), activity: try string(e, "activity"), minutes: minutes,
                                             intensity: try value(Intensity.self, e, "intensity"), met: try double(e, "met"),
                                             kcal: try double(e, "kcal"), loggedAt: try instant(e, "logged_at"), provenance: try provenance(e)))
        }
        for (i, s) in try objects("sleep").enumerated() {
            where_ = "sleep[\(i)]"
            guard let minutes = try optInt(s, "minutes") else { throw fail("\"minutes\" is missing") }
            d.sleep.append(SleepRecord(date: try date(s, "date"), bedtime: try clock(s, "bedtime"), wakeTime: try clock(s, "wake_time"),
                                       minutes: minutes, quality: try optInt(s, "quality"), status: try value(SleepStatus.self, s, "status"),
                                       provenance: try provenance(s)))
        }
        for (i, c) in try objects("check_ins").enumerated() {
            where_ = "check_ins[\(i)]"
            d.checkIns.append(CheckIn(date: try date(c, "date"), mood: try optInt(c, "mood"), energy: try optInt(c, "energy"), note: optString(c, "note")))
        }
        for (i, a) in try objects("activity").enumerated() {
            where_ = "activity[\(i)]"
            d.activity.append(ActivitySnapshot(date: try date(a, "date"), steps: try optInt(a, "steps"), activeKcal: try optDouble(a, "active_kcal"),
                                               provenance: try provenance(a)))
        }
        // Notes get the batch's own ids (their place in the list); links name a note by its
        // external id (the first note of the document with it).
        var noteKeys: [String: Int64] = [:]
        var links: [(index: Int, problem: String)] = []
        for (i, n) in try objects("review_items").enumerated() {
            where_ = "review_items[\(i)]"
            let period = ReviewPeriod(try value(ReviewPeriodKind.self, n, "period"), startingOn: try date(n, "start"))
            let p = try provenance(n)
            let key = Int64(i + 1)
            if let id = p.externalId, noteKeys[id] == nil { noteKeys[id] = key }
            if let problem = optString(n, "problem") { links.append((i, problem)) }
            let text = try string(n, "text")
            guard (1...2000).contains(text.count) else { throw fail("\"text\" is empty or longer than 2000 characters") }
            d.reviewItems.append(ReviewItem(id: key, period: period, kind: try value(ReviewItemKind.self, n, "kind"), text: text, provenance: p))
        }
        for (i, problem) in links where d.reviewItems[i].kind == .try { d.reviewItems[i].problemId = noteKeys[problem] }
        for (i, a) in try objects("actions").enumerated() {
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
            guard (status == .open) == (closed == nil) else { throw fail("\"closed_on\" is set exactly when the action is done or dropped") }
            let dropNote = optString(a, "drop_note")
            if let dropNote, !(1...2000).contains(dropNote.count) { throw fail("\"drop_note\" is empty or longer than 2000 characters") }
            d.actions.append(ReviewAction(period: period, text: text, tryId: optString(a, "try").flatMap { noteKeys[$0] },
                                          due: try optString(a, "due").map { _ in try date(a, "due") }, status: status, dropNote: dropNote,
                                          metric: metric, target: target, createdOn: try date(a, "created_on"), closedOn: closed,
                                          provenance: try provenance(a)))
        }
        d.pantry = try PantryExport.parse(top)
        return d
    }

    static func write(_ d: BodiiExport.Document, to r: SQLiteRepositories) throws -> Outcome {
        var outcome = Outcome(counts: MergeCounts(), profile: false, goals: 0, customFoods: 0)
        var batch = HistoryBatch()
        if try r.loadProfile() == nil, let profile = d.profile {
            batch.profile = profile
            outcome.profile = true
        }
        // A database's own export read back into it: its records went out as "<kind>/<id>" and are
        // still here under that id, without an external id. They are there already, not new.
        let days = (d.body.map(\.0.date) + d.food.map(\.date) + d.exercise.map(\.date) + d.sleep.map(\.date))
        var own = Set<String>()
        if let first = days.min(), let last = days.max() {
            let range = DateRange(start: first, end: last)
            func mark(_ kind: String, _ id: Int64?, _ p: Provenance, _ date: LocalDate, _ figure: Double) {
                guard p == .bodii, let id else { return }
                own.insert("\(kind)/\(id)|\(date.iso)|\(figure)")
            }
            for b in try r.bodyRecords(in: range) { mark("body", b.id, b.provenance, b.date, b.weightKg) }
            for f in try r.foodRecords(in: range) { mark("food", f.id, f.provenance, f.date, f.kcal) }
            for e in try r.exerciseRecords(in: range) { mark("exercise", e.id, e.provenance, e.date, Double(e.minutes)) }
            for n in try r.sleepRecords(in: range) { mark("sleep", n.id, n.provenance, n.date, Double(n.minutes)) }
        }
        func isOwn(_ p: Provenance, _ date: LocalDate, _ figure: Double, _ kind: MergeCounts.Kind) -> Bool {
            guard p.source == Provenance.bodii.source, let id = p.externalId, own.contains("\(id)|\(date.iso)|\(figure)") else { return false }
            outcome.counts.record(kind, added: false)
            return true
        }
        var body = d.body.filter { !isOwn($0.0.provenance, $0.0.date, $0.0.weightKg, .body) }
        var bodyProvenance = body.map(\.0.provenance)
        Self.separateCollisions(&bodyProvenance)
        for (i, p) in bodyProvenance.enumerated() { body[i].0.provenance = p }
        for (record, snapshot) in body {
            if let snapshot { batch.body.append((record, snapshot)) } else { batch.bareBody.append(record) }
        }
        batch.food = Self.separatingCollisions(d.food.filter { !isOwn($0.provenance, $0.date, $0.kcal, .food) }, \.provenance)
        batch.exercise = Self.separatingCollisions(d.exercise.filter { !isOwn($0.provenance, $0.date, Double($0.minutes), .exercise) }, \.provenance)
        batch.sleep = Self.separatingCollisions(d.sleep.filter { !isOwn($0.provenance, $0.date, Double($0.minutes), .sleep) }, \.provenance)
        batch.checkIns = d.checkIns
        batch.activity = Self.separatingCollisions(d.activity, \.provenance)
        // The same for review notes and actions: "review_item/<id>" with the text it has here.
        // (A note found this way is not linked to by new notes of the document: it is one of this
        // database's own, and so are the notes that named it.)
        if !d.reviewItems.isEmpty || !d.actions.isEmpty {
            let here = try r.reviewHistory(startingIn: DateRange(start: Validation.earliestDate, end: Validation.earliestDate.adding(days: 400_000)))
            let ownNotes = Set(here.items.filter { $0.provenance == .bodii }.compactMap { i in i.id.map { "review_item/\($0)|\(i.text)" } })
            let ownActions = Set(here.actions.filter { $0.provenance == .bodii }.compactMap { a in a.id.map { "action/\($0)|\(a.text)" } })
            func isOwn(_ p: Provenance, _ text: String, in own: Set<String>, _ kind: MergeCounts.Kind) -> Bool {
                guard p.source == Provenance.bodii.source, let id = p.externalId, own.contains("\(id)|\(text)") else { return false }
                outcome.counts.record(kind, added: false)
                return true
            }
            batch.reviewItems = d.reviewItems.filter { !isOwn($0.provenance, $0.text, in: ownNotes, .reviewItem) }
            batch.actions = d.actions.filter { !isOwn($0.provenance, $0.text, in: ownActions, .action) }
        }
        batch.pantry = d.pantry
        let everything = DateRange(start: Validation.earliestDate, end: LocalDate(year: 9999, month: 12, day: 31) ?? Validation.earliestDate)
        let purchasesBefore = d.pantry.purchases.isEmpty ? 0 : try r.purchases(in: everything).count
        let merged = try r.merge(batch)
        if !d.pantry.purchases.isEmpty { outcome.purchasesAdded = try r.purchases(in: everything).count - purchasesBefore }
        for kind in MergeCounts.Kind.allCases {
            outcome.counts.added[kind, default: 0] += merged.added[kind] ?? 0
            outcome.counts.alreadyThere[kind, default: 0] += merged.alreadyThere[kind] ?? 0
            outcome.counts.updated[kind, default: 0] += merged.updated[kind] ?? 0
        }
        if try r.goalHistory().isEmpty {
            // The active goal last, so it is the one left active.
            for goal in d.goals.filter({ !$0.isActive }) + d.goals.filter(\.isActive) {
                _ = try r.saveActiveGoal(goal)
                outcome.goals += 1
            }
        }
        let known = Set(try r.customFoods().map(\.name))
        for food in d.customFoods where !known.contains(food.name) {
            _ = try r.addCustomFood(food)
            outcome.customFoods += 1
        }
        return outcome
    }
}

extension BodiiDocumentImport {
    /// Two records of one kind under one source and external id are two records: a database that
    /// had imported another Bodii's export wrote its own record 5 and the imported one both as
    /// "body/5". The second and later (in document order, after this database's own are set
    /// aside) become "body/5#2", "#3"…, so reading the same file again finds each of them.
    static func separateCollisions(_ provenance: inout [Provenance]) {
        var seen: [Provenance: Int] = [:]
        for i in provenance.indices {
            guard let id = provenance[i].externalId else { continue }
            let n = (seen[provenance[i]] ?? 0) + 1
            seen[provenance[i]] = n
            if n > 1 { provenance[i].externalId = "\(id)#\(n)" }
        }
    }

    static func separatingCollisions<T>(_ records: [T], _ path: WritableKeyPath<T, Provenance>) -> [T] {
        var provenance = records.map { $0[keyPath: path] }
        separateCollisions(&provenance)
        var out = records
        for i in out.indices { out[i][keyPath: path] = provenance[i] }
        return out
    }
}
