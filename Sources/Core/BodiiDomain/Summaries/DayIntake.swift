import Foundation

/// A logged day's intake held against its own target (`TargetHistory`): the one computation behind
/// the check-in calendar's marks, the period summaries' adherent days (Review, `bodii report`) and
/// the dot grid's kcal series ("one number, one computation").
public struct DayIntake: Equatable, Sendable {
    public var date: LocalDate
    public var eatenKcal: Double
    /// nil before there is a target (no profile or weigh-in yet).
    public var targetKcal: Double?
    /// nil without a target, and for `today` while more eating could still bring it on target.
    public var adherence: CalorieAdherence?

    /// The intake of `log`'s day; nil when nothing was eaten. `today`: the day that is not over,
    /// judged by `CalorieAdherence.sofar`; nil judges every day as finished (the summaries).
    public static func of(_ log: DailyLog, targets: TargetHistory, today: LocalDate? = nil) -> DayIntake? {
        guard log.caloriesIn > 0 else { return nil }
        let target = targets.targets(on: log.date)?.kcal
        let adherence = target.flatMap { t in
            log.date == today
                ? CalorieAdherence.sofar(eaten: log.caloriesIn, target: t) : CalorieAdherence(eaten: log.caloriesIn, target: t)
        }
        return DayIntake(date: log.date, eatenKcal: log.caloriesIn, targetKcal: target, adherence: adherence)
    }

    /// The share of the target eaten, in percent; nil without a target.
    public var percentOfTarget: Double? { targetKcal.map { eatenKcal / max(1, $0) * 100 } }
}
