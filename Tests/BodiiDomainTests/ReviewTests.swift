import Testing
@testable import BodiiDomain

/// Review periods, the wellness score (PRODUCT.md §6) from worked numbers, and the review's input rules.
@Suite struct ReviewTests {
    private func d(_ iso: String) -> LocalDate { LocalDate(iso: iso) ?? LocalDate(daysSinceEpoch: 0) }

    @Test func weeksRunMondayToSundayAndMonthsFromTheFirst() throws {
        let sunday = d("2026-11-22")
        let week = ReviewPeriod(.week, containing: sunday, weekStart: .monday)
        #expect(week.start == d("2026-11-16") && week.end == sunday)
        #expect(week.label == "16–22 Nov 2026")
        #expect(week.moved(by: -1).start == d("2026-11-09"))
        let crossing = ReviewPeriod(.week, containing: d("2026-12-31"), weekStart: .monday)
        #expect(crossing.label == "28 Dec–3 Jan 2027")
        let month = ReviewPeriod(.month, containing: sunday, weekStart: .monday)
        #expect(month.start == d("2026-11-01") && month.end == d("2026-11-30") && month.label == "November 2026")
        #expect(month.moved(by: 2).start == d("2027-01-01") && month.moved(by: 2).end == d("2027-01-31"))
        #expect(ReviewPeriod(.month, containing: d("2028-02-10"), weekStart: .monday).end == d("2028-02-29"))
        #expect(month.moved(by: -11).start == d("2025-12-01"))
    }

    @Test func aPeriodIsJudgedOnceItsLastDayIsOver() throws {
        let week = ReviewPeriod(.week, containing: d("2026-11-18"), weekStart: .monday)
        #expect(!week.isOver(today: d("2026-11-22")))
        #expect(week.isOver(today: d("2026-11-23")))
        #expect(week.elapsed(today: d("2026-11-18")) == DateRange(start: d("2026-11-16"), end: d("2026-11-18")))
        #expect(week.elapsed(today: d("2026-11-15")) == nil)
        let action = ReviewAction(period: week, text: "x", createdOn: d("2026-11-22"))
        #expect(action.judgedPeriod.start == d("2026-11-23"))
    }

    /// 7 nights, 5 of 7–9 h → 71.43; 100 min in 7 days → 66.67; 4 of 5 days on target → 80;
    /// mean mood 3.5 → 62.5; no steps → left out. Score = (71.43 + 66.67 + 80 + 62.5) / 4 = 70.15.
    @Test func wellnessIsTheMeanOfThePartsWithData() throws {
        let week = DateRange(start: d("2026-11-16"), end: d("2026-11-22"))
        let p = PeriodSummary(
            range: week,
            sleep: .init(nights: 7, averageMinutes: 450, bedtimeSDMinutes: 20, goodNights: 5, nightsOf7HoursOrMore: 6),
            exercise: .init(minutes: 100, sessions: 3, kcal: 500, minutesPerWeek: 100),
            weight: .init(startTrendKg: 80, endTrendKg: 79.8, weighInDays: 5),
            calories: .init(loggedDays: 6, adherentDays: 4, averageEaten: 2000, averageTarget: 2100, daysWithTarget: 5),
            mood: .init(days: 4, averageMood: 3.5, averageEnergy: 3),
            checkInDays: 4)
        let w = p.wellness
        #expect(isClose(w.sleep, 500.0 / 7))
        #expect(isClose(w.exercise, 200.0 / 3))
        #expect(w.nutrition == 80)
        #expect(w.mood == 62.5)
        #expect(w.steps == nil)
        #expect(isClose(w.score, (500.0 / 7 + 200.0 / 3 + 80 + 62.5) / 4))
        #expect(isClose(w.score, 70.148, tolerance: 0.001))

        var walked = p
        walked.steps = .init(days: 7, average: 10_000)  // capped at 100
        walked.exercise.minutesPerWeek = 300  // capped at 100
        #expect(walked.wellness.steps == 100 && walked.wellness.exercise == 100)
    }

