import BodiiDomain
import Foundation
import Testing

/// `bodii import apple-health` with issue 47's measurements, as a process on a temporary
/// database: a waist in inches, a resting heart rate and a blood pressure Correlation become
/// measurements, an impossible one is skipped and counted, and a second import adds nothing.
@Suite struct AppleHealthMeasurementImportTests {
    static let export = """
        <?xml version="1.0" encoding="UTF-8"?>
        <HealthData locale="en_US">

        """ + records + "</HealthData>\n"

    /// The records, for other exports to carry too (the importer fuzz test's template).
    static let records = """
         <Record type="HKQuantityTypeIdentifierWaistCircumference" sourceName="Health" unit="in" startDate="2026-11-20 07:00:00 +0100" endDate="2026-11-20 07:00:00 +0100" value="32.5"/>
         <Record type="HKQuantityTypeIdentifierWaistCircumference" sourceName="Health" unit="m" startDate="2026-11-20 07:05:00 +0100" endDate="2026-11-20 07:05:00 +0100" value="4.5"/>
         <Record type="HKQuantityTypeIdentifierRestingHeartRate" sourceName="Watch" unit="count/min" startDate="2026-11-21 06:00:00 +0100" endDate="2026-11-21 06:00:00 +0100" value="58"/>
         <Record type="HKQuantityTypeIdentifierBloodPressureSystolic" sourceName="Omron" unit="mmHg" startDate="2026-11-21 08:00:00 +0100" endDate="2026-11-21 08:00:00 +0100" value="121"/>
         <Record type="HKQuantityTypeIdentifierBloodPressureDiastolic" sourceName="Omron" unit="mmHg" startDate="2026-11-21 08:00:00 +0100" endDate="2026-11-21 08:00:00 +0100" value="79"/>
         <Correlation type="HKCorrelationTypeIdentifierBloodPressure" sourceName="Omron" startDate="2026-11-21 08:00:00 +0100" endDate="2026-11-21 08:00:00 +0100">
          <Record type="HKQuantityTypeIdentifierBloodPressureSystolic" sourceName="Omron" unit="mmHg" startDate="2026-11-21 08:00:00 +0100" endDate="2026-11-21 08:00:00 +0100" value="121"/>
          <Record type="HKQuantityTypeIdentifierBloodPressureDiastolic" sourceName="Omron" unit="mmHg" startDate="2026-11-21 08:00:00 +0100" endDate="2026-11-21 08:00:00 +0100" value="79"/>
         </Correlation>

        """

    @Test func measurementsArriveOnceAndTheImpossibleOneIsCounted() throws {
        let folder = try TemporaryFolder()
        let db = folder.path("h.sqlite"), xml = folder.path("export.xml")
        try Data(Self.export.utf8).write(to: URL(fileURLWithPath: xml))
        let first = try runBodii(["import", "apple-health", xml, "--json", "--db", db])
        try #require(first.status == 0, "\(first.stderr)")
        let s1 = AppleHealthImportTests.kind(try AppleHealthImportTests.summary(first.stdout), "measurements")
        #expect(s1["added"] as? Int == 3, "\(first.stdout)")
        #expect(
            s1["skipped_records"] as? Int == 3
                && (s1["skipped"] as? [String: Int]) == [
                    "waist out of range (40–250 cm)": 1, "a blood pressure number outside its Correlation (a duplicate)": 2,
                ])
        let today = try runBodii(["today", "--date", "2026-11-21", "--json", "--db", db])
        // 32.5 in is 82.55 cm (shown to a tenth; the export below has it exactly).
        #expect(today.stdout.contains(#""waist_cm":{"value":82.6,"date":"2026-11-20"}"#), "\(today.stdout)")
        #expect(today.stdout.contains(#""blood_pressure_mmhg":{"systolic":121,"diastolic":79,"date":"2026-11-21"}"#))
        #expect(today.stdout.contains(#""resting_heart_rate_bpm":{"value":58,"date":"2026-11-21"}"#))
        let second = try runBodii(["import", "apple-health", xml, "--json", "--db", db])
        let s2 = AppleHealthImportTests.kind(try AppleHealthImportTests.summary(second.stdout), "measurements")
        #expect(s2["added"] as? Int == 0 && s2["already_there"] as? Int == 3, "\(second.stdout)")
        // The table names them too.
        let table = try runBodii(["import", "apple-health", xml, "--db", db])
        #expect(table.stdout.contains("Measurements"), "\(table.stdout)")
        #expect(table.stdout.contains("waist, resting heart rate and blood pressure records: 1 waist out of range (40–250 cm)"))
        // They travel in the export under Apple Health's source and ids.
        let exported = try runBodii(["export", "--db", db])
        #expect(
            exported.stdout.contains(
                #""kind":"blood_pressure","value":121,"diastolic":79,"recorded_at":"2026-11-21T07:00:00.000Z","source":"apple-health","#
                    + #""external_id":"blood_pressure/2026-11-21 08:00:00 +0100/121/79"}"#), "\(exported.stdout)")
        #expect(exported.stdout.contains(#"{"date":"2026-11-20","kind":"waist","value":82.55,"diastolic":null,"#))
    }
}
