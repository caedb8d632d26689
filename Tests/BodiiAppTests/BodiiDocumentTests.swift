@testable import BodiiApp
@testable import BodiiCLI
@testable import BodiiDocument
import BodiiDomain
import Foundation
import Testing
@testable import BodiiStore

/// `import bodii` (issue 23, items 7, 9, 10, 18): an exact round trip of everything the database
/// knows; every value checked like typed input before the database is opened; one transaction.
@Suite struct BodiiDocumentTests {
    // MARK: - Item 18: the export carries everything

    /// Every table of the schema is in the export or declared derived (`BodiiExport.tables`): a
    /// migration that adds a table fails here until the export carries it or says why not.
    @Test func everyTableIsExportedOrDeclaredDerived() throws {
        let folder = try TemporaryFolder()
        let db = try BodiiDatabase(url: URL(fileURLWithPath: folder.path("a.sqlite")))
        let tables = try db.repositories.tableNames()
        #expect(tables.contains("food_record") && tables.contains("recipe_ingredient"))
        let missing = tables.filter { BodiiExport.coverage(of: $0) == nil }
        #expect(missing.isEmpty, "tables neither exported nor declared derived in BodiiExport.tables: \(missing)")
        // What the map names as exported is a key of the document.
        let keys = Set(BodiiExport.json(BodiiExport.Document(), exportedAt: Date(), range: nil).fields?.map(\.0) ?? [])
        for (table, place) in BodiiExport.tables where !place.hasPrefix("derived") && !place.hasPrefix("internal") {
            let key = String(place.prefix { $0.isLetter || $0 == "_" })
            #expect(keys.contains(key), "\(table) is said to be exported as \(place), but the document has no \"\(key)\"")
        }
    }