    @Test func aPeriodWithoutDataHasNoPartsAndNoScore() throws {
        let week = DateRange(start: d("2026-11-16"), end: d("2026-11-22"))
        let p = PeriodSummary(
            range: week, sleep: .init(nights: 0, averageMinutes: nil, bedtimeSDMinutes: nil, goodNights: 0),
            exercise: .init(minutes: 0, sessions: 0, kcal: 0, minutesPerWeek: 0),
            weight: .init(startTrendKg: nil, endTrendKg: nil),
            calories: .init(loggedDays: 0, adherentDays: 0, averageEaten: nil, averageTarget: nil),
            mood: .init(days: 0, averageMood: nil, averageEnergy: nil), checkInDays: 0)
        #expect(p.wellness.parts.allSatisfy { $0.value == nil })
        #expect(p.wellness.score == nil)
        // A night logged makes the week tracked: no exercise then is a real 0, not missing data.
        var slept = p
        slept.sleep = .init(nights: 1, averageMinutes: 300, bedtimeSDMinutes: nil, goodNights: 0)
        #expect(slept.wellness.exercise == 0 && slept.wellness.sleep == 0 && slept.wellness.score == 0)
    }

    @Test func metricFiguresComeFromThePeriodSummary() throws {
        let week = DateRange(start: d("2026-11-16"), end: d("2026-11-22"))
        let p = PeriodSummary(
            range: week, sleep: .init(nights: 6, averageMinutes: 430, bedtimeSDMinutes: nil, goodNights: 4, nightsOf7HoursOrMore: 5),
            exercise: .init(minutes: 140, sessions: 3, kcal: 0, minutesPerWeek: 140),
            weight: .init(startTrendKg: nil, endTrendKg: nil, weighInDays: 3),
            calories: .init(loggedDays: 6, adherentDays: 2, averageEaten: nil, averageTarget: nil),
            mood: .init(days: 0, averageMood: nil, averageEnergy: nil), checkInDays: 0)
        #expect(ActionProgress.figure(.sleep, of: p) == 5)
        #expect(ActionProgress.figure(.exercise, of: p) == 140)
        #expect(ActionProgress.figure(.meals, of: p) == 6)
        #expect(ActionProgress.figure(.weighIns, of: p) == 3)
        #expect(ActionProgress.figure(.steps, of: p) == nil)
        let period = ReviewPeriod(.week, containing: week.start, weekStart: .monday)
        let done = ActionProgress(metric: .sleep, target: 5, period: period, value: 5, isFinal: true)
        #expect(done.met == true && done.verdict == "met 5/5 nights ≥ 7 h")
        let short = ActionProgress(metric: .exercise, target: 150, period: period, value: 140, isFinal: true)
        #expect(short.met == false && short.verdict == "not met 140/150 min exercise")
        let running = ActionProgress(metric: .exercise, target: 150, period: period, value: 140, isFinal: false)
        #expect(running.met == nil && running.verdict == "so far 140/150 min exercise")
        let noSteps = ActionProgress(metric: .steps, target: 8000, period: period, value: nil, isFinal: true)
        #expect(noSteps.met == nil)
        // Past the target the figure is no fraction over 1: "6 nights", not "6/5 nights".
        let more = ActionProgress(metric: .sleep, target: 5, period: period, value: 6, isFinal: true)
        #expect(more.met == true && more.verdict == "met 6 nights ≥ 7 h (target 5)")
        let ahead = ActionProgress(metric: .exercise, target: 150, period: period, value: 180, isFinal: false)
        #expect(ahead.verdict == "so far 180 min exercise (target 150)")
    }

