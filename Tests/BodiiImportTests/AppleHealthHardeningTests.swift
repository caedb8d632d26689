import BodiiDomain
import Foundation
import Testing
import ZIPFoundation
@testable import BodiiImport

/// Small exports written at test time (issue 23): values, dates, damaged and hostile files.
enum HealthXML {
    static func document(_ body: String) -> String {
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<HealthData locale=\"en_US\">\n" + body + "</HealthData>\n"
    }

    static func record(
        _ type: String, _ value: String, _ start: String, _ end: String? = nil, unit: String? = nil,
        source: String = "Scale"
    ) -> String {
        " <Record type=\"\(type)\" sourceName=\"\(source)\"" + (unit.map { " unit=\"\($0)\"" } ?? "")
            + " startDate=\"\(start)\" endDate=\"\(end ?? start)\" value=\"\(value)\"/>\n"
    }

    static func weight(_ value: String, _ start: String) -> String {
        record("HKQuantityTypeIdentifierBodyMass", value, start, unit: "kg")
    }

    static func steps(_ value: String, _ start: String, _ end: String, source: String = "Phone") -> String {
        record("HKQuantityTypeIdentifierStepCount", value, start, end, unit: "count", source: source)
    }

    static func sleep(_ stage: String, _ start: String, _ end: String) -> String {
        record("HKCategoryTypeIdentifierSleepAnalysis", "HKCategoryValueSleepAnalysis" + stage, start, end, source: "Phone")
    }

    static func workout(_ attributes: String, start: String = "2026-11-21 18:00:00 +0100", end: String = "2026-11-21 18:30:00 +0100")
        -> String
    {
        " <Workout workoutActivityType=\"HKWorkoutActivityTypeRunning\" \(attributes) sourceName=\"Watch\" startDate=\"\(start)\" endDate=\"\(end)\"/>\n"
    }

    static func read(_ body: String, name: String = "export.xml") throws -> AppleHealthData {
        let path = try HealthFixture.write(document(body), name: name)
        defer { removeFolder(of: path) }
        return try HealthFixture.read(path)
    }

    /// Removes the temporary folder a generated file was written in (some are megabytes).
    static func removeFolder(of path: String) {
        try? FileManager.default.removeItem(at: URL(fileURLWithPath: path).deletingLastPathComponent())
    }
}

@Suite struct AppleHealthValueTests {
    @Test func hugeCountsAndDurationsAreSkippedNotConvertedToInt() throws {
        // Old code: Int(1e19) and Int(9.3e18 / 60 …) trapped (SIGILL).
        let data = try HealthXML.read(
            HealthXML.steps("1e19", "2026-11-21 08:00:00 +0100", "2026-11-21 08:10:00 +0100")
                + HealthXML.steps("120", "2026-11-21 09:00:00 +0100", "2026-11-21 09:10:00 +0100")
                + HealthXML.workout("duration=\"9.3e18\" durationUnit=\"min\"")
                + HealthXML.workout(
                    "duration=\"9300000000000000000\" durationUnit=\"s\"", start: "2026-11-21 19:00:00 +0100",
                    end: "2026-11-21 19:30:00 +0100"))
        #expect(data.activity.map(\.steps) == [120])
        #expect(data.skipped[.activity] == ["steps out of range (0–300000 a day)": 1])
        #expect(data.exercise.isEmpty)
        #expect(data.skipped[.exercise] == ["longer than a day": 2])
    }