    /// A database with every kind of record — the demo's history, reviews and pantry, Apple Health
    /// activity, a goal history, custom foods (one deleted, so ids have a gap), a recipe, a saved
    /// meal and favourites — exports, imports into an empty database and exports again the same.
    @Test func everyKindOfRecordSurvivesTheRoundTrip() throws {
        let folder = try TemporaryFolder()
        let a = folder.path("a.sqlite"), b = folder.path("b.sqlite")
        try #require(try runBodii(["demo", "--days", "30", "--db", a]).status == 0)
        try #require(try runBodii(["import", "apple-health", AppleHealthImportTests.export, "--db", a]).status == 0)
        do {
            let r = try BodiiDatabase(url: URL(fileURLWithPath: a)).repositories
            let gone = try r.addCustomFood(
                Food(id: CustomFoods.newID, name: "Gone", source: "custom", per100g: Nutrients(kcal: 1, proteinG: 0, carbsG: 0, fatG: 0)))
            _ = try r.deleteCustomFood(id: gone.id)
            let soup = try r.addCustomFood(
                Food(
                    id: CustomFoods.newID, name: "Lentil soup", source: "custom",
                    per100g: Nutrients(
                        kcal: 90, proteinG: 6, carbsG: 12, fatG: 2, fiberG: 3, sugarsG: 1.5,
                        saturatedFatG: 0.3, sodiumMg: 250, values: [.magnesiumMg: 36, .folateUg: 0.125]),
                    servings: [FoodServing(label: "1 bowl", grams: 300)]))
            let banana = try #require(try r.food(id: FoodID("usda:09040")))
            let bowl = try r.saveRecipe(
                Recipe(
                    name: "Banana lentil bowl", servings: 2,
                    ingredients: [.init(food: soup, grams: 300), .init(food: banana, grams: 120)]))
            let day = TestClock.today
            let eaten = try r.foodRecords(in: DateRange(start: day.adding(days: -3), end: day))
            try r.saveMeal(SavedMeal(name: "Lunch box", meal: .lunch, items: Array(eaten.prefix(3))))
            // A meal saved before v12 kept no meal: it stays without one.
            try r.saveMeal(SavedMeal(name: "Old box", items: Array(eaten.prefix(1))))
            try r.setFavourite(banana.id, true)
            try r.setFavourite(try #require(bowl.foodID), true)
            try r.setFavourite(soup.id, true)
            try r.saveNutrientPreference(NutrientPreference(key: .vitaminDUg, amount: 25))
            try r.saveNutrientPreference(NutrientPreference(key: .caffeineMg, hidden: true))
            // Issue 47: a tape's waist and a blood pressure reading (its second number too).
            try r.addMeasurement(
                BodyMeasurement(date: day.adding(days: -1), kind: .waist, value: 82.5, recordedAt: Date(timeIntervalSince1970: 1_795_000_000)))
            try r.addMeasurement(
                BodyMeasurement(
                    date: day, kind: .bloodPressure, value: 121, diastolic: 79, recordedAt: Date(timeIntervalSince1970: 1_795_100_000)))
            // Issue 47 item 2: a fast that ended and the one on now.
            try r.addFast(
                Fast(
                    date: day.adding(days: -2), startedAt: Date(timeIntervalSince1970: 1_795_204_800),
                    endedAt: Date(timeIntervalSince1970: 1_795_265_400), goalHours: 16))
            try r.addFast(Fast(date: day.adding(days: -1), startedAt: Date(timeIntervalSince1970: 1_795_287_600), goalHours: 18))
        }
        let first = try runBodii(["export", "--out", folder.path("a.json"), "--db", a])
        try #require(first.status == 0, "\(first.stderr)")
        let original = try String(contentsOfFile: folder.path("a.json"), encoding: .utf8)
        for key in [
            "recipes", "saved_meals", "favourites", "custom_foods", "goals", "activity", "review_items", "purchases",
            "nutrient_preferences", "measurements", "fasts",
        ] {
            #expect(original.contains("\"\(key)\": [\n"), "\(key) is empty or missing")
        }
        #expect(original.contains(#""id":"custom:2","name":"Lentil soup""#))
        #expect(original.contains(#""ingredients":[{"food_id":"custom:2","grams":300},{"food_id":"usda:09040","grams":120}]"#))
        #expect(original.contains(#""sugars_g":"#) && original.contains(#""saturated_fat_g":"#) && original.contains(#""sodium_mg":"#))
        // The library's timestamps are the machine's (not BODII_NOW): read them back on a clock after them.
        let later = ["BODII_NOW": ISO8601DateFormatter().string(from: Date().addingTimeInterval(3600))]
        let imported = try runBodii(["import", "bodii", folder.path("a.json"), "--db", b], environment: later)
        try #require(imported.status == 0, "\(imported.stderr)")
        #expect(
            imported.stdout.contains("1 recipe") && imported.stdout.contains("2 saved meals") && imported.stdout.contains("3 favourites"),
            "\(imported.stdout)")
        let again = try runBodii(["export", "--db", b], environment: later)
        try #require(again.status == 0, "\(again.stderr)")
        func withoutTime(_ s: String) -> [Substring] { s.split(separator: "\n").filter { !$0.contains("\"exported_at\"") } }
        let lhs = withoutTime(original), rhs = withoutTime(again.stdout)
        #expect(
            lhs == rhs,
            "first difference: \(zip(lhs, rhs).first { $0 != $1 }.map { "\($0)\n≠\n\($1)" } ?? "lengths \(lhs.count) \(rhs.count)")")
        // The Diet tab's sugars, saturated fat and sodium come back (not "— — —").
        let days = DateRange(start: TestClock.today.adding(days: -3), end: TestClock.today)
        let known = try BodiiDatabase(url: URL(fileURLWithPath: a)).repositories.foodRecords(in: days).filter {
            $0.sugarsG != nil && $0.sodiumMg != nil
        }
        let r = try BodiiDatabase(url: URL(fileURLWithPath: b)).repositories
        // The saved meal goes back to the meal it was saved from, not to the meal of the hour (v12's `meal`).
        #expect(original.contains(#""name":"Lunch box","meal":"lunch","#) && original.contains(#""name":"Old box","meal":null,"#))
        #expect(try r.savedMeals().map(\.meal) == [.lunch, nil])
        let entries = try r.foodRecords(in: days).filter { $0.sugarsG != nil && $0.sodiumMg != nil }
        #expect(!known.isEmpty && entries.map(\.sugarsG) == known.map(\.sugarsG) && entries.map(\.sodiumMg) == known.map(\.sodiumMg))
        // Issue 27: every nutrient of every entry comes back exactly, unknown as unknown (the
        // demo's catalog entries know them all, Apple Health's quick adds none).
        let everything = DateRange(start: TestClock.today.adding(days: -3650), end: TestClock.today)
        let before = try BodiiDatabase(url: URL(fileURLWithPath: a)).repositories.foodRecords(in: everything).map(\.nutrients)
        #expect(try r.foodRecords(in: everything).map(\.nutrients) == before)
        #expect(before.contains { $0[.vitaminCMg] != nil } && before.contains { $0[.vitaminCMg] == nil })
        #expect(original.contains(#""magnesium_mg":36,"#) && original.contains(#""folate_ug":0.125,"#))
        #expect(try r.customFoods().first { $0.name == "Lentil soup" }?.per100g[.magnesiumMg] == 36)
        // The user's own nutrient targets travel too (Settings → Nutrients).
        #expect(try r.nutrientPreferences()[.vitaminDUg]?.amount == 25 && r.nutrientPreferences()[.caffeineMg]?.hidden == true)
        try r.prepareFoodCatalog()
        #expect(try r.recipe(foodID: FoodID("recipe:3"))?.ingredients.count == 2)
        // Importing it again adds nothing of the library either.
        let twice = try runBodii(["import", "bodii", folder.path("a.json"), "--db", b], environment: later)
        #expect(twice.status == 0 && !twice.stdout.contains("recipe") && !twice.stdout.contains("favourite"), "\(twice.stdout)")
        let third = try runBodii(["export", "--db", b])
        #expect(withoutTime(third.stdout) == lhs)
        // The CSV export has a file per new kind too.
        try #require(try runBodii(["export", "--format", "csv", "--out", folder.path("csv"), "--db", b], environment: later).status == 0)
        for (file, header) in [
            ("recipes", "food_id,name,servings,per_100g,food_servings,ingredients,created_at,source,external_id"),
            ("saved_meals", "name,meal,items,created_at,source,external_id"), ("favourites", "food_id,added_at"),
            ("measurements", "date,kind,value,diastolic,recorded_at,source,external_id"),
            ("fasts", "date,started_at,ended_at,goal_hours,source,external_id"),
        ] {
            let text = try String(contentsOfFile: folder.path("csv/\(file).csv"), encoding: .utf8)
            #expect(text.hasPrefix(header + "\r\n") && text.components(separatedBy: "\r\n").count > 2, "\(file): \(text.prefix(200))")
        }
        let food = try String(contentsOfFile: folder.path("csv/food.csv"), encoding: .utf8)
        #expect(
            food.hasPrefix(
                "date,meal,food_id,food_name,grams,kcal,protein_g,carbs_g,fat_g,fiber_g,sugars_g,saturated_fat_g,sodium_mg,logged_at,"))
    }

    /// The long lists are read a page at a time: a bad record deep in one is still named by its
    /// place in the whole list, and nothing of the pages before it is written.
    @Test func aBadRecordPastTheFirstPageIsNamedByItsPlaceInTheList() throws {
        let folder = try TemporaryFolder()
        let count = BodiiDocumentStream.pageSize + 500, bad = BodiiDocumentStream.pageSize + 321
        let records = (0..<count).map { i in
            Self.food.replacingOccurrences(of: "KCAL", with: i == bad ? "-1" : "100").replacingOccurrences(of: "food/1", with: "food/\(i)")
        }
        let file = folder.path("long.json")
        try Data(Self.document("food", records.joined(separator: ",")).utf8).write(to: URL(fileURLWithPath: file))
        let r = try runBodii(["import", "bodii", file, "--db", folder.path("b.sqlite")])
        #expect(r.status == 65)
        #expect(r.stderr.contains("food[\(bad)]: kcal \"-1\" is out of range"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("b.sqlite")))
        // Without the bad one, every page arrives.
        let good = records.enumerated().map {
            $0.offset == bad ? records[0].replacingOccurrences(of: "food/0", with: "food/x") : $0.element
        }
        try Data(Self.document("food", good.joined(separator: ",")).utf8).write(to: URL(fileURLWithPath: file))
        let ok = try runBodii(["import", "bodii", file, "--db", folder.path("b.sqlite")])
        #expect(ok.stdout.contains("foods \(ActivityText.grouped(count)) added"), "\(ok.stdout) \(ok.stderr)")
    }

    /// The document is read twice (checked, then written): one that arrives through a FIFO is
    /// copied first, so it imports like a file.
    @Test func aDocumentThroughAFifoImports() throws {
        let folder = try TemporaryFolder()
        let fifo = folder.path("pipe.json")
        try #require(mkfifo(fifo, 0o600) == 0)
        let running = try startBodii(["import", "bodii", fifo, "--db", folder.path("b.sqlite")])
        let writer = try #require(FileHandle(forWritingAtPath: fifo))
        try writer.write(contentsOf: Data(Self.document("food", Self.food.replacingOccurrences(of: "KCAL", with: "107")).utf8))
        try writer.close()
        let r = running.finish()
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("weigh-ins 1 added") && r.stdout.contains("foods 1 added"), "\(r.stdout)")
    }

    // MARK: - Items 7 and 10: values checked like typed input

    /// A small valid document with one record of `kind` changed by `edit`.
    static func document(_ kind: String, _ record: String) -> String {
        #"{"format":"bodii-export","version":1,"body":[{"date":"2026-11-20","weight_kg":80,"body_fat_percent":null,"muscle_mass_kg":null,"#
            + #""recorded_at":"2026-11-20T07:00:00.000Z","bmr":null,"tdee":null,"formula":null,"activity_level":null,"source":"bodii","external_id":"body/1"}],"#
            + "\"\(kind)\":[\(record)]}"
    }

    static let food =
        #"{"date":"2026-11-20","meal":"lunch","food_id":"usda:09040","food_name":"Bananas, raw","grams":120,"kcal":KCAL,"#
        + #""protein_g":1.3,"carbs_g":27,"fat_g":0.4,"fiber_g":3.1,"logged_at":"2026-11-20T12:00:00.000Z","source":"bodii","external_id":"food/1"}"#
    static let body =
        #"{"date":"DATE","weight_kg":KG,"body_fat_percent":FAT,"muscle_mass_kg":null,"recorded_at":"2026-11-20T07:00:00.000Z","#
        + #""bmr":BMR,"tdee":1900,"formula":"mifflin_st_jeor","activity_level":"light","source":"x","external_id":"b/9"}"#
    static let exercise =
        #"{"date":"2026-11-20","activity":"Running","minutes":30,"intensity":"high","met":9.8,"kcal":KCAL,"#
        + #""logged_at":"2026-11-20T18:00:00.000Z","source":"bodii","external_id":"exercise/1"}"#
    static let pantry =
        #"{"format":"bodii-export","version":1,"grocery_items":[{"name":"NAME","food_id":null,"shelf_life_days":null,"#
        + #""take_when_logging":false,"minimum_quantity":null,"minimum_unit":null,"source":"bodii","external_id":"grocery_item/1"}],"#
        + #""purchases":[{"item":"grocery_item/1","date":"2026-11-20","quantity":1,"unit":"piece","grams":null,"price":PRICE,"currency":"CUR","#
        + #""store":null,"source":"bodii","external_id":"purchase/1"}]}"#

    static func body(date: String = "2026-11-20", kg: String = "80", fat: String = "null", bmr: String = "1700") -> String {
        body.replacingOccurrences(of: "DATE", with: date).replacingOccurrences(of: "KG", with: kg)
            .replacingOccurrences(of: "FAT", with: fat).replacingOccurrences(of: "BMR", with: bmr)
    }

    static func pantry(name: String = "Milk", price: String = "1.99", currency: String = "EUR") -> String {
        pantry.replacingOccurrences(of: "NAME", with: name).replacingOccurrences(of: "PRICE", with: price).replacingOccurrences(
            of: "CUR", with: currency)
    }

    /// Each document must be refused with 65 in one line naming the record, the field and the
    /// value and what is allowed; no database file is created, and an existing one is unchanged.
    @Test func outOfRangeValuesRefuseTheWholeFileBeforeTheDatabaseOpens() throws {
        let folder = try TemporaryFolder()
        let existing = folder.path("existing.sqlite")
        try #require(try runBodii(["log", "weight", "81", "--date", "2026-11-19", "--db", existing]).status == 0)
        let bigName = String(repeating: "n", count: 1_000_000)
        let cases: [(document: String, says: String)] = [
            (
                Self.document("food", Self.food.replacingOccurrences(of: "KCAL", with: "1e20")),
                #"food[0]: kcal "1e+20" is out of range: allowed 0–45000 kcal"#
            ),
            (Self.document("food", Self.food.replacingOccurrences(of: "KCAL", with: "1e308")), #"food[0]: kcal "1e+308" is out of range"#),
            (Self.document("body", Self.body(bmr: "1e20")), #"body[0]: bmr "1e+20" is out of range: allowed 1–10000 kcal"#),
            (
                Self.document("exercise", Self.exercise.replacingOccurrences(of: "KCAL", with: "1e308")),
                #"exercise[0]: kcal "1e+308" is out of range"#
            ),
            (
                Self.document("body", Self.body(date: "0001-01-01")),
                #"body[0]: date "0001-01-01" is out of range: allowed a date from 1900-01-01 to 2026-11-23"#
            ),
            (Self.document("body", Self.body(date: "9999-12-31")), #"body[0]: date "9999-12-31" is out of range"#),
            (Self.document("body", Self.body(kg: "999")), #"body[0]: weight_kg "999" is out of range: allowed 20–400 kg"#),
            (Self.document("body", Self.body(fat: "100")), #"body[0]: body_fat_percent "100" is out of range: allowed 2–75 %"#),
            (
                Self.pantry(price: "1.999"),
                #"purchases[0]: price "1.999" is not in a valid format: allowed an amount with at most 2 decimals in EUR"#
            ),
            (Self.pantry(currency: "XXX"), #"purchases[0]: currency "XXX" is unknown: allowed EUR, USD"#),
            (Self.pantry(price: "1e20"), #"purchases[0]: price "1e+20" is out of range: allowed 0–10000.00 EUR"#),
            (Self.pantry(name: bigName), #"grocery_items[0]: name "nnnnnnnnnnnnnnnnnnnnnnnn…" is too long: allowed 1–80 characters"#),
            // The last part of a document is checked before the first is written.
            (
                Self.document("favourites", #"{"food_id":"usda:09040","added_at":"9999-01-01T00:00:00.000Z"}"#),
                #"favourites[0]: added_at "9999-01-01T00:00:00.000Z" is out of range"#
            ),
        ]
        for (i, c) in cases.enumerated() {
            let file = folder.path("case\(i).json")
            try Data(c.document.utf8).write(to: URL(fileURLWithPath: file))
            let fresh = folder.path("fresh\(i).sqlite")
            let r = try runBodii(["import", "bodii", file, "--db", fresh])
            #expect(r.status == 65, "case \(i): \(r.status) \(r.stderr)")
            #expect(r.stderr.contains(c.says), "case \(i): \(r.stderr)")
            #expect(r.stderr.filter { $0 == "\n" }.count == 1 && r.stderr.count < 400, "case \(i): \(r.stderr.prefix(500))")
            #expect(!FileManager.default.fileExists(atPath: fresh), "case \(i) created a database")
            let before = try Data(contentsOf: URL(fileURLWithPath: existing))
            #expect(try runBodii(["import", "bodii", file, "--db", existing]).status == 65)
            #expect(try Data(contentsOf: URL(fileURLWithPath: existing)) == before, "case \(i) changed the database")
        }
        // What the checks allow still reads: every read command works after a valid import.
        let good = folder.path("good.json")
        try Data(Self.document("food", Self.food.replacingOccurrences(of: "KCAL", with: "107")).utf8).write(to: URL(fileURLWithPath: good))
        #expect(try runBodii(["import", "bodii", good, "--db", existing]).status == 0)
        for command in [["today", "--date", "2026-11-20"], ["status"], ["report"], ["history", "2026-11-20"], ["review"]] {
            let r = try runBodii(command + ["--db", existing])
            #expect(r.status == 0, "\(command): \(r.stderr)")
        }
    }

    // MARK: - Item 9: one transaction for the whole import

    /// The last part written (custom foods come after the records) fails in the database: the
    /// records written before it are rolled back with it, and the file is byte for byte as before.
    @Test func aFailureInTheLastPartLeavesTheDatabaseByteIdentical() throws {
        let folder = try TemporaryFolder()
        let a = folder.path("a.sqlite"), b = folder.path("b.sqlite")
        try #require(try runBodii(["demo", "--days", "20", "--db", a]).status == 0)
        do {
            let r = try BodiiDatabase(url: URL(fileURLWithPath: a)).repositories
            _ = try r.addCustomFood(
                Food(
                    id: CustomFoods.newID, name: "Lentil soup", source: "custom",
                    per100g: Nutrients(kcal: 90, proteinG: 6, carbsG: 12, fatG: 2)))
        }
        try #require(try runBodii(["export", "--out", folder.path("a.json"), "--db", a]).status == 0)
        try #require(try runBodii(["log", "weight", "70", "--date", "2026-11-01", "--db", b]).status == 0)
        // A database that refuses custom foods, as a full disk or a broken file would refuse a write.
        try BodiiDatabase(url: URL(fileURLWithPath: b)).executeRaw(
            """
            CREATE TRIGGER refuse_custom_food BEFORE INSERT ON food WHEN NEW.source = 'custom' BEGIN SELECT RAISE(ABORT, 'refused'); END;
            """)
        let before = try Data(contentsOf: URL(fileURLWithPath: b))
        let r = try runBodii(["import", "bodii", folder.path("a.json"), "--db", b])
        #expect(r.status == 74, "\(r.status) \(r.stderr)")
        #expect(r.stderr.contains("nothing was saved"), "\(r.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: b)) == before)
        let history = try runBodii(["history", "--json", "--db", b])
        #expect(!history.stdout.contains("Oats") && !history.stdout.contains("oats"), "\(history.stdout.prefix(300))")
    }

    /// `import bodii` killed with SIGKILL at several points of a long import: the database holds
    /// what it held before or the whole document, never a part of it.
    @Test func aKilledImportLeavesTheDatabaseBeforeOrAfterNeverPartial() throws {
        let folder = try TemporaryFolder()
        let source = folder.path("source.sqlite"), document = folder.path("big.json")
        try #require(try runBodii(["demo", "--days", "400", "--db", source]).status == 0)
        try #require(try runBodii(["export", "--out", document, "--db", source]).status == 0)
        let start = folder.path("start.sqlite")
        try #require(try runBodii(["log", "weight", "70", "--date", "2026-11-01", "--db", start]).status == 0)
        func counts(_ path: String) throws -> [String] {
            let db = try BodiiDatabase(url: URL(fileURLWithPath: path))
            return try [
                "body_record", "food_record", "exercise_record", "sleep_record", "check_in", "goal", "purchase", "review_item", "profile",
            ]
            .map { try db.fetchStrings("SELECT COUNT(*) FROM \($0)").joined() }
        }
        func copy(_ to: String) throws {
            try? FileManager.default.removeItem(atPath: to)
            try FileManager.default.copyItem(atPath: start, toPath: to)
        }
        let before = try counts(start)
        let whole = folder.path("whole.sqlite")
        try copy(whole)
        try #require(try runBodii(["import", "bodii", document, "--db", whole]).status == 0)
        let after = try counts(whole)
        #expect(before != after)
        // Kill once the write-ahead log holds this much of the transaction (0: as soon as it exists).
        var outcomes: [String: Int] = [:]
        for threshold in [0, 32_768, 262_144, 1_048_576, 2_097_152, 4_194_304] {
            let target = folder.path("killed-\(threshold).sqlite")
            try copy(target)
            let watch = try FolderWatch(folder.url.path)
            let running = try startBodii(["import", "bodii", document, "--db", target])
            let wal = target + "-wal"
            // Woken as the log is made and written (no fixed wait, no spinning on its size).
            let grown = watch.wait(seconds: 600) {
                let size = (try? FileManager.default.attributesOfItem(atPath: wal)[.size] as? Int) ?? nil
                return !running.process.isRunning || (size ?? -1) >= threshold
            }
            if grown && running.process.isRunning { kill(running.process.processIdentifier, SIGKILL) }
            _ = running.finish()
            let now = try counts(target)
            #expect(now == before || now == after, "killed at \(threshold) bytes of log: \(now), before \(before), after \(after)")
            if threshold > 0 { outcomes[now == before ? "before" : "after", default: 0] += 1 }
        }
        // Kills landed inside the import's transaction (its log had grown), not only before or after it.
        #expect(outcomes["before", default: 0] >= 2, "\(outcomes)")
    }
}
