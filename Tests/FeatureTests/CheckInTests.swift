import Testing
import BodiiDomain
import BodiiStore
import SharedCharts
import TerminalKit
import CheckInFeature
import DashboardFeature
import DietFeature

/// The daily check-in modal driven by keys on a real database.
@MainActor
@Suite struct CheckInTests {
    private let today = DateRange(start: TestDay.fixed, end: TestDay.fixed)

    private func modal(_ db: TestDatabase) -> CheckInViewModel { CheckInViewModel(source: db.repositories, clock: db.clock) }

    @Test func everyStepAnsweredSavesWeightNightFeelingsAndTheSentence() throws {
        let db = try TestDatabase(profile: DemoHistory.profile)
        try BodyLogging(store: db.repositories, clock: db.clock)
            .save(BodyRecord(date: TestDay.fixed.adding(days: -1), weightKg: 80.2, recordedAt: db.clock.now))
        let vm = modal(db)
        #expect(vm.form.value("weight") == "80.2", "prefilled with the last weight")
        vm.type("79.9")  // replaces the selected prefill
        vm.press(.enter)
        #expect(vm.step == .sleep)
        vm.type("23:10")
        vm.press(.tab)
        vm.type("06:40")
        vm.press(.tab)
        vm.type("4")
        vm.press(.enter)
        #expect(vm.step == .feelings)
        vm.type("45")  // mood 4, then energy 5
        vm.press(.enter)
        #expect(vm.step == .note)
        vm.type("the walk helped")
        #expect(try db.repositories.checkIn(on: TestDay.fixed) == nil, "nothing is written before the last step")
        #expect(try db.repositories.bodyRecords(in: today).isEmpty)
        vm.press(.enter)

        #expect(vm.step == .done)
        #expect(vm.status?.text == "Check-in saved.")
        let checkIn = try #require(try db.repositories.checkIn(on: TestDay.fixed))
        #expect(checkIn == CheckIn(date: TestDay.fixed, mood: 4, energy: 5, note: "Today I feel good because the walk helped"))
        #expect(try db.repositories.bodyRecords(in: today).map(\.weightKg) == [79.9])
        #expect(try db.repositories.latestMetabolismSnapshot(onOrBefore: TestDay.fixed)?.date == TestDay.fixed)
        let night = try #require(try db.repositories.sleepRecords(in: today).first)
        #expect(night.minutes == 450 && night.quality == 4 && night.bedtime?.description == "23:10")
        #expect(vm.summary?.weightKg == 79.9)
        #expect(render(vm, .small).text.contains("Today I feel good because the walk helped"))
        // The target and the burn it starts from, as the Goal card says them: one figure each.
        let targets = try #require(vm.summary?.targets)
        let expenditure = try #require(targets.expenditure)
        let basis = try #require(expenditure.sourcePhrasings.last)
        #expect(render(vm, .small).text.contains("· burn \(WholeNumber.text(expenditure.kcalPerDay)) (\(basis))"))
        #expect(vm.handle(.enter) == .close)
    }

    /// Without a mood there is no "Today I feel … because" sentence: the note is asked for as a
    /// note. Going back and giving a mood brings the sentence back.
    @Test func aSkippedMoodAsksForAPlainNote() throws {
        let db = try TestDatabase(profile: DemoHistory.profile)
        let vm = modal(db)
        vm.press(.enter)
        vm.press(.ctrl("n"))
        #expect(vm.step == .feelings)
        vm.press(.enter)
        #expect(vm.step == .note)
        #expect(vm.form.fields.first?.label == "Note")
        #expect(render(vm, .small).text.contains("Anything to remember about today?"))
        vm.press(.ctrl("b"))
        vm.type("4")
        vm.press(.enter)
        #expect(vm.form.fields.first?.label == "because")
        vm.type("knee sore")
        vm.press(.enter)
        #expect(try db.repositories.checkIn(on: TestDay.fixed)?.note == "Today I feel good because knee sore")
    }

    /// Key bindings drive the steps: each binding a step's help lists does something there (moves
    /// the step, changes the form or closes), so help and behaviour cannot drift.
    @Test(arguments: CheckInViewModel.Step.allCases)
    func everyListedKeyOfAStepActs(step: CheckInViewModel.Step) throws {
        let db = try TestDatabase(profile: DemoHistory.profile)
        let open = { () -> CheckInViewModel in
            let vm = self.modal(db)
            vm.press(.ctrl("n"), times: step.rawValue)  // skipping every step reaches the summary, saving nothing
            return vm
        }
        #expect(open().step == step)
        for binding in open().keyMap.bindings {
            let acts = binding.keys.contains { key in
                let vm = open()
                let (stepBefore, formBefore) = (vm.step, vm.form)
                return vm.handle(key) == .close || vm.step != stepBefore || vm.form != formBefore
            }
            #expect(acts, "\(step): \(binding.keyLabel) is in help but does nothing")
        }
    }

