import BodiiDomain
import BodiiStore
import Foundation
import Testing

/// `bodii import apple-health` as a process on a temporary database: the fixture export
/// (Tests/BodiiImportTests/Fixtures/apple-health) imported once, then again.
@Suite struct AppleHealthImportTests {
    static let export = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("BodiiImportTests/Fixtures/apple-health/export.xml").path
    static let everything = DateRange(
        start: LocalDate(year: 2000, month: 1, day: 1) ?? TestClock.today, end: TestClock.today.adding(days: 400))

    struct Rows: Equatable {
        var body = 0, snapshots = 0, exercise = 0, sleep = 0, food = 0, activity = 0
    }

    static func rows(_ db: String) throws -> Rows {
        let r = try BodiiDatabase(url: URL(fileURLWithPath: db)).repositories
        return Rows(
            body: try r.bodyRecords(in: everything).count, snapshots: try r.metabolismSnapshots(in: everything).count,
            exercise: try r.exerciseRecords(in: everything).count, sleep: try r.sleepRecords(in: everything).count,
            food: try r.foodRecords(in: everything).count, activity: try r.activitySnapshots(in: everything).count)
    }

    static func summary(_ stdout: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(stdout.utf8)) as? [String: Any])
    }

    static func kind(_ summary: [String: Any], _ name: String) -> [String: Any] {
        (summary["kinds"] as? [String: Any])?[name] as? [String: Any] ?? [:]
    }

    @Test func importingTwiceAddsNothingTheSecondTime() throws {
        let folder = try TemporaryFolder()
        let db = folder.path("h.sqlite")
        let first = try runBodii(["import", "apple-health", Self.export, "--json", "--db", db])
        try #require(first.status == 0, "\(first.stderr)")
        let s1 = try Self.summary(first.stdout)
        #expect(Self.kind(s1, "body")["added"] as? Int == 3)  // two weigh-ins and a body-fat-only reading
        #expect(Self.kind(s1, "activity")["added"] as? Int == 2)
        #expect(Self.kind(s1, "nights")["added"] as? Int == 3)
        #expect(Self.kind(s1, "workouts")["added"] as? Int == 3)
        #expect(Self.kind(s1, "quick_add")["added"] as? Int == 2)
        let after = try Self.rows(db)
        // No profile yet: the weights come without snapshots.
        #expect(after == Rows(body: 3, snapshots: 0, exercise: 3, sleep: 3, food: 2, activity: 2))

        let second = try runBodii(["import", "apple-health", Self.export, "--json", "--db", db])
        try #require(second.status == 0, "\(second.stderr)")
        let s2 = try Self.summary(second.stdout)
        for name in ["body", "activity", "nights", "workouts", "quick_add"] {
            #expect(Self.kind(s2, name)["added"] as? Int == 0, "\(name)")
            #expect(Self.kind(s2, name)["updated"] as? Int == 0, "\(name)")
        }
        #expect(Self.kind(s2, "workouts")["already_there"] as? Int == 3)
        #expect(try Self.rows(db) == after)
    }

    /// libxml2 (with the ICU and lzma libraries it needs) is opened by the first import that reads
    /// XML, not loaded by every start: glibc's loader lists each library it opens under LD_DEBUG.
    @Test func libxml2LoadsOnlyWhenAnExportIsRead() throws {
        let folder = try TemporaryFolder()
        let db = folder.path("h.sqlite")
        let trace = ["LD_DEBUG": "files"]
        let start = try runBodii(["--help"], environment: trace)
        try #require(start.status == 0, "\(start.stderr)")
        #expect(start.stderr.contains("libsqlite3.so"), "the loader's trace is read")
        #expect(start.stderr.contains("libxml2.so") == false)
        let read = try runBodii(["import", "apple-health", Self.export, "--json", "--db", db], environment: trace)
        try #require(read.status == 0, "\(read.stderr)")
        #expect(read.stderr.contains("libxml2.so.2"))
    }

    @Test func theDayReadsBackInTodayJSON() throws {
        let folder = try TemporaryFolder()
        let db = folder.path("h.sqlite")
        try #require(try runBodii(["import", "apple-health", Self.export, "--db", db]).status == 0)
        let out = try runBodii(["today", "--json", "--date", "2026-11-21", "--db", db])
        let day = try #require(try JSONSerialization.jsonObject(with: Data(out.stdout.utf8)) as? [String: Any])
        let activity = try #require(day["activity"] as? [String: Any])
        #expect(activity["steps"] as? Int == 4000)
        #expect(activity["active_kcal"] as? Int == 300)
        #expect(day["weight_kg"] as? Double == 80.4)
        #expect(day["body_fat_percent"] as? Double == 21.5)
        #expect((day["sleep"] as? [String: Any])?["minutes"] as? Int == 425)
        #expect((day["calories"] as? [String: Any])?["eaten"] as? Int == 1070)
        // Workouts count as exercise once; active energy is not added to burned.
        #expect((day["calories"] as? [String: Any])?["burned"] as? Double == 390.6)
        let empty = try todayJSON(db: db)
        #expect((empty["activity"] as? [String: Any])?["steps"] is NSNull)
    }

    @Test func theReportShowsTheImportedActivity() throws {
        let folder = try TemporaryFolder()
        let db = folder.path("h.sqlite")
        try BodiiDatabase(url: URL(fileURLWithPath: db)).repositories.saveProfile(DemoHistory.profile)
        try #require(try runBodii(["import", "apple-health", Self.export, "--db", db]).status == 0)
        let report = try runBodii(["report", "--db", db])
        #expect(report.status == 0)
        // 700 steps on the 20th, 4,000 on the 21st.
        #expect(report.stdout.contains("Steps      average 2,350/day on 2 days with steps"))
        let day = try runBodii(["today", "--date", "2026-11-21", "--db", db])
        #expect(day.stdout.contains("Activity    4,000 steps · 300 active kcal"))
    }

    @Test func withAProfileTheWeightsGetTheirSnapshots() throws {
        let folder = try TemporaryFolder()
        let db = folder.path("h.sqlite")
        try BodiiDatabase(url: URL(fileURLWithPath: db)).repositories.saveProfile(DemoHistory.profile)
        try #require(try runBodii(["import", "apple-health", Self.export, "--db", db]).status == 0)
        #expect(try Self.rows(db).snapshots == 2)
    }

    @Test func aDryRunWritesNothingButCountsWhatItWouldAdd() throws {
        let folder = try TemporaryFolder()
        let db = folder.path("h.sqlite")
        let dry = try runBodii(["import", "apple-health", Self.export, "--dry-run", "--json", "--db", db])
        try #require(dry.status == 0, "\(dry.stderr)")
        #expect(Self.kind(try Self.summary(dry.stdout), "workouts")["added"] as? Int == 3)
        #expect(try Self.rows(db) == Rows())
        let text = try runBodii(["import", "apple-health", Self.export, "--dry-run", "--db", db])
        #expect(text.stdout.contains("dry run: nothing was written"))
        #expect(text.stdout.contains("would add"))
        #expect(try Self.rows(db) == Rows())
    }

    @Test func refusalsHaveTheirExitCodesAndWriteNothing() throws {
        let folder = try TemporaryFolder()
        let db = folder.path("h.sqlite")
        try #require(try runBodii(["import", "apple-health", Self.export, "--db", db]).status == 0)
        let before = try Self.rows(db)

        let missing = try runBodii(["import", "apple-health", folder.path("nope.zip"), "--db", db])
        #expect(missing.status == 66)
        #expect(missing.stderr.contains("no file at"))
        let directory = try runBodii(["import", "apple-health", folder.url.path, "--db", db])
        #expect(directory.status == 66)
        try Data("not xml at all".utf8).write(to: URL(fileURLWithPath: folder.path("notes.txt")))
        let text = try runBodii(["import", "apple-health", folder.path("notes.txt"), "--db", db])
        #expect(text.status == 65)
        let lol =
            "<?xml version=\"1.0\"?><!DOCTYPE HealthData [<!ENTITY a \"aaaaaaaaaa\"><!ENTITY b \"&a;&a;&a;&a;&a;&a;&a;&a;\">]>"
            + "<HealthData><Record type=\"HKQuantityTypeIdentifierBodyMass\" sourceName=\"&b;\" unit=\"kg\" value=\"70\" "
            + "startDate=\"2026-11-21 07:00:00 +0100\" endDate=\"2026-11-21 07:00:00 +0100\"/></HealthData>"
        try Data(lol.utf8).write(to: URL(fileURLWithPath: folder.path("lol.xml")))
        let refused = try runBodii(["import", "apple-health", folder.path("lol.xml"), "--db", db])
        #expect(refused.status == 65)
        #expect(refused.stderr.contains("entities"))
        for result in [missing, directory, text, refused] {
            #expect(result.stdout.isEmpty)
            #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        }
        #expect(try Self.rows(db) == before)
    }

    @Test func aMissingFileCreatesNoDatabase() throws {
        let folder = try TemporaryFolder()
        let db = folder.path("h.sqlite")
        #expect(try runBodii(["import", "apple-health", folder.path("nope.zip"), "--db", db]).status == 66)
        #expect(!FileManager.default.fileExists(atPath: db))
    }

    @Test func aMalformedExportCreatesNoDatabase() throws {
        let folder = try TemporaryFolder()
        let db = folder.path("h.sqlite")
        let bad = folder.path("export.xml")
        try Data("<HealthData><Record ".utf8).write(to: URL(fileURLWithPath: bad))
        let result = try runBodii(["import", "apple-health", bad, "--db", db])
        #expect(result.status == 65)
        #expect(result.stderr.contains("malformed"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: db))
    }
}

