import Foundation

/// The wellness score of PRODUCT.md §6, 0–100: the mean of the parts that have data, each 0–100.
/// It is always shown with its parts, so a reader can check it; a part without data is nil (left
/// out of the mean), never a made-up 0.
public struct WellnessScore: Equatable, Sendable {
    /// Share of the nights that were 7–9 h.
    public var sleep: Double?
    /// min(1, minutes / 150 a week), the week scaled to the days of the period so far.
    public var exercise: Double?
    /// Share of the logged days within ±10 % of that day's target.
    public var nutrition: Double?
    /// (mean check-in mood − 1) / 4.
    public var mood: Double?
    /// min(1, mean daily steps / 8000).
    public var steps: Double?

    public static let exerciseMinutesPerWeek = 150.0
    public static let stepsPerDay = 8000.0

    public init(sleep: Double?, exercise: Double?, nutrition: Double?, mood: Double?, steps: Double?) {
        self.sleep = sleep
        self.exercise = exercise
        self.nutrition = nutrition
        self.mood = mood
        self.steps = steps
    }

    /// The parts with their names, in the order screens and JSON list them.
    public var parts: [(name: String, value: Double?)] {
        [("sleep", sleep), ("exercise", exercise), ("nutrition", nutrition), ("mood", mood), ("steps", steps)]
    }

    /// The mean of the parts that have data; nil when none has.
    public var score: Double? {
        let known = parts.compactMap(\.value)
        return known.isEmpty ? nil : known.reduce(0, +) / Double(known.count)
    }

    /// The score of a period's figures. Exercise counts as 0 minutes only when something else was
    /// logged in the period (a period with no data at all has no exercise part either).
    public init(_ p: PeriodSummary) {
        let logsAnything =
            p.sleep.nights > 0 || p.exercise.sessions > 0 || p.calories.loggedDays > 0 || p.checkInDays > 0
            || p.weight.weighInDays > 0 || p.steps.days > 0
        self.init(
            sleep: p.sleep.nights > 0 ? 100 * Double(p.sleep.goodNights) / Double(p.sleep.nights) : nil,
            exercise: logsAnything ? 100 * min(1, p.exercise.minutesPerWeek / Self.exerciseMinutesPerWeek) : nil,
            nutrition: p.calories.daysWithTarget > 0 ? 100 * Double(p.calories.adherentDays) / Double(p.calories.daysWithTarget) : nil,
            mood: p.mood.averageMood.map { 100 * ($0 - 1) / 4 },
            steps: p.steps.average.map { 100 * min(1, $0 / Self.stepsPerDay) })
    }
}

extension PeriodSummary {
    public var wellness: WellnessScore { WellnessScore(self) }
}