    @Test func inputRules() throws {
        let today = d("2026-11-22")
        #expect(try ReviewInput.text("  Walk after lunch ") == "Walk after lunch")
        #expect(problem { try ReviewInput.text("   ") } == .empty)
        #expect(problem { try ReviewInput.text(String(repeating: "a", count: 10_240)) } == .tooLong)
        #expect(problem { try ReviewInput.text("bad\u{1B}[2Jtext") } == .invalidCharacters)
        #expect(try ReviewInput.dueDate("2026-11-22", today: today) == today)
        #expect(problem { try ReviewInput.dueDate("2026-11-21", today: today) } == .outOfRange)
        #expect(problem { try ReviewInput.dueDate("2031-01-01", today: today) } == .outOfRange)
        #expect(problem { try ReviewInput.dueDate("2026-02-30", today: today) } == .notARealDate)
        #expect(try ReviewInput.metric("weigh-ins") == .weighIns)
        #expect(problem { try ReviewInput.metric("naps") } == .invalidFormat)
        #expect(try ReviewInput.target("5", metric: .sleep) == 5)
        #expect(problem { try ReviewInput.target("-3", metric: .exercise) } == .outOfRange)
        #expect(problem { try ReviewInput.target("32", metric: .sleep) } == .outOfRange)
        #expect(try ReviewInput.note("") == nil)
    }
}

/// Issue 23 #24 (d) and #6: one rounding rule for every whole number shown, applied once, and
/// total on any stored value.
@Suite struct WholeNumberTests {
    @Test func exerciseEnergyIsStoredAsComputedAndRoundedOnceWhereShown() {
        let kcal = ExerciseLogging.kcal(met: 4, weightKg: 82.29, minutes: 100)  // 3 × 82.29 × 100 / 60
        #expect(abs(kcal - 411.45) < 1e-9, "not 411.5")
        #expect(WholeNumber.text(kcal) == "411")
        #expect(UnitFormatter(.metric).energy(kcal) == "411 kcal")
        #expect(NutrientFormat.kcal(kcal) == "411")
    }

    @Test func halfRoundsAwayFromZeroEverywhere() {
        #expect(WholeNumber.of(47.5) == 48 && WholeNumber.of(46.5) == 47 && WholeNumber.of(-0.5) == -1)
        #expect(UnitFormatter(.metric).energy(412.5) == "413 kcal", "not the banker's 412 of %.0f")
        #expect(WholeNumber.text(-0.4) == "0")
    }

    @Test func unknownIsNeverATrap() {
        for v in [Double.infinity, -.infinity, .nan, 1e300, -1e300, 1e15] {
            #expect(WholeNumber.of(v) == nil)
            #expect(WholeNumber.text(v) == "—")
        }
        #expect(UnitFormatter(.metric).energy(1e300) == "–")
        #expect(UnitFormatter(.imperial).height(1e300) == "–")
        #expect(NutrientFormat.grams(1e300) == "–")
    }
}

/// Issue 23 #24 (c): a day's cost is its entries' exact costs summed, rounded once.
@Suite struct DayCostRoundingTests {
    @Test func theSumIsRoundedOnceNotEachEntry() throws {
        let day = try #require(LocalDate(iso: "2026-11-20"))
        // 1 kg for €1.00: 4 g cost 0.4 cent each; three of them 1.2 cent → 1 cent, not 0 + 0 + 0.
        let purchase = Purchase(itemId: 1, date: day, quantity: PantryQuantity(1000, .grams), grams: 1000, price: Money(minorUnits: 100))
        let entry = FoodRecord(
            date: day, meal: .lunch, foodId: FoodID("usda:1"), foodName: "Rice", grams: 4, kcal: 14,
            proteinG: 0, carbsG: 3, fatG: 0)
        let cost = DayCost(records: [entry, entry, entry], latestPurchases: [FoodID("usda:1"): purchase])
        #expect(cost.amount?.minorUnits == 1)
        // 0.5 cent rounds half away from zero, once: 5 g is 0.5 → 1 cent.
        var half = entry
        half.grams = 5
        #expect(DayCost(records: [half], latestPurchases: [FoodID("usda:1"): purchase]).amount?.minorUnits == 1)
        // A quick add has no grams: unpriced, never a trap.
        let quick = FoodRecord(
            date: day, meal: .lunch, foodId: QuickAdd.foodID, foodName: "Burger", grams: nil, kcal: 900,
            proteinG: 0, carbsG: 0, fatG: 0)
        #expect(DayCost(records: [quick], latestPurchases: [QuickAdd.foodID: purchase]).pricedEntries == 0)
    }
}
