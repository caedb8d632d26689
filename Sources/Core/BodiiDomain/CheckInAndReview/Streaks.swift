/// Check-in streaks: runs of consecutive days with a check-in.
public enum Streaks {
    /// Days in a row with a check-in ending on `day`, or on the day before when `day` has none yet
    /// (a streak is not broken until the day is over).
    public static func current(days: Set<LocalDate>, endingOn day: LocalDate) -> Int {
        var cursor = days.contains(day) ? day : day.adding(days: -1)
        var count = 0
        while days.contains(cursor) {
            count += 1
            cursor = cursor.adding(days: -1)
        }
        return count
    }

    /// The longest run of consecutive days anywhere in `days`.
    public static func longest(days: Set<LocalDate>) -> Int {
        var best = 0
        for d in days where !days.contains(d.adding(days: -1)) {
            var n = 1
            while days.contains(d.adding(days: n)) { n += 1 }
            best = max(best, n)
        }
        return best
    }
}
