import Testing
import BodiiDomain
import BodiiStore
import TerminalKit
import SleepFeature

/// The Sleep tab's flows on a real database: log by times or duration, one night per wake date,
/// edit, delete with y/n, undo.
@MainActor
@Suite struct SleepViewModelTests {
    private let month = DateRange(ending: TestDay.fixed, days: 30)

    private func tab(_ db: TestDatabase) -> FlowHost<SleepViewModel> {
        let vm = FlowHost(SleepViewModel(source: db.repositories, clock: db.clock))
        vm.didBecomeVisible()
        return vm
    }

    /// Fills the form's fields in order (bedtime, wake, duration, quality, woke on) and submits.
    private func log(_ vm: FlowHost<SleepViewModel>, bed: String = "", wake: String = "", duration: String = "", quality: String = "") {
        vm.press(.char("a"))
        for value in [bed, wake, duration, quality] {
            vm.type(value)
            vm.press(.tab)
        }
        vm.press(.enter)
    }

    @Test func logByDurationStoresANightWithoutTimes() throws {
        let db = try TestDatabase(profile: DemoHistory.profile)
        let vm = tab(db)
        log(vm, duration: "6h40", quality: "3")
        #expect(vm.form == nil)
        #expect(vm.status?.text == "Logged 6 h 40 (fair) for 2026-11-22.")
        let nights = try db.repositories.sleepRecords(in: month)
        #expect(nights.count == 1)
        #expect(nights.first?.minutes == 400)
        #expect(nights.first?.bedtime == nil)
        #expect(nights.first?.quality == 3)
        #expect(render(vm, .small).text.contains("6 h 40"))
    }

    /// Issue 23 #19: logging a night on a date that has one asks first (the old night's bed,
    /// wake and quality would be lost), n keeps it, y replaces it, and u puts it back.
    @Test func aSecondNightForTheSameWakeDateAsksBeforeReplacingAndUndoRestoresIt() throws {
        let db = try TestDatabase(profile: DemoHistory.profile)
        let vm = tab(db)
        log(vm, bed: "23:00", wake: "06:40", quality: "4")
        let original = try #require(try db.repositories.sleepRecords(in: month).first)

        log(vm, duration: "6h15")
        #expect(vm.pendingReplace != nil)
        #expect(vm.keyMap.title == "Replace", "the footer offers y/n, not the form's keys")
        let question = render(vm, .small).text
        #expect(question.contains("Replace the night 7 h 40 of 2026-11-22, bed 23:00, up 06:40,"), "\(question)")
        #expect(question.contains("quality 4/5 by") && question.contains("6 h 15? y/n"), "\(question)")
        #expect(try db.repositories.sleepRecords(in: month) == [original], "nothing changes before the answer")
        vm.press(.char("n"))
        #expect(vm.pendingReplace == nil)
        #expect(vm.form != nil, "back to the form, to change the date")
        #expect(try db.repositories.sleepRecords(in: month) == [original])

        vm.press(.enter)
        vm.press(.char("y"))
        #expect(vm.form == nil)
        #expect(vm.status?.text == "Replaced the night 7 h 40 of 2026-11-22, bed 23:00, up 06:40, quality 4/5 by 6 h 15 — u to undo.")
        #expect(try db.repositories.sleepRecords(in: month).map(\.minutes) == [375])

        vm.press(.char("u"))
        #expect(vm.status?.text == "Restored the night 7 h 40 of 2026-11-22, bed 23:00, up 06:40, quality 4/5.")
        #expect(try db.repositories.sleepRecords(in: month) == [original], "bed, wake and quality are back")
        vm.press(.char("u"))
        #expect(vm.status?.text == "Nothing to undo.")
    }

