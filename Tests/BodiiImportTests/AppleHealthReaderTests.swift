import BodiiDomain
import Foundation
import Testing
import ZIPFoundation
@testable import BodiiImport

extension AppleHealthReader {
    /// Every record of an export, read whole or part by part and put together (for tests: an
    /// import merges each part before reading the next).
    static func readEverything(path: String, latestDay: LocalDate) throws -> AppleHealthData {
        switch try read(path: path, latestDay: latestDay, isCancelled: { false }) {
        case .whole(let data):
            return data
        case .inParts(let plan):
            var all = plan.summary
            try readParts(path: path, plan: plan, latestDay: latestDay, isCancelled: { false }) { part in
                all.absorbCounts(of: part)
                all.body += part.body
                all.activity += part.activity
                all.sleep += part.sleep
                all.exercise += part.exercise
                all.food += part.food
                all.measurements += part.measurements
                all.lastWeightKg = part.lastWeightKg
            }
            return all
        }
    }
}

/// The export in Fixtures/apple-health: iOS 16's broken DTD, a `\u{0B}` in a source name, weights in
/// kg and lb, body fat as a fraction, Watch and iPhone steps in the same hours, a record near
/// midnight in another time zone, sleep stages with InBed and the legacy Asleep, three workout
/// layouts, dietary energy with a Correlation repeating it. Expected values are worked out in the
/// fixture's comments.
enum HealthFixture {
    static let path = Fixture.folder.appendingPathComponent("apple-health/export.xml").path
    static let latestDay = LocalDate(year: 2026, month: 11, day: 23) ?? LocalDate(daysSinceEpoch: 0)

    static func day(_ d: Int) -> LocalDate { LocalDate(year: 2026, month: 11, day: d) ?? LocalDate(daysSinceEpoch: 0) }

    static func read(_ path: String = path) throws -> AppleHealthData {
        try AppleHealthReader.readEverything(path: path, latestDay: latestDay)
    }

    /// This process's folder of written exports, removed as the process ends (a folder each
    /// test's file, so none is left in the temporary directory after a run).
    static let folders: URL = {
        atexit { try? FileManager.default.removeItem(at: HealthFixture.folderOfThisProcess) }
        return folderOfThisProcess
    }()

    private static var folderOfThisProcess: URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("bodii-health-\(ProcessInfo.processInfo.processIdentifier)")
    }

    /// A file in a new temporary folder.
    static func write(_ text: String, name: String = "export.xml") throws -> String {
        let folder = folders.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    /// `xml` as the Health app zips it: `apple_health_export/export.xml`, deflated.
    static func zip(_ xml: Data, compression: CompressionMethod = .deflate) throws -> String {
        let folder = folders.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent("export.zip")
        let archive = try Archive(url: url, accessMode: .create)
        try archive.addEntry(
            with: "apple_health_export/export_cda.xml", type: .file, uncompressedSize: Int64(5), compressionMethod: .deflate
        ) {
            (_: Int64, _: Int) -> Data in Data("<a/>\n".utf8)
        }
        try archive.addEntry(
            with: "apple_health_export/export.xml", type: .file, uncompressedSize: Int64(xml.count),
            compressionMethod: compression
        ) { (position: Int64, size: Int) -> Data in
            xml.subdata(in: Int(position)..<Int(position) + size)
        }
        return url.path
    }
}

@Suite struct AppleHealthReaderTests {
    @Test func weightsInKgAndLbWithBodyFatAsAPercentage() throws {
        let read = try HealthFixture.read()
        // The 15th's body fat has no weigh-in that day: a body-fat-only record (issue 23 #23).
        let fatOnly = try #require(read.body.first)
        #expect(fatOnly.date == HealthFixture.day(15))
        #expect(fatOnly.weightKg == nil)
        #expect(fatOnly.bodyFatPercent == 22)
        var data = read
        data.body.removeFirst()
        #expect(data.body.map(\.date) == [HealthFixture.day(20), HealthFixture.day(21)])
        #expect(abs((data.body[0].weightKg ?? 0) - 177.8 * 0.45359237) < 0.001)
        #expect(data.body[0].bodyFatPercent == nil)
        #expect(data.body[1].weightKg == 80.4)
        #expect(data.body[1].bodyFatPercent == 21.5)
        #expect(read.body.allSatisfy { $0.provenance.source == "apple-health" && $0.provenance.externalId != nil })
        #expect(data.skipped[.body] == ["dated in the future": 1, "the same weigh-in from another source": 1])
    }

