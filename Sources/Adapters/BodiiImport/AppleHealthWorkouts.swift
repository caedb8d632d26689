import BodiiDomain
import Foundation

/// The workouts of an export as they stream past: a `Workout` element opens one, its
/// `WorkoutStatistics` may give its energy, and its end keeps it (once, whatever the number of
/// sources) or counts it as skipped. Made into `ExerciseRecord`s when the pass ends.
struct AppleHealthWorkouts {
    struct Open {
        let id: String
        let type: String
        let start: HealthTimestamp
        let end: HealthTimestamp
        var minutes: Double?
        var kcal: Double?
        var statisticsKcal: Double?
        var statisticsBad = false
    }
    /// The workout whose element is open; nil outside one, or when it is not kept.
    private var open: Open?
    /// By external id ("workout/<startDate>/<type>").
    private var kept: [String: Open] = [:]

    mutating func start(_ element: XMLElementStart, pass: inout AppleHealthPass) {
        open = nil
        guard let time = pass.start(element, .exercise) else { return }
        guard let endBytes = element.value("endDate"), let end = HealthTimestamp.parse(endBytes), end.instant >= time.instant else {
            pass.data.skip(.exercise, "no readable end")
            return
        }
        var type = AppleHealthValues.echoable(element.string("workoutActivityType") ?? "HKWorkoutActivityTypeOther")
        if type.hasPrefix("HKWorkoutActivityType") { type.removeFirst("HKWorkoutActivityType".count) }
        var minutes: Double?
        if let durationBytes = element.value("duration") {
            guard let duration = AppleHealthValues.plainNumber(durationBytes) else {
                pass.data.skip(.exercise, "unreadable duration or energy")
                return
            }
            let unit = element.string("durationUnit") ?? "min"
            switch unit {
            case "s", "sec": minutes = duration / 60
            case "hr", "h": minutes = duration * 60
            default: minutes = duration
            }
        }
        var kcal: Double?
        if let totalBytes = element.value("totalEnergyBurned") {
            guard let total = AppleHealthValues.plainNumber(totalBytes),
                let factor = AppleHealthValues.kcalFactor(element.value("totalEnergyBurnedUnit"))
            else {
                pass.data.skip(.exercise, "unreadable duration or energy")
                return
            }
            kcal = total * factor
        }
        open = Open(
            id: "workout/\(element.string("startDate") ?? "")/\(type)", type: type, start: time, end: end,
            minutes: minutes, kcal: kcal)
    }

    /// The open workout's active energy, when its statistics give it.
    mutating func statistics(_ element: XMLElementStart) {
        guard var workout = open, let type = element.value("type"),
            XMLBytes.equals(type, "HKQuantityTypeIdentifierActiveEnergyBurned")
        else { return }
        guard let sum = AppleHealthValues.number(element, "sum"), let factor = AppleHealthValues.kcalFactor(element.value("unit")) else {
            workout.statisticsBad = true
            open = workout
            return
        }
        workout.statisticsKcal = (workout.statisticsKcal ?? 0) + sum * factor
        open = workout
    }

    /// The `Workout` element ends: its workout is kept when its minutes and energy are in their
    /// ranges, or skipped with the reason.
    mutating func end(pass: inout AppleHealthPass) {
        guard let workout = open else { return }
        open = nil
        let rawMinutes = workout.minutes ?? Double(workout.end.instant - workout.start.instant) / 60
        guard rawMinutes.isFinite, rawMinutes.rounded() >= 1 else {
            let reason = rawMinutes.isFinite && rawMinutes >= 0 ? "shorter than a minute" : "minutes out of range (1–1440 min)"
            pass.data.skip(.exercise, reason)
            return
        }
        guard rawMinutes.rounded() <= Double(Validation.minutesRange.upperBound) else {
            pass.data.skip(.exercise, "longer than a day")
            return
        }
        if workout.kcal == nil, workout.statisticsBad {
            pass.data.skip(.exercise, "unreadable duration or energy")
            return
        }
        if let kcal = workout.kcal ?? workout.statisticsKcal, !(kcal.isFinite && Validation.activeKcalRange.contains(kcal)) {
            pass.data.skip(.exercise, "energy out of range (\(AppleHealthValues.rangeText(Validation.activeKcalRange, "kcal")))")
            return
        }
        guard kept[workout.id] == nil else {
            pass.data.skip(.exercise, "the same workout from another source")
            return
        }
        kept[workout.id] = workout
        pass.keep(on: workout.start.day)
    }

    /// The workouts as records; one without energy is reckoned from its MET and the last weigh-in
    /// before it (`weighIns` in time order; before them, `weightBefore`).
    func records(weighIns: [AppleHealthBody.Weight], weightBefore: Double?) -> [ExerciseRecord] {
        var latestWeight = weightBefore
        var w = 0
        var records: [ExerciseRecord] = []
        for workout in kept.values.sorted(by: { ($0.start.instant, $0.id) < ($1.start.instant, $1.id) }) {
            while w < weighIns.count, weighIns[w].time.instant <= workout.start.instant {
                latestWeight = weighIns[w].kg
                w += 1
            }
            // Checked when the workout ended: finite and within 1…1440.
            let minutes = AppleHealthValues.whole(workout.minutes ?? Double(workout.end.instant - workout.start.instant) / 60) ?? 1
            let mapped = WorkoutTypes.activity(for: workout.type)
            let met = mapped.activity?.met(for: .moderate) ?? WorkoutTypes.fallbackMET
            let kcal =
                (workout.kcal ?? workout.statisticsKcal).map { ($0 * 10).rounded() / 10 }
                ?? ExerciseLogging.kcal(met: met, weightKg: latestWeight ?? ExerciseLogging.assumedWeightKg, minutes: minutes)
            records.append(
                ExerciseRecord(
                    date: workout.start.day, activity: mapped.name, minutes: minutes, intensity: .moderate,
                    met: met, kcal: max(0, kcal), loggedAt: workout.start.date,
                    provenance: Provenance(source: AppleHealthData.source, externalId: workout.id)))
        }
        return records
    }
}