    @Test func nonFiniteAndOutOfRangeEnergyIsSkippedWithItsReason() throws {
        let data = try HealthXML.read(
            HealthXML.workout("duration=\"30\" durationUnit=\"min\" totalEnergyBurned=\"1e308\" totalEnergyBurnedUnit=\"kcal\"")
                + HealthXML.workout(
                    "duration=\"30\" durationUnit=\"min\" totalEnergyBurned=\"-5\" totalEnergyBurnedUnit=\"kcal\"",
                    start: "2026-11-20 18:00:00 +0100", end: "2026-11-20 18:30:00 +0100")
                + HealthXML.workout(
                    "duration=\"30\" durationUnit=\"min\" totalEnergyBurned=\"250\" totalEnergyBurnedUnit=\"kcal\"",
                    start: "2026-11-19 18:00:00 +0100", end: "2026-11-19 18:30:00 +0100")
                + HealthXML.record("HKQuantityTypeIdentifierActiveEnergyBurned", "1e308", "2026-11-21 08:00:00 +0100", unit: "kcal")
                + HealthXML.record("HKQuantityTypeIdentifierDietaryEnergyConsumed", "1e300", "2026-11-21 12:00:00 +0100", unit: "kcal"))
        #expect(data.exercise.map(\.kcal) == [250])
        #expect(data.exercise.allSatisfy { $0.kcal.isFinite })
        #expect(data.skipped[.exercise] == ["energy out of range (0–20000 kcal)": 2])
        #expect(data.activity.isEmpty)
        #expect(data.skipped[.activity] == ["active energy out of range (0–20000 kcal a day)": 1])
        #expect(data.food.isEmpty)
        #expect(data.skipped[.food] == ["energy out of range (1–10000 kcal)": 1])
    }

    @Test func numbersMustBePlainDecimalsNotHexInfinityOrNaN() throws {
        let data = try HealthXML.read(
            HealthXML.weight("0x50", "2026-11-21 07:00:00 +0100")
                + HealthXML.weight("inf", "2026-11-21 07:01:00 +0100")
                + HealthXML.weight("nan", "2026-11-21 07:02:00 +0100")
                + HealthXML.weight(" 80", "2026-11-21 07:03:00 +0100")
                + HealthXML.weight("401", "2026-11-21 07:04:00 +0100")
                + HealthXML.weight("80.5", "2026-11-21 07:05:00 +0100"))
        #expect(data.body.map(\.weightKg) == [80.5])
        #expect(data.skipped[.body] == ["unreadable value or unit": 4, "weight out of range (20–400 kg)": 1])
        var t = "7.3e-05"
        #expect(t.withUTF8 { AppleHealthValues.plainNumber($0) } == 7.3e-05)
        for bad in ["0x50", "inf", "-nan", "1e", "+", "1.2.3", "1e400", "٣"] {
            var b = bad
            #expect(b.withUTF8 { AppleHealthValues.plainNumber($0) } == nil, "\(bad)")
        }
    }

    @Test func datesOutside1900ToTomorrowAreSkipped() throws {
        // latestDay (the clock's today + 1) is the 23rd in these tests.
        let data = try HealthXML.read(
            HealthXML.weight("70", "0001-01-01 07:00:00 +0100")
                + HealthXML.weight("71", "1899-12-31 07:00:00 +0100")
                + HealthXML.weight("72", "1900-01-01 07:00:00 +0100")
                + HealthXML.weight("73", "2026-11-23 07:00:00 +0100")
                + HealthXML.weight("74", "2026-11-24 07:00:00 +0100"))
        #expect(data.body.map(\.weightKg) == [72, 73])
        #expect(data.skipped[.body] == ["dated before 1900": 2, "dated in the future": 1])
    }

    @Test func identicalRecordsCollapseAsTheyArrive() throws {
        var body = ""
        for _ in 0..<2_000 { body += HealthXML.weight("80.4", "2026-11-21 07:00:00 +0100") }
        for _ in 0..<2_000 { body += HealthXML.sleep("AsleepCore", "2026-11-20 23:00:00 +0100", "2026-11-21 06:00:00 +0100") }
        let data = try HealthXML.read(body)
        #expect(data.body.count == 1)
        #expect(data.skipped[.body] == ["the same weigh-in from another source": 1_999])
        #expect(data.sleep.map(\.minutes) == [420])
    }
}

@Suite struct AppleHealthRealExportTests {
    @Test func aNightRecordedOnlyAsInBedIsANightOfItsInBedTime() throws {
        let data = try HealthXML.read(HealthXML.sleep("InBed", "2026-11-20 23:15:00 +0100", "2026-11-21 06:45:00 +0100"))
        let night = try #require(data.sleep.first)
        #expect(night.date == HealthFixture.day(21))
        #expect(night.minutes == 450)
        #expect(night.bedtime == ClockTime(hour: 23, minute: 15))
        #expect(night.wakeTime == ClockTime(hour: 6, minute: 45))
        #expect(data.skipped[.sleep] == nil)
    }

