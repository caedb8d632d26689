import Foundation

/// What a session is of: a catalog activity, or a session logged earlier (by the demo, an import,
/// an older Bodii) that keeps the name and MET it was logged with. A logged session whose name is
/// in the catalog takes the catalog's MET when its intensity changes.
public enum SessionActivity: Equatable, Sendable {
    case catalog(Activity)
    case logged(name: String, intensity: Intensity, met: Double, catalog: Activity?)

    /// For editing `record`: as it was logged, linked to the catalog activity of the same name.
    public init(record: ExerciseRecord) {
        self = .logged(
            name: record.activity, intensity: record.intensity, met: record.met,
            catalog: ActivityCatalog.activity(named: record.activity))
    }

    public var name: String {
        switch self {
        case .catalog(let a): return a.name
        case .logged(let name, _, _, _): return name
        }
    }

    /// The MET for `intensity`, nil when it cannot be known (a logged session not in the catalog,
    /// at another intensity than it was logged with).
    public func met(for intensity: Intensity) -> Double? {
        switch self {
        case .catalog(let a): return a.met(for: intensity)
        case .logged(_, let logged, let met, let catalog):
            return intensity == logged ? met : catalog?.met(for: intensity)
        }
    }

    /// The catalog activity behind it, if any.
    public var activity: Activity? {
        switch self {
        case .catalog(let a): return a
        case .logged(_, _, _, let catalog): return catalog
        }
    }
}

/// What a user chose and typed to log a session (form or CLI). Empty date = the default day.
public struct ExerciseEntryInput: Equatable, Sendable {
    public var activity: SessionActivity?
    public var minutes: String
    public var intensity: String
    public var date: String

    public init(activity: SessionActivity?, minutes: String, intensity: String = Intensity.moderate.rawValue, date: String = "") {
        self.activity = activity
        self.minutes = minutes
        self.intensity = intensity
        self.date = date
    }
}

public enum ExerciseEntryField: String, Sendable, CaseIterable { case activity, minutes, intensity, date }

/// A session that passed validation, before its energy is worked out.
public struct ExerciseEntry: Equatable, Sendable {
    public var activity: String
    public var minutes: Int
    public var intensity: Intensity
    public var met: Double
    public var date: LocalDate

    public init(activity: String, minutes: Int, intensity: Intensity, met: Double, date: LocalDate) {
        self.activity = activity
        self.minutes = minutes
        self.intensity = intensity
        self.met = met
        self.date = date
    }
}

/// The body weight an energy estimate uses: the latest weigh-in on or before the session's day,
/// else the earliest later one, else `ExerciseLogging.assumedWeightKg` (no weight logged at all).
public struct ExerciseWeight: Equatable, Sendable {
    public var kg: Double
    /// The day of the weigh-in, nil when the weight is assumed.
    public var measuredOn: LocalDate?
    public var isAssumed: Bool { measuredOn == nil }

    public init(kg: Double, measuredOn: LocalDate?) {
        self.kg = kg
        self.measuredOn = measuredOn
    }
}

/// Validates, estimates and saves exercise sessions (use case "log exercise"), for the Exercise
/// tab and `bodii log exercise`. Energy is (MET − 1) × kg × hours (ExerciseEnergy, PRODUCT.md §6),
/// worked out when a session is saved and stored with it, like food energy.
public struct ExerciseLogging {
    public typealias Store = BodyRepository & ExerciseRepository

    /// The weight used when none was ever logged: the Compendium's reference adult (70 kg, for
    /// whom 1 MET is 3.5 ml O₂·kg⁻¹·min⁻¹ ≈ 1 kcal·kg⁻¹·h⁻¹). A profile has no weight of its own in
    /// Bodii (onboarding logs it as a weigh-in), so this is only for a database without any.
    public static let assumedWeightKg = 70.0

    private let store: any Store
    private let clock: any Clock

    public init(store: any Store, clock: any Clock) {
        self.store = store
        self.clock = clock
    }

    // MARK: Validation

