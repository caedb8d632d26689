import BodiiDomain
import BodiiStore
import Foundation
import Testing

/// The command line as scripts use it: exit codes, messages on stderr, the JSON shape, and
/// nothing written when an argument is invalid (PRODUCT.md §4).
@Suite struct CLITests {
    let folder: TemporaryFolder
    init() throws { folder = try TemporaryFolder() }

    func demoDatabase(days: Int = 30) throws -> String {
        let db = folder.path("demo.sqlite")
        let r = try runBodii(["demo", "--days", "\(days)", "--db", db])
        #expect(r.status == 0, "demo failed: \(r.stderr)")
        return db
    }

    func weighIns(_ db: String) throws -> Int {
        let database = try BodiiDatabase(url: URL(fileURLWithPath: db))
        return try database.repositories.bodyRecords(in: DateRange(ending: TestClock.today, days: 5000)).count
    }

    @Test func logWeightSavesAndTodayShowsIt() throws {
        let db = try demoDatabase()
        let before = try weighIns(db)
        let r = try runBodii(["log", "weight", "81.4", "--fat", "19.5", "--db", db])
        #expect(r.status == 0)
        #expect(r.stdout.contains("Logged 81.4 kg"))
        #expect(try weighIns(db) == before + 1)
        let today = try runBodii(["today", "--json", "--db", db])
        #expect(today.status == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(today.stdout.utf8)) as? [String: Any])
        #expect(num(json["weight_kg"]) == 81.4)
        #expect(num(json["body_fat_percent"]) == 19.5)
    }