    @Test func bodyFatWithoutAWeightThatDayIsKeptAsABodyFatOnlyRecord() throws {
        // A smart scale that measured body fat but no weight (13 readings in one real export): kept.
        // A day with a weigh-in still merges its nearest reading into it; a second one there is counted.
        let data = try HealthXML.read(
            HealthXML.record("HKQuantityTypeIdentifierBodyFatPercentage", "0.22", "2026-11-21 07:00:00 +0100", unit: "%")
                + HealthXML.weight("80", "2026-11-22 07:00:00 +0100")
                + HealthXML.record("HKQuantityTypeIdentifierBodyFatPercentage", "0.219", "2026-11-22 07:01:00 +0100", unit: "%")
                + HealthXML.record("HKQuantityTypeIdentifierBodyFatPercentage", "0.25", "2026-11-22 19:00:00 +0100", unit: "%"))
        #expect(data.body.map(\.date) == [HealthFixture.day(21), HealthFixture.day(22)])
        let fatOnly = try #require(data.body.first)
        #expect(fatOnly.weightKg == nil)
        #expect(fatOnly.bodyFatPercent == 22)
        #expect(fatOnly.provenance.externalId?.hasPrefix("bodyfat/") == true)
        #expect(data.body[1].weightKg == 80)
        #expect(data.body[1].bodyFatPercent == 21.9)
        #expect(data.skipped[.body] == ["another body fat reading of a day with a weigh-in": 1])
        // The same reading read again has the same external id, so a re-import skips it.
        let again = try HealthXML.read(
            HealthXML.record("HKQuantityTypeIdentifierBodyFatPercentage", "0.22", "2026-11-21 07:00:00 +0100", unit: "%"))
        #expect(again.body.map(\.provenance) == [fatOnly.provenance])
    }

    @Test func aStepSampleCrossingMidnightIsSplitByTime() throws {
        // 23:30–00:30: half before midnight, half after.
        let data = try HealthXML.read(HealthXML.steps("1000", "2026-11-20 23:30:00 +0100", "2026-11-21 00:30:00 +0100"))
        #expect(data.activity.map(\.date) == [HealthFixture.day(20), HealthFixture.day(21)])
        #expect(data.activity.map(\.steps) == [500, 500])
    }

    @Test func bedAndWakeComeFromTheNightsOwnRecordsNotALaterInBedOne() throws {
        let data = try HealthXML.read(
            HealthXML.sleep("InBed", "2026-11-20 22:45:00 +0100", "2026-11-21 06:50:00 +0100")
                + HealthXML.sleep("AsleepCore", "2026-11-20 23:00:00 +0100", "2026-11-21 06:30:00 +0100")
                // Back to bed with the phone two hours later: its own record, not this night's wake.
                + HealthXML.sleep("InBed", "2026-11-21 08:30:00 +0100", "2026-11-21 09:10:00 +0100"))
        let night = try #require(data.sleep.first)
        #expect(data.sleep.count == 1)
        #expect(night.minutes == 450)
        #expect(night.bedtime == ClockTime(hour: 22, minute: 45))
        #expect(night.wakeTime == ClockTime(hour: 6, minute: 50))
        #expect(data.skipped[.sleep] == ["a shorter sleep ending the same day (a nap)": 1])
    }

    @Test func anUnzippedFolderTakesALocalizedExportNameAsTheZipDoes() throws {
        for name in ["Export.xml", "exportar.xml", "экспорт.xml"] {
            let file = try HealthFixture.write(HealthXML.document(HealthXML.weight("80", "2026-11-21 07:00:00 +0100")), name: name)
            let folder = URL(fileURLWithPath: file).deletingLastPathComponent().path
            try Data("<ClinicalDocument/>".utf8).write(to: URL(fileURLWithPath: folder + "/export_cda.xml"))
            #expect(try HealthFixture.read(folder).body.count == 1, "\(name)")
            #expect(AppleHealthReader.exportFileName(among: [name, "export_cda.xml"]) == name)
        }
    }

