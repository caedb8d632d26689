import Foundation
@testable import BodiiDomain

/// A generated history with the shape of a real one, for Insights' calibration and power
/// (issue 44): every series with day-to-day carry-over (AR(1), φ drawn from 0.5–0.8), a weekly
/// rhythm, days missing (single days and holidays with nothing logged), alcohol, exercise and
/// spending mostly zero, and what the app computes from the records left to the app: the records
/// go through `InsightSeries.make`, so the share of target comes from `TargetHistory`'s adaptive
/// target, the trend's change from `WeightTrend`, full days from `isLoggedInFull`.
///
/// Apart from the arithmetic the app itself ties together (a drink's kcal inside the day's kcal,
/// protein a share of kcal, the target following intake and the trend), no series depends on
/// another, unless `sleepPerDrink` plants one effect: that many minutes of sleep on the night
/// after each drink (one drink, 14 g of alcohol, on a drinking day), or `sleepPerFastHour`: that
/// many minutes per hour fasted on the night after the day a fast ended.
///
/// Fasts (16:8 in spells, weekdays more, 13–19 h) come from a stream of their own, so the other
/// series are the same whether or not fasts are read.
struct GeneratedHistory {
    var days: Int
    var seed: UInt64
    var sleepPerDrink: Double = 0
    var sleepPerFastHour: Double = 0

    /// The range ends on this day (any fixed day: nothing depends on the clock).
    static let end = LocalDate(year: 2026, month: 11, day: 29) ?? LocalDate(daysSinceEpoch: 20_000)

    var range: DateRange { DateRange(ending: Self.end, days: days) }

    /// One latent series: zₜ = φ·zₜ₋₁ + √(1−φ²)·εₜ, standard normal at every step.
    struct AR1 {
        let phi: Double
        var z: Double
        init(_ rng: inout SeededNumbers) {
            phi = 0.5 + 0.3 * rng.uniform()
            z = rng.normal()
        }
        mutating func next(_ rng: inout SeededNumbers) -> Double {
            z = phi * z + (1 - phi * phi).squareRoot() * rng.normal()
            return z
        }
    }

