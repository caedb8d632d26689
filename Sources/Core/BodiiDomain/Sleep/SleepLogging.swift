import Foundation

/// What a user typed to log a night (form or CLI): bed and wake times, or a duration (alone or with
/// one of the times), optional quality and the wake date (empty = today). A night crossing
/// midnight is the normal case.
public struct SleepEntryInput: Equatable, Sendable {
    public var bedtime: String
    public var wakeTime: String
    public var duration: String
    public var quality: String
    public var date: String

    public init(bedtime: String = "", wakeTime: String = "", duration: String = "", quality: String = "", date: String = "") {
        self.bedtime = bedtime
        self.wakeTime = wakeTime
        self.duration = duration
        self.quality = quality
        self.date = date
    }
}

public enum SleepEntryField: String, Sendable, CaseIterable { case bedtime, wakeTime, duration, quality, date }

/// Validates and saves nights (use case "log sleep"). A night belongs to the date of waking, and a
/// date has one night: logging another night for it replaces the first (a corrected entry, or the
/// check-in's "last night" after a CLI log), so totals never count a night twice.
public struct SleepLogging {
    private let store: any SleepRepository
    private let clock: any Clock

    public init(store: any SleepRepository, clock: any Clock) {
        self.store = store
        self.clock = clock
    }

    /// Every problem at once (for forms), or the night ready to save.
    ///
    /// Accepted: bed + wake; a duration alone (times unknown); a duration with a bed or a wake time
    /// (the other time follows). A duration with both times is refused rather than guessed at.
    public func validate(_ input: SleepEntryInput) -> Result<SleepRecord, FieldErrors<SleepEntryField>> {
        Self.validate(input, today: clock.today)
    }

    /// What an empty bed or wake time is told it could be.
    static let timeOrDuration = "a time like 23:15 or 7am, or a duration instead"

    /// The same, before any store is open (a command checks its arguments before it creates one).
    public static func validate(_ input: SleepEntryInput, today: LocalDate) -> Result<SleepRecord, FieldErrors<SleepEntryField>> {
        var errors = FieldErrors<SleepEntryField>()
        let hasDuration = !input.duration.trimmingCharacters(in: .whitespaces).isEmpty
        var bed = errors.capture(.bedtime, ifPresent: input.bedtime) { () throws(ValidationError) in
            try Validation.time(input.bedtime, field: "bedtime")
        }
        var wake = errors.capture(.wakeTime, ifPresent: input.wakeTime) { () throws(ValidationError) in
            try Validation.time(input.wakeTime, field: "wake time")
        }
        let duration = errors.capture(.duration, ifPresent: input.duration) { () throws(ValidationError) in
            try Validation.duration(input.duration)
        }
        let quality = errors.capture(.quality, ifPresent: input.quality) { () throws(ValidationError) in
            try Validation.quality(input.quality)
        }
        let date =
            errors.capture(.date, ifPresent: input.date) { () throws(ValidationError) in try Validation.date(input.date, today: today) }
            ?? today
        let bedGiven = !input.bedtime.trimmingCharacters(in: .whitespaces).isEmpty
        let wakeGiven = !input.wakeTime.trimmingCharacters(in: .whitespaces).isEmpty

        var minutes: Int?
        switch (bedGiven, wakeGiven, hasDuration) {
        case (true, true, true):
            errors.add(
                .duration,
                ValidationError(
                    field: "duration", value: input.duration,
                    allowed: "empty when both bed and wake time are given", problem: .outOfRange))
        case (true, true, false):
            if let bed, let wake {
                minutes = SleepMath.duration(bed: bed, wake: wake)
                if minutes == nil {
                    errors.add(
                        .wakeTime,
                        ValidationError(
                            field: "wake time", value: input.wakeTime,
                            allowed: "a time other than the bedtime", problem: .outOfRange))
                }
            }
        case (_, _, true):
            minutes = duration
            if let d = duration, let b = bed { wake = b.adding(minutes: d) }
            if let d = duration, let w = wake, !bedGiven, wakeGiven { bed = w.adding(minutes: -d) }
        case (false, _, false):
            errors.add(
                .bedtime,
                ValidationError(
                    field: "bedtime", value: input.bedtime,
                    allowed: Self.timeOrDuration, problem: .empty))
            if !wakeGiven {
                errors.add(
                    .wakeTime,
                    ValidationError(
                        field: "wake time", value: input.wakeTime,
                        allowed: Self.timeOrDuration, problem: .empty))
            }
        case (true, false, false):
            errors.add(
                .wakeTime,
                ValidationError(
                    field: "wake time", value: input.wakeTime,
                    allowed: Self.timeOrDuration, problem: .empty))
        }
        guard errors.isEmpty, let minutes else { return .failure(errors) }
        return .success(
            SleepRecord(
                date: date, bedtime: bed, wakeTime: wake, minutes: minutes, quality: quality,
                status: SleepMath.status(minutes: minutes)))
    }

    /// What `save` did: the night as stored, and the night it replaced, if the date had one.
    public struct Saved: Equatable, Sendable {
        public var night: SleepRecord
        public var replaced: SleepRecord?
    }

    /// The night already logged for `date` (the one `save` would replace), if any.
    public func night(on date: LocalDate) throws -> SleepRecord? {
        try store.sleepRecords(in: DateRange(start: date, end: date)).last
    }

    /// Saves the night of its wake date: a new row, or in place of the night already there.
    /// A record with an id (an undo) is re-inserted as it was.
    @discardableResult
    public func save(_ record: SleepRecord) throws -> Saved {
        let existing = try store.sleepRecords(in: DateRange(start: record.date, end: record.date)).last
        if record.id == nil, let existing, let id = existing.id {
            var replacement = record
            replacement.id = id
            try store.updateSleepRecord(replacement)
            return Saved(night: replacement, replaced: existing)
        }
        return Saved(night: try store.addSleepRecord(record), replaced: nil)
    }

    /// Replaces the night with `record.id`. Moving it to a date that already has a night is
    /// refused, so a date keeps one night.
    public func update(_ record: SleepRecord) throws {
        let others = try store.sleepRecords(in: DateRange(start: record.date, end: record.date)).filter { $0.id != record.id }
        if let other = others.first { throw SleepLoggingError.dateTaken(other) }
        try store.updateSleepRecord(record)
    }

    /// Deletes a night; the returned record can be given back to `save` to undo.
    @discardableResult
    public func delete(id: Int64) throws -> SleepRecord? { try store.deleteSleepRecord(id: id) }
}

public enum SleepLoggingError: Error, Equatable, CustomStringConvertible {
    case dateTaken(SleepRecord)

    public var description: String {
        switch self {
        case .dateTaken(let night):
            return "\(night.date.iso) already has a night (\(DurationFormat.hoursMinutes(night.minutes))): edit or delete that one instead"
        }
    }
}