    /// `bodii log food --kcal N [--protein G --carbs G --fat G] [--name TEXT]` (issue 15).
    @Test func quickAddLogsKcalWithoutAFoodAndRefusesBadValues() throws {
        let db = folder.path("quick.sqlite")
        for (args, status, message) in [
            (["--kcal", "0"], Int32(65), "--kcal \"0\" is out of range: allowed 1–10000 kcal"),
            (["--kcal", "500", "--fat", "abc"], 65, "--fat \"abc\" is not a number: allowed 0–1000 g"),
            (["--protein", "5"], 64, "go with --kcal"),
            (["rice", "--kcal", "5"], 64, "logs no food"),
            (["--kcal", "5", "--grams", "100"], 64, "has no amount"),
        ] {
            let r = try runBodii(["log", "food"] + args + ["--db", db])
            #expect(r.status == status, "\(args): \(r.stderr)")
            #expect(r.stderr.contains(message), "\(args): \(r.stderr)")
            #expect(r.stderr.split(separator: "\n").count == 1, "one line: \(r.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: db), "nothing written")
        let ok = try runBodii(["log", "food", "--kcal", "850", "--protein", "40", "--name", "Burrito", "--meal", "lunch", "--db", db])
        #expect(ok.status == 0, "\(ok.stderr)")
        #expect(ok.stdout.contains("Logged Burrito to Lunch"))
        let today = try runBodii(["today", "--json", "--db", db])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(today.stdout.utf8)) as? [String: Any])
        #expect(num((json["calories"] as? [String: Any])?["eaten"]) == 850)
        #expect(num((json["macros"] as? [String: Any])?["protein_g"]) == 40)
    }

    @Test func outOfRangeWeightIsBadDataAndWritesNothing() throws {
        let db = try demoDatabase()
        let before = try weighIns(db)
        for bad in ["1000", "abc", "NaN", "1e9", "８０", "80\u{1B}[2J", ""] {
            let r = try runBodii(["log", "weight", bad, "--db", db])
            #expect(r.status == 65, "\(bad): \(r.status)")
            #expect(r.stderr.contains("weight"), "\(bad): \(r.stderr)")
            #expect(r.stderr.contains("20–400 kg"), "\(bad): \(r.stderr)")
        }
        // A negative number needs `--` so it is not taken for an option; then it is bad data.
        let negative = try runBodii(["log", "weight", "--db", db, "--", "-5"])
        #expect(negative.status == 65)
        #expect(negative.stderr.contains("weight \"-5\" is out of range"))
        let fat = try runBodii(["log", "weight", "80", "--fat", "90", "--db", db])
        #expect(fat.status == 65)
        #expect(fat.stderr.contains("body fat \"90\""))
        let future = try runBodii(["log", "weight", "80", "--date", "2999-01-01", "--db", db])
        #expect(future.status == 65)
        #expect(try weighIns(db) == before)
    }

    @Test func logSleepSavesTheNightAndRefusesNonsense() throws {
        let db = try demoDatabase(days: 3)
        let bad = try runBodii(["log", "sleep", "--bed", "23:00", "--wake", "25:61", "--db", db])
        #expect(bad.status == 65)
        #expect(bad.stderr.contains("wake time \"25:61\""))
        #expect(try runBodii(["log", "sleep", "--bed", "23:00", "--db", db]).status == 64)
        let ok = try runBodii(["log", "sleep", "--bed", "23:40", "--wake", "06:55", "--quality", "2", "--db", db])
        #expect(ok.status == 0, "\(ok.stderr)")
        #expect(ok.stdout.contains("7 h 15"))
        let nights = try BodiiDatabase(url: URL(fileURLWithPath: db)).repositories.sleepRecords(
            in: DateRange(ending: TestClock.today, days: 1))
        #expect(nights.contains { $0.minutes == 435 && $0.quality == 2 && $0.bedtime?.description == "23:40" })
        #expect(!nights.contains { $0.wakeTime?.description == "25:61" })
    }

    @Test func logSleepByDurationReplacesTheNightOfThatDate() throws {
        let db = try demoDatabase(days: 3)
        let date = TestClock.today.adding(days: -1).iso
        let first = try runBodii(["log", "sleep", "--duration", "6h", "--date", date, "--db", db])
        #expect(first.status == 0, "\(first.stderr)")
        let second = try runBodii(["log", "sleep", "--wake", "07:00", "--duration", "7h30", "--date", date, "--db", db])
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stdout.contains("replaces the 6 h 00 logged before"))
        let nights = try BodiiDatabase(url: URL(fileURLWithPath: db)).repositories.sleepRecords(
            in: DateRange(start: TestClock.today.adding(days: -1), end: TestClock.today.adding(days: -1)))
        #expect(nights.count == 1)
        #expect(nights.first?.minutes == 450)
        #expect(nights.first?.bedtime?.description == "23:30")
        let bad = try runBodii(["log", "sleep", "--duration", "30h", "--db", db])
        #expect(bad.status == 65)
        #expect(bad.stderr.contains("duration \"30h\" is out of range"))
    }

    /// A one-day demo said "1 weigh-ins, 1 workouts, 1 nights".
    @Test func aOneDayDemoCountsInTheSingular() throws {
        let r = try runBodii(["demo", "--days", "1", "--db", folder.path("one.sqlite")])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("1 day of history") && r.stdout.contains(": 1 weigh-in, 1 workout, 1 night, "), "\(r.stdout)")
        #expect(!r.stdout.contains("1 weigh-ins") && !r.stdout.contains(" 1 nights"), "\(r.stdout)")
    }

    @Test func usageErrorsExit64() throws {
        let db = try demoDatabase()
        #expect(try runBodii(["log", "weight", "--db", db]).status == 64)
        #expect(try runBodii(["log", "weight", "80", "--unit", "stone", "--db", db]).status == 64)
        #expect(try runBodii(["demo", "--days", "0", "--db", folder.path("x.sqlite")]).status == 64)
        #expect(try runBodii(["today", "--nonsense", "--db", db]).status == 64)
        #expect(!FileManager.default.fileExists(atPath: folder.path("x.sqlite")))
    }

    @Test func poundsAreConvertedToKilograms() throws {
        let db = try demoDatabase()
        let r = try runBodii(["log", "weight", "180", "--unit", "lb", "--db", db])
        #expect(r.status == 0)
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(try runBodii(["today", "--json", "--db", db]).stdout.utf8)) as? [String: Any])
        let kg = try #require(num(json["weight_kg"]))
        #expect(abs(kg - 81.6) < 0.05)
    }

    @Test func missingDatabaseIsNoInputAndNotCreated() throws {
        let db = folder.path("missing.sqlite")
        for command in [["today"], ["report"], ["profile"]] {
            let r = try runBodii(command + ["--db", db])
            #expect(r.status == 66, "\(command)")
            #expect(r.stderr.contains(db))
        }
        #expect(!FileManager.default.fileExists(atPath: db))
    }

    @Test func foreignFileIsRefusedAndUntouched() throws {
        let path = folder.path("notes.txt")
        try Data("hello, not a database".utf8).write(to: URL(fileURLWithPath: path))
        let r = try runBodii(["today", "--db", path])
        #expect(r.status == 65)
        #expect(r.stderr.contains("not a Bodii database"))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "hello, not a database")
    }

    @Test func demoRefusesADatabaseWithAProfile() throws {
        let db = try demoDatabase(days: 10)
        let again = try runBodii(["demo", "--db", db])
        #expect(again.status == 65)
        #expect(again.stderr.contains("already has a profile"))
    }

    @Test func todayJSONHasEveryKeyWithNullsForUnknowns() throws {
        // A profile and nothing else: nothing measured, and every key is still there.
        let db = folder.path("profile-only.sqlite")
        try BodiiDatabase(url: URL(fileURLWithPath: db)).repositories.saveProfile(DemoHistory.profile)
        let r = try runBodii(["today", "--json", "--db", db], environment: ["BODII_NOW": "2026-11-22T23:30:00-05:00"])
        #expect(r.status == 0)
        // `nutrients` (issue 27): every key, amounts null (nothing logged), the profile's DRI targets;
        // `measurements` (issue 47): every kind, null when never measured.
        // `moments` (issue 47 item 3): the day's, in time order; none here.
        // The day is BODII_NOW's own local day (22 Nov), not the machine's (23 Nov in UTC).
        let expected =
            #"{"date":"2026-11-22","calories":{"eaten":0,"burned":0,"target":null,"remaining":null,"bmr":null,"tdee":null,"bmr_body_fat":null,"expenditure":null,"expenditure_basis":null,"expenditure_days":null,"target_basis":null},"macros":{"protein_g":0,"carbs_g":0,"fat_g":0,"fiber_g":null,"net_carbs_g":0},"targets":{"protein_g":null,"carbs_g":null,"fat_g":null,"net_carbs_g":null},"weight_kg":null,"trend_weight_kg":null,"body_fat_percent":null,"sleep":{"minutes":null,"quality":null},"exercise":{"minutes":0,"calories":0},"activity":{"steps":null,"active_kcal":null},"cost":{"amount":null,"currency":"EUR","known_share":null},"foods":[],"water":{"logged_ml":0,"total_ml":null,"target_ml":3700},"nutrients":{"water_g":{"amount":null,"target":3700,"upper":null,"share":null,"partial":false,"estimated":false},"fiber_g":{"amount":null,"target":38,"upper":null,"share":null,"partial":false,"estimated":false},"sugars_g":{"amount":null,"target":null,"upper":null,"share":null,"partial":false,"estimated":false},"starch_g":{"amount":null,"target":null,"upper":null,"share":null,"partial":false,"estimated":false},"saturated_fat_g":{"amount":null,"target":null,"upper":null,"share":null,"partial":false,"estimated":false},"monounsaturated_fat_g":{"amount":null,"target":null,"upper":null,"share":null,"partial":false,"estimated":false},"polyunsaturated_fat_g":{"amount":null,"target":null,"upper":null,"share":null,"partial":false,"estimated":false},"omega_3_g":{"amount":null,"target":1.6,"upper":null,"share":null,"partial":false,"estimated":false},"omega_6_g":{"amount":null,"target":17,"upper":null,"share":null,"partial":false,"estimated":false},"cholesterol_mg":{"amount":null,"target":null,"upper":null,"share":null,"partial":false,"estimated":false},"sodium_mg":{"amount":null,"target":2300,"upper":null,"share":null,"partial":false,"estimated":false},"potassium_mg":{"amount":null,"target":3400,"upper":null,"share":null,"partial":false,"estimated":false},"calcium_mg":{"amount":null,"target":1000,"upper":2500,"share":null,"partial":false,"estimated":false},"iron_mg":{"amount":null,"target":8,"upper":45,"share":null,"partial":false,"estimated":false},"magnesium_mg":{"amount":null,"target":420,"upper":null,"share":null,"partial":false,"estimated":false},"phosphorus_mg":{"amount":null,"target":700,"upper":4000,"share":null,"partial":false,"estimated":false},"zinc_mg":{"amount":null,"target":11,"upper":40,"share":null,"partial":false,"estimated":false},"copper_mg":{"amount":null,"target":0.9,"upper":10,"share":null,"partial":false,"estimated":false},"manganese_mg":{"amount":null,"target":2.3,"upper":11,"share":null,"partial":false,"estimated":false},"selenium_ug":{"amount":null,"target":55,"upper":400,"share":null,"partial":false,"estimated":false},"vitamin_a_ug":{"amount":null,"target":900,"upper":3000,"share":null,"partial":false,"estimated":false},"vitamin_c_mg":{"amount":null,"target":90,"upper":2000,"share":null,"partial":false,"estimated":false},"vitamin_d_ug":{"amount":null,"target":15,"upper":100,"share":null,"partial":false,"estimated":false},"vitamin_e_mg":{"amount":null,"target":15,"upper":null,"share":null,"partial":false,"estimated":false},"vitamin_k_ug":{"amount":null,"target":120,"upper":null,"share":null,"partial":false,"estimated":false},"thiamin_mg":{"amount":null,"target":1.2,"upper":null,"share":null,"partial":false,"estimated":false},"riboflavin_mg":{"amount":null,"target":1.3,"upper":null,"share":null,"partial":false,"estimated":false},"niacin_mg":{"amount":null,"target":16,"upper":null,"share":null,"partial":false,"estimated":false},"pantothenic_acid_mg":{"amount":null,"target":5,"upper":null,"share":null,"partial":false,"estimated":false},"vitamin_b6_mg":{"amount":null,"target":1.3,"upper":100,"share":null,"partial":false,"estimated":false},"vitamin_b12_ug":{"amount":null,"target":2.4,"upper":null,"share":null,"partial":false,"estimated":false},"folate_ug":{"amount":null,"target":400,"upper":null,"share":null,"partial":false,"estimated":false},"choline_mg":{"amount":null,"target":550,"upper":3500,"share":null,"partial":false,"estimated":false},"caffeine_mg":{"amount":null,"target":null,"upper":null,"share":null,"partial":false,"estimated":false},"alcohol_g":{"amount":null,"target":null,"upper":null,"share":null,"partial":false,"estimated":false}},"measurements":{"waist_cm":null,"hips_cm":null,"neck_cm":null,"chest_cm":null,"upper_arm_cm":null,"thigh_cm":null,"blood_pressure_mmhg":null,"resting_heart_rate_bpm":null,"body_fat_estimated_percent":null},"moments":[]}"#
        #expect(r.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == expected)
    }

    @Test func aBadBODIINOWIsAUsageError() throws {
        let db = folder.path("now.sqlite")
        try BodiiDatabase(url: URL(fileURLWithPath: db)).repositories.saveProfile(DemoHistory.profile)
        for bad in ["tomorrow", "2026-11-22", "2026-11-22T08:00:00", "2026-13-01T08:00:00Z"] {
            let r = try runBodii(["today", "--db", db], environment: ["BODII_NOW": bad])
            #expect(r.status == 64, "\(bad): \(r.stderr)")
            #expect(r.stderr.contains("BODII_NOW"), "\(bad): \(r.stderr)")
            #expect(r.stderr.split(separator: "\n").count == 1)
        }
    }

    @Test func todayJSONMatchesTheDaySummaryOnDemoData() throws {
        let db = try demoDatabase(days: 40)
        let r = try runBodii(["today", "--json", "--db", db])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let summary = try DaySummaryQuery(source: BodiiDatabase(url: URL(fileURLWithPath: db)).repositories).summary(for: TestClock.today)
        let calories = try #require(json["calories"] as? [String: Any])
        #expect(num(calories["tdee"]) == summary.tdee.map { ($0 * 10).rounded() / 10 })
        #expect(num(json["trend_weight_kg"]) == summary.trendWeightKg.map { ($0 * 10).rounded() / 10 })
        let sleep = try #require(json["sleep"] as? [String: Any])
        #expect(num(sleep["minutes"]).map { Int($0) } == summary.sleepMinutes)
    }

    @Test func envVariableChoosesTheDatabase() throws {
        let db = try demoDatabase(days: 3)
        let r = try runBodii(["today", "--json"], environment: ["BODII_DB": db])
        #expect(r.status == 0)
        #expect(r.stdout.hasPrefix("{\"date\""))
    }

    @Test func defaultDatabaseIsPrivate() throws {
        let r = try runBodii(["demo", "--days", "3"], environment: ["XDG_DATA_HOME": folder.path("data")])
        #expect(r.status == 0)
        let dir = folder.path("data/bodii")
        let file = dir + "/bodii.sqlite"
        let dirMode = try FileManager.default.attributesOfItem(atPath: dir)[.posixPermissions] as? Int
        let fileMode = try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int
        #expect(dirMode == 0o700)
        #expect(fileMode == 0o600)
    }
}

