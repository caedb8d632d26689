import BodiiDomain
import BodiiStore
import Foundation
import Testing

/// Issue 47: `bodii log measure|bp|rhr` and the measurements of `bodii today` / `today --json`.
@Suite struct MeasurementCLITests {
    @Test func measurementsAreLoggedAndReadBackByTodayJSON() throws {
        let folder = try TemporaryFolder()
        let db = folder.path("m.sqlite")
        try BodiiDatabase(url: URL(fileURLWithPath: db)).repositories.saveProfile(DemoHistory.profile)
        for args in [["measure", "waist", "85cm"], ["measure", "neck", "38"], ["bp", "121/79"], ["rhr", "57"], ["measure", "upper-arm", "13in", "--date", "2026-11-20"]] {
            let out = try runBodii(["log"] + args + ["--db", db])
            #expect(out.status == 0, "\(args): \(out.stderr)")
        }
        let out = try runBodii(["today", "--json", "--db", db])
        #expect(out.status == 0, "\(out.stderr)")
        let day = try #require(try JSONSerialization.jsonObject(with: Data(out.stdout.utf8)) as? [String: Any])
        let m = try #require(day["measurements"] as? [String: Any])
        #expect((m["waist_cm"] as? [String: Any])?["value"] as? Double == 85)
        #expect((m["blood_pressure_mmhg"] as? [String: Any])?["systolic"] as? Double == 121)
        #expect((m["blood_pressure_mmhg"] as? [String: Any])?["diastolic"] as? Double == 79)
        #expect((m["resting_heart_rate_bpm"] as? [String: Any])?["value"] as? Double == 57)
        #expect((m["upper_arm_cm"] as? [String: Any])?["date"] as? String == "2026-11-20")
        #expect((m["upper_arm_cm"] as? [String: Any])?["value"] as? Double == 33)  // 13 in = 33.02 cm, to 0.1
        #expect(m["hips_cm"] is NSNull)
        // The estimate is the domain's, for the profile's sex and height.
        let navy = try #require(NavyBodyFat.percent(sex: DemoHistory.profile.sex, heightCm: DemoHistory.profile.heightCm, waistCm: 85, neckCm: 38, hipsCm: nil))
        #expect(m["body_fat_estimated_percent"] as? Double == (navy * 10).rounded() / 10)

        let text = try runBodii(["today", "--db", db])
        #expect(text.stdout.contains("waist 85.0 cm"))
        #expect(text.stdout.contains("upper arm 33.0 cm (20 Nov)"))
        #expect(text.stdout.contains("blood pressure 121/79 mmHg"))

        // The report: the latest of each kind, and the change over the range where read twice.
        #expect(try runBodii(["log", "measure", "waist", "86.5", "--date", "2026-11-18", "--db", db]).status == 0)
        let report = try runBodii(["report", "--db", db])
        #expect(report.status == 0, "\(report.stderr)")
        let waist = try #require(report.stdout.split(separator: "\n").first { $0.contains("Waist") })
        #expect(waist.contains("85.0 cm") && waist.contains("(−1.5 cm)"), "\(waist)")
    }

    @Test func badMeasurementsAreRefusedInOneLineAndWriteNothing() throws {
        let folder = try TemporaryFolder()
        let db = folder.path("m.sqlite")
        let cases: [([String], Int32, String)] = [
            (["measure", "waist", "500cm"], 65, "waist \"500cm\" is out of range: allowed 40–250 cm"),
            (["measure", "nose", "5"], 65, "measurement \"nose\" is unknown"),
            (["measure", "waist"], 64, "say what and how much"),
            (["measure"], 64, "say what and how much"),
            (["bp", "80/120"], 65, "blood pressure \"80/120\""),
            (["bp", "120"], 65, "is not in a valid format"),
            (["rhr", "1e308"], 65, "is not in a valid format"),
            (["rhr", "58", "59"], 64, "one value at a time"),
            (["measure", "waist", "82", "--date", "2030-01-01"], 65, "is in the future"),
            (["measure", "waist", "82", "--unit", "furlong"], 64, "--unit \"furlong\" is not a unit"),
        ]
        for (args, status, message) in cases {
            let out = try runBodii(["log"] + args + ["--db", db])
            #expect(out.status == status, "\(args): \(out.stderr)")
            #expect(out.stderr.contains(message), "\(args): \(out.stderr)")
            #expect(out.stderr.split(separator: "\n").count == 1, "\(args)")
        }
        #expect(!FileManager.default.fileExists(atPath: db), "a refused value creates no database")
    }
}

/// Issue 47 item 2: `bodii fast` and the status line while a fast is on.
@Suite struct FastCLITests {
    @Test func aFastFromTheCommandLineShowsInStatusAndEnds() throws {
        let folder = try TemporaryFolder()
        let db = folder.path("f.sqlite")
        let early = try runBodii(["fast", "end", "--db", db])
        #expect(early.status == 65 && early.stderr.contains("no fast is on"))
        #expect(!FileManager.default.fileExists(atPath: db), "ending no fast makes no database")
        // TestClock.now is 10:30 (+01:00): 20:00 is last night's.
        let start = try runBodii(["fast", "start", "--at", "20:00", "--goal", "18:6", "--db", db])
        #expect(start.status == 0, "\(start.stderr)")
        #expect(start.stdout.contains("Fast started: 14 h 30 of 18:6, started 20:00 yesterday."), "\(start.stdout)")
        let again = try runBodii(["fast", "start", "--db", db])
        #expect(again.status == 65 && again.stderr.contains("a fast is on already (14 h 30)"))
        let status = try runBodii(["status", "--db", db])
        #expect(status.stdout.hasSuffix(" · fast 14 h 30\n"), "\(status.stdout)")
        let json = try runBodii(["fast", "status", "--json", "--db", db])
        let value = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect((value["current"] as? [String: Any])?["minutes"] as? Int == 870)
        let end = try runBodii(["fast", "end", "--db", db])
        #expect(end.status == 0 && end.stdout.contains("short of the goal"), "\(end.stdout)")
        #expect(try !runBodii(["status", "--db", db]).stdout.contains("fast"))
        let none = try runBodii(["fast", "end", "--db", db])
        #expect(none.status == 65 && none.stderr.contains("no fast is on"))
    }
}