    @Test func stepsCountedOncePerHourFromOneSourceAndPerSourceFiguresKept() throws {
        let data = try HealthFixture.read()
        let byDay = Dictionary(uniqueKeysWithValues: data.activity.map { ($0.date, $0) })
        // Hour 8: Watch 1,500 beats iPhone 1,400; hour 12: iPhone 2,200 beats Watch 2,000; hour 18: iPhone 300.
        #expect(byDay[HealthFixture.day(21)]?.steps == 4000)
        // 120 (8h) + max(80, 60) (12h) + 418.4 kJ = 100 kcal (18h).
        #expect(byDay[HealthFixture.day(21)]?.activeKcal == 300)
        #expect(data.stepsBySource.map(\.source) == ["Ana’s iPhone", "Ana’s Apple Watch"])
        #expect(data.stepsBySource.map(\.steps) == [4600, 3500])
    }

    @Test func aRecordNearMidnightKeepsItsOwnDayWhateverTheMachinesTimeZone() throws {
        // 23:30 in California on the 20th is the 21st in UTC and in Berlin: it counts on the 20th.
        let data = try HealthFixture.read()
        #expect(data.activity.first { $0.date == HealthFixture.day(20) }?.steps == 700)
        #expect(data.activity.map(\.date) == [HealthFixture.day(20), HealthFixture.day(21)])
    }

    @Test func sleepStagesMergeIntoNightsFiledUnderTheWakeDate() throws {
        let data = try HealthFixture.read()
        #expect(data.sleep.count == 3)
        // The 19th has only the iPhone's in-bed record (Bedtime): a night of its in-bed time.
        let inBed = try #require(data.sleep.first)
        #expect(inBed.date == HealthFixture.day(19))
        #expect(inBed.minutes == 480)
        #expect(inBed.bedtime == ClockTime(hour: 23, minute: 0))
        #expect(inBed.wakeTime == ClockTime(hour: 7, minute: 0))
        let first = data.sleep[1]
        // Core 23:10–01:00, Deep –02:00, Awake, REM 02:15–03:00, Core –06:30, the phone's Asleep inside: 170 + 255 min.
        #expect(first.date == HealthFixture.day(21))
        #expect(first.minutes == 425)
        #expect(first.bedtime == ClockTime(hour: 22, minute: 50))
        #expect(first.wakeTime == ClockTime(hour: 6, minute: 55))
        #expect(first.status == SleepMath.status(minutes: 425))
        let second = try #require(data.sleep.last)
        #expect(second.date == HealthFixture.day(22))
        #expect(second.minutes == 450)
        #expect(data.skipped[.sleep] == nil)
    }

    @Test func workoutsInTheOldAndTheIOS16LayoutMappedToTheCatalog() throws {
        let data = try HealthFixture.read()
        let byName = Dictionary(uniqueKeysWithValues: data.exercise.map { ($0.activity, $0) })
        #expect(byName["Running"]?.kcal == 310.2)  // totalEnergyBurned
        #expect(byName["Running"]?.minutes == 31)
        #expect(byName["Running"]?.date == HealthFixture.day(21))
        #expect(byName["Walking"]?.kcal == 150.5)  // WorkoutStatistics
        #expect(byName["Walking"]?.minutes == 45)
        #expect(byName["Walking"]?.met == ActivityCatalog.activity(named: "Walking")?.met(for: .moderate))
        // Not in the catalog: its own words, a moderate MET, energy from the weight before it (80.4 kg).
        #expect(byName["Fitness gaming"]?.met == WorkoutTypes.fallbackMET)
        #expect(byName["Fitness gaming"]?.kcal == ExerciseLogging.kcal(met: 4, weightKg: 80.4, minutes: 20))
    }

