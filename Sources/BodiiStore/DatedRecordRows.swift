import BodiiDomain
import Foundation
import GRDB

// The rows of body_record, exercise_record and sleep_record (food_record: FoodRecordRow.swift).
// Each names its columns once, in `CodingKeys`; GRDB encodes the row from them (Encodable) and
// `init(row:)` reads them by name. Decoding by hand rather than with Decodable: these are read
// over whole histories, and GRDB's Decodable path costs more per value.

/// A `body_record` row.
struct BodyRecordRow: Encodable, DatedTableRow {
    static let databaseTableName = "body_record"
    static var feedsDailyLog: Bool { true }
    // By the time weighed, as `latestBodyRecord` picks the latest: ids of two synced machines are
    // not in time order (a day's last record is the day's weight).
    static var dayOrder: String { "julianday(recorded_at), id" }

    var id: Int64?
    var date: String
    var weightKg: Double?
    var bodyFatPercent: Double?
    var muscleMassKg: Double?
    var recordedAt: String
    var source: String
    var externalId: String?

    enum CodingKeys: String, CodingKey, ColumnExpression {
        case id, date
        case weightKg = "weight_kg"
        case bodyFatPercent = "body_fat_percent"
        case muscleMassKg = "muscle_mass_kg"
        case recordedAt = "recorded_at"
        case source
        case externalId = "external_id"
    }

    init(row: Row) throws {
        id = try row.decode(forColumn: CodingKeys.id)
        date = try row.decode(forColumn: CodingKeys.date)
        weightKg = try row.decode(forColumn: CodingKeys.weightKg)
        bodyFatPercent = try row.decode(forColumn: CodingKeys.bodyFatPercent)
        muscleMassKg = try row.decode(forColumn: CodingKeys.muscleMassKg)
        recordedAt = try row.decode(forColumn: CodingKeys.recordedAt)
        source = try row.decode(forColumn: CodingKeys.source)
        externalId = try row.decode(forColumn: CodingKeys.externalId)
    }

    init(_ record: BodyRecord, timeZone: TimeZone) {
        id = record.id
        date = SQLText.date(record.date)
        weightKg = record.weightKg
        bodyFatPercent = record.bodyFatPercent
        muscleMassKg = record.muscleMassKg
        recordedAt = SQLText.timestamp(record.recordedAt, timeZone: timeZone)
        source = record.provenance.source
        externalId = record.provenance.externalId
    }

    func stored() throws -> BodyRecord {
        BodyRecord(
            id: id, date: try Self.localDate(date, CodingKeys.date), weightKg: weightKg, bodyFatPercent: bodyFatPercent,
            muscleMassKg: muscleMassKg, recordedAt: try Self.instant(recordedAt, CodingKeys.recordedAt),
            provenance: Provenance(source: source, externalId: externalId))
    }
}

extension BodyRecord: StoredRecord {
    typealias TableRow = BodyRecordRow
}

/// An `exercise_record` row.
struct ExerciseRecordRow: Encodable, DatedTableRow {
    static let databaseTableName = "exercise_record"
    static var feedsDailyLog: Bool { true }

    var id: Int64?
    var date: String
    var activity: String
    var minutes: Int
    var intensity: String
    var met: Double
    var kcal: Double
    var loggedAt: String
    var source: String
    var externalId: String?

    enum CodingKeys: String, CodingKey, ColumnExpression {
        case id, date, activity, minutes, intensity, met, kcal
        case loggedAt = "logged_at"
        case source
        case externalId = "external_id"
    }

    init(row: Row) throws {
        id = try row.decode(forColumn: CodingKeys.id)
        date = try row.decode(forColumn: CodingKeys.date)
        activity = try row.decode(forColumn: CodingKeys.activity)
        minutes = try row.decode(forColumn: CodingKeys.minutes)
        intensity = try row.decode(forColumn: CodingKeys.intensity)
        met = try row.decode(forColumn: CodingKeys.met)
        kcal = try row.decode(forColumn: CodingKeys.kcal)
        loggedAt = try row.decode(forColumn: CodingKeys.loggedAt)
        source = try row.decode(forColumn: CodingKeys.source)
        externalId = try row.decode(forColumn: CodingKeys.externalId)
    }

