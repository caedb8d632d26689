import Foundation
import Testing
@testable import BodiiDomain

/// Issue 25 #5: one ISO 8601 codec for the store's columns, the export's fields and `BODII_NOW`.
@Suite struct ISOTimestampTests {
    private let plusOne = TimeZone(secondsFromGMT: 3600) ?? .current
    private let utc = TimeZone(secondsFromGMT: 0) ?? .current

    @Test func theStoresFormAndTheExportsFormNameTheSameInstant() throws {
        let instant = Date(timeIntervalSince1970: 1_795_331_700.25)  // 2026-11-22T07:15:00.250Z
        #expect(ISOTimestamp.text(instant, timeZone: plusOne) == "2026-11-22T08:15:00.250+01:00")
        #expect(ISOTimestamp.exportText(instant) == "2026-11-22T07:15:00.250Z")
        #expect(
            ISOTimestamp.text(instant.addingTimeInterval(-0.25), timeZone: utc) == "2026-11-22T07:15:00+00:00",
            "the store writes milliseconds only when not zero")
        #expect(ISOTimestamp.exportText(instant.addingTimeInterval(-0.25)) == "2026-11-22T07:15:00.000Z")
        for text in ["2026-11-22T08:15:00.250+01:00", "2026-11-22T07:15:00.250Z", "2026-11-22T07:15:00.25Z", "2026-11-22T07:15:00.250999Z"]
        {
            #expect(ISOTimestamp.instant(text) == instant, "\(text)")
        }
    }

    @Test func beforeNineteenSeventyAndFarAhead() {
        for seconds in [-2_208_988_800.0, -1.5, 0, 253_402_297_199.999] {
            let date = ISOTimestamp.normalized(Date(timeIntervalSince1970: seconds))
            #expect(ISOTimestamp.instant(ISOTimestamp.exportText(date)) == date)
            #expect(ISOTimestamp.instant(ISOTimestamp.text(date, timeZone: plusOne)) == date)
        }
    }

    @Test func theClocksShortFormNeedsItsOption() throws {
        let parsed = try #require(ISOTimestamp.parse("2026-11-22T08:15+01:00", secondsOptional: true))
        #expect(parsed.offsetSeconds == 3600)
        #expect(ISOTimestamp.exportText(parsed.date) == "2026-11-22T07:15:00.000Z")
        #expect(ISOTimestamp.instant("2026-11-22T08:15+01:00") == nil)
    }

    @Test func refusesWhatIsNotATimestamp() {
        for text in [
            "", "2026-11-22", "2026-11-22T08:15:00", "2026-02-30T08:15:00Z", "2026-11-22T24:00:00Z", "2026-11-22T08:15:00+1:00",
            "2026-11-22T08:15:00.Z", "2026-11-22T08:15:00Z ", "２０２６-11-22T08:15:00Z",
        ] {
            #expect(ISOTimestamp.instant(text) == nil, "\(text)")
        }
    }

    @Test func daysAreLocalDatesISO() {
        #expect(LocalDate(iso: "2026-11-22")?.iso == "2026-11-22")
        #expect(LocalDate(iso: "0999-01-01")?.iso == "0999-01-01")
        for text in ["2026-2-01", "2026-02-30", "2026-11-22 ", "+026-11-22", "２０２６-11-22", "2026/11/22"] {
            #expect(LocalDate(iso: text) == nil, "\(text)")
        }
    }

    /// The trend window: one definition for the day's trend, the targets and the charts.
    @Test func theTrendWindowIsOneWindow() {
        let day = LocalDate(year: 2026, month: 11, day: 22) ?? LocalDate(daysSinceEpoch: 0)
        #expect(WeightTrend.window(endingOn: day).dayCount == WeightTrend.windowDays)
        #expect(
            TargetHistory.weightsNeeded(for: DateRange(start: day, end: day)).start
                == WeightTrend.window(endingOn: day.adding(days: -1)).start)
        #expect(WeeklyRate.of(total: 300, days: 14) == 150)
        #expect(CalorieAdherence(eaten: 2200, target: 2000) == .onTarget)
        #expect(CalorieAdherence(eaten: 2201, target: 2000) == .near)
    }
}
