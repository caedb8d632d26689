import Foundation

/// Sleep duration, status and regularity (PRODUCT.md §6).
public enum SleepMath {
    /// Status from minutes slept. PRODUCT.md §6 (after Hirshkowitz M, et al. "National Sleep
    /// Foundation's sleep time duration recommendations", Sleep Health 2015;1:40–43: adults 7–9 h).
    /// Exact boundaries (each band includes its lower bound):
    ///   bad  < 300 min (< 5 h)
    ///   poor 300 ..< 360 (5 h exactly is poor)
    ///   fair 360 ..< 420 (6 h exactly is fair)
    ///   good 420 ... 540 (7 h and 9 h exactly are both good)
    ///   long > 540
    public static func status(minutes: Int) -> SleepStatus {
        switch minutes {
        case ..<300: return .bad
        case 300..<360: return .poor
        case 360..<420: return .fair
        case 420...540: return .good
        default: return .long
        }
    }

    /// Minutes from bedtime to wake time, crossing midnight when wake is earlier on the clock
    /// (bed 23:30, wake 07:00 → 450). nil when bed == wake (0 or 24 h cannot be told apart).
    public static func duration(bed: ClockTime, wake: ClockTime) -> Int? {
        let minutes = (wake.minutesAfterMidnight - bed.minutesAfterMidnight + 1440) % 1440
        return minutes == 0 ? nil : minutes
    }

    /// The average night in whole minutes (rounded to the nearest), as every screen, the CLI and
    /// the report show it; nil without nights.
    public static func averageMinutes(_ minutes: [Int]) -> Int? {
        mean(minutes).map { Int($0.rounded()) }
    }

    /// The nights of the 7 days ending on `day` (woken up on those days): the "7-day average".
    public static func lastSevenDays(_ nights: [SleepRecord], endingOn day: LocalDate) -> [SleepRecord] {
        let week = DateRange(ending: day, days: 7)
        return nights.filter { week.contains($0.date) }
    }

    /// Arithmetic mean; nil when empty.
    public static func mean(_ minutes: [Int]) -> Double? {
        guard !minutes.isEmpty else { return nil }
        return Double(minutes.reduce(0, +)) / Double(minutes.count)
    }

    /// Circular mean of clock times (Mardia & Jupp, "Directional Statistics", 2000, §2.2): the
    /// direction of the mean of the unit vectors. 23:30 and 00:30 average to 00:00. nil when empty or
    /// when the times cancel out (e.g. 00:00 and 12:00).
    public static func meanTime(_ times: [ClockTime]) -> ClockTime? {
        guard let angle = meanAngle(times) else { return nil }
        var m = Int((angle / (2 * .pi) * 1440).rounded()) % 1440
        if m < 0 { m += 1440 }
        return ClockTime(hour: m / 60, minute: m % 60)
    }

    /// Bedtime consistency: the population standard deviation, in minutes, of the bedtimes measured
    /// as signed differences from their circular mean, each wrapped to −720 ..< 720. So it is right
    /// across midnight: 23:30 and 00:30 are 60 minutes apart and give 30, not 690. A single bedtime
    /// gives 0; nil when empty. When the times cancel out, the first one is the reference.
    public static func bedtimeConsistency(_ bedtimes: [ClockTime]) -> Double? {
        guard let first = bedtimes.first else { return nil }
        let reference = meanAngle(bedtimes).map { $0 / (2 * .pi) * 1440 } ?? Double(first.minutesAfterMidnight)
        let deviations = bedtimes.map { t -> Double in
            var d = (Double(t.minutesAfterMidnight) - reference).truncatingRemainder(dividingBy: 1440)
            if d >= 720 { d -= 1440 }
            if d < -720 { d += 1440 }
            return d
        }
        let n = Double(deviations.count)
        let m = deviations.reduce(0, +) / n
        let variance = deviations.reduce(0) { $0 + ($1 - m) * ($1 - m) } / n
        return variance.squareRoot()
    }

    /// A person's usual bed and wake times, and how many nights they come from.
    public struct UsualTimes: Equatable, Sendable {
        public var bed: ClockTime
        public var wake: ClockTime
        public var nights: Int
    }

    /// The usual times of `nights` that have both a bed and a wake time: the median of each
    /// (`medianTime`), so one late night does not move them. nil when no night has both.
    public static func usualTimes(_ nights: [SleepRecord]) -> UsualTimes? {
        let timed = nights.compactMap { n in n.bedtime.flatMap { b in n.wakeTime.map { (b, $0) } } }
        guard let bed = medianTime(timed.map(\.0)), let wake = medianTime(timed.map(\.1)) else { return nil }
        return UsualTimes(bed: bed, wake: wake, nights: timed.count)
    }

    /// The median of clock times, read around the clock: the times are laid out from just after
    /// the widest gap between them, so 23:30, 00:10 and 00:30 give 00:10 (not 00:30). With an
    /// even count, the minute halfway between the middle two (rounded down). nil when empty.
    public static func medianTime(_ times: [ClockTime]) -> ClockTime? {
        let sorted = times.map(\.minutesAfterMidnight).sorted()
        guard let first = sorted.first, let last = sorted.last else { return nil }
        // The gap before each time; the first one's is the wrap-around from the last.
        var start = 0, widest = first + 1440 - last
        for i in sorted.indices.dropFirst() where sorted[i] - sorted[i - 1] > widest {
            widest = sorted[i] - sorted[i - 1]
            start = i
        }
        let line = sorted[start...] + sorted[..<start].map { $0 + 1440 }
        let values = Array(line), mid = values.count / 2
        let median = values.count % 2 == 1 ? values[mid] : (values[mid - 1] + values[mid]) / 2
        return ClockTime(hour: 0, minute: 0)?.adding(minutes: median)
    }

    static func meanAngle(_ times: [ClockTime]) -> Double? {
        guard !times.isEmpty else { return nil }
        var s = 0.0, c = 0.0
        for t in times {
            let a = Double(t.minutesAfterMidnight) / 1440 * 2 * .pi
            s += sin(a)
            c += cos(a)
        }
        let n = Double(times.count)
        guard (s * s + c * c).squareRoot() / n > 1e-9 else { return nil }
        return atan2(s, c)
    }
}
