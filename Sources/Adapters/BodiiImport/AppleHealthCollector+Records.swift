import BodiiDomain
import Foundation

/// One handler per kind of record Bodii takes: each checks its values like typed input and keeps
/// the record, or counts it as skipped with its reason.
extension AppleHealthCollector {
    func bodyMass(_ element: XMLElementStart) {
        guard let time = start(element, .body) else { return }
        let factor: Double?
        if let unit = element.value("unit") {
            if XMLBytes.equals(unit, "kg") {
                factor = 1
            } else if XMLBytes.equals(unit, "lb") {
                factor = 0.45359237
            } else if XMLBytes.equals(unit, "g") {
                factor = 0.001
            } else if XMLBytes.equals(unit, "st") {
                factor = 6.35029318
            } else {
                factor = nil
            }
        } else {
            factor = 1
        }
        guard let value = number(element, "value"), let factor else {
            data.skip(.body, "unreadable value or unit")
            return
        }
        let kg = value * factor
        guard kg.isFinite, Validation.weightRangeKg.contains(kg) else {
            data.skip(.body, "weight out of range (\(Self.rangeText(Validation.weightRangeKg, "kg")))")
            return
        }
        let id = "weight/\(element.string("startDate") ?? "")/\(DecimalText.format(kg, decimals: 2))"
        guard weights[id] == nil else {
            data.skip(.body, "the same weigh-in from another source")
            return
        }
        weights[id] = Weight(time: time, kg: kg)
        keep(on: time.day)
    }

    func bodyFat(_ element: XMLElementStart) {
        guard let time = start(element, .body) else { return }
        guard var value = number(element, "value") else {
            data.skip(.body, "unreadable value or unit")
            return
        }
        // Health stores a fraction (0.215 with unit "%"); a few apps wrote the percentage itself.
        if value <= 1 { value *= 100 }
        guard Validation.bodyFatRangePercent.contains(value) else {
            data.skip(.body, "body fat out of range (\(Self.rangeText(Validation.bodyFatRangePercent, "%")))")
            return
        }
        if fats.insert(Fat(time: time, tenths: Int((value * 10).rounded()))).inserted { keep(on: time.day) }
    }

    func sleep(_ element: XMLElementStart) {
        guard let time = start(element, .sleep) else { return }
        guard let endBytes = element.value("endDate"), let end = HealthTimestamp.parse(endBytes), end.instant > time.instant,
            let value = element.value("value")
        else {
            skip(.sleep, "no readable end or stage", on: time.day)
            return
        }
        let asleep: Bool
        if XMLBytes.equals(value, "HKCategoryValueSleepAnalysisInBed") {
            asleep = false
        } else if XMLBytes.equals(value, "HKCategoryValueSleepAnalysisAwake") {
            return  // awake time is neither asleep nor the night's edge
        } else if XMLBytes.equals(value, "HKCategoryValueSleepAnalysisAsleep")
            || XMLBytes.equals(value, "HKCategoryValueSleepAnalysisAsleepUnspecified")
            || XMLBytes.equals(value, "HKCategoryValueSleepAnalysisAsleepCore")
            || XMLBytes.equals(value, "HKCategoryValueSleepAnalysisAsleepDeep")
            || XMLBytes.equals(value, "HKCategoryValueSleepAnalysisAsleepREM")
        {
            asleep = true
        } else {
            skip(.sleep, "unknown sleep stage", on: time.day)
            return
        }
        guard end.instant - time.instant <= 24 * 3600 else {
            skip(.sleep, "a stage longer than a day", on: time.day)
            return
        }
        if sleepPieces.insert(SleepPiece(start: time, end: end, asleep: asleep)).inserted { keep(AppleHealthLimits.sleepCost, on: time.day) }
    }

