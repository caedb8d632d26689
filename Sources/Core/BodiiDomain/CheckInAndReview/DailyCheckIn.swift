import Foundation

/// The daily check-in (PRODUCT.md: "one key walks through weight, last night's sleep,
/// mood/energy and a note"): what to prefill, how each answer is checked, and saving every answer
/// of the day in one transaction. A skipped answer changes nothing that was already stored.
public struct DailyCheckIn {
    public typealias Store = ProfileRepository & BodyRepository & SleepRepository & CheckInRepository

    /// What the check-in starts from.
    public struct Start: Equatable, Sendable {
        public var date: LocalDate
        public var unitSystem: UnitSystem
        public var template: String
        /// The latest weight on or before the day, to prefill.
        public var lastWeightKg: Double?
        /// The day's own weigh-in (its latest), which a changed weight corrects.
        public var dayWeighIn: BodyRecord?
        /// The night already logged for the day (woken up that day), if any.
        public var night: SleepRecord?
        /// The day's earlier check-in, if any.
        public var checkIn: CheckIn?
        /// The usual bed and wake times of the nights before (`usualNightDays`), offered when the
        /// day has no night yet.
        public var usualNight: SleepMath.UsualTimes?

        /// The bed and wake fields as prefilled: the day's own night, else the usual times, else
        /// empty (the fields then show examples).
        public var prefilledSleep: (bed: String, wake: String) {
            if let night, night.bedtime != nil || night.wakeTime != nil {
                return (night.bedtime?.description ?? "", night.wakeTime?.description ?? "")
            }
            if night == nil, let usual = usualNight { return (usual.bed.description, usual.wake.description) }
            return ("", "")
        }

        /// The weight field's text as prefilled: the last weight in the user's unit.
        public var prefilledWeight: String {
            lastWeightKg.map { DecimalText.format(UnitFormatter(unitSystem).massValue($0)) } ?? ""
        }
    }

    /// Every answer; nil means skipped.
    public struct Answers: Equatable, Sendable {
        public var weightKg: Double?
        public var night: SleepRecord?
        public var mood: Int?
        public var energy: Int?
        public var note: String?

        public init(weightKg: Double? = nil, night: SleepRecord? = nil, mood: Int? = nil, energy: Int? = nil, note: String? = nil) {
            self.weightKg = weightKg
            self.night = night
            self.mood = mood
            self.energy = energy
            self.note = note
        }
    }

    public static let moodWords = ["awful", "low", "okay", "good", "great"]
    public static let energyWords = ["drained", "tired", "steady", "lively", "energized"]
    public static let noteLength = 1...200
    /// How many nights back the usual bed and wake times are taken from.
    public static let usualNightDays = 14

    private let store: any Store
    private let clock: any Clock
    /// The day checked in for: the selected day (PRODUCT.md §1), today by default.
    public let day: LocalDate

    public init(store: any Store, clock: any Clock, day: LocalDate? = nil) {
        self.store = store
        self.clock = clock
        self.day = day ?? clock.today
    }

    public func start() throws -> Start {
        guard let profile = try store.loadProfile() else { throw UseCaseError.noProfile }
        let latest = try store.latestBodyRecord(onOrBefore: day)
        return Start(
            date: day, unitSystem: profile.unitSystem, template: profile.checkInTemplate,
            lastWeightKg: latest?.weightKg, dayWeighIn: latest?.date == day ? latest : nil,
            night: try store.sleepRecords(in: DateRange(start: day, end: day)).last,
            checkIn: try store.checkIn(on: day),
            usualNight: SleepMath.usualTimes(try store.sleepRecords(in: DateRange(ending: day.adding(days: -1), days: Self.usualNightDays)))
        )
    }

    /// The weight answer: nil (nothing to write) when the prefilled text was accepted unchanged,
    /// so a unit round trip never stores 79.877616357 beside 79.9, nor adds a second weigh-in.
    public func weight(_ text: String, start: Start) -> Result<Double?, ValidationError> {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty || trimmed == start.prefilledWeight { return .success(nil) }
        return Result { () throws(ValidationError) in try Validation.weight(trimmed, unitSystem: start.unitSystem) }
    }

    /// Last night, woken up on the day.
    public func night(bedtime: String, wakeTime: String, quality: String) -> Result<SleepRecord, FieldErrors<SleepEntryField>> {
        SleepLogging(store: store, clock: clock)
            .validate(SleepEntryInput(bedtime: bedtime, wakeTime: wakeTime, quality: quality, date: day.iso))
    }

    /// The note as typed, trimmed; empty means skipped.
    public func note(_ text: String) -> Result<String?, ValidationError> {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return .success(nil) }
        if trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            return .failure(ValidationError(field: "note", value: text, allowed: "plain text", problem: .invalidCharacters))
        }
        guard trimmed.count <= Self.noteLength.upperBound else {
            return .failure(
                ValidationError(field: "note", value: text, allowed: "up to \(Self.noteLength.upperBound) characters", problem: .tooLong))
        }
        return .success(trimmed)
    }

    /// The template with `[mood]` and `[note]` filled in: "Today I feel good because I slept well".
    /// Without a mood (or with a template that has no `[note]`) the note stands alone, rather than
    /// a sentence with a made-up feeling in it.
    public static func sentence(template: String, mood: Int?, note: String) -> String {
        guard let mood, moodWords.indices.contains(mood - 1), template.contains("[note]") else { return note }
        return template.replacingOccurrences(of: "[mood]", with: moodWords[mood - 1])
            .replacingOccurrences(of: "[note]", with: note)
    }

    /// Saves the answers in one transaction and returns whether anything was written. Skipped
    /// answers keep what the day already had; when every step was skipped nothing is written. A
    /// weight corrects the day's own weigh-in (its body fat and muscle kept) or adds the day's first.
    @discardableResult
    public func save(_ answers: Answers, template: String) throws -> Bool {
        guard answers != Answers() else { return false }
        let earlier = try store.checkIn(on: day)
        let mood = answers.mood ?? earlier?.mood
        let note = answers.note.map { Self.sentence(template: template, mood: mood, note: $0) } ?? earlier?.note
        let checkIn = CheckIn(date: day, mood: mood, energy: answers.energy ?? earlier?.energy, note: note)
        var body: (record: BodyRecord, snapshot: MetabolismSnapshot)?
        if let kg = answers.weightKg {
            var record = BodyRecord(date: day, weightKg: kg, recordedAt: clock.now)
            if let latest = try store.latestBodyRecord(onOrBefore: day), latest.date == day {
                record = latest
                record.weightKg = kg
            }
            body = (record, try BodyLogging(store: store, clock: clock).snapshot(for: record))
        }
        try store.saveCheckInDay(checkIn, body: body, night: answers.night)
        return true
    }
}

/// How complete a day's check-in is, for the dot grid: ● full, ◐ partial, ○ none.
public enum CheckInCompleteness: Equatable, Sendable {
    case none, partial, full

    /// Full when the day has a weigh-in, a night, and a check-in with mood and energy.
    public init(hasWeight: Bool, hasNight: Bool, checkIn: CheckIn?) {
        let feelings = checkIn.map { $0.mood != nil && $0.energy != nil } ?? false
        let parts = [hasWeight, hasNight, feelings]
        if parts.allSatisfy({ $0 }) {
            self = .full
        } else if parts.contains(true) || checkIn != nil {
            self = .partial
        } else {
            self = .none
        }
    }
}
