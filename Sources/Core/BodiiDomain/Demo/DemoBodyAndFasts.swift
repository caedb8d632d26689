import Foundation

/// The demo's tape measurements, blood pressure, resting heart rate and fasts (issue 47), each
/// from a random stream of its own: the rest of the history is the same with or without them.
extension DemoHistory {
    /// One planned fast: started the evening before the day it ends (after dinner), ended at
    /// `endHour` by breakfast — at noon (16:8), or in the morning when it is broken. The day's
    /// meals are the same as on any day, eaten later, so a fast changes no figure of food.
    struct DemoFast {
        var startHour: Double
        var endHour: Double
        var isBroken: Bool

        /// When `meal` is logged on the day the fast ends: breakfast at its end, lunch after it.
        func hour(of meal: Meal) -> Double {
            switch meal {
            case .breakfast: endHour
            case .lunch: isBroken ? DemoHistory.mealHour(.lunch) : 14.5
            case .snacks, .dinner: DemoHistory.mealHour(meal)
            }
        }
    }

    /// The fasts by day offset (the day each ends): some weeks are 16:8 weeks, fasting Monday to
    /// Friday, and about one fast in eight is broken in the morning.
    func fastPlan() -> [Int: DemoFast] {
        var rng = SeededRandom(seed: seed ^ 0xFA57_16_08)
        let start = endDate.adding(days: -(days - 1))
        var plan: [Int: DemoFast] = [:]
        var fastingWeek = false
        for offset in 0..<days {
            let day = start.adding(days: offset)
            // A new week: in a spell of 16:8 weeks the next week is likely one too.
            if day.weekdayIndex == 0 { fastingWeek = rng.chance(fastingWeek ? 0.7 : 0.15) }
            let startHour = 19.75 + Double(Int.random(in: 0...9, using: &rng)) * 5 / 60
            let endHour = 12.25 + Double(Int.random(in: 0...6, using: &rng)) * 5 / 60
            let broken = rng.chance(0.12)
            let brokenAt = 9 + Double(Int.random(in: 0...18, using: &rng)) * 5 / 60
            guard fastingWeek, day.weekdayIndex < 5 else { continue }
            plan[offset] = DemoFast(startHour: startHour, endHour: broken ? brokenAt : endHour, isBroken: broken)
        }
        return plan
    }

    /// The fasts of `plan` as records: one whose end has not come by `now` is still on, one whose
    /// start has not come is left out.
    func fasts(_ plan: [Int: DemoFast]) -> [Fast] {
        let start = endDate.adding(days: -(days - 1))
        return plan.keys.sorted().compactMap { offset in
            guard let planned = plan[offset] else { return nil }
            let day = start.adding(days: offset), before = day.adding(days: -1)
            let startedAt = instant(before, hour: planned.startHour), endedAt = instant(day, hour: planned.endHour)
            if let now, startedAt >= now { return nil }
            let ended = now.map { endedAt <= $0 } ?? true
            return Fast(date: before, startedAt: startedAt, endedAt: ended ? endedAt : nil, goalHours: FastingGoal.defaultHours)
        }
    }

    /// Waist, hips and neck about weekly (Sunday mornings), following the weight of the day;
    /// blood pressure every other week or so, a little higher when heavier; resting heart rate
    /// about weekly, lower in fitter spells. `weights` are the latent weights, one per day.
    func measurements(weights: [Double]) -> [BodyMeasurement] {
        var rng = SeededRandom(seed: seed ^ 0x7A9E_3EA5)
        let start = endDate.adding(days: -(days - 1))
        var out: [BodyMeasurement] = []
        func rounded(_ v: Double) -> Double { (v * 10).rounded() / 10 }
        for (offset, weight) in weights.enumerated() {
            let day = start.adding(days: offset), gain = weight - 79
            let at = instant(day, hour: 7.25)
            if let now, at > now { break }
            let tape = day.weekdayIndex == 6 && rng.chance(0.85)
            let pressure = day.weekdayIndex == 6 && rng.chance(0.5)
            let pulse = day.weekdayIndex == 2 && rng.chance(0.8)
            let noise = (waist: rng.gaussian(sd: 0.6), hips: rng.gaussian(sd: 0.6), neck: rng.gaussian(sd: 0.25))
            let bp = (systolic: rng.gaussian(sd: 5), diastolic: rng.gaussian(sd: 4)), hr = rng.gaussian(sd: 2.5)
            if tape {
                out.append(BodyMeasurement(date: day, kind: .waist, value: rounded(88 + 1.1 * gain + noise.waist), recordedAt: at))
                out.append(BodyMeasurement(date: day, kind: .hips, value: rounded(100 + 0.6 * gain + noise.hips), recordedAt: at))
                out.append(BodyMeasurement(date: day, kind: .neck, value: rounded(38.5 + 0.15 * gain + noise.neck), recordedAt: at))
            }
            if pressure {
                out.append(
                    BodyMeasurement(
                        date: day, kind: .bloodPressure, value: (122 + 0.8 * gain + bp.systolic).rounded(),
                        diastolic: (79 + 0.5 * gain + bp.diastolic).rounded(), recordedAt: at))
            }
            if pulse {
                out.append(BodyMeasurement(date: day, kind: .restingHeartRate, value: (60 + 0.6 * gain + hr).rounded(), recordedAt: at))
            }
        }
        return out
    }

    /// `hour` hours into `date` (UTC, as the rest of the demo).
    func instant(_ date: LocalDate, hour: Double) -> Date {
        Date(timeIntervalSince1970: Double(date.daysSinceEpoch) * 86_400 + hour * 3600)
    }
}
