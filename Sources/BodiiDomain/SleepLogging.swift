import Foundation

/// What a user typed to log a night (form or CLI): bed and wake times, optional quality and the
/// wake date (empty = today). A night crossing midnight is the normal case.
public struct SleepEntryInput: Equatable, Sendable {
    public var bedtime: String
    public var wakeTime: String
    public var quality: String
    public var date: String

    public init(bedtime: String, wakeTime: String, quality: String = "", date: String = "") {
        self.bedtime = bedtime
        self.wakeTime = wakeTime
        self.quality = quality
        self.date = date
    }
}

public enum SleepEntryField: String, Sendable, CaseIterable { case bedtime, wakeTime, quality, date }

/// Validates and saves nights (use case "log sleep"). A night belongs to the date of waking.
public struct SleepLogging {
    private let store: any SleepRepository
    private let clock: any Clock

    public init(store: any SleepRepository, clock: any Clock) {
        self.store = store
        self.clock = clock
    }

    /// Every problem at once (for forms), or the night ready to save.
    public func validate(_ input: SleepEntryInput) -> Result<SleepRecord, FieldErrors<SleepEntryField>> {
        var errors = FieldErrors<SleepEntryField>()
        let bed = errors.capture(.bedtime) { () throws(ValidationError) in try Validation.time(input.bedtime, field: "bedtime") }
        let wake = errors.capture(.wakeTime) { () throws(ValidationError) in try Validation.time(input.wakeTime, field: "wake time") }
        let quality = errors.capture(.quality, ifPresent: input.quality) { () throws(ValidationError) in try Validation.quality(input.quality) }
        let date = errors.capture(.date, ifPresent: input.date) { () throws(ValidationError) in try Validation.date(input.date, today: clock.today) } ?? clock.today
        var minutes: Int?
        if let bed, let wake {
            minutes = SleepMath.duration(bed: bed, wake: wake)
            if minutes == nil {
                errors.add(.wakeTime, ValidationError(field: "wake time", value: input.wakeTime,
                                                      allowed: "a time other than the bedtime", problem: .outOfRange))
            }
        }
        guard errors.isEmpty, let bed, let wake, let minutes else { return .failure(errors) }
        return .success(SleepRecord(date: date, bedtime: bed, wakeTime: wake, minutes: minutes, quality: quality,
                                    status: SleepMath.status(minutes: minutes)))
    }

    @discardableResult
    public func save(_ record: SleepRecord) throws -> SleepRecord { try store.addSleepRecord(record) }
}