/// Settings → Data → Import in the in-process app: the path typed in a form, the import run as a
/// job with the progress dialog, the summary shown in the Data section afterwards.
@MainActor
@Suite struct AppleHealthImportInAppTests {
    @Test func settingsImportsTheExportAsAJobAndShowsTheSummary() async throws {
        let folder = try TemporaryFolder()
        let (db, app) = try demoApp(days: 3, in: folder)
        app.press(.char("6"))
        for _ in 0..<5 { app.press(.char("j")) }
        app.press(.enter)
        #expect(app.screen().contains("Import or export"))
        app.type(AppleHealthImportTests.export)
        app.press(.enter)
        #expect(app.screen().contains("Importing Apple Health"))
        await app.settleJobs()
        let screen = app.screen()
        #expect(screen.contains("Last import"))
        #expect(screen.contains("Workouts            3              0"))
        #expect(screen.contains("Apple Health imported: 13 new, 0 already there."))  // the 15th's body fat is kept
        let rows = try AppleHealthImportTests.rows(db)
        #expect(rows.activity == 2)
        #expect(rows.exercise >= 3)
    }

    @Test func aMissingPathFailsInOneLineAndWritesNothing() async throws {
        let folder = try TemporaryFolder()
        let (db, app) = try demoApp(days: 3, in: folder)
        let before = try AppleHealthImportTests.rows(db)
        app.press(.char("6"))
        for _ in 0..<5 { app.press(.char("j")) }
        app.press(.enter)
        app.type(folder.path("nope.zip"))
        app.press(.enter)
        await app.settleJobs()
        #expect(app.screen().contains("failed: no file at"))
        #expect(try AppleHealthImportTests.rows(db) == before)
    }

