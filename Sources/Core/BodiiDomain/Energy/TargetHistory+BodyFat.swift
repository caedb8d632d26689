import Foundation

/// The BMR and TDEE a day's figures use: the latest snapshot, and — when the goal in force lets
/// Katch-McArdle use the Navy estimate (issue 47) and that snapshot had no logged body fat —
/// Katch-McArdle with the latest estimate instead. Stored snapshots are never rewritten: the choice
/// is applied here, where every day's targets and the BMR every surface shows are worked out.
public struct DayMetabolism: Equatable, Sendable {
    /// The snapshot, or its Katch-McArdle stand-in with the estimate.
    public var snapshot: MetabolismSnapshot
    /// The estimate the BMR used; nil when it used a logged body fat or none.
    public var estimate: BodyFatEstimate?

    /// "logged", "estimated", or nil when the BMR used no body fat (Mifflin-St Jeor).
    public var bodyFatSource: BodyFatSource? {
        if estimate != nil { return .estimated }
        return snapshot.formula == .katchMcArdle ? .logged : nil
    }
}

extension TargetHistory {
    /// The BMR and TDEE of the latest snapshot on or before `day`, under `goal`'s body-fat choice.
    public func metabolism(onOrBefore day: LocalDate, goal: Goal?) -> DayMetabolism? {
        guard let snapshot = snapshot(onOrBefore: day) else { return nil }
        guard goal?.choice.bodyFat == .estimated, snapshot.formula == .mifflinStJeor,
            let estimate = bodyFatEstimate(onOrBefore: day), let weightKg = weight(for: snapshot, on: day)
        else { return DayMetabolism(snapshot: snapshot, estimate: nil) }
        return DayMetabolism(
            snapshot: Metabolism.snapshot(snapshot, weightKg: weightKg, bodyFatPercent: estimate.percent), estimate: estimate)
    }

    /// The day's metabolism under the goal in force on it (what `today` and the Body tab show).
    public func metabolism(onOrBefore day: LocalDate) -> DayMetabolism? {
        metabolism(onOrBefore: day, goal: goal(on: day))
    }

    /// The estimate as it stood on `day`.
    func bodyFatEstimate(onOrBefore day: LocalDate) -> BodyFatEstimate? {
        let end = Self.countOnOrBefore(day, in: bodyFatEstimates, date: { $0.day })
        return end > 0 ? bodyFatEstimates[end - 1].estimate : nil
    }

    /// The weight the snapshot was worked out for: the weigh-in of its day, else the latest before
    /// it, else (a snapshot older than the weigh-ins read) the latest up to `day`.
    private func weight(for snapshot: MetabolismSnapshot, on day: LocalDate) -> Double? {
        let atSnapshot = Self.countOnOrBefore(snapshot.date, in: weights, date: { $0.date })
        if atSnapshot > 0 { return weights[atSnapshot - 1].weightKg }
        let upToDay = Self.countOnOrBefore(day, in: weights, date: { $0.date })
        return upToDay > 0 ? weights[upToDay - 1].weightKg : nil
    }

    /// The estimates the days of `range` may use (each reads the one on or before the day before it,
    /// or the day itself on a first day); none unless a goal chose them, so the choice off costs
    /// no read. A source without measurements or a profile has none.
    static func bodyFatEstimates(
        for range: DateRange, goals: [Goal], source: any Source
    ) throws -> [(day: LocalDate, estimate: BodyFatEstimate?)] {
        guard goals.contains(where: { $0.choice.bodyFat == .estimated }),
            let tape = source as? any MeasurementRepository & ProfileRepository, let profile = try tape.loadProfile()
        else { return [] }
        let first = range.start.adding(days: -1)
        return BodyFatEstimate.history(
            profile: profile, latest: try tape.latestMeasurements(onOrBefore: first.adding(days: -1)),
            measurements: try tape.measurements(in: DateRange(start: first, end: range.end)))
    }
}

extension DayMetabolism {
    /// "Mifflin-St Jeor", "Katch-McArdle" or "Katch-McArdle, estimated body fat 19.1 % from 29 Nov".
    public func label(today: LocalDate) -> String {
        estimate.map { "\(snapshot.formula.label), \($0.text(relativeTo: today))" } ?? snapshot.formula.label
    }
}

extension DaySummary {
    /// What `bodii today` says after BMR / TDEE: "formula", or which estimate Katch-McArdle used.
    public var bmrFormulaLabel: String {
        guard let estimate = bmrBodyFatEstimate else { return "formula" }
        return "Katch-McArdle, \(estimate.text(relativeTo: date))"
    }
}

extension TargetChoice {
    /// For `bodii targets` and Settings: which body fat Katch-McArdle may use.
    public var bodyFatText: String {
        switch bodyFat {
        case .logged: return "logged only (Katch-McArdle when body fat is logged, else Mifflin-St Jeor)"
        case .estimated: return "logged, else the Navy estimate from waist and neck (Katch-McArdle)"
        }
    }
}