    @Test(arguments: 0...3)
    func escapeAtAnyStepKeepsNothing(step: Int) throws {
        let db = try TestDatabase(profile: DemoHistory.profile)
        let vm = modal(db)
        vm.type("81")
        let keys: [[Key]] = [
            [.enter],
            [.char("2"), .char("3"), .char(":"), .char("0"), .char("0"), .tab, .char("7"), .char(":"), .char("0"), .char("0"), .enter],
            [.char("3"), .char("3"), .enter],
        ]
        for k in keys.prefix(step).joined() { _ = vm.handle(k) }
        #expect(vm.step.rawValue == step)
        #expect(vm.handle(.escape) == .close)
        #expect(try db.repositories.checkIn(on: TestDay.fixed) == nil)
        #expect(try db.repositories.bodyRecords(in: today).isEmpty)
        #expect(try db.repositories.sleepRecords(in: today).isEmpty)
    }

    @Test func badValuesAreMarkedInlineAndTheStepStays() throws {
        let db = try TestDatabase(profile: DemoHistory.profile)
        let vm = modal(db)
        vm.type("900")
        vm.press(.enter)
        #expect(vm.step == .weight)
        #expect(vm.form.errors["weight"] == "Out of range: allowed 20–400 kg")
        vm.press(.ctrl("u"))
        vm.type("80")
        vm.press(.enter)
        vm.type("25:00")
        vm.press(.enter)
        #expect(vm.step == .sleep)
        #expect(vm.form.errors["bed"] == "Not in a valid format: allowed a time like 23:15, 2315, 6.50, 11:15pm, 7am or noon")
        #expect(vm.form.errors["wake"] != nil, "a bedtime alone is not a night")
    }

    @Test func skippedStepsKeepWhatTheDayHadAndBackReturnsToAnswers() throws {
        let db = try TestDatabase(profile: DemoHistory.profile)
        try db.repositories.saveCheckIn(CheckIn(date: TestDay.fixed, mood: 2, energy: 3, note: "earlier"))
        let vm = modal(db)
        vm.press(.ctrl("n"))  // no weight
        vm.press(.ctrl("n"))  // no night
        #expect(vm.step == .feelings)
        #expect(vm.form.value("mood") == "2 low", "today's earlier answers are shown")
        vm.press(.ctrl("b"))
        #expect(vm.step == .sleep)
        vm.press(.ctrl("n"))
        vm.press(.right)  // mood 3
        vm.press(.enter)
        vm.press(.ctrl("n"))  // no note: keeps the earlier one
        #expect(vm.step == .done)
        #expect(try db.repositories.checkIn(on: TestDay.fixed) == CheckIn(date: TestDay.fixed, mood: 3, energy: 3, note: "earlier"))
        #expect(try db.repositories.bodyRecords(in: today).isEmpty)
    }

    @Test func skippingEverythingWritesNothing() throws {
        let db = try TestDatabase(profile: DemoHistory.profile)
        let vm = modal(db)
        vm.press(.ctrl("n"), times: 4)
        #expect(vm.step == .done)
        #expect(vm.status?.text == "Every step was skipped: nothing saved.")
        #expect(try db.repositories.checkIn(on: TestDay.fixed) == nil)
    }

    @Test func aNightAlreadyLoggedForTodayIsReplacedNotDoubled() throws {
        let db = try TestDatabase(profile: DemoHistory.profile)
        try SleepLogging(store: db.repositories, clock: db.clock)
            .save(SleepRecord(date: TestDay.fixed, bedtime: nil, wakeTime: nil, minutes: 300, quality: nil, status: .poor))
        let vm = modal(db)
        vm.press(.ctrl("n"))
        vm.type("22:45")
        vm.press(.tab)
        vm.type("06:45")
        vm.press(.enter)
        vm.press(.ctrl("n"), times: 2)
        #expect(try db.repositories.sleepRecords(in: today).map(\.minutes) == [480])
    }