    @Test func settingsImportsACronometerCSVAsAJob() async throws {
        let folder = try TemporaryFolder()
        let (db, app) = try demoApp(days: 3, in: folder)
        let before = try AppleHealthImportTests.rows(db)
        app.press(.char("6"))
        for _ in 0..<5 { app.press(.char("j")) }
        app.press(.enter)
        app.type(CronometerImportTests.fixture("servings.csv"))
        app.press(.tab)
        app.press(.right)
        #expect(app.screen().contains("Import Cronometer"))
        app.press(.enter)
        await app.settleJobs()
        let screen = app.screen()
        #expect(screen.contains("Cronometer imported: 10 new, 0 already there."), "\(screen)")
        #expect(screen.contains("Servings"))
        #expect(try AppleHealthImportTests.rows(db).food == before.food + 10)
        // The Diet tab on the servings' day lists them as quick adds in their meals.
        app.press(.char("3"))
        for _ in 0..<2 { app.press(.char("[")) }
        let diet = app.screen()
        #expect(diet.contains("Fri 20 Nov 2026"), "\(diet)")
        #expect(diet.contains("Oats, rolled · 80.00 g") && diet.contains("quick"))
    }

    @Test func settingsExportsEverythingAsJSON() async throws {
        let folder = try TemporaryFolder()
        let (db, app) = try demoApp(days: 3, in: folder)
        app.press(.char("6"))
        for _ in 0..<5 { app.press(.char("j")) }
        app.press(.enter)
        app.type(folder.path("out.json"))
        app.press(.tab)
        app.press(.right)  // Import Cronometer
        app.press(.right)  // Export JSON
        app.press(.enter)
        await app.settleJobs()
        #expect(app.screen().contains("Exported everything to"))
        let written = try String(contentsOfFile: folder.path("out.json"), encoding: .utf8)
        let cli = try runBodii(["export", "--db", db])
        func withoutTime(_ s: String) -> [Substring] { s.split(separator: "\n").filter { !$0.contains("\"exported_at\"") } }
        #expect(withoutTime(written) == withoutTime(cli.stdout))
        #expect(written.contains("\"format\": \"bodii-export\""))
    }
}

