import BodiiDomain
import Foundation
import Testing
@testable import BodiiImport

/// Issue 47: waist circumference (cm, m, in, ft), resting heart rate (count/min) and blood
/// pressure (a Correlation of a systolic and a diastolic record, mmHg) from an Apple Health export.
@Suite struct AppleHealthMeasurementTests {
    static func waist(_ value: String, _ unit: String?, at start: String = "2026-11-20 07:00:00 +0100", source: String = "Health")
        -> String
    {
        HealthXML.record("HKQuantityTypeIdentifierWaistCircumference", value, start, unit: unit, source: source)
    }

    static func restingHeartRate(_ value: String, _ unit: String? = "count/min", at start: String = "2026-11-20 06:00:00 +0100")
        -> String
    {
        HealthXML.record("HKQuantityTypeIdentifierRestingHeartRate", value, start, unit: unit, source: "Watch")
    }

    /// A reading as Health writes it: the Correlation, its numbers inside (and, when `repeated`, again at the top level).
    static func bloodPressure(
        _ systolic: String?, _ diastolic: String?, at start: String = "2026-11-20 08:00:00 +0100", repeated: Bool = false,
        source: String = "Omron"
    ) -> String {
        let numbers =
            (systolic.map { HealthXML.record("HKQuantityTypeIdentifierBloodPressureSystolic", $0, start, unit: "mmHg", source: source) }
                ?? "")
            + (diastolic.map { HealthXML.record("HKQuantityTypeIdentifierBloodPressureDiastolic", $0, start, unit: "mmHg", source: source) }
                ?? "")
        return (repeated ? numbers : "")
            + " <Correlation type=\"HKCorrelationTypeIdentifierBloodPressure\" sourceName=\"\(source)\" startDate=\"\(start)\" endDate=\"\(start)\">\n"
            + numbers + " </Correlation>\n"
    }