    /// "low", "moderate" or "high" (any case, surrounding spaces ignored).
    public static func intensity(_ text: String, field: String = "intensity") throws(ValidationError) -> Intensity {
        let allowed = "low, moderate or high"
        try Validation.checkLength(text, field: field, allowed: allowed)
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw ValidationError(field: field, value: text, allowed: allowed, problem: .empty) }
        guard let value = Intensity(rawValue: trimmed.lowercased()) else {
            throw ValidationError(field: field, value: text, allowed: allowed, problem: .outOfRange)
        }
        return value
    }

    /// Every problem at once (for forms), or the session ready to be given its energy.
    /// `defaultDate` is the day an empty date means (the tab's selected day; today on the CLI).
    public func validate(_ input: ExerciseEntryInput, defaultDate: LocalDate? = nil) -> Result<
        ExerciseEntry, FieldErrors<ExerciseEntryField>
    > {
        Self.validate(input, today: clock.today, defaultDate: defaultDate)
    }

    /// `validate` with "today" given: it needs no store.
    public static func validate(
        _ input: ExerciseEntryInput, today: LocalDate,
        defaultDate: LocalDate? = nil
    ) -> Result<ExerciseEntry, FieldErrors<ExerciseEntryField>> {
        var errors = FieldErrors<ExerciseEntryField>()
        if input.activity == nil {
            errors.add(.activity, ValidationError(field: "activity", value: "", allowed: "an activity from the list", problem: .empty))
        }
        let minutes = errors.capture(.minutes) { () throws(ValidationError) in try Validation.minutes(input.minutes) }
        let intensity = errors.capture(.intensity) { () throws(ValidationError) in try Self.intensity(input.intensity) }
        var met: Double?
        if let activity = input.activity, let intensity {
            met = activity.met(for: intensity)
            if met == nil, case .logged(let name, let logged, _, _) = activity {
                errors.add(
                    .intensity,
                    ValidationError(
                        field: "intensity", value: input.intensity,
                        allowed: "\(logged.rawValue) (\"\(name)\" is not in the catalog: choose an activity to change it)",
                        problem: .outOfRange))
            }
        }
        let date =
            errors.capture(.date, ifPresent: input.date) { () throws(ValidationError) in
                try Validation.date(input.date, today: today)
            } ?? min(defaultDate ?? today, today)
        guard errors.isEmpty, let activity = input.activity, let minutes, let intensity, let met else { return .failure(errors) }
        return .success(ExerciseEntry(activity: activity.name, minutes: minutes, intensity: intensity, met: met, date: date))
    }

    // MARK: Energy

    /// The weight an estimate for `date` uses (see `ExerciseWeight`).
    public func weight(on date: LocalDate) throws -> ExerciseWeight {
        if let record = try store.latestBodyRecord(onOrBefore: date), let kg = record.weightKg {
            return ExerciseWeight(kg: kg, measuredOn: record.date)
        }
        // Before the first weigh-in: the first one is a better guess than a reference body.
        let later = DateRange(start: date, end: max(date, clock.today))
        for record in try store.bodyRecords(in: later) {
            if let kg = record.weightKg { return ExerciseWeight(kg: kg, measuredOn: record.date) }
        }
        return ExerciseWeight(kg: Self.assumedWeightKg, measuredOn: nil)
    }

    /// Energy added on top of TDEE: (MET − 1) × kg × minutes / 60, stored as computed. Rounded
    /// once, where it is shown (`WholeNumber`): rounding here too made 411.45 kcal 411.5, shown 412.
    public static func kcal(met: Double, weightKg: Double, minutes: Int) -> Double {
        ExerciseEnergy.addedKcal(met: met, weightKg: weightKg, minutes: minutes)
    }

    /// The record for a valid entry, with its energy for the weight of its day.
    public func record(_ entry: ExerciseEntry, id: Int64? = nil, loggedAt: Date? = nil) throws -> ExerciseRecord {
        let weight = try weight(on: entry.date)
        return ExerciseRecord(
            id: id, date: entry.date, activity: entry.activity, minutes: entry.minutes, intensity: entry.intensity,
            met: entry.met, kcal: Self.kcal(met: entry.met, weightKg: weight.kg, minutes: entry.minutes),
            loggedAt: loggedAt ?? clock.now)
    }

    // MARK: Writing

    @discardableResult
    public func save(_ entry: ExerciseEntry) throws -> ExerciseRecord {
        try store.addExerciseRecord(try record(entry))
    }

    /// Replaces `original` (same id, logging time and source, so a re-import of an imported
    /// session finds it) with the entry; energy is worked out again.
    @discardableResult
    public func update(_ original: ExerciseRecord, with entry: ExerciseEntry) throws -> ExerciseRecord {
        var updated = try record(entry, id: original.id, loggedAt: original.loggedAt)
        updated.provenance = original.provenance
        try store.updateExerciseRecord(updated)
        return updated
    }

    /// Deletes a session; the returned record can be given to `restore` to undo.
    @discardableResult
    public func delete(id: Int64) throws -> ExerciseRecord? { try store.deleteExerciseRecord(id: id) }

    /// Puts a deleted session back as it was, with its id.
    @discardableResult
    public func restore(_ record: ExerciseRecord) throws -> ExerciseRecord { try store.addExerciseRecord(record) }
}
