import BodiiDomain
import BodiiStore
import Foundation
import ZIPFoundation

/// `bodii export --format json` (PRODUCT.md §9): one document with the profile, goals, custom foods
/// and every record, metric, in a fixed key order. Records carry `source` and `external_id`; one
/// Bodii made itself gets "<kind>/<id>" as its external id, so importing the document into another
/// database twice adds nothing the second time, and exporting that database gives the same
/// document (but the export time).
enum BodiiExport {
    static let format = "bodii-export"
    static let version = 1

    struct Document {
        var profile: Profile?
        var goals: [Goal] = []
        var customFoods: [Food] = []
        var body: [(BodyRecord, MetabolismSnapshot?)] = []
        var food: [FoodRecord] = []
        var exercise: [ExerciseRecord] = []
        var sleep: [SleepRecord] = []
        var checkIns: [CheckIn] = []
        var activity: [ActivitySnapshot] = []
        /// Review notes and actions (PRODUCT.md §8); a Try names its Problem and an action its Try
        /// by the note's `external_id`, so the links survive the ids of another database.
        var reviewItems: [ReviewItem] = []
        var actions: [ReviewAction] = []
        /// The whole pantry (PRODUCT.md §10), whatever the range: its rows link by external id.
        var pantry = PantryBatch()
    }

    static func load(from r: SQLiteRepositories, range: DateRange) throws -> Document {
        var d = Document()
        d.profile = try r.loadProfile()
        d.goals = try r.goalHistory()
        d.customFoods = try r.customFoods()
        let snapshots = Dictionary(try r.metabolismSnapshots(in: range).compactMap { s in s.bodyRecordId.map { ($0, s) } },
                                   uniquingKeysWith: { _, last in last })
        d.body = try r.bodyRecords(in: range).map { ($0, $0.id.flatMap { snapshots[$0] }) }
        d.food = try r.foodRecords(in: range)
        d.exercise = try r.exerciseRecords(in: range)
        d.sleep = try r.sleepRecords(in: range)
        d.checkIns = try r.checkIns(in: range)
        d.activity = try r.activitySnapshots(in: range)
        (d.reviewItems, d.actions) = try r.reviewHistory(startingIn: range)
        d.pantry = try PantryExport.load(from: r)
        return d
    }

    // MARK: - JSON

    /// "2026-11-21T06:10:00.000Z": UTC, to the millisecond (what the store keeps).
    static func timestamp(_ date: Date) -> JSONValue {
        let ms = (date.timeIntervalSince1970 * 1000).rounded()
        let seconds = Int((ms / 1000).rounded(.down))
        let day = LocalDate(daysSinceEpoch: Int((Double(seconds) / 86_400).rounded(.down)))
        let s = seconds - day.daysSinceEpoch * 86_400
        let text = day.iso + "T" + String(format: "%02d:%02d:%02d.%03dZ", s / 3600, s / 60 % 60, s % 60, Int(ms) - seconds * 1000)
        return JSONValue.string(text)
    }

    /// Reads what `timestamp` writes.
    static func parseTimestamp(_ text: String) -> Date? {
        let parts = text.split(separator: "T")
        guard parts.count == 2, let day = LocalDate(iso: String(parts[0])), parts[1].hasSuffix("Z") else { return nil }
        let clock = parts[1].dropLast().split(separator: ":")
        guard clock.count == 3, let h = Int(clock[0]), let m = Int(clock[1]), let s = Double(clock[2]),
              (0..<24).contains(h), (0..<60).contains(m), s >= 0, s < 61 else { return nil }
        let ms = ((Double(day.daysSinceEpoch * 86_400 + h * 3600 + m * 60) + s) * 1000).rounded()
        return Date(timeIntervalSince1970: ms / 1000)
    }

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

