import BodiiDomain
import GRDB

/// Keeps `daily_log` consistent with the records, inside the transaction that changed them.
///
/// Design:
/// - A row exists for every date that has at least one food, exercise or body record (sleep and
///   check-ins do not feed it); it is deleted when the last such record of its date goes.
/// - `calories_in` / `calories_out` are the sums of food / exercise kcal of that date.
/// - `bmr` / `tdee` come from the latest metabolism snapshot on or before the date (latest = the
///   greatest date, then the latest `recorded_at` instant of its body record, then the greatest id).
///   They are stored, not computed at read time, so a row always reads as one consistent value.
///   A change to body records on dates B therefore refreshes bmr/tdee of every row from min(B) up
///   to (excluding) the first snapshot date after max(B): rows from that date on still see a snapshot
///   that did not change. That is one set-based UPDATE, typically a handful of rows (a weight logged
///   today touches today and any later rows only).
///
/// Every step is set-based SQL over a JSON array of the touched dates, so refreshing the ~6,000
/// dates of a 10-year import costs four statements, not thousands of round trips.
enum DailyLogMaintenance {
    static func refresh(_ db: Database, dates: Set<LocalDate>, bodyDates: Set<LocalDate>) throws {
        guard !dates.isEmpty || !bodyDates.isEmpty else { return }
        let json = "[" + dates.union(bodyDates).map { "\"\(SQLText.date($0))\"" }.joined(separator: ",") + "]"

        try db.cachedStatement(
            sql: """
                DELETE FROM daily_log WHERE date IN (SELECT value FROM json_each(?))
                """
        ).execute(arguments: [json])

        try db.cachedStatement(
            sql: """
                INSERT INTO daily_log (date, calories_in, calories_out)
                SELECT d.value,
                       COALESCE((SELECT SUM(kcal) FROM food_record WHERE date = d.value), 0),
                       COALESCE((SELECT SUM(kcal) FROM exercise_record WHERE date = d.value), 0)
                FROM json_each(?) AS d
                WHERE EXISTS (SELECT 1 FROM food_record WHERE date = d.value)
                   OR EXISTS (SELECT 1 FROM exercise_record WHERE date = d.value)
                   OR EXISTS (SELECT 1 FROM body_record WHERE date = d.value)
                """
        ).execute(arguments: [json])

        // bmr/tdee of the touched dates, then (when body records changed) of the rows whose effective
        // snapshot may have changed: [min(bodyDates), first snapshot date after max(bodyDates)).
        // Two statements so each one can use the primary key.
        try db.cachedStatement(sql: "UPDATE daily_log SET \(latestSnapshot) WHERE date IN (SELECT value FROM json_each(?))")
            .execute(arguments: [json])
        if let from = bodyDates.min(), let through = bodyDates.max() {
            try db.cachedStatement(
                sql: """
                    UPDATE daily_log SET \(latestSnapshot)
                    WHERE date > ?1
                      AND date < COALESCE((SELECT MIN(date) FROM metabolism_snapshot WHERE date > ?2), '9999-99-99')
                    """
            ).execute(arguments: [SQLText.date(from), SQLText.date(through)])
        }
    }

    /// Every row made again: for each date that has a record or a row (a row whose records are
    /// gone is removed). After a sync applied other machines' records (`DerivedState`).
    static func refreshAll(_ db: Database) throws {
        let dates = try String.fetchAll(
            db,
            sql: """
                SELECT date FROM food_record UNION SELECT date FROM exercise_record UNION SELECT date FROM body_record
                UNION SELECT date FROM daily_log
                """)
        try refresh(db, dates: Set(try dates.map { try SQLText.localDate($0, column: "date") }), bodyDates: [])
    }

    /// Sets bmr/tdee of a daily_log row from the latest snapshot on or before its date.
    private static let latestSnapshot = """
        (bmr, tdee) = (
            SELECT s.bmr, s.tdee
            FROM metabolism_snapshot AS s JOIN body_record AS b ON b.id = s.body_record_id
            WHERE s.date = (SELECT MAX(date) FROM metabolism_snapshot WHERE date <= daily_log.date)
            ORDER BY julianday(b.recorded_at) DESC, s.id DESC
            LIMIT 1)
        """

    /// The ORDER BY that picks "the latest" body record / snapshot among those of one date.
    static let latestFirst = "date DESC, julianday(recorded_at) DESC, id DESC"
}