    func startWorkout(_ element: XMLElementStart) {
        workout = nil
        guard let time = start(element, .exercise) else { return }
        guard let endBytes = element.value("endDate"), let end = HealthTimestamp.parse(endBytes), end.instant >= time.instant else {
            data.skip(.exercise, "no readable end")
            return
        }
        var type = Self.echoable(element.string("workoutActivityType") ?? "HKWorkoutActivityTypeOther")
        if type.hasPrefix("HKWorkoutActivityType") { type.removeFirst("HKWorkoutActivityType".count) }
        var minutes: Double?
        if let durationBytes = element.value("duration") {
            guard let duration = Self.plainNumber(durationBytes) else {
                data.skip(.exercise, "unreadable duration or energy")
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
            guard let total = Self.plainNumber(totalBytes), let factor = Self.kcalFactor(element.value("totalEnergyBurnedUnit")) else {
                data.skip(.exercise, "unreadable duration or energy")
                return
            }
            kcal = total * factor
        }
        workout = OpenWorkout(
            id: "workout/\(element.string("startDate") ?? "")/\(type)", type: type, start: time, end: end,
            minutes: minutes, kcal: kcal)
    }

    func workoutStatistics(_ element: XMLElementStart) {
        guard var open = workout, let type = element.value("type"),
            XMLBytes.equals(type, "HKQuantityTypeIdentifierActiveEnergyBurned")
        else { return }
        guard let sum = number(element, "sum"), let factor = Self.kcalFactor(element.value("unit")) else {
            open.statisticsBad = true
            workout = open
            return
        }
        open.statisticsKcal = (open.statisticsKcal ?? 0) + sum * factor
        workout = open
    }

    /// A workout as it ends: its minutes and energy in their ranges, or skipped with the reason.
    func keepWorkout(_ open: OpenWorkout) {
        let rawMinutes = open.minutes ?? Double(open.end.instant - open.start.instant) / 60
        guard rawMinutes.isFinite, rawMinutes.rounded() >= 1 else {
            data.skip(.exercise, rawMinutes.isFinite && rawMinutes >= 0 ? "shorter than a minute" : "minutes out of range (1–1440 min)")
            return
        }
        guard rawMinutes.rounded() <= Double(Validation.minutesRange.upperBound) else {
            data.skip(.exercise, "longer than a day")
            return
        }
        if open.kcal == nil, open.statisticsBad {
            data.skip(.exercise, "unreadable duration or energy")
            return
        }
        if let kcal = open.kcal ?? open.statisticsKcal, !(kcal.isFinite && Validation.activeKcalRange.contains(kcal)) {
            data.skip(.exercise, "energy out of range (\(Self.rangeText(Validation.activeKcalRange, "kcal")))")
            return
        }
        guard workouts[open.id] == nil else {
            data.skip(.exercise, "the same workout from another source")
            return
        }
        workouts[open.id] = open
        keep(on: open.start.day)
    }

    func dietaryEnergy(_ element: XMLElementStart) {
        guard let time = start(element, .food) else { return }
        guard correlationDepth == 0 else {
            data.skip(.food, "inside a food Correlation (a duplicate)")
            return
        }
        guard let value = number(element, "value"), let factor = Self.kcalFactor(element.value("unit")) else {
            data.skip(.food, "unreadable value or unit")
            return
        }
        let kcal = (value * factor * 10).rounded() / 10
        guard kcal != 0 else {
            data.skip(.food, "zero calories")
            return
        }
        guard kcal.isFinite, QuickAdd.kcalRange.contains(kcal) else {
            data.skip(.food, "energy out of range (\(Self.rangeText(QuickAdd.kcalRange, "kcal")))")
            return
        }
        let stamp = element.string("startDate") ?? ""
        let id = "dietary/\(stamp)/\(DecimalText.format(kcal, decimals: 1))"
        guard foodIds.insert(id).inserted else {
            data.skip(.food, "the same entry from another source")
            return
        }
        keep(on: time.day)
        if foodByStamp[stamp] == nil { foodByStamp[stamp] = food.count }
        food.append(
            FoodRecord(
                date: time.day, meal: Meal.likely(atHour: time.hour), foodId: Self.quickAddFood,
                foodName: "Quick add (Apple Health)", grams: 1, kcal: kcal, proteinG: 0, carbsG: 0, fatG: 0,
                loggedAt: time.date, provenance: Provenance(source: AppleHealthData.source, externalId: id)))
    }

    public static let quickAddFood = FoodID("quick-add")
}