    @Test func waistInEveryLengthUnitIsKeptInCentimetres() throws {
        let data = try HealthXML.read(
            Self.waist("82.5", "cm", at: "2026-11-17 07:00:00 +0100") + Self.waist("0.83", "m", at: "2026-11-18 07:00:00 +0100")
                + Self.waist("32.5", "in", at: "2026-11-19 07:00:00 +0100") + Self.waist("2.75", "ft", at: "2026-11-20 07:00:00 +0100")
                + Self.waist("82", nil, at: "2026-11-21 07:00:00 +0100"))
        #expect(data.measurements.map(\.kind) == Array(repeating: .waist, count: 5))
        #expect(data.measurements.map(\.value) == [82.5, 83, 82.55, 83.82, 82])
        #expect(data.measurements.map(\.date) == (17...21).map(HealthFixture.day))
        #expect(
            data.measurements.first?.provenance == Provenance(source: "apple-health", externalId: "waist/2026-11-17 07:00:00 +0100/82.5"))
        #expect(data.skipped[.measurement] == nil)
    }

    @Test func aBloodPressureReadingIsOneMeasurementWithBothNumbers() throws {
        let data = try HealthXML.read(Self.bloodPressure("121", "79", repeated: true) + Self.restingHeartRate("58"))
        let bp = try #require(data.measurements.first { $0.kind == .bloodPressure })
        #expect(bp.value == 121 && bp.diastolic == 79 && bp.date == HealthFixture.day(20))
        #expect(bp.provenance.externalId == "blood_pressure/2026-11-20 08:00:00 +0100/121/79")
        #expect(data.measurements.filter { $0.kind == .bloodPressure }.count == 1)
        let rhr = try #require(data.measurements.first { $0.kind == .restingHeartRate })
        #expect(rhr.value == 58 && rhr.diastolic == nil && rhr.provenance.externalId == "resting_heart_rate/2026-11-20 06:00:00 +0100/58")
        // The numbers repeated at the top level are not readings of their own.
        #expect(data.otherTypes.isEmpty)
        #expect(data.skipped == [.measurement: ["a blood pressure number outside its Correlation (a duplicate)": 2]])
    }

    @Test func impossibleOrUnreadableMeasurementsAreSkippedWithTheirReason() throws {
        let data = try HealthXML.read(
            Self.waist("4.5", "m") + Self.waist("82", "kg", at: "2026-11-20 07:01:00 +0100")
                + Self.restingHeartRate("300", at: "2026-11-20 06:01:00 +0100")
                + Self.restingHeartRate("1", "count/s", at: "2026-11-20 06:02:00 +0100")
                + Self.bloodPressure("120", "130", at: "2026-11-20 08:01:00 +0100")
                + Self.bloodPressure("120", nil, at: "2026-11-20 08:02:00 +0100")
                + Self.bloodPressure(nil, "80", at: "2026-11-20 08:03:00 +0100")
                + Self.bloodPressure("120", "10", at: "2026-11-20 08:04:00 +0100")
                + Self.bloodPressure("400", "80", at: "2026-11-20 08:05:00 +0100")
                + Self.bloodPressure("abc", "80", at: "2026-11-20 08:06:00 +0100")
                + Self.waist("82", "cm", at: "2027-02-01 07:00:00 +0100"))
        // 1 count/s is 60 bpm: the only one kept.
        #expect(data.measurements.map(\.value) == [60])
        #expect(
            data.skipped[.measurement] == [
                "waist out of range (40–250 cm)": 1, "unreadable value or unit": 2, "resting heart rate out of range (25–220 bpm)": 1,
                "diastolic not below systolic": 1, "a blood pressure reading without its diastolic number": 1,
                "a blood pressure reading without its systolic number": 1, "diastolic out of range (30–160 mmHg)": 1,
                "systolic out of range (60–260 mmHg)": 1, "dated in the future": 1,
            ])
    }

    @Test func theSameMeasurementFromTwoSourcesIsKeptOnce() throws {
        let data = try HealthXML.read(
            Self.waist("82", "cm") + Self.waist("82", "cm", source: "Tape app") + Self.bloodPressure("121", "79", repeated: false)
                + Self.bloodPressure("121", "79", repeated: false, source: "Phone") + Self.bloodPressure("122", "79", repeated: false))
        #expect(data.measurements.map(\.value) == [82, 121, 122])
        #expect(data.skipped[.measurement] == ["the same measurement from another source": 2])
    }

    /// An export too long for one pass is read in runs of days: each measurement comes out once,
    /// as when read whole, and each skip is counted once.
    @Test func anExportReadInRunsOfDaysKeepsEveryMeasurementOnce() throws {
        let start = try #require(LocalDate(year: 2000, month: 1, day: 1))
        let days = 40
        let daily = (0..<days).map { d in
            let day = start.adding(days: d).iso
            return Self.waist("\(80 + d % 5)", "cm", at: "\(day) 07:00:00 +0100")
                + Self.restingHeartRate("\(55 + d % 7)", at: "\(day) 06:00:00 +0100")
                + Self.bloodPressure("\(115 + d % 9)", "\(75 + d % 4)", at: "\(day) 08:00:00 +0100", repeated: true)
                + Self.waist("999", "cm", at: "\(day) 07:30:00 +0100")
        }.joined()
        let bulk = try AppleHealthLimitTests.bulkExport(body: daily, weighIns: AppleHealthLimits.maxRows + 1, from: start, perDay: 1440)
        defer { HealthXML.removeFolder(of: bulk) }
        guard case .inParts = try AppleHealthReader.read(path: bulk, latestDay: HealthFixture.latestDay, isCancelled: { false }) else {
            Issue.record("read whole")
            return
        }
        let parts = try HealthFixture.read(bulk)
        let alone = try HealthXML.read(daily)
        #expect(parts.measurements.count == 3 * days)
        #expect(parts.measurements == alone.measurements)
        #expect(
            parts.skipped[.measurement] == [
                "waist out of range (40–250 cm)": days, "a blood pressure number outside its Correlation (a duplicate)": 2 * days,
            ])
        #expect(alone.skipped[.measurement] == parts.skipped[.measurement])
    }
}