    static func json(_ d: Document, exportedAt: Date, range: DateRange?) -> JSONValue {
        var top: [(String, JSONValue)] = [
            ("format", .string(format)), ("version", .int(version)), ("exported_at", timestamp(exportedAt)),
            ("from", str(range?.start.iso)), ("to", str(range?.end.iso)),
        ]
        top.append(("profile", d.profile.map { (p) -> JSONValue in .object([
            ("name", .string(p.name)), ("sex", .string(p.sex.rawValue)), ("birth_date", .string(p.birthDate.iso)),
            ("height_cm", .number(p.heightCm)), ("activity_level", .string(p.activityLevel.rawValue)),
            ("unit_system", .string(p.unitSystem.rawValue)), ("theme_name", .string(p.themeName)),
            ("check_in_template", .string(p.checkInTemplate)),
        ]) } ?? JSONValue.null))
        top.append(("goals", .array(d.goals.map { (g) -> JSONValue in .object([
            ("type", .string(g.type.rawValue)), ("target_weight_kg", num(g.targetWeightKg)),
            ("target_body_fat_percent", num(g.targetBodyFatPercent)), ("weekly_rate_kg", .number(g.weeklyRateKg)),
            ("daily_calorie_target", num(g.dailyCalorieTarget)), ("protein_g", num(g.proteinG)), ("carbs_g", num(g.carbsG)),
            ("fat_g", num(g.fatG)), ("is_active", .bool(g.isActive)), ("created_on", .string(g.createdOn.iso)),
            ("protein_per_kg", .number(g.proteinPerKg)), ("adds_exercise_back", .bool(g.addsExerciseBack)),
        ]) })))
        top.append(("custom_foods", .array(d.customFoods.map { (f) -> JSONValue in .object([
            ("id", .string(f.id.rawValue)), ("name", .string(f.name)), ("per_100g", nutrients(f.per100g)),
            ("servings", .array(f.servings.map { serving -> JSONValue in .object([("label", .string(serving.label)), ("grams", .number(serving.grams))]) })),
        ]) })))
        top.append(("body", .array(d.body.map { (b, s) -> JSONValue in .object([
            ("date", .string(b.date.iso)), ("weight_kg", .number(b.weightKg)), ("body_fat_percent", num(b.bodyFatPercent)),
            ("muscle_mass_kg", num(b.muscleMassKg)), ("recorded_at", timestamp(b.recordedAt)),
            ("bmr", num(s?.bmr)), ("tdee", num(s?.tdee)), ("formula", str(s?.formula.rawValue)),
            ("activity_level", str(s?.activityLevel.rawValue)),
            ("source", .string(b.provenance.source)), ("external_id", externalId(b.provenance, "body", b.id)),
        ]) })))
        top.append(("food", .array(d.food.map { (f) -> JSONValue in .object([
            ("date", .string(f.date.iso)), ("meal", .string(f.meal.rawValue)), ("food_id", .string(f.foodId.rawValue)),
            ("food_name", .string(f.foodName)), ("grams", .number(f.grams)), ("kcal", .number(f.kcal)),
            ("protein_g", .number(f.proteinG)), ("carbs_g", .number(f.carbsG)), ("fat_g", .number(f.fatG)),
            ("fiber_g", num(f.fiberG)), ("logged_at", timestamp(f.loggedAt)),
            ("source", .string(f.provenance.source)), ("external_id", externalId(f.provenance, "food", f.id)),
        ]) })))
        top.append(("exercise", .array(d.exercise.map { (e) -> JSONValue in .object([
            ("date", .string(e.date.iso)), ("activity", .string(e.activity)), ("minutes", .int(e.minutes)),
            ("intensity", .string(e.intensity.rawValue)), ("met", .number(e.met)), ("kcal", .number(e.kcal)),
            ("logged_at", timestamp(e.loggedAt)),
            ("source", .string(e.provenance.source)), ("external_id", externalId(e.provenance, "exercise", e.id)),
        ]) })))
        top.append(("sleep", .array(d.sleep.map { (s) -> JSONValue in .object([
            ("date", .string(s.date.iso)), ("bedtime", str(s.bedtime?.description)), ("wake_time", str(s.wakeTime?.description)),
            ("minutes", .int(s.minutes)), ("quality", .int(s.quality)), ("status", .string(s.status.rawValue)),
            ("source", .string(s.provenance.source)), ("external_id", externalId(s.provenance, "sleep", s.id)),
        ]) })))
        top.append(("check_ins", .array(d.checkIns.map { (c) -> JSONValue in .object([
            ("date", .string(c.date.iso)), ("mood", .int(c.mood)), ("energy", .int(c.energy)), ("note", str(c.note)),
        ]) })))
        top.append(("activity", .array(d.activity.map { (a) -> JSONValue in .object([
            ("date", .string(a.date.iso)), ("steps", .int(a.steps)), ("active_kcal", num(a.activeKcal)),
            ("source", .string(a.provenance.source)), ("external_id", externalId(a.provenance, "activity", a.id)),
        ]) })))
        // A link names the note by the external id it is exported under; one outside the range
        // (or gone) is null.
        var noteIds: [Int64: JSONValue] = [:]
        for item in d.reviewItems { if let id = item.id { noteIds[id] = externalId(item.provenance, "review_item", id) } }
        func note(_ id: Int64?) -> JSONValue { id.flatMap { noteIds[$0] } ?? JSONValue.null }
        top.append(("review_items", .array(d.reviewItems.map { (i) -> JSONValue in .object([
            ("period", .string(i.period.kind.rawValue)), ("start", .string(i.period.start.iso)), ("kind", .string(i.kind.rawValue)),
            ("text", .string(i.text)), ("problem", note(i.problemId)),
            ("source", .string(i.provenance.source)), ("external_id", externalId(i.provenance, "review_item", i.id)),
        ]) })))
        top.append(("actions", .array(d.actions.map { (a) -> JSONValue in .object([
            ("period", .string(a.period.kind.rawValue)), ("start", .string(a.period.start.iso)), ("text", .string(a.text)),
            ("try", note(a.tryId)), ("due", str(a.due?.iso)), ("status", .string(a.status.rawValue)), ("drop_note", str(a.dropNote)),
            ("metric", str(a.metric?.rawValue)), ("target", .int(a.target)),
            ("created_on", .string(a.createdOn.iso)), ("closed_on", str(a.closedOn?.iso)),
            ("source", .string(a.provenance.source)), ("external_id", externalId(a.provenance, "action", a.id)),
        ]) })))
        top += PantryExport.json(d.pantry)
        return .object(top)
    }

