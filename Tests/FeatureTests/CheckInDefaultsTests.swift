import Testing
import BodiiDomain
import BodiiStore
import TerminalKit
@testable import CheckInFeature

/// Issue 26: the check-in's bed and wake fields hold last night's or the usual times, which Enter
/// logs; the examples show only for someone with no nights yet.
@MainActor
@Suite struct CheckInDefaultsTests {
    private func modal(_ db: TestDatabase) -> CheckInViewModel { CheckInViewModel(source: db.repositories, clock: db.clock) }

    private func log(_ db: TestDatabase, daysAgo: Int, bed: String, wake: String) throws {
        let night = try SleepLogging.validate(
            SleepEntryInput(bedtime: bed, wakeTime: wake, date: TestDay.fixed.adding(days: -daysAgo).iso),
            today: TestDay.fixed
        ).get()
        try SleepLogging(store: db.repositories, clock: db.clock).save(night)
    }

    @Test func enterLogsTheUsualTimesOfTheLastNights() throws {
        let db = try TestDatabase(profile: DemoHistory.profile)
        try log(db, daysAgo: 1, bed: "23:30", wake: "07:00")
        try log(db, daysAgo: 2, bed: "00:10", wake: "06:40")
        try log(db, daysAgo: 3, bed: "23:50", wake: "07:10")
        try log(db, daysAgo: 15, bed: "03:00", wake: "11:00")  // beyond the 14 nights
        let vm = modal(db)
        vm.press(.ctrl("n"))  // no weight
        #expect(vm.step == .sleep)
        #expect(vm.form.value("bed") == "23:50")
        #expect(vm.form.value("wake") == "07:00")
        #expect(vm.intro == "Filled in from your usual times over the last 3 nights: Enter logs them, or type over them.")
        vm.press(.enter)
        #expect(vm.step == .feelings)
        vm.press(.ctrl("n"))
        vm.press(.ctrl("n"))  // saves
        let night = try #require(try db.repositories.sleepRecords(in: DateRange(start: TestDay.fixed, end: TestDay.fixed)).first)
        #expect(night.bedtime?.description == "23:50" && night.wakeTime?.description == "07:00" && night.minutes == 430)
    }

    @Test func oneNightIsLastNightsTimesAndTypingReplacesThem() throws {
        let db = try TestDatabase(profile: DemoHistory.profile)
        try log(db, daysAgo: 1, bed: "22:45", wake: "06:15")
        let vm = modal(db)
        vm.press(.ctrl("n"))
        #expect(vm.form.value("bed") == "22:45")
        #expect(vm.intro == "Filled in from your last logged night: Enter logs them, or type over them.")
        vm.type("11:15pm")  // the prefill is selected: typing replaces it
        vm.press(.enter)
        #expect(vm.step == .feelings)
        vm.press(.ctrl("n"))
        vm.press(.ctrl("n"))
        let night = try #require(try db.repositories.sleepRecords(in: DateRange(start: TestDay.fixed, end: TestDay.fixed)).first)
        #expect(night.bedtime?.description == "23:15" && night.wakeTime?.description == "06:15")
    }

    @Test func withoutNightsTheFieldsAreEmptyWithExamples() throws {
        let db = try TestDatabase(profile: DemoHistory.profile)
        let vm = modal(db)
        vm.press(.ctrl("n"))
        #expect(vm.form.value("bed") == "")
        guard case .text(let bed) = vm.form.fields[0].input else { Issue.record("bed is a text field"); return }
        #expect(bed.placeholder == "23:30")
        vm.press(.enter)  // nothing typed: the step is skipped
        #expect(vm.step == .feelings)
        #expect(vm.answers.night == nil)
    }

    @Test func escAsksOnlyWhenSomethingWasTypedOrAnswered() throws {
        let db = try TestDatabase(profile: DemoHistory.profile)
        let vm = modal(db)
        #expect(!vm.hasUnsavedInput, "the prefilled weight is not typed input")
        vm.press(.ctrl("n"))
        vm.press(.ctrl("n"))
        #expect(vm.step == .feelings)
        #expect(!vm.hasUnsavedInput, "skipped steps answer nothing")
        vm.type("4")
        #expect(vm.hasUnsavedInput)
    }
}