    @Test func a2015ExportWithCompactDatesAndSourceImports() throws {
        let old =
            " <Record type=\"HKQuantityTypeIdentifierStepCount\" source=\"Kim’s iPhone\" unit=\"count\" "
            + "creationDate=\"20150603060000+0100\" startDate=\"20150603050200+0100\" endDate=\"20150603051200+0100\" value=\"420\"/>\n"
            + " <Record type=\"HKQuantityTypeIdentifierBodyMass\" source=\"Withings\" unit=\"kg\" "
            + "creationDate=\"20150616071916-0700\" startDate=\"20150616071820-0700\" endDate=\"20150616071820-0700\" value=\"72.5\"/>\n"
        let data = try HealthXML.read(old)
        let june3 = try #require(LocalDate(year: 2015, month: 6, day: 3))
        #expect(data.activity.map(\.date) == [june3])
        #expect(data.activity.map(\.steps) == [420])
        #expect(data.stepsBySource.map(\.source) == ["Kim’s iPhone"])
        #expect(data.body.map(\.weightKg) == [72.5])
        #expect(data.body.first?.date == LocalDate(year: 2015, month: 6, day: 16))
        #expect(HealthTimestamp("20150603050200+0100")?.offsetSeconds == 3600)
        #expect(HealthTimestamp("2015060305020") == nil)
    }
}

@Suite struct AppleHealthLimitTests {
    static func expectRefused(_ path: String, _ check: (AppleHealthError) -> Bool) {
        defer { HealthXML.removeFolder(of: path) }
        do {
            _ = try HealthFixture.read(path)
            Issue.record("\(path) was read")
        } catch let error as AppleHealthError {
            #expect(check(error), "\(error)")
            #expect(error.exitCode == 65)
            #expect(!error.description.contains("\n"))
            #expect(error.description.count < 400)
        } catch {
            Issue.record("\(error)")
        }
    }

    @Test func deepNestingIsRefused() throws {
        let deep = "<HealthData>" + String(repeating: "<a>", count: 100_000)
        Self.expectRefused(try HealthFixture.write(deep)) { $0 == .xml($0.path, .tooDeep(StreamingXMLParser.maxDepth)) }
    }

    @Test func aHugeAttributeIsRefusedAndNotEchoed() throws {
        let huge = HealthXML.document(" <Record type=\"" + String(repeating: "A", count: 3 << 20) + "\" value=\"1\"/>\n")
        Self.expectRefused(try HealthFixture.write(huge)) { $0 == .xml($0.path, .valueTooLong(StreamingXMLParser.maxRunBytes)) }
    }

    @Test func longTypeAndSourceNamesAreCutInTheSummary() throws {
        let long = String(repeating: "B", count: 5_000)
        let data = try HealthXML.read(
            HealthXML.record("HK" + long, "1", "2026-11-21 08:00:00 +0100")
                + HealthXML.steps("10", "2026-11-21 08:00:00 +0100", "2026-11-21 08:01:00 +0100", source: long))
        #expect(data.otherTypes.keys.allSatisfy { $0.count <= AppleHealthLimits.echoedName && $0.hasSuffix("…") })
        #expect(data.stepsBySource.allSatisfy { $0.source.count <= AppleHealthLimits.echoedName })
    }

    @Test func aZipBombIsRefusedBeforeItInflates() throws {
        // 8 MB of spaces deflates to a few KB: over the ratio cap.
        let xml = Data((HealthXML.document("") + String(repeating: " ", count: 8 << 20)).utf8)
        Self.expectRefused(try HealthFixture.zip(xml)) { $0 == .inflatesTooMuch($0.path) }
    }

