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
        /// The latest weight on or before today, to prefill.
        public var lastWeightKg: Double?
        /// The night already logged for today (woke up today), if any.
        public var night: SleepRecord?
        /// Today's earlier check-in, if any.
        public var checkIn: CheckIn?
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

    private let store: any Store
    private let clock: any Clock

    public init(store: any Store, clock: any Clock) {
        self.store = store
        self.clock = clock
    }

    public func start() throws -> Start {
        let today = clock.today
        guard let profile = try store.loadProfile() else { throw UseCaseError.noProfile }
        return Start(date: today, unitSystem: profile.unitSystem, template: profile.checkInTemplate,
                     lastWeightKg: try store.latestBodyRecord(onOrBefore: today)?.weightKg,
                     night: try store.sleepRecords(in: DateRange(start: today, end: today)).last,
                     checkIn: try store.checkIn(on: today))
    }

    public func weight(_ text: String, unitSystem: UnitSystem) -> Result<Double, ValidationError> {
        Result { () throws(ValidationError) in try Validation.weight(text, unitSystem: unitSystem) }
    }

    /// Last night, woken up today.
    public func night(bedtime: String, wakeTime: String, quality: String) -> Result<SleepRecord, FieldErrors<SleepEntryField>> {
        SleepLogging(store: store, clock: clock)
            .validate(SleepEntryInput(bedtime: bedtime, wakeTime: wakeTime, quality: quality, date: clock.today.iso))
    }

    /// The note as typed, trimmed; empty means skipped.
    public func note(_ text: String) -> Result<String?, ValidationError> {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return .success(nil) }
        if trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            return .failure(ValidationError(field: "note", value: text, allowed: "plain text", problem: .invalidCharacters))
        }
        guard trimmed.count <= Self.noteLength.upperBound else {
            return .failure(ValidationError(field: "note", value: text, allowed: "up to \(Self.noteLength.upperBound) characters", problem: .tooLong))
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

    /// Saves the answers in one transaction and returns the day's check-in as stored. Skipped
    /// answers keep what today already had; when every step was skipped nothing is written (nil).
    @discardableResult
    public func save(_ answers: Answers, template: String) throws -> CheckIn? {
        guard answers != Answers() else { return nil }
        let today = clock.today
        let earlier = try store.checkIn(on: today)
        let mood = answers.mood ?? earlier?.mood
        let note = answers.note.map { Self.sentence(template: template, mood: mood, note: $0) } ?? earlier?.note
        let checkIn = CheckIn(date: today, mood: mood, energy: answers.energy ?? earlier?.energy, note: note)
        var body: (record: BodyRecord, snapshot: MetabolismSnapshot)?
        if let kg = answers.weightKg {
            let record = BodyRecord(date: today, weightKg: kg, recordedAt: clock.now)
            body = (record, try BodyLogging(store: store, clock: clock).snapshot(for: record))
        }
        try store.saveCheckInDay(checkIn, body: body, night: answers.night)
        return checkIn
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