    static func nutrients(_ n: Nutrients) -> JSONValue {
        .object([
            ("kcal", .number(n.kcal)), ("protein_g", .number(n.proteinG)), ("carbs_g", .number(n.carbsG)), ("fat_g", .number(n.fatG)),
            ("fiber_g", num(n.fiberG)), ("sugars_g", num(n.sugarsG)), ("saturated_fat_g", num(n.saturatedFatG)),
            ("sodium_mg", num(n.sodiumMg)), ("cholesterol_mg", num(n.cholesterolMg)), ("potassium_mg", num(n.potassiumMg)),
            ("calcium_mg", num(n.calciumMg)), ("iron_mg", num(n.ironMg)), ("vitamin_c_mg", num(n.vitaminCMg)),
            ("vitamin_d_ug", num(n.vitaminDUg)),
        ])
    }

    /// The document pretty enough to diff: one record per line.
    static func document(_ value: JSONValue) -> String {
        guard let pairs = value.fields else { return value.text }
        var lines: [String] = []
        for pair in pairs {
            var line = "  " + JSONValue.quote(pair.0) + ": "
            if let items = pair.1.items, !items.isEmpty {
                line += "[\n" + items.map { "    " + $0.text }.joined(separator: ",\n") + "\n  ]"
            } else {
                line += pair.1.text
            }
            lines.append(line)
        }
        return "{\n" + lines.joined(separator: ",\n") + "\n}\n"
    }

    // MARK: - CSV