/// A JSON number as Double, whether Foundation parsed it as an integer or not.
func num(_ value: Any?) -> Double? { (value as? NSNumber)?.doubleValue }

@Suite struct GlobalOptionTests {
    @Test func databaseOptionBeforeTheSubcommandIsMovedAfterIt() throws {
        let folder = try TemporaryFolder()
        let db = folder.path("g.sqlite")
        #expect(try runBodii(["--db", db, "demo", "--days", "3"]).status == 0)
        let today = try runBodii(["--db", db, "today", "--json"])
        #expect(today.status == 0)
        #expect(today.stdout.hasPrefix("{\"date\""))
        let logged = try runBodii(["--db=\(db)", "log", "weight", "--", "81"])
        #expect(logged.status == 0, "\(logged.stderr)")
    }
}

/// `bodii status` is run by status bars every few seconds: it must never create or change a database.
@Suite struct StatusCommandTests {
    @Test func withNoDatabaseItPrintsNothingAndCreatesNothing() throws {
        let folder = try TemporaryFolder()
        let db = folder.path("none/bodii.sqlite")
        let out = try runBodii(["status", "--db", db])
        #expect(out.status == 0)
        #expect(out.stdout.isEmpty && out.stderr.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: folder.path("none")))
    }

    @Test func itReadsWithoutChangingTheFile() throws {
        let folder = try TemporaryFolder()
        let db = folder.path("bodii.sqlite")
        let demo = try runBodii(["demo", "--days", "30", "--db", db])
        try #require(demo.status == 0, "\(demo.stderr)")
        let before = try folder.contents()
        let out = try runBodii(["status", "--db", db])
        #expect(out.status == 0, "\(out.stderr)")
        #expect(out.stdout.hasSuffix(" kcal · ") == false && out.stdout.contains(" kcal · "), "\(out.stdout)")
        #expect(try folder.contents() == before)
        let bad = try runBodii(["status", "--format", "{kcal}", "--db", db])
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("\"{kcal}\" is unknown"), "\(bad.stderr)")
        #expect(bad.stdout.isEmpty)
    }
}