/// Reading through a FIFO or a pipe (issue 23 item 16), the summary's units, and values that
/// used to crash the import, through the real binary and the in-process app.
@Suite struct AppleHealthStreamTests {
    static let bed = "HKCategoryValueSleepAnalysisInBed"

    /// `bodii` with its stdin fed `input` through a pipe.
    static func runPiped(_ arguments: [String], input: Data) throws -> CommandResult {
        let process = Process()
        process.executableURL = BodiiBinary.url
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env.removeValue(forKey: "BODII_DB")
        env["BODII_NOW"] = TestClock.now
        env["LC_ALL"] = "C.UTF-8"
        process.environment = env
        let stdin = Pipe(), out = Pipe(), err = Pipe()
        process.standardInput = stdin
        process.standardOutput = out
        process.standardError = err
        try process.run()
        try stdin.fileHandleForWriting.write(contentsOf: input)
        try stdin.fileHandleForWriting.close()
        let o = out.fileHandleForReading.readDataToEndOfFile(), e = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return CommandResult(
            status: process.terminationStatus, stdout: String(decoding: o, as: UTF8.self), stderr: String(decoding: e, as: UTF8.self))
    }

    @Test func aValidExportThroughAPipeImports() throws {
        let folder = try TemporaryFolder()
        let db = folder.path("h.sqlite")
        let piped = try Self.runPiped(
            ["import", "apple-health", "/dev/stdin", "--json", "--db", db],
            input: try Data(contentsOf: URL(fileURLWithPath: AppleHealthImportTests.export)))
        try #require(piped.status == 0, "\(piped.stderr)")
        #expect(AppleHealthImportTests.kind(try AppleHealthImportTests.summary(piped.stdout), "workouts")["added"] as? Int == 3)
        // A zip cannot stream through a pipe: refused in one line, nothing created.
        let zip = try Self.runPiped(
            ["import", "apple-health", "/dev/stdin", "--db", folder.path("z.sqlite")],
            input: Data([0x50, 0x4B, 0x03, 0x04, 0, 0, 0, 0]))
        #expect(zip.status == 65)
        #expect(zip.stderr.contains("zip arriving through a pipe"))
        #expect(!FileManager.default.fileExists(atPath: folder.path("z.sqlite")))
    }

    @Test func aFIFOWithoutAWriterIsRefusedAndAFIFOWithOneImports() throws {
        let folder = try TemporaryFolder()
        let fifo = folder.path("export.xml")
        try #require(mkfifo(fifo, 0o600) == 0)
        let started = Date()
        let alone = try runBodii(["import", "apple-health", fifo, "--db", folder.path("a.sqlite")])
        #expect(alone.status == 66)
        #expect(alone.stderr.contains("is a FIFO with no writer"), "\(alone.stderr)")
        #expect(alone.stderr.split(separator: "\n").count == 1)
        #expect(Date().timeIntervalSince(started) < 10)
        #expect(!FileManager.default.fileExists(atPath: folder.path("a.sqlite")))

        let running = try startBodii(["import", "apple-health", fifo, "--json", "--db", folder.path("b.sqlite")])
        let writer = try #require(FileHandle(forWritingAtPath: fifo))  // opens once the import has opened its end
        try writer.write(contentsOf: try Data(contentsOf: URL(fileURLWithPath: AppleHealthImportTests.export)))
        try writer.close()
        let fed = running.finish()
        #expect(fed.status == 0, "\(fed.stderr)")
        #expect(AppleHealthImportTests.kind(try AppleHealthImportTests.summary(fed.stdout), "body")["added"] as? Int == 3)
    }