    init(_ record: ExerciseRecord, timeZone: TimeZone) {
        id = record.id
        date = SQLText.date(record.date)
        activity = record.activity
        minutes = record.minutes
        intensity = record.intensity.rawValue
        met = record.met
        kcal = record.kcal
        loggedAt = SQLText.timestamp(record.loggedAt, timeZone: timeZone)
        source = record.provenance.source
        externalId = record.provenance.externalId
    }

    func stored() throws -> ExerciseRecord {
        ExerciseRecord(
            id: id, date: try Self.localDate(date, CodingKeys.date), activity: activity, minutes: minutes,
            intensity: try Self.enumValue(intensity, CodingKeys.intensity), met: met, kcal: kcal,
            loggedAt: try Self.instant(loggedAt, CodingKeys.loggedAt), provenance: Provenance(source: source, externalId: externalId))
    }
}

extension ExerciseRecord: StoredRecord {
    typealias TableRow = ExerciseRecordRow
}

/// A `sleep_record` row; bedtime and wake time are minutes after midnight, NULL when unknown.
struct SleepRecordRow: Encodable, DatedTableRow {
    static let databaseTableName = "sleep_record"
    static var feedsDailyLog: Bool { false }

    var id: Int64?
    var date: String
    var bedtimeMinutes: Int?
    var wakeMinutes: Int?
    var minutes: Int
    var quality: Int?
    var status: String
    var source: String
    var externalId: String?

    enum CodingKeys: String, CodingKey, ColumnExpression {
        case id, date
        case bedtimeMinutes = "bedtime_minutes"
        case wakeMinutes = "wake_minutes"
        case minutes, quality, status, source
        case externalId = "external_id"
    }

    init(row: Row) throws {
        id = try row.decode(forColumn: CodingKeys.id)
        date = try row.decode(forColumn: CodingKeys.date)
        bedtimeMinutes = try row.decode(forColumn: CodingKeys.bedtimeMinutes)
        wakeMinutes = try row.decode(forColumn: CodingKeys.wakeMinutes)
        minutes = try row.decode(forColumn: CodingKeys.minutes)
        quality = try row.decode(forColumn: CodingKeys.quality)
        status = try row.decode(forColumn: CodingKeys.status)
        source = try row.decode(forColumn: CodingKeys.source)
        externalId = try row.decode(forColumn: CodingKeys.externalId)
    }

    init(_ record: SleepRecord, timeZone: TimeZone) {
        id = record.id
        date = SQLText.date(record.date)
        bedtimeMinutes = record.bedtime?.minutesAfterMidnight
        wakeMinutes = record.wakeTime?.minutesAfterMidnight
        minutes = record.minutes
        quality = record.quality
        status = record.status.rawValue
        source = record.provenance.source
        externalId = record.provenance.externalId
    }

    func stored() throws -> SleepRecord {
        SleepRecord(
            id: id, date: try Self.localDate(date, CodingKeys.date),
            bedtime: try Self.clockTime(bedtimeMinutes, CodingKeys.bedtimeMinutes),
            wakeTime: try Self.clockTime(wakeMinutes, CodingKeys.wakeMinutes), minutes: minutes, quality: quality,
            status: try Self.enumValue(status, CodingKeys.status), provenance: Provenance(source: source, externalId: externalId))
    }

    private static func clockTime(_ minutes: Int?, _ column: CodingKeys) throws -> ClockTime? {
        guard let minutes else { return nil }
        guard minutes >= 0, let time = ClockTime(hour: minutes / 60, minute: minutes % 60) else {
            throw StoreError.invalidStoredValue(column: qualified(column), value: String(minutes))
        }
        return time
    }
}

extension SleepRecord: StoredRecord {
    typealias TableRow = SleepRecordRow
}
