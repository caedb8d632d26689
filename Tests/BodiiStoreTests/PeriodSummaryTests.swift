import BodiiDomain
import Foundation
import Testing
@testable import BodiiStore

/// A week in numbers, worked out by hand, on a real database.
@Suite struct PeriodSummaryTests {
    let week = DateRange(start: day("2026-11-16"), end: day("2026-11-22"))

    @Test func aWeekInNumbers() throws {
        try withDatabase { _, repos in
            // Weighed at 80 kg for two months: a steady trend and a formula TDEE of 2500 kcal.
            for offset in 0..<60 {
                let d = week.end.adding(days: -offset)
                try repos.addBodyRecord(
                    BodyRecord(date: d, weightKg: 80, recordedAt: instant(1_795_000_000 - offset * 86_400)),
                    snapshot: snapshot(d, bmr: 1800, tdee: 2500))
            }
            try repos.saveActiveGoal(
                Goal(
                    type: .maintain, weeklyRateKg: 0, dailyCalorieTarget: nil, proteinG: nil, carbsG: nil, fatG: nil,
                    createdOn: day("2026-09-01")))
            // Target 2500 every day (no earlier meals, so the formula): 2400 and 2700 are within
            // 10 %, 2000 is not; 100 kcal is still a logged day.
            for (iso, kcal) in [("2026-11-16", 2400.0), ("2026-11-17", 2700), ("2026-11-18", 2000), ("2026-11-19", 100)] {
                try repos.addFoodRecord(food(day(iso), kcal: kcal))
            }
            // Nights of 7 h 00, 8 h 01 and 5 h 00: mean 6 h 40.33 → 6 h 40; two of them 7–9 h.
            for (iso, minutes) in [("2026-11-20", 420), ("2026-11-21", 481), ("2026-11-22", 300)] {
                try repos.addSleepRecord(
                    SleepRecord(
                        date: day(iso), bedtime: ClockTime(hour: 23, minute: 0), wakeTime: nil,
                        minutes: minutes, quality: 3, status: SleepMath.status(minutes: minutes)))
            }
            try repos.addExerciseRecord(exercise(day("2026-11-17"), kcal: 300, minutes: 40))
            try repos.addExerciseRecord(exercise(day("2026-11-19"), kcal: 200, minutes: 35))
            try repos.saveCheckIn(CheckIn(date: day("2026-11-21"), mood: 4, energy: 2))
            try repos.saveCheckIn(CheckIn(date: day("2026-11-22"), mood: 5, energy: nil, note: "fine"))

            let p = try PeriodSummary.load(range: week, source: repos)
            #expect(p.sleep.nights == 3)
            #expect(p.sleep.averageMinutes == 400)
            #expect(p.sleep.goodNights == 2)
            #expect(p.sleep.bedtimeSDMinutes == 0)
            #expect(p.exercise.minutes == 75 && p.exercise.sessions == 2 && p.exercise.kcal == 500 && p.exercise.minutesPerWeek == 75)
            #expect(p.calories.loggedDays == 4)
            #expect(p.calories.adherentDays == 2)
            #expect(p.calories.averageEaten == 1800)
            #expect(p.calories.averageTarget == 2500)
            #expect(p.weight.startTrendKg == 80 && p.weight.changeKg == 0)
            #expect(p.mood.days == 2 && p.mood.averageMood == 4.5 && p.mood.averageEnergy == 2)
            #expect(p.checkInDays == 2)
        }
    }

    @Test func anEmptyWeekSaysSoWithoutMadeUpZeros() throws {
        try withDatabase { _, repos in
            let p = try PeriodSummary.load(range: week, source: repos)
            #expect(p.sleep.averageMinutes == nil && p.sleep.nights == 0)
            #expect(p.calories.averageEaten == nil && p.calories.averageTarget == nil)
            #expect(p.weight.startTrendKg == nil && p.weight.changeKg == nil)
            #expect(p.mood.averageMood == nil)
        }
    }
}