    @Test func aCorruptedZipEntryIsRefusedByItsCRC() throws {
        let xml = Data(HealthXML.document(HealthXML.weight("80.4", "2026-11-21 07:00:00 +0100")).utf8)
        let path = try HealthFixture.zip(xml, compression: .none)
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        let at = try #require(bytes.firstRange(of: Data("value=\"80.4\"".utf8)))
        bytes[at.lowerBound + 8] = UInt8(ascii: "1")  // 80.4 → 81.4: still XML, a wrong value
        try bytes.write(to: URL(fileURLWithPath: path))
        Self.expectRefused(path) { if case .damagedZip = $0 { return true } else { return false } }
    }

    /// Writes an export of `body` plus `weighIns` distinct weigh-ins of 80 kg, one a second from
    /// `start` 00:00 (UTC) on, `perDay` a day.
    static func bulkExport(body: String, weighIns: Int, from start: LocalDate, perDay: Int) throws -> String {
        let url = URL(fileURLWithPath: try HealthFixture.write(""))
        let handle = try FileHandle(forWritingTo: url)
        try handle.write(contentsOf: Data(HealthXML.document(body).replacingOccurrences(of: "</HealthData>\n", with: "").utf8))
        var chunk = ""
        for i in 0..<weighIns {
            let day = start.adding(days: i / perDay)
            let second = i % perDay
            chunk +=
                "<Record type=\"HKQuantityTypeIdentifierBodyMass\" startDate=\"\(day.iso) "
                + String(format: "%02d:%02d:%02d", second / 3600, second / 60 % 60, second % 60) + " +0000\" value=\"80\"/>\n"
            if chunk.utf8.count > 1 << 20 {
                try handle.write(contentsOf: Data(chunk.utf8))
                chunk = ""
            }
        }
        try handle.write(contentsOf: Data((chunk + "</HealthData>\n").utf8))
        try handle.close()
        return url.path
    }

    /// Nights crossing midnight, steps crossing midnight and workouts, every day of `days` from `start`.
    static func dailyRecords(from start: LocalDate, days: Int) -> String {
        (0..<days).map { d in
            let day = start.adding(days: d)
            let next = day.adding(days: 1)
            return HealthXML.sleep("AsleepCore", "\(day.iso) 23:10:00 +0100", "\(next.iso) 06:40:00 +0100")
                + HealthXML.sleep("InBed", "\(day.iso) 22:50:00 +0100", "\(next.iso) 06:55:00 +0100")
                + HealthXML.steps("\(400 + d)", "\(day.iso) 23:30:00 +0100", "\(next.iso) 00:30:00 +0100")
                + HealthXML.workout("", start: "\(day.iso) 18:00:00 +0100", end: "\(day.iso) 18:30:00 +0100")
        }.joined()
    }

    @Test func anExportLongerThanAPassIsReadInRunsOfDaysWithEveryRecord() throws {
        let start = try #require(LocalDate(year: 2000, month: 1, day: 1))
        let days = 60
        let extras = Self.dailyRecords(from: start, days: days) + HealthXML.weight("80", "1999-12-31 07:00:00 +0000")
        let weighIns = AppleHealthLimits.maxRows + 1
        let bulk = try Self.bulkExport(body: extras, weighIns: weighIns, from: start, perDay: 1440)
        defer { HealthXML.removeFolder(of: bulk) }
        // The first pass outgrows its budget and plans runs of days.
        guard case .inParts(let plan) = try AppleHealthReader.read(path: bulk, latestDay: HealthFixture.latestDay, isCancelled: { false })
        else {
            Issue.record("read whole")
            return
        }
        #expect(plan.parts.count >= 2)
        #expect(plan.summary.body.isEmpty && plan.summary.sleep.isEmpty, "the first pass keeps no records")
        #expect(plan.summary.recordCount == weighIns + 1 + 4 * days)

        let parts = try HealthFixture.read(bulk)
        let alone = try HealthXML.read(extras)
        #expect(parts.body.count == weighIns + 1)
        #expect(Set(parts.body.map(\.provenance.externalId)).count == weighIns + 1)
        // Nights and step hours crossing a run's first midnight come out as read whole.
        #expect(parts.sleep == alone.sleep)
        #expect(parts.sleep.count == days)
        #expect(parts.activity == alone.activity)
        #expect(parts.exercise == alone.exercise)
        #expect(parts.exercise.count == days)
        #expect(parts.skipped == alone.skipped)
        #expect(parts.stepsBySource.map(\.steps) == alone.stepsBySource.map(\.steps))
    }

