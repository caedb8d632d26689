import Foundation
import Testing
@testable import BodiiDomain

/// `SleepLogging.validate` only: saving is covered by the store and CLI tests on real files.
@Suite struct SleepLoggingTests {
    let today = LocalDate(year: 2026, month: 11, day: 22) ?? LocalDate(daysSinceEpoch: 0)

    /// A repository that must never be written by `validate`.
    final class Untouched: SleepRepository {
        func addSleepRecord(_ record: SleepRecord) throws -> SleepRecord { Issue.record("validate wrote"); return record }
        func updateSleepRecord(_ record: SleepRecord) throws { Issue.record("validate wrote") }
        func deleteSleepRecord(id: Int64) throws -> SleepRecord? { nil }
        func sleepRecords(in range: DateRange) throws -> [SleepRecord] { [] }
    }

    var logging: SleepLogging { SleepLogging(store: Untouched(), clock: FixedClock(day: today)) }

    @Test func nightAcrossMidnightBelongsToTheWakeDate() throws {
        let night = try logging.validate(SleepEntryInput(bedtime: "23:30", wakeTime: "07:00", quality: "4")).get()
        #expect(night.minutes == 450)
        #expect(night.date == today)
        #expect(night.status == .good)
        #expect(night.quality == 4)
        #expect(night.bedtime?.description == "23:30")
    }

    @Test func shortNightIsBadAndQualityIsOptional() throws {
        let night = try logging.validate(SleepEntryInput(bedtime: "02:10", wakeTime: "6:05", date: "2026-11-20")).get()
        #expect(night.minutes == 235)
        #expect(night.status == .bad)
        #expect(night.quality == nil)
        #expect(night.date.iso == "2026-11-20")
    }

    @Test func everyBadFieldIsReportedAtOnce() {
        guard
            case .failure(let errors) = logging.validate(
                SleepEntryInput(bedtime: "25:00", wakeTime: "7:5", quality: "9", date: "2026-12-01"))
        else {
            Issue.record("accepted bad input"); return
        }
        #expect(errors[.bedtime]?.problem == .invalidFormat)
        #expect(errors[.wakeTime]?.problem == .invalidFormat)
        #expect(errors[.quality]?.message == "quality \"9\" is out of range: allowed 1–5")
        #expect(errors[.date]?.problem == .inFuture)
        #expect(errors.firstField == .bedtime)
    }

    @Test func bedAndWakeAtTheSameTimeIsNotANight() {
        guard case .failure(let errors) = logging.validate(SleepEntryInput(bedtime: "07:00", wakeTime: "07:00")) else {
            Issue.record("accepted a zero-length night"); return
        }
        #expect(errors[.wakeTime]?.message == "wake time \"07:00\" is out of range: allowed a time other than the bedtime")
    }

    @Test(arguments: [
        ("7h30", 450), ("7 h 30 m", 450), ("7:30", 450), ("7.5", 450), ("450m", 450), ("450 min", 450),
        ("8h", 480), ("8 hours", 480), ("0:45", 45), ("24h", 1440), ("6h05", 365),
    ])
    func durationsPeopleWrite(text: String, minutes: Int) throws {
        #expect(try Validation.duration(text) == minutes)
    }

    @Test(arguments: ["", "abc", "7h75", "7:5", "25h", "0m", "-2", "7h30x"])
    func durationsRefused(text: String) {
        #expect(throws: ValidationError.self) { try Validation.duration(text) }
    }

    @Test func durationAloneLeavesTheTimesUnknown() throws {
        let night = try logging.validate(SleepEntryInput(duration: "6h15")).get()
        #expect(night.minutes == 375)
        #expect(night.bedtime == nil && night.wakeTime == nil)
        #expect(night.status == .fair)
    }

    @Test func durationWithOneTimeGivesTheOther() throws {
        let fromWake = try logging.validate(SleepEntryInput(wakeTime: "06:30", duration: "7h45")).get()
        #expect(fromWake.bedtime?.description == "22:45")
        #expect(fromWake.wakeTime?.description == "06:30")
        let fromBed = try logging.validate(SleepEntryInput(bedtime: "23:50", duration: "8:20")).get()
        #expect(fromBed.wakeTime?.description == "08:10")
        #expect(fromBed.minutes == 500)
    }

    @Test func durationWithBothTimesIsRefusedNotGuessed() {
        guard case .failure(let errors) = logging.validate(SleepEntryInput(bedtime: "23:00", wakeTime: "07:00", duration: "6h")) else {
            Issue.record("accepted conflicting input"); return
        }
        #expect(errors[.duration]?.message == "duration \"6h\" is out of range: allowed empty when both bed and wake time are given")
    }

    @Test func nothingGivenNamesTheTimesAndTheAlternative() {
        guard case .failure(let errors) = logging.validate(SleepEntryInput()) else { Issue.record("accepted nothing"); return }
        #expect(errors[.bedtime]?.inlineMessage == "Empty: allowed a time like 23:15 or 7am, or a duration instead")
        #expect(errors[.wakeTime] != nil)
        guard case .failure(let onlyBed) = logging.validate(SleepEntryInput(bedtime: "23:00")) else {
            Issue.record("accepted a bedtime alone"); return
        }
        #expect(onlyBed[.wakeTime]?.problem == .empty)
        #expect(onlyBed[.bedtime] == nil)
    }
}