    /// One CSV per kind (RFC 4180: CRLF line ends, fields quoted when they hold a comma, quote or
    /// line break), a header row, the JSON document's keys as columns.
    static func csvFiles(_ value: JSONValue) -> [(name: String, text: String)] {
        var files: [(name: String, text: String)] = []
        for pair in value.fields ?? [] {
            let rows: [[(String, JSONValue)]]
            if let items = pair.1.items {
                rows = items.compactMap { $0.fields }
            } else if let fields = pair.1.fields {
                rows = [fields]
            } else {
                continue
            }
            // A kind with no records still gets its header row.
            let header: [String] = rows.first.map { $0.map(\.0) } ?? columns[pair.0] ?? []
            var body = header.map { csvField($0) }.joined(separator: ",") + "\r\n"
            for row in rows {
                body += row.map { csvField($0.1.cellText) }.joined(separator: ",") + "\r\n"
            }
            files.append((name: pair.0 + ".csv", text: body))
        }
        return files
    }


    /// The columns of every kind, read off a document with one placeholder record of each (so
    /// they cannot drift from what `json` writes): the header of a CSV with no rows.
    static let columns: [String: [String]] = {
        let day = Validation.earliestDate, week = ReviewPeriod(.week, startingOn: Validation.earliestDate)
        var d = Document()
        d.goals = [Goal(type: .maintain, weeklyRateKg: 0, dailyCalorieTarget: nil, proteinG: nil, carbsG: nil, fatG: nil, createdOn: day)]
        d.customFoods = [Food(id: FoodID("x"), name: "x", source: "custom", per100g: Nutrients(kcal: 0, proteinG: 0, carbsG: 0, fatG: 0))]
        d.body = [(BodyRecord(date: day, weightKg: 1), nil)]
        d.food = [FoodRecord(date: day, meal: .lunch, foodId: FoodID("x"), foodName: "x", grams: 1, kcal: 0, proteinG: 0, carbsG: 0, fatG: 0)]
        d.exercise = [ExerciseRecord(date: day, activity: "x", minutes: 1, intensity: .low, met: 1, kcal: 0)]
        d.sleep = [SleepRecord(date: day, minutes: 1, status: .good)]
        d.checkIns = [CheckIn(date: day)]
        d.activity = [ActivitySnapshot(date: day, steps: nil, activeKcal: nil)]
        d.reviewItems = [ReviewItem(period: week, kind: .keep, text: "x")]
        d.actions = [ReviewAction(period: week, text: "x", createdOn: day)]
        var columns: [String: [String]] = [:]
        for (name, value) in json(d, exportedAt: Date(timeIntervalSince1970: 0), range: nil).fields ?? [] {
            if let first = value.items?.first?.fields { columns[name] = first.map(\.0) }
        }
        return columns
    }()

    static func csvField(_ s: String) -> String {
        let special: Set<Character> = [",", "\"", "\n", "\r"]
        guard s.contains(where: { special.contains($0) }) else { return s }
        return "\"" + s.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// The document to `output` (the destination side: PRODUCT.md §9 "Output paths").
    static func writeJSON(_ value: JSONValue, to output: OutputPath) throws {
        try output.writeFile { sink in try sink.write(document(value)) }
    }

    /// The CSV files into a folder, or a zip when the path ends in ".zip" (built in memory,
    /// then written as one file, so a failure leaves the previous zip as it was).
    static func writeCSV(_ value: JSONValue, to output: OutputPath) throws {
        let files = csvFiles(value).map { (name: $0.name, bytes: Data($0.text.utf8)) }
        guard output.path.lowercased().hasSuffix(".zip") else {
            try output.writeFolder(files)
            return
        }
        let zip: Data
        do {
            let archive = try Archive(data: Data(), accessMode: .create)
            for (name, data) in files {
                try archive.addEntry(with: name, type: .file, uncompressedSize: Int64(data.count), compressionMethod: .deflate) {
                    (position: Int64, size: Int) -> Data in data.subdata(in: Int(position)..<Int(position) + size)
                }
            }
            guard let made = archive.data else { throw OutputPath.ioFailure(output.path, "the zip could not be made in memory") }
            zip = made
        } catch let failure as OutputPath.Failure {
            throw failure
        } catch {
            throw OutputPath.ioFailure(output.path, "the zip could not be made in memory")
        }
        try output.writeFile { sink in try sink.write(zip) }
    }
}