    @Test func aDayHoldingMoreThanAPassKeepsIsRefused() throws {
        let start = try #require(LocalDate(year: 2000, month: 1, day: 1))
        let path = try Self.bulkExport(body: "", weighIns: AppleHealthLimits.maxRows + 1, from: start, perDay: 86_400)
        Self.expectRefused(path) { error in
            guard case .dayTooLarge(_, let day, let written) = error else { return false }
            return day == start && !written
        }
    }
}

extension AppleHealthError {
    var path: String {
        switch self {
        case .missing(let p), .folderWithoutExport(let p), .noExportInZip(let p), .notAnExport(let p, _), .xml(let p, _),
            .unreadable(let p, _), .notAFile(let p), .fifoWithoutWriter(let p), .zipThroughPipe(let p), .damagedZip(let p, _),
            .inflatesTooMuch(let p), .tooLarge(let p, _), .dayTooLarge(let p, _, _):
            return p
        }
    }
}

/// The refusals through the real binary (next to the test bundle): one line on stderr, exit 65,
/// and the database byte for byte as it was.
@Suite struct AppleHealthRefusalCLITests {
    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    static func bodii(_ arguments: [String]) throws -> Result {
        var dir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        var binary = dir.appendingPathComponent("bodii")
        for _ in 0..<4 where !FileManager.default.isExecutableFile(atPath: binary.path) {
            dir = dir.deletingLastPathComponent()
            binary = dir.appendingPathComponent("bodii")
        }
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env["BODII_NOW"] = "2026-11-22T10:30:00+01:00"
        env["LC_ALL"] = "C.UTF-8"
        process.environment = env
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let o = out.fileHandleForReading.readDataToEndOfFile(), e = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, stdout: String(decoding: o, as: UTF8.self), stderr: String(decoding: e, as: UTF8.self))
    }

    @Test func hostileFilesAreRefusedInOneLineAndTheDatabaseIsUnchanged() throws {
        let db = URL(fileURLWithPath: try HealthFixture.write("")).deletingLastPathComponent().appendingPathComponent("h.sqlite").path
        try #require(try Self.bodii(["import", "apple-health", HealthFixture.path, "--db", db]).status == 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: db))

        let corrupted: String = try {
            let xml = Data(HealthXML.document(HealthXML.weight("80.4", "2026-11-21 07:00:00 +0100")).utf8)
            let path = try HealthFixture.zip(xml, compression: .none)
            var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
            let at = try #require(bytes.firstRange(of: Data("value=\"80.4\"".utf8)))
            bytes[at.lowerBound + 8] = UInt8(ascii: "1")
            try bytes.write(to: URL(fileURLWithPath: path))
            return path
        }()
        let cases: [(String, String)] = [
            (try HealthFixture.write("<HealthData>" + String(repeating: "<a>", count: 50_000)), "nested more than 32 deep"),
            (
                try HealthFixture.write(HealthXML.document(" <Record type=\"" + String(repeating: "A", count: 2 << 20) + "\"/>\n")),
                "longer than 1 MB"
            ),
            (
                try HealthFixture.zip(Data((HealthXML.document("") + String(repeating: " ", count: 4 << 20)).utf8)),
                "inflates to more than 100 times"
            ),
            (corrupted, "damaged zip (CRC-32"),
        ]
        defer { for (path, _) in cases { HealthXML.removeFolder(of: path) } }
        defer { HealthXML.removeFolder(of: db) }
        for (path, message) in cases {
            let result = try Self.bodii(["import", "apple-health", path, "--json", "--db", db])
            #expect(result.status == 65, "\(path)")
            #expect(result.stdout.isEmpty)
            #expect(result.stderr.contains(message), "\(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1)
            #expect(result.stderr.count < 400)
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: db)) == before)
    }
}
