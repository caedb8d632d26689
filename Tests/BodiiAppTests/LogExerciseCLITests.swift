import BodiiDomain
import BodiiStore
import Foundation
import Testing

/// `bodii log exercise ACTIVITY --minutes N [--intensity low|moderate|high] [--date D]` as a
/// process: the activity matched against the catalog, what it prints, exit codes, and nothing
/// written on bad input (PRODUCT.md §4).
@Suite struct LogExerciseCLITests {
    let folder: TemporaryFolder
    init() throws { folder = try TemporaryFolder() }

    var today: LocalDate { TestClock.today }

    func demoDatabase(days: Int = 20) throws -> String {
        let db = folder.path("demo.sqlite")
        let r = try runBodii(["demo", "--days", "\(days)", "--db", db])
        #expect(r.status == 0, "demo failed: \(r.stderr)")
        return db
    }

    func sessions(_ db: String) throws -> [ExerciseRecord] {
        try BodiiDatabase(url: URL(fileURLWithPath: db)).repositories.exerciseRecords(in: DateRange(ending: today, days: 400))
    }

    func todayJSON(_ db: String) throws -> [String: Any] {
        let r = try runBodii(["today", "--json", "--db", db])
        #expect(r.status == 0)
        return try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
    }

    @Test func logsTheSessionWithItsEnergyAndTodayShowsIt() throws {
        let db = try demoDatabase()
        let before = try #require(try todayJSON(db)["exercise"] as? [String: Any])
        let weight = try #require(
            try BodiiDatabase(url: URL(fileURLWithPath: db)).repositories.latestBodyRecord(onOrBefore: today)?.weightKg)
        let count = try sessions(db).count

