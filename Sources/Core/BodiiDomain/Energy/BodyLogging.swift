import Foundation

/// What a user typed to log a body measurement (form or CLI). Empty optional fields mean "not measured".
public struct BodyEntryInput: Equatable, Sendable {
    public var weight: String
    public var bodyFat: String
    public var muscleMass: String
    public var date: String

    public init(weight: String, bodyFat: String = "", muscleMass: String = "", date: String = "") {
        self.weight = weight
        self.bodyFat = bodyFat
        self.muscleMass = muscleMass
        self.date = date
    }
}

/// Field names used for inline errors, matching the form's fields.
public enum BodyEntryField: String, Sendable, CaseIterable { case weight, bodyFat, muscleMass, date }

/// Validates and saves body records with their metabolism snapshot (use case "log weight").
public struct BodyLogging {
    public typealias Store = ProfileRepository & BodyRepository

    private let store: any Store
    private let clock: any Clock

    public init(store: any Store, clock: any Clock) {
        self.store = store
        self.clock = clock
    }

    /// Every problem of the input at once (for forms), or the record ready to save.
    public func validate(_ input: BodyEntryInput, unitSystem: UnitSystem) -> Result<BodyRecord, FieldErrors<BodyEntryField>> {
        Self.validate(input, unitSystem: unitSystem, today: clock.today, now: clock.now)
    }

    /// The same, before any store is open (a command checks its arguments before it creates one).
    public static func validate(
        _ input: BodyEntryInput, unitSystem: UnitSystem, today: LocalDate,
        now: Date
    ) -> Result<BodyRecord, FieldErrors<BodyEntryField>> {
        var errors = FieldErrors<BodyEntryField>()
        let weight = errors.capture(.weight) { () throws(ValidationError) in try Validation.weight(input.weight, unitSystem: unitSystem) }
        let fat = errors.capture(.bodyFat, ifPresent: input.bodyFat) { () throws(ValidationError) in try Validation.bodyFat(input.bodyFat) }
        var muscle: Double?
        if let w = weight {
            muscle = errors.capture(.muscleMass, ifPresent: input.muscleMass) { () throws(ValidationError) in
                try Validation.muscleMass(input.muscleMass, weightKg: w, unitSystem: unitSystem)
            }
        }
        let date =
            errors.capture(.date, ifPresent: input.date) { () throws(ValidationError) in try Validation.date(input.date, today: today) }
            ?? today
        guard errors.isEmpty, let weight else { return .failure(errors) }
        return .success(BodyRecord(date: date, weightKg: weight, bodyFatPercent: fat, muscleMassKg: muscle, recordedAt: now))
    }

    /// How long a body-fat measurement stays good for the BMR formula: people measure it weekly
    /// at best, and the formula should not flip between Katch-McArdle and Mifflin-St Jeor daily.
    public static let bodyFatValidityDays = 30

    /// Saves `record` and its BMR/TDEE snapshot in one transaction. Without a profile the weight is
    /// saved alone; its snapshot comes when the profile is set (`addMissingSnapshots`).
    @discardableResult
    public func save(_ record: BodyRecord) throws -> BodyRecord {
        try store.addBodyRecord(record, snapshot: snapshotIfProfile(for: record))
    }

    /// Replaces the record with `record.id` by `record`, with a snapshot computed anew (an edited
    /// weight or body fat changes BMR and TDEE).
    public func update(_ record: BodyRecord) throws {
        try store.updateBodyRecord(record, snapshot: snapshotIfProfile(for: record))
    }

    /// Gives every weight a snapshot from the profile just set up for the first time: weights
    /// logged before any profile existed have none. Returns how many were given one.
    @discardableResult
    public func addMissingSnapshots() throws -> Int {
        guard try store.loadProfile() != nil else { return 0 }
        let everything = DateRange(start: Validation.earliestDate, end: clock.today.adding(days: 366))
        var added = 0
        for record in try store.bodyRecords(in: everything) {
            // A body-fat-only reading before any weigh-in has no weight to compute with.
            guard let snapshot = try snapshotIfProfile(for: record) else { continue }
            try store.updateBodyRecord(record, snapshot: snapshot)
            added += 1
        }
        return added
    }

    /// Snapshots for many records at once (demo data, imports), without a query per record: each
    /// record's BMR uses its own body fat, else the latest one of the 30 days up to its date among
    /// `earlier` records and the batch's records before it (in date order, then batch order) — the
    /// rule `snapshot(for:)` applies to one record. A body-fat-only record takes the last known
    /// weight the same way (of any age); with none known it gets no snapshot (nil, in place).
    /// Returned in the order of `records`.
    public static func snapshots(for records: [BodyRecord], profile: Profile, earlier: [BodyRecord] = []) -> [MetabolismSnapshot?] {
        let order = records.indices.sorted { (records[$0].date, $0) < (records[$1].date, $1) }
        // Readings with body fat (and weigh-ins), by date: the earlier ones first, then the batch's as they come.
        let sortedEarlier = earlier.sorted { $0.date < $1.date }
        var readings = sortedEarlier.compactMap { r in r.bodyFatPercent.map { (date: r.date, percent: $0) } }
        var weighIns = sortedEarlier.compactMap { r in r.weightKg.map { (date: r.date, kg: $0) } }
        var result = [MetabolismSnapshot?](repeating: nil, count: records.count)
        for i in order {
            var basis = records[i]
            if basis.bodyFatPercent == nil {
                let from = basis.date.adding(days: -bodyFatValidityDays)
                basis.bodyFatPercent = readings.last { $0.date <= basis.date && $0.date >= from }?.percent
            } else if let percent = basis.bodyFatPercent {
                let at = readings.lastIndex { $0.date <= basis.date }.map { $0 + 1 } ?? 0
                readings.insert((basis.date, percent), at: at)
            }
            if let kg = basis.weightKg {
                let at = weighIns.lastIndex { $0.date <= basis.date }.map { $0 + 1 } ?? 0
                weighIns.insert((basis.date, kg), at: at)
            } else {
                basis.weightKg = weighIns.last { $0.date <= basis.date }?.kg
            }
            result[i] = Metabolism.snapshot(for: basis, profile: profile)
        }
        return result
    }