    @Test func everyMappedWorkoutTypeNamesACatalogActivity() {
        for (type, name) in WorkoutTypes.table {
            #expect(WorkoutTypes.activity(for: type).activity?.name == name, "\(type)")
        }
    }

    @Test func dietaryEnergyAsQuickAddPerMealWithoutTheCorrelationsCopy() throws {
        let data = try HealthFixture.read()
        #expect(data.food.map(\.kcal) == [450, 620])
        #expect(data.food.map(\.meal) == [.breakfast, .lunch])
        #expect(data.food.allSatisfy { $0.date == HealthFixture.day(21) && $0.foodId == AppleHealthCollector.quickAddFood })
        #expect(data.skipped[.food] == ["inside a food Correlation (a duplicate)": 1])
        #expect(data.otherTypes == ["HeartRate": 3, "DietaryProtein": 1])
    }

    @Test func theZipEntryStreamsToTheSameResult() throws {
        let plain = try HealthFixture.read()
        let zipped = try HealthFixture.read(HealthFixture.zip(Data(contentsOf: URL(fileURLWithPath: HealthFixture.path))))
        #expect(zipped.body == plain.body)
        #expect(zipped.activity == plain.activity)
        #expect(zipped.sleep == plain.sleep)
        #expect(zipped.exercise == plain.exercise)
        #expect(zipped.food == plain.food)
        #expect(zipped.recordCount == 36)
    }

    @Test func theUnzippedFolderIsReadThroughItsExportXML() throws {
        let folder = URL(fileURLWithPath: HealthFixture.path).deletingLastPathComponent().path
        #expect(try HealthFixture.read(folder).recordCount == 36)
    }

    @Test func aBillionLaughsFileIsRefusedBeforeAnyEntityIsExpanded() throws {
        var lol = "<?xml version=\"1.0\"?>\n<!DOCTYPE HealthData [\n <!ENTITY lol \"lol\">\n"
        for i in 1...9 { lol += " <!ENTITY lol\(i) \"" + String(repeating: "&lol\(i == 1 ? "" : String(i - 1));", count: 10) + "\">\n" }
        lol +=
            "]>\n<HealthData locale=\"en_US\"><Record type=\"HKQuantityTypeIdentifierStepCount\" sourceName=\"&lol9;\" "
            + "startDate=\"2026-11-21 08:00:00 +0100\" endDate=\"2026-11-21 08:10:00 +0100\" value=\"10\"/></HealthData>\n"
        let path = try HealthFixture.write(lol)
        #expect(throws: AppleHealthError.xml(path, .declaresEntities)) { _ = try HealthFixture.read(path) }
    }

    @Test func anExternalEntityIsRefused() throws {
        let xxe =
            "<?xml version=\"1.0\"?>\n<!DOCTYPE HealthData [ <!ENTITY xxe SYSTEM \"file:///etc/passwd\"> ]>\n"
            + "<HealthData><Record type=\"HKQuantityTypeIdentifierStepCount\" sourceName=\"&xxe;\" startDate=\"2026-11-21 08:00:00 +0100\" "
            + "endDate=\"2026-11-21 08:10:00 +0100\" value=\"10\"/></HealthData>"
        let path = try HealthFixture.write(xxe)
        #expect(throws: AppleHealthError.xml(path, .declaresEntities)) { _ = try HealthFixture.read(path) }
    }

    @Test func anUndeclaredEntityIsMalformedNotExpanded() throws {
        let path = try HealthFixture.write("<HealthData><Record type=\"x\" sourceName=\"&nope;\"/></HealthData>")
        #expect(throws: AppleHealthError.self) { _ = try HealthFixture.read(path) }
    }

