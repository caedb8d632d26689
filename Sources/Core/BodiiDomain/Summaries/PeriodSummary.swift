import Foundation

/// A range of days in numbers — sleep, exercise, the weight trend, calorie adherence, mood and
/// check-ins — computed once from the same per-day figures every screen shows, for the report and
/// the review. A part without data says so with nil or 0 counts, never a made-up 0 average.
public struct PeriodSummary: Equatable, Sendable {
    public struct Sleep: Equatable, Sendable {
        public var nights: Int
        /// `SleepMath.averageMinutes` of the nights: the rounding every screen uses.
        public var averageMinutes: Int?
        public var bedtimeSDMinutes: Double?
        /// Nights of 7–9 h (`SleepStatus.good`).
        public var goodNights: Int
        /// Nights of 7 h or more (what a `sleep` action counts).
        public var nightsOf7HoursOrMore: Int = 0
    }

    public struct Exercise: Equatable, Sendable {
        public var minutes: Int
        public var sessions: Int
        public var kcal: Double
        /// Minutes per 7 days of the range, to hold against the 150 min/week guideline.
        public var minutesPerWeek: Double
    }

    public struct Weight: Equatable, Sendable {
        /// The trend on the range's first and last day that have one.
        public var startTrendKg: Double?
        public var endTrendKg: Double?
        /// Days of the range with a weigh-in.
        public var weighInDays: Int = 0
        public var changeKg: Double? {
            guard let startTrendKg, let endTrendKg else { return nil }
            return endTrendKg - startTrendKg
        }
    }

    public struct Calories: Equatable, Sendable {
        /// Days with food logged.
        public var loggedDays: Int
        /// Logged days within ±10 % of that day's own target (`TargetHistory`).
        public var adherentDays: Int
        public var averageEaten: Double?
        /// The mean of the logged days' targets.
        public var averageTarget: Double?
        /// Logged days that had a target to be held against.
        public var daysWithTarget: Int = 0
    }

    /// Daily steps, from imported activity (`ActivitySnapshot`): the days that have a count and
    /// their mean; no days and a nil mean without any.
    public struct Steps: Equatable, Sendable {
        public var days: Int
        public var average: Double?
    }

    public struct Mood: Equatable, Sendable {
        public var days: Int
        public var averageMood: Double?
        public var averageEnergy: Double?
    }

    public var range: DateRange
    public var sleep: Sleep
    public var exercise: Exercise
    public var weight: Weight
    public var calories: Calories
    public var mood: Mood
    public var checkInDays: Int
    public var steps = Steps(days: 0, average: nil)

    public typealias Source = TargetHistory.Source & SleepRepository & ExerciseRepository & CheckInRepository & ActivityRepository

    public static func load(range: DateRange, source: any Source) throws -> PeriodSummary {
        let dailySteps = try source.activitySnapshots(in: range).compactMap(\.steps)
        let nights = try source.sleepRecords(in: range)
        let sessions = try source.exerciseRecords(in: range)
        let checkIns = try source.checkIns(in: range)
        let logs = try source.dailyLogs(in: range).filter { $0.caloriesIn > 0 }
        let targets = try TargetHistory.load(range: range, source: source)
        let weights = try source.dailyWeights(in: TargetHistory.weightsNeeded(for: range))
        let trend = WeightTrend.compute(weights).filter { range.contains($0.date) }
        let weighInDays = weights.filter { range.contains($0.date) }.count

        let intakes = logs.compactMap { DayIntake.of($0, targets: targets) }
        let dayTargets = intakes.compactMap { i in i.targetKcal.map { (eaten: i.eatenKcal, target: $0) } }
        let minutes = sessions.reduce(0) { $0 + $1.minutes }
        let moods = checkIns.compactMap(\.mood), energies = checkIns.compactMap(\.energy)
        return PeriodSummary(
            range: range,
            sleep: Sleep(
                nights: nights.count, averageMinutes: SleepMath.averageMinutes(nights.map(\.minutes)),
                bedtimeSDMinutes: SleepMath.bedtimeConsistency(nights.compactMap(\.bedtime)),
                goodNights: nights.filter { SleepMath.status(minutes: $0.minutes) == .good }.count,
                nightsOf7HoursOrMore: nights.filter { $0.minutes >= 7 * 60 }.count),
            exercise: Exercise(
                minutes: minutes, sessions: sessions.count, kcal: sessions.reduce(0) { $0 + $1.kcal },
                minutesPerWeek: WeeklyRate.of(total: Double(minutes), days: range.dayCount)),
            weight: Weight(startTrendKg: trend.first?.trendKg, endTrendKg: trend.last?.trendKg, weighInDays: weighInDays),
            calories: Calories(
                loggedDays: logs.count,
                adherentDays: intakes.filter { $0.adherence == .onTarget }.count,
                averageEaten: mean(logs.map(\.caloriesIn)), averageTarget: mean(dayTargets.map(\.target)),
                daysWithTarget: dayTargets.count),
            mood: Mood(
                days: checkIns.filter { $0.mood != nil || $0.energy != nil }.count,
                averageMood: mean(moods.map(Double.init)), averageEnergy: mean(energies.map(Double.init))),
            checkInDays: checkIns.count,
            steps: Steps(days: dailySteps.count, average: mean(dailySteps.map(Double.init))))
    }

    static func mean(_ values: [Double]) -> Double? {
        values.isEmpty ? nil : values.reduce(0, +) / Double(values.count)
    }
}