        let r = try runBodii(["log", "exercise", "Running", "--minutes", "30", "--db", db])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.isEmpty, "an exact name needs no note: \(r.stderr)")
        // (9.8 − 1) MET × weight × 0.5 h, Compendium 12050.
        let kcal = ExerciseLogging.kcal(met: 9.8, weightKg: weight, minutes: 30)
        let expected =
            "Logged 30 min of Running (moderate, 9.8 MET) on \(today.iso): \(Int(kcal.rounded())) kcal, for \(FastFormat.oneDecimal(weight)) kg"
        #expect(r.stdout.trimmingCharacters(in: .newlines) == expected)

        let all = try sessions(db)
        #expect(all.count == count + 1)
        let saved = try #require(all.last)
        #expect(
            saved.activity == "Running" && saved.minutes == 30 && saved.intensity == .moderate && saved.met == 9.8 && saved.kcal == kcal)

        let after = try #require(try todayJSON(db)["exercise"] as? [String: Any])
        #expect(num(after["minutes"]) == (num(before["minutes"]) ?? 0) + 30)
        let calories = try #require(num(after["calories"]))
        #expect(abs(calories - ((num(before["calories"]) ?? 0) + kcal)) < 0.05)
    }

    @Test func intensityDateAndWordsWork() throws {
        let db = try demoDatabase()
        let yesterday = today.adding(days: -1)
        let r = try runBodii([
            "log", "exercise", "table", "tennis", "--minutes", "45", "--intensity", "HIGH", "--date", yesterday.iso, "--db", db,
        ])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("Logged 45 min of Table tennis (high, 4.0 MET) on \(yesterday.iso)"))
        #expect(r.stdout.contains("one Compendium value for every intensity"))
        #expect(
            try sessions(db).contains { $0.activity == "Table tennis" && $0.date == yesterday && $0.intensity == .high && $0.met == 4.0 })
        // --db before the subcommand works too.
        let low = try runBodii(["--db", db, "log", "exercise", "cycling", "--minutes", "60", "--intensity", "low"])
        #expect(low.status == 0, "\(low.stderr)")
        #expect(low.stdout.contains("Cycling (low, 4.0 MET)"))
    }

    @Test func anAmbiguousNameLogsTheBestMatchAndSaysWhich() throws {
        let db = try demoDatabase()
        let r = try runBodii(["log", "exercise", "run", "--minutes", "20", "--db", db])
        #expect(r.status == 0)
        #expect(r.stdout.contains("of Running (moderate, 9.8 MET)"))
        #expect(r.stderr.hasPrefix("bodii: \"run\" matches "))
        #expect(r.stderr.contains("logged the best match, \"Running\""))
        #expect(r.stderr.contains("\"Running, 4 mph (6.4 km/h)\""), "names the next candidates")
        // A typo is forgiven, and one match is no guess.
        let typo = try runBodii(["log", "exercise", "badmintom", "--minutes", "20", "--db", db])
        #expect(typo.status == 0)
        #expect(typo.stdout.contains("of Badminton"))
        #expect(typo.stderr.isEmpty)
    }

    @Test func anUnknownActivityIsBadDataNamingItAndCloseNames() throws {
        let db = try demoDatabase()
        let count = try sessions(db).count
        // Two typos in a word find nothing, but name what is close (issue 24: one typo, "hokey",
        // is now found as food search finds it, and a word no activity has is passed over).
        let close = try runBodii(["log", "exercise", "baskettbol", "--minutes", "20", "--db", db])
        #expect(close.status == 65)
        #expect(
            close.stderr.hasPrefix("bodii: activity \"baskettbol\" is not in the activity catalog: close names: \"Basketball\""),
            "\(close.stderr)")
        let none = try runBodii(["log", "exercise", "quidditch", "--minutes", "20", "--db", db])
        #expect(none.status == 65)
        #expect(none.stderr.contains("activity \"quidditch\" is not in the activity catalog: try a common name such as walking"))
        let empty = try runBodii(["log", "exercise", " ", "--minutes", "20", "--db", db])
        #expect(empty.status == 65)
        #expect(empty.stderr.contains("activity is empty"))
        #expect(try sessions(db).count == count)
    }

    @Test(arguments: [
        (["--minutes", "0"], "minutes \"0\" is out of range: allowed 1–1440 min"),
        (["--minutes", "1441"], "minutes \"1441\" is out of range: allowed 1–1440 min"),
        (["--minutes", "abc"], "minutes \"abc\" is not a number: allowed 1–1440 min"),
        (["--minutes", "2.5"], "minutes \"2.5\" is not a whole number: allowed 1–1440 min"),
        (["--minutes", "30", "--intensity", "extreme"], "intensity \"extreme\" is out of range: allowed low, moderate or high"),
        (["--minutes", "30", "--date", "2999-01-01"], "date \"2999-01-01\" is in the future"),
        (["--minutes", "30", "--date", "yesterday"], "date \"yesterday\" is not in a valid format: allowed a date as YYYY-MM-DD"),
        (["--minutes", "30", "--date", "2026-13-01"], "date \"2026-13-01\" is not a real date"),
        (["--minutes", "-5"], "minutes \"-5\" is out of range: allowed 1–1440 min"),
    ])
    func badInputIsBadDataAndWritesNothing(_ options: [String], _ message: String) throws {
        let db = try demoDatabase(days: 3)
        let count = try sessions(db).count
        let r = try runBodii(["log", "exercise", "yoga"] + options + ["--db", db])
        #expect(r.status == 65, "\(options): \(r.status) \(r.stderr)")
        #expect(r.stderr.hasPrefix("bodii: " + message), "\(r.stderr)")
        #expect(r.stderr.split(separator: "\n").count == 1, "one line")
        #expect(r.stdout.isEmpty)
        #expect(try sessions(db).count == count)
    }

    @Test func usageErrorsExit64AndWriteNothing() throws {
        let db = try demoDatabase(days: 3)
        let count = try sessions(db).count
        #expect(try runBodii(["log", "exercise", "yoga", "--db", db]).status == 64, "no --minutes")
        #expect(try runBodii(["log", "exercise", "--minutes", "30", "--db", db]).status == 64, "no activity")
        #expect(try runBodii(["log", "exercise", "yoga", "--minutes", "30", "--pace", "fast", "--db", db]).status == 64)
        #expect(try runBodii(["log", "exercise", "yoga", "--minutes", "--db", db]).status == 64)
        #expect(try sessions(db).count == count)
    }

    @Test func aMissingDatabaseIsCreatedLikeEveryLog() throws {
        let db = folder.path("missing.sqlite")
        let r = try runBodii(["log", "exercise", "yoga", "--minutes", "30", "--db", db])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("no weight logged yet"))
        #expect(try sessions(db).count == 1)
    }

    @Test func withoutAWeightTheReferenceBodyIsUsedAndSaid() throws {
        let db = folder.path("profile-only.sqlite")
        try BodiiDatabase(url: URL(fileURLWithPath: db)).repositories.saveProfile(DemoHistory.profile)
        let r = try runBodii(["log", "exercise", "walking", "--minutes", "60", "--db", db])
        #expect(r.status == 0, "\(r.stderr)")
        // (3.5 − 1) × 70 kg × 1 h = 175 kcal.
        #expect(r.stdout.contains("on \(today.iso): 175 kcal, no weight logged yet, so for 70.0 kg"))
    }
}