    @Test func otherFilesAreRefusedWithTheirExitCodes() throws {
        #expect(throws: AppleHealthError.missing("/nonexistent/export.zip")) { _ = try HealthFixture.read("/nonexistent/export.zip") }
        let notXML = try HealthFixture.write("\u{89}PNG this is not XML at all")
        #expect(throws: AppleHealthError.self) { _ = try HealthFixture.read(notXML) }
        let other = try HealthFixture.write("<?xml version=\"1.0\"?><feed><entry/></feed>")
        #expect(throws: AppleHealthError.notAnExport(other, root: "feed")) { _ = try HealthFixture.read(other) }
        let truncated = try HealthFixture.write("<HealthData><Record type=\"a\"")
        do {
            _ = try HealthFixture.read(truncated)
            Issue.record("a truncated file was read")
        } catch let error as AppleHealthError {
            #expect(error.exitCode == 65)
        }
        let empty = URL(fileURLWithPath: try HealthFixture.write("")).deletingLastPathComponent().path
        try FileManager.default.removeItem(atPath: empty + "/export.xml")
        #expect(throws: AppleHealthError.folderWithoutExport(empty)) { _ = try HealthFixture.read(empty) }
        #expect(AppleHealthError.missing("x").exitCode == 66)
    }

    @Test func cancellingStopsTheRead() throws {
        #expect(throws: CancellationError.self) {
            _ = try AppleHealthReader.read(path: HealthFixture.path, latestDay: HealthFixture.latestDay, isCancelled: { true }) as AppleHealthContents
        }
    }

    @Test func timestampsKeepTheirOwnOffset() throws {
        let t = try #require(HealthTimestamp("2026-11-20 23:30:00 -0800"))
        #expect(t.day == HealthFixture.day(20))
        #expect(t.hour == 23)
        #expect(t.date == Date(timeIntervalSince1970: 1_795_246_200))  // 2026-11-21T07:30:00Z
        #expect(HealthTimestamp("2026-11-20T23:30:00+05:30")?.offsetSeconds == 19_800)
        #expect(HealthTimestamp("2026-11-20 23:30:00 Z")?.offsetSeconds == 0)
        #expect(HealthTimestamp("2026-13-20 23:30:00 +0100") == nil)
        #expect(HealthTimestamp("yesterday") == nil)
    }

    @Test func theDoctypeIsCutOutEvenWhenItArrivesInTinyChunks() throws {
        final class Names: XMLElementHandler {
            var names: [String] = []
            func didStart(_ element: XMLElementStart) { names.append(String(cString: element.name)) }
            func didEnd(_ name: UnsafePointer<UInt8>) {}
        }
        let bytes = try Data(contentsOf: URL(fileURLWithPath: HealthFixture.path))
        let names = Names()
        let parser = StreamingXMLParser(handler: names)
        var i = 0
        while i < bytes.count {
            try parser.feed(bytes.subdata(in: i..<min(bytes.count, i + 7)))
            i += 7
        }
        try parser.finish()
        #expect(names.names.first == "HealthData")
        #expect(names.names.filter { $0 == "Record" }.count == 33)
    }

    @Test func attributeValuesArriveWithTheirEscapesDecoded() throws {
        final class Sources: XMLElementHandler {
            var names: [String] = []
            func didStart(_ element: XMLElementStart) { if let name = element.string("sourceName") { names.append(name) } }
            func didEnd(_ name: UnsafePointer<UInt8>) {}
        }
        let sources = Sources()
        let parser = StreamingXMLParser(handler: sources)
        try parser.feed(Data("<HealthData><Record sourceName=\"Health &amp; Fitness &lt;3 &#233;t&#xE9;\"/></HealthData>".utf8))
        try parser.finish()
        #expect(sources.names == ["Health & Fitness <3 été"])  // not "Health &#38; Fitness"
    }
}

@Suite struct HealthNumberTests {
    func read(_ text: String) -> Double? {
        var t = text
        return t.withUTF8 { AppleHealthValues.decimal($0) }
    }

    @Test func plainDecimalsAreReadWithoutAStringAndTheRestIsLeftToDouble() {
        #expect(read("1234") == 1234)
        #expect(read("12.5") == 12.5)
        #expect(read("0.215") == 0.215)
        #expect(read("177.8") == 177.8)
        #expect(read("1e3") == nil)
        #expect(read("-5") == nil)
        #expect(read(".") == nil)
        #expect(read("1.2.3") == nil)
        #expect(read("") == nil)
    }
}