    @Test func theSummarySaysSkippedCountsRecords() throws {
        let folder = try TemporaryFolder()
        let db = folder.path("h.sqlite")
        let text = try runBodii(["import", "apple-health", AppleHealthImportTests.export, "--dry-run", "--db", db])
        try #require(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("records skipped"))
        #expect(text.stdout.contains("weight and body-fat records: 1 dated in the future"), "\(text.stdout)")
        let json = try runBodii(["import", "apple-health", AppleHealthImportTests.export, "--dry-run", "--json", "--db", db])
        let body = AppleHealthImportTests.kind(try AppleHealthImportTests.summary(json.stdout), "body")
        #expect(body["skipped_unit"] as? String == "weight and body-fat records")
        // Dated in the future, and the same weigh-in from another source (the 15th's body fat is kept).
        #expect(body["skipped_records"] as? Int == 2)
    }

    static let crashing = """
        <?xml version="1.0"?>
        <HealthData locale="en_US">
         <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Phone" unit="count" startDate="2026-11-21 08:00:00 +0100" endDate="2026-11-21 08:10:00 +0100" value="1e19"/>
         <Workout workoutActivityType="HKWorkoutActivityTypeRunning" duration="9.3e18" durationUnit="min" sourceName="Watch" startDate="2026-11-21 18:00:00 +0100" endDate="2026-11-21 18:30:00 +0100"/>
         <Workout workoutActivityType="HKWorkoutActivityTypeRunning" duration="30" durationUnit="min" totalEnergyBurned="1e308" totalEnergyBurnedUnit="kcal" sourceName="Watch" startDate="2026-11-21 19:00:00 +0100" endDate="2026-11-21 19:30:00 +0100"/>
         <Record type="HKQuantityTypeIdentifierBodyMass" sourceName="Scale" unit="kg" startDate="2026-11-21 07:00:00 +0100" endDate="2026-11-21 07:00:00 +0100" value="0x50"/>
         <Record type="HKQuantityTypeIdentifierBodyMass" sourceName="Scale" unit="kg" startDate="2026-11-21 07:00:00 +0100" endDate="2026-11-21 07:00:00 +0100" value="80.5"/>
        </HealthData>
        """

    @Test func valuesThatCrashedTheImportAreSkippedAndTheDayStillReads() throws {
        let folder = try TemporaryFolder()
        let db = folder.path("h.sqlite")
        try Data(Self.crashing.utf8).write(to: URL(fileURLWithPath: folder.path("export.xml")))
        let result = try runBodii(["import", "apple-health", folder.path("export.xml"), "--json", "--db", db])
        try #require(result.status == 0, "\(result.stderr)")
        let s = try AppleHealthImportTests.summary(result.stdout)
        #expect(
            AppleHealthImportTests.kind(s, "workouts")["skipped"] as? [String: Int]
                == ["longer than a day": 1, "energy out of range (0–20000 kcal)": 1])
        #expect(AppleHealthImportTests.kind(s, "body")["added"] as? Int == 1)
        let day = try runBodii(["today", "--date", "2026-11-21", "--json", "--db", db])
        #expect(day.status == 0, "\(day.stderr)")
        #expect(try runBodii(["export", "--db", db]).stdout.contains("inf") == false)
    }
}

@MainActor
@Suite struct AppleHealthCrashInAppTests {
    @Test func settingsImportOfValuesThatCrashedTheAppFinishes() async throws {
        let folder = try TemporaryFolder()
        let (db, app) = try demoApp(days: 3, in: folder)
        let file = folder.path("export.xml")
        try Data(AppleHealthStreamTests.crashing.utf8).write(to: URL(fileURLWithPath: file))
        let before = try AppleHealthImportTests.rows(db)
        app.press(.char("6"))
        for _ in 0..<5 { app.press(.char("j")) }
        app.press(.enter)
        app.type(file)
        app.press(.enter)
        await app.settleJobs()
        #expect(app.screen().contains("Apple Health imported: 1 new"), "\(app.screen())")
        #expect(try AppleHealthImportTests.rows(db).body == before.body + 1)
    }
}

