import BodiiDomain
import Foundation
import GRDB

// The rows of body_record, exercise_record and sleep_record (food_record: FoodRecordRow.swift).
// Each names its columns once, in `Columns`, whose order is the row's column list; it reads
// (`init(reading:)`) and writes (`write(to:)`) its record's values in that order (see
// `DatedTableRow`).

/// A `body_record` row.
struct BodyRecordRow: DatedTableRow {
    static let databaseTableName = "body_record"
    static let columns = Columns.allCases.map(\.rawValue)
    static let sql = DatedTableSQL(Self.self)
    static var feedsDailyLog: Bool { true }
    // By the time weighed, as `latestBodyRecord` picks the latest: ids of two synced machines are
    // not in time order (a day's last record is the day's weight).
    static var dayOrder: String { "julianday(recorded_at), id" }

    enum Columns: String, ColumnExpression, CaseIterable {
        case id, date
        case weightKg = "weight_kg"
        case bodyFatPercent = "body_fat_percent"
        case muscleMassKg = "muscle_mass_kg"
        case recordedAt = "recorded_at"
        case source
        case externalId = "external_id"
    }

    var record: BodyRecord

    static func record(reading row: inout ColumnReader) throws -> Stored {
        BodyRecord(
            id: try row.next(Columns.id), date: try row.date(Columns.date), weightKg: try row.next(Columns.weightKg),
            bodyFatPercent: try row.next(Columns.bodyFatPercent), muscleMassKg: try row.next(Columns.muscleMassKg),
            recordedAt: try row.instant(Columns.recordedAt), provenance: try row.provenance())
    }

    func write(to values: inout ColumnWriter) {
        values.put(record.id, Columns.id)
        values.put(record.date, Columns.date)
        values.put(record.weightKg, Columns.weightKg)
        values.put(record.bodyFatPercent, Columns.bodyFatPercent)
        values.put(record.muscleMassKg, Columns.muscleMassKg)
        values.put(timestamp: record.recordedAt, Columns.recordedAt)
        values.put(record.provenance)
    }
}

extension BodyRecord: StoredRecord {
    typealias TableRow = BodyRecordRow

    func normalized() -> BodyRecord {
        var copy = self
        copy.recordedAt = SQLText.normalized(recordedAt)
        return copy
    }
}

/// An `exercise_record` row.
struct ExerciseRecordRow: DatedTableRow {
    static let databaseTableName = "exercise_record"
    static let columns = Columns.allCases.map(\.rawValue)
    static let sql = DatedTableSQL(Self.self)
    static var feedsDailyLog: Bool { true }

    enum Columns: String, ColumnExpression, CaseIterable {
        case id, date, activity, minutes, intensity, met, kcal
        case loggedAt = "logged_at"
        case source
        case externalId = "external_id"
    }

    var record: ExerciseRecord

    static func record(reading row: inout ColumnReader) throws -> Stored {
        ExerciseRecord(
            id: try row.next(Columns.id), date: try row.date(Columns.date), activity: try row.next(Columns.activity),
            minutes: try row.next(Columns.minutes), intensity: try row.enumValue(Columns.intensity), met: try row.next(Columns.met),
            kcal: try row.next(Columns.kcal), loggedAt: try row.instant(Columns.loggedAt), provenance: try row.provenance())
    }

    func write(to values: inout ColumnWriter) {
        values.put(record.id, Columns.id)
        values.put(record.date, Columns.date)
        values.put(record.activity, Columns.activity)
        values.put(record.minutes, Columns.minutes)
        values.put(record.intensity.rawValue, Columns.intensity)
        values.put(record.met, Columns.met)
        values.put(record.kcal, Columns.kcal)
        values.put(timestamp: record.loggedAt, Columns.loggedAt)
        values.put(record.provenance)
    }
}

extension ExerciseRecord: StoredRecord {
    typealias TableRow = ExerciseRecordRow

    func normalized() -> ExerciseRecord {
        var copy = self
        copy.loggedAt = SQLText.normalized(loggedAt)
        return copy
    }
}

/// A `sleep_record` row; bedtime and wake time are minutes after midnight, NULL when unknown.
struct SleepRecordRow: DatedTableRow {
    static let databaseTableName = "sleep_record"
    static let columns = Columns.allCases.map(\.rawValue)
    static let sql = DatedTableSQL(Self.self)
    static var feedsDailyLog: Bool { false }

    enum Columns: String, ColumnExpression, CaseIterable {
        case id, date
        case bedtimeMinutes = "bedtime_minutes"
        case wakeMinutes = "wake_minutes"
        case minutes, quality, status, source
        case externalId = "external_id"
    }

    var record: SleepRecord

    static func record(reading row: inout ColumnReader) throws -> Stored {
        SleepRecord(
            id: try row.next(Columns.id), date: try row.date(Columns.date), bedtime: try row.clockTime(Columns.bedtimeMinutes),
            wakeTime: try row.clockTime(Columns.wakeMinutes), minutes: try row.next(Columns.minutes),
            quality: try row.next(Columns.quality), status: try row.enumValue(Columns.status), provenance: try row.provenance())
    }

    func write(to values: inout ColumnWriter) {
        values.put(record.id, Columns.id)
        values.put(record.date, Columns.date)
        values.put(record.bedtime?.minutesAfterMidnight, Columns.bedtimeMinutes)
        values.put(record.wakeTime?.minutesAfterMidnight, Columns.wakeMinutes)
        values.put(record.minutes, Columns.minutes)
        values.put(record.quality, Columns.quality)
        values.put(record.status.rawValue, Columns.status)
        values.put(record.provenance)
    }
}

extension SleepRecord: StoredRecord {
    typealias TableRow = SleepRecordRow

    func normalized() -> SleepRecord { self }
}