    /// `records` split into those that get a snapshot (as `snapshots(for:)` computes them) and
    /// those that cannot have one yet (a body-fat-only reading before any weigh-in).
    public static func withSnapshots(_ records: [BodyRecord], profile: Profile, earlier: [BodyRecord] = [])
        -> (measured: [(BodyRecord, MetabolismSnapshot)], bare: [BodyRecord])
    {
        var measured: [(BodyRecord, MetabolismSnapshot)] = [], bare: [BodyRecord] = []
        for (record, snapshot) in zip(records, snapshots(for: records, profile: profile, earlier: earlier)) {
            if let snapshot { measured.append((record, snapshot)) } else { bare.append(record) }
        }
        return (measured, bare)
    }

    /// BMR and TDEE for the record; needs a profile (the check-in asks for one first).
    func snapshot(for record: BodyRecord) throws -> MetabolismSnapshot {
        guard let snapshot = try snapshotIfProfile(for: record) else { throw UseCaseError.noProfile }
        return snapshot
    }

    /// BMR and TDEE for the record, using the last body fat of the past 30 days when it has none,
    /// and the last known weight when it is a body-fat-only reading; nil before a profile exists
    /// (or, for a body-fat-only reading, before any weigh-in).
    func snapshotIfProfile(for record: BodyRecord) throws -> MetabolismSnapshot? {
        guard let profile = try store.loadProfile() else { return nil }
        var basis = record
        if basis.weightKg == nil {
            basis.weightKg = try store.latestBodyRecord(onOrBefore: record.date)?.weightKg
        }
        if basis.bodyFatPercent == nil {
            let window = DateRange(start: record.date.adding(days: -Self.bodyFatValidityDays), end: record.date)
            basis.bodyFatPercent = try store.bodyRecords(in: window)
                .last(where: { $0.bodyFatPercent != nil && $0.id != record.id })?.bodyFatPercent
        }
        return Metabolism.snapshot(for: basis, profile: profile)
    }

    /// Deletes a record with its snapshot; the returned record can be given back to `save` to undo
    /// (it keeps its id, so it comes back as it was).
    @discardableResult
    public func delete(id: Int64) throws -> BodyRecord? { try store.deleteBodyRecord(id: id) }
}

/// Failures of use cases that are not about one typed value.
public enum UseCaseError: Error, Equatable, CustomStringConvertible {
    case noProfile

    public var description: String {
        switch self {
        case .noProfile: return "no profile yet: open `bodii` once to set up your profile (or fill a new database with `bodii demo`)"
        }
    }
}

/// Validation errors keyed by form field; the first one is what the CLI prints.
public struct FieldErrors<Field: Hashable & Sendable>: Error, Sendable {
    public private(set) var byField: [Field: ValidationError] = [:]
    public private(set) var ordered: [ValidationError] = []

    public init() {}

    public var isEmpty: Bool { ordered.isEmpty }
    public var first: ValidationError? { ordered.first }
    public subscript(field: Field) -> ValidationError? { byField[field] }

    public mutating func add(_ field: Field, _ error: ValidationError) {
        if byField[field] == nil { ordered.append(error) }
        byField[field] = error
    }

    /// Runs a validator, keeping its error under `field`.
    public mutating func capture<T>(_ field: Field, _ body: () throws(ValidationError) -> T) -> T? {
        do { return try body() } catch { add(field, error); return nil }
    }

    /// The first field with an error, in the order the fields were checked.
    public var firstField: Field? { ordered.first.flatMap { e in byField.first { $0.value == e }?.key } }

    /// Like `capture`, but an empty (or all-space) text means "not given": no error, nil.
    public mutating func capture<T>(_ field: Field, ifPresent text: String, _ body: () throws(ValidationError) -> T) -> T? {
        guard !text.trimmingCharacters(in: .whitespaces).isEmpty else { return nil }
        return capture(field, body)
    }
}

extension FieldErrors where Field: RawRepresentable, Field.RawValue == String {
    /// The short message of each field, keyed by the field's name (what a form shows under it).
    public var inlineMessages: [String: String] {
        Dictionary(uniqueKeysWithValues: byField.map { ($0.key.rawValue, $0.value.inlineMessage) })
    }
}