/// An export holding more than one pass keeps (issue 48 #7): read whole first, then merged a run
/// of days at a time, with every record; the same file through a pipe is refused in one line.
@Suite struct AppleHealthLongExportTests {
    /// 46,138 distinct weigh-ins (one a minute over 33 days), one more than a pass keeps, and a
    /// night crossing each midnight.
    static func write(to path: String) throws -> Int {
        let start = LocalDate(year: 2001, month: 3, day: 1) ?? TestClock.today
        guard FileManager.default.createFile(atPath: path, contents: nil) else { throw CocoaError(.fileWriteUnknown) }
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<HealthData locale=\"en_US\">\n"
        let weighIns = 46_138
        for i in 0..<weighIns {
            let day = start.adding(days: i / 1440)
            text +=
                "<Record type=\"HKQuantityTypeIdentifierBodyMass\" sourceName=\"Scale\" unit=\"kg\" startDate=\"\(day.iso) "
                + String(format: "%02d:%02d", i % 1440 / 60, i % 60) + ":00 +0000\" value=\"80\"/>\n"
            if i % 1440 == 0 {
                text +=
                    "<Record type=\"HKCategoryTypeIdentifierSleepAnalysis\" sourceName=\"Watch\" startDate=\"\(day.iso) 23:00:00 +0000\""
                    + " endDate=\"\(day.adding(days: 1).iso) 07:00:00 +0000\" value=\"HKCategoryValueSleepAnalysisAsleepCore\"/>\n"
            }
            if text.utf8.count > 1 << 20 {
                try handle.write(contentsOf: Data(text.utf8))
                text = ""
            }
        }
        try handle.write(contentsOf: Data((text + "</HealthData>\n").utf8))
        try handle.close()
        return weighIns
    }

    @Test func aLongExportImportsEveryRecordAndAgainAddsNothing() throws {
        let folder = try TemporaryFolder()
        let export = folder.path("export.xml")
        let weighIns = try Self.write(to: export)
        let db = folder.path("h.sqlite")

        let dry = try runBodii(["import", "apple-health", export, "--dry-run", "--json", "--db", db])
        try #require(dry.status == 0, "\(dry.stderr)")
        #expect(AppleHealthImportTests.kind(try AppleHealthImportTests.summary(dry.stdout), "body")["added"] as? Int == weighIns)
        #expect(!FileManager.default.fileExists(atPath: db), "a dry run creates nothing")

        let first = try runBodii(["import", "apple-health", export, "--json", "--db", db])
        try #require(first.status == 0, "\(first.stderr)")
        let s1 = try AppleHealthImportTests.summary(first.stdout)
        #expect(AppleHealthImportTests.kind(s1, "body")["added"] as? Int == weighIns)
        #expect(AppleHealthImportTests.kind(s1, "nights")["added"] as? Int == 33)
        #expect(s1["records"] as? Int == weighIns + 33)
        let rows = try AppleHealthImportTests.rows(db)
        #expect(rows.body == weighIns)
        #expect(rows.sleep == 33)

        let second = try runBodii(["import", "apple-health", export, "--json", "--db", db])
        try #require(second.status == 0, "\(second.stderr)")
        let s2 = try AppleHealthImportTests.summary(second.stdout)
        #expect(AppleHealthImportTests.kind(s2, "body")["added"] as? Int == 0)
        #expect(AppleHealthImportTests.kind(s2, "body")["already_there"] as? Int == weighIns)
        #expect(try AppleHealthImportTests.rows(db) == rows)

        // Through a pipe it cannot be read twice: refused in one line, nothing created.
        let piped = try AppleHealthStreamTests.runPiped(
            ["import", "apple-health", "/dev/stdin", "--db", folder.path("p.sqlite")], input: try Data(contentsOf: URL(fileURLWithPath: export)))
        #expect(piped.status == 65)
        #expect(piped.stderr.contains("give the export file itself"), "\(piped.stderr)")
        #expect(piped.stderr.split(separator: "\n").count == 1)
        #expect(!FileManager.default.fileExists(atPath: folder.path("p.sqlite")))
    }
}