    @Test func editPrefillsAndSavesInPlace() throws {
        let db = try TestDatabase(profile: DemoHistory.profile)
        let vm = tab(db)
        log(vm, bed: "23:00", wake: "06:00", quality: "2")
        let id = try #require(try db.repositories.sleepRecords(in: month).first?.id)
        vm.press(.char("e"))
        #expect(vm.form?.value(SleepEntryField.bedtime.rawValue) == "23:00")
        #expect(vm.form?.value(SleepEntryField.quality.rawValue) == "2")
        vm.press(.tab)
        vm.press(.ctrl("u"))
        vm.type("07:15")
        vm.press(.enter)
        #expect(vm.form == nil)
        #expect(vm.status?.text == "Saved the night 8 h 15 of 2026-11-22.")
        let nights = try db.repositories.sleepRecords(in: month)
        #expect(nights.map(\.id) == [id])
        #expect(nights.first?.status == .good)
    }

    /// An imported night corrected by hand keeps its source and its id there (a re-import finds it).
    @Test func anEditKeepsWhereTheNightCameFrom() throws {
        let db = try TestDatabase(profile: DemoHistory.profile)
        let imported = Provenance(source: "apple-health", externalId: "night-1")
        try SleepLogging(store: db.repositories, clock: db.clock).save(
            SleepRecord(date: TestDay.fixed, bedtime: nil, wakeTime: nil, minutes: 420, quality: nil, status: .good, provenance: imported))
        let vm = tab(db)
        vm.press(.char("e"))
        vm.press(.tab, times: 2)
        vm.press(.ctrl("u"))
        vm.type("6h")
        vm.press(.enter)
        let night = try #require(try db.repositories.sleepRecords(in: month).first)
        #expect(night.minutes == 360)
        #expect(night.provenance == imported)
    }

    @Test func editCannotMoveANightOntoAnotherNightsDate() throws {
        let db = try TestDatabase(profile: DemoHistory.profile)
        let logging = SleepLogging(store: db.repositories, clock: db.clock)
        try logging.save(
            SleepRecord(date: TestDay.fixed.adding(days: -1), bedtime: nil, wakeTime: nil, minutes: 420, quality: nil, status: .good))
        try logging.save(SleepRecord(date: TestDay.fixed, bedtime: nil, wakeTime: nil, minutes: 300, quality: nil, status: .poor))
        let vm = tab(db)
        vm.press(.char("e"))  // the newest night, today's
        vm.press(.tab, times: 4)
        vm.press(.ctrl("u"))
        vm.type(TestDay.fixed.adding(days: -1).iso)
        vm.press(.enter)
        #expect(vm.form?.errors[SleepEntryField.date.rawValue]?.contains("already has a night") == true)
        vm.press(.escape)
        #expect(try db.repositories.sleepRecords(in: month).map(\.minutes) == [420, 300])
    }

    @Test func deleteAsksThenDeletesAndUndoRestoresTheSameNight() throws {
        let db = try TestDatabase(profile: DemoHistory.profile)
        let vm = tab(db)
        log(vm, bed: "00:30", wake: "07:30", quality: "4")
        let night = try #require(try db.repositories.sleepRecords(in: month).first)
        vm.press(.char("x"))
        #expect(vm.pendingDelete == night)
        vm.press(.char("q"))  // a stray key neither deletes nor keeps
        #expect(vm.pendingDelete == night)
        vm.press(.char("n"))
        #expect(try db.repositories.sleepRecords(in: month).count == 1)
        vm.press(.char("x"))
        vm.press(.char("y"))
        #expect(try db.repositories.sleepRecords(in: month).isEmpty)
        #expect(vm.status?.text == "Deleted the night 7 h 00 of 2026-11-22 — u to undo.")
        vm.press(.char("u"))
        #expect(try db.repositories.sleepRecords(in: month) == [night])
        vm.press(.char("u"))
        #expect(vm.status?.text == "Nothing to undo.")
    }

    @Test func escapeInTheFormWritesNothing() throws {
        let db = try TestDatabase(profile: DemoHistory.profile)
        let vm = tab(db)
        vm.press(.char("a"))
        vm.type("23:00")
        vm.press(.escape)
        #expect(vm.form == nil)
        #expect(try db.repositories.sleepRecords(in: month).isEmpty)
    }
}