    @Test func sentenceTemplate() {
        #expect(
            DailyCheckIn.sentence(template: "Today I feel [mood] because [note]", mood: 5, note: "sun") == "Today I feel great because sun")
        #expect(DailyCheckIn.sentence(template: "Mood: [mood]. [note]", mood: 1, note: "rain") == "Mood: awful. rain")
        #expect(DailyCheckIn.sentence(template: "Today I feel [mood] because [note]", mood: nil, note: "sun") == "sun")
    }
}

/// Issue 9: the check-in never writes a second weigh-in by accepting the prefill, keeps the day's
/// body fat, answers for the selected day, and its summary shows what the day holds.
@MainActor
@Suite struct CheckInDayRulesTests {
    private let today = DateRange(start: TestDay.fixed, end: TestDay.fixed)

    private func imperialDB() throws -> TestDatabase {
        var profile = DemoHistory.profile
        profile.unitSystem = .imperial
        let db = try TestDatabase(profile: profile)
        try BodyLogging(store: db.repositories, clock: db.clock)
            .save(BodyRecord(date: TestDay.fixed, weightKg: 79.9, bodyFatPercent: 19, recordedAt: db.clock.now))
        return db
    }

    private func skipToTheEnd(_ vm: CheckInViewModel) {
        vm.press(.ctrl("n"), times: 3)
        vm.press(.enter)
    }

    @Test func acceptingThePrefilledWeightWritesNothing() throws {
        let db = try imperialDB()
        let before = try db.repositories.bodyRecords(in: today)
        let vm = CheckInViewModel(source: db.repositories, clock: db.clock)
        #expect(vm.form.value("weight") == "176.1", "79.9 kg shown in pounds")
        vm.press(.enter)  // accept 176.1 lb as it is
        vm.type("44")
        vm.press(.enter)
        skipToTheEnd(vm)
        #expect(vm.step == .done)
        #expect(try db.repositories.bodyRecords(in: today) == before, "no second weigh-in, no 79.877616357 kg")
        let summary = try DaySummaryQuery(source: db.repositories).summary(for: TestDay.fixed)
        #expect(summary.weightKg == 79.9)
        #expect(summary.bodyFatPercent == 19)
    }

    @Test func aChangedWeightCorrectsTheDaysWeighInAndKeepsItsBodyFat() throws {
        let db = try imperialDB()
        let vm = CheckInViewModel(source: db.repositories, clock: db.clock)
        #expect(render(vm, .small).text.contains("Already weighed: 176.1 lb"))
        vm.type("175")
        vm.press(.enter)
        vm.press(.ctrl("n"), times: 3)
        let records = try db.repositories.bodyRecords(in: today)
        #expect(records.count == 1)
        #expect(abs((records.first?.weightKg ?? 0) - 175 * 0.45359237) < 1e-9)
        #expect(records.first?.bodyFatPercent == 19)
        #expect(try db.repositories.latestMetabolismSnapshot(onOrBefore: TestDay.fixed)?.formula == .katchMcArdle)
    }

    @Test func skippingEveryStepShowsTheDayAsStored() throws {
        let db = try TestDatabase(profile: DemoHistory.profile)
        try db.repositories.saveCheckIn(CheckIn(date: TestDay.fixed, mood: 4, energy: 2, note: "earlier"))
        let vm = CheckInViewModel(source: db.repositories, clock: db.clock)
        vm.press(.ctrl("n"), times: 4)
        #expect(vm.step == .done)
        #expect(vm.status?.text == "Every step was skipped: nothing saved.")
        let text = render(vm, .small).text
        #expect(text.contains("mood good, energy tired"), "\(text)")
        #expect(!text.contains("mood —"))
    }

    @Test func theCheckInAnswersForTheSelectedDay() throws {
        let db = try TestDatabase(profile: DemoHistory.profile)
        let selection = SelectedDay(TestDay.fixed)
        let dashboard = DashboardViewModel(source: db.repositories, clock: db.clock, selection: selection)
        let diet = DietViewModel(source: db.repositories, clock: db.clock, selection: selection)
        dashboard.didBecomeVisible()
        dashboard.press(.char("["))
        diet.didBecomeVisible()
        #expect(diet.day == TestDay.fixed.adding(days: -1), "one selected day for every tab")
        let vm = CheckInViewModel(source: db.repositories, clock: db.clock, day: selection.date)
        vm.press(.ctrl("n"), times: 2)
        vm.type("35")
        vm.press(.enter)
        vm.press(.enter)
        #expect(try db.repositories.checkIn(on: TestDay.fixed.adding(days: -1))?.mood == 3)
        #expect(try db.repositories.checkIn(on: TestDay.fixed) == nil)
    }
}