    func readings() -> InsightReadings {
        var rng = SeededNumbers(seed: seed)
        let range = range
        let start = range.start
        // Holidays: about two a year, 4–14 days with nothing logged at all.
        var away = Set<LocalDate>()
        for _ in 0..<max(1, days * 2 / 365) {
            let first = Int(rng.uniform() * Double(days)), length = 4 + Int(rng.uniform() * 11)
            for k in first..<min(days, first + length) { away.insert(start.adding(days: k)) }
        }
        let fasts = fasts(away: away)
        var sleep = AR1(&rng), bed = AR1(&rng), mood = AR1(&rng), energy = AR1(&rng), steps = AR1(&rng)
        var kcal = AR1(&rng), protein = AR1(&rng), drinking = AR1(&rng), caffeine = AR1(&rng), moving = AR1(&rng)
        var shopping = AR1(&rng), weightDrift = 0.0
        let profile = (heightCm: 178.0, age: 38, level: ActivityLevel.moderate)
        // Each history its own weekly rhythm's size.
        let weekendSleep = 30 + 40 * rng.uniform(), weekendKcal = 200 + 300 * rng.uniform()

        var r = InsightReadings(targets: TargetHistory(goals: [], snapshots: [], logs: [], weights: []))
        var logs: [DailyLog] = [], snapshots: [MetabolismSnapshot] = [], drank = Set<LocalDate>()
        for k in 0..<days {
            let day = start.adding(days: k), w = day.weekdayIndex
            // Latent states move on every day, logged or not.
            let z = (
                sleep: sleep.next(&rng), bed: bed.next(&rng), mood: mood.next(&rng), energy: energy.next(&rng),
                steps: steps.next(&rng), kcal: kcal.next(&rng), protein: protein.next(&rng), drinking: drinking.next(&rng),
                caffeine: caffeine.next(&rng), moving: moving.next(&rng), shopping: shopping.next(&rng)
            )
            // The weight: a slow drift and a heavier Monday, whatever was eaten (no effect planted).
            weightDrift = 0.998 * weightDrift + 0.063 * rng.normal()
            let weight = 82 + 3 * weightDrift + (w == 0 ? 0.3 : 0) + 0.45 * rng.normal()
            let here = !away.contains(day)

            // Drinks: Friday and Saturday mostly, in spells; one drink (14 g) on a drinking day.
            let drinkBase = [0.05, 0.05, 0.07, 0.1, 0.4, 0.45, 0.12][w]
            if here, rng.uniform() < min(0.95, drinkBase * max(0, 1 + 0.8 * z.drinking)) { drank.insert(day) }
            let alcohol = drank.contains(day) ? 14.0 : 0

            if here, rng.uniform() < 0.92 {
                // Weekend mornings (Saturday and Sunday wake-ups) sleep longer and go to bed later.
                let weekendNight = w >= 5
                let after =
                    (drank.contains(day.adding(days: -1)) ? sleepPerDrink : 0) + sleepPerFastHour * (fasts[day.adding(days: -1)] ?? 0)
                let minutes = Int((440 + (weekendNight ? weekendSleep : 0) + 35 * z.sleep + after).rounded())
                let bedMinutes = (23 * 60 + 15 + (weekendNight ? 50 : 0) + Int((30 * z.bed).rounded()) + 1440) % 1440
                r.nights.append(
                    SleepRecord(
                        date: day, bedtime: ClockTime(hour: bedMinutes / 60, minute: bedMinutes % 60), minutes: minutes,
                        status: SleepMath.status(minutes: minutes)))
            }
            if here, rng.uniform() < 0.8 {
                func rating(_ z: Double, weekend: Double) -> Int { min(5, max(1, Int((3.4 + weekend + 0.8 * z).rounded()))) }
                r.checkIns.append(
                    CheckIn(date: day, mood: rating(z.mood, weekend: w >= 5 ? 0.3 : 0), energy: rating(z.energy, weekend: w == 6 ? 0.3 : 0))
                )
            }
            if here, rng.uniform() < 0.9 {
                let count = 8500 + [0, 0, 0, 0, 500, 2500, -1500][w] + 2500 * z.steps
                r.activity.append(ActivitySnapshot(date: day, steps: max(300, Int(count.rounded())), activeKcal: nil))
            }
            // Exercise: Monday, Wednesday and Friday at the gym, Saturday sometimes, in spells.
            var burned = 0.0
            let gymBase = [0.6, 0.1, 0.6, 0.1, 0.55, 0.4, 0.15][w]
            if here, rng.uniform() < min(0.95, gymBase * max(0, 1 + 0.7 * z.moving)) {
                let minutes = 30 + 10 * Int(rng.uniform() * 5)
                burned = Double(minutes) * 7
                r.exercise.append(
                    ExerciseRecord(
                        date: day, activity: "Running", minutes: minutes, intensity: .moderate, met: 8, kcal: burned,
                        loggedAt: Date(timeIntervalSince1970: 0)))
            }
            // Weigh-ins, each with the snapshot the app writes with it.
            if here, rng.uniform() < (w >= 5 ? 0.4 : 0.7) {
                r.weights.append((day, (weight * 10).rounded() / 10))
                let bmr = Metabolism.mifflinStJeorBMR(weightKg: weight, heightCm: profile.heightCm, age: profile.age, sex: .male)
                snapshots.append(
                    MetabolismSnapshot(
                        date: day, bmr: bmr, tdee: Metabolism.tdee(bmr: bmr, activity: profile.level), formula: .mifflinStJeor,
                        activityLevel: profile.level))
            }
            let tdee = snapshots.last?.tdee
            // Food: logged on most days; a few days only partly (the app leaves those out).
            if here, rng.uniform() < 0.88 {
                let partly = rng.uniform() < 0.04
                let eaten =
                    partly
                    ? 500 + 300 * rng.uniform()
                    : max(1200, 2350 + (w >= 5 ? weekendKcal : 0) + 280 * z.kcal) + 7 * alcohol
                logs.append(DailyLog(date: day, caloriesIn: eaten.rounded(), caloriesOut: burned, bmr: snapshots.last?.bmr, tdee: tdee))
                let share = max(0.08, 0.17 + 0.02 * z.protein)
                for part in [0.3, 0.3, 0.4] { r.protein.append((day, eaten * share * part / 4)) }
                let coffee = rng.uniform() < 0.1 ? 0 : max(0, 190 + (w >= 5 ? -50 : 0) + 70 * z.caffeine)
                r.intakes[day] = NutrientIntake(amounts: [.alcoholG: alcohol, .caffeineMg: coffee.rounded()], entryCount: 3)
            }
            // Groceries: Saturday's big shop, small ones on other days.
            if here, rng.uniform() < min(0.95, (w == 5 ? 0.7 : 0.12) * max(0, 1 + 0.5 * z.shopping)) {
                let cents = Int64(300 + 3700 * rng.uniform())
                r.purchases.append(
                    Purchase(
                        itemId: 1, date: day, quantity: PantryQuantity(1, .pieces), price: Money(minorUnits: cents, currency: .default)))
            }
        }
        let goal = Goal(type: .lose, weeklyRateKg: 0.25, dailyCalorieTarget: nil, proteinG: nil, carbsG: nil, fatG: nil, createdOn: start)
        r.logs = logs
        r.fasts = fasts.map { (date: $0.key, hours: $0.value) }.sorted { $0.date < $1.date }
        r.targets = TargetHistory(goals: [goal], snapshots: snapshots, logs: logs, weights: r.weights, covers: range)
        return r
    }

    /// The hours of the fast that ended on each day that had one: in spells (AR(1)), more on
    /// weekdays, from a stream of their own.
    func fasts(away: Set<LocalDate>) -> [LocalDate: Double] {
        var rng = SeededNumbers(seed: seed ^ 0xFA57_0000_FA57_0000)
        var spell = AR1(&rng)
        var hours: [LocalDate: Double] = [:]
        for k in 0..<days {
            let day = range.start.adding(days: k), z = spell.next(&rng)
            let base = day.weekdayIndex < 5 ? 0.45 : 0.2
            guard !away.contains(day), rng.uniform() < min(0.95, base * max(0, 1 + 0.8 * z)) else { continue }
            hours[day] = min(19, max(13, 16 + 1.2 * rng.normal()))
        }
        return hours
    }

    /// What Insights finds in it.
    func findings() -> InsightResult {
        InsightFinder.find(InsightSeries.make(range: range, from: readings()).series)
    }
}
