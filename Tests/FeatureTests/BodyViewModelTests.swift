import BodiiUI
import Testing
import BodiiDomain
import BodiiStore
import TerminalKit
import BodyFeature

/// The Body tab's "log weight" form (fields: weight, body fat, muscle mass, date) and its history list.
@MainActor
@Suite struct BodyViewModelTests {
    private let year = DateRange(ending: TestDay.fixed, days: 365)

    @Test func historyTrendMatchesTheStoresDailyWeights() throws {
        let db = try TestDatabase.demo(days: 60)
        // Two weigh-ins on one day: the later one is that day's weight.
        let day = TestDay.fixed.adding(days: -3)
        try db.repositories.addBodyRecord(
            BodyRecord(date: day, weightKg: 90, recordedAt: db.clock.now.addingTimeInterval(-86_400 * 3 + 3600)),
            snapshot: MetabolismSnapshot(date: day, bmr: 1800, tdee: 2500, formula: .mifflinStJeor, activityLevel: .moderate))
        let vm = FlowHost(BodyViewModel(source: db.repositories, clock: db.clock))
        vm.didBecomeVisible()
        let expected = WeightTrend.compute(try db.repositories.dailyWeights(in: DateRange(ending: TestDay.fixed, days: 730)))
        let byDate = Dictionary(expected.map { ($0.date, $0.trendKg) }, uniquingKeysWith: { _, b in b })
        #expect(!vm.rows.isEmpty)
        for row in vm.rows { #expect(row.trendKg == byDate[row.record.date]) }
    }

    /// Issue 23 #23: an imported body-fat-only reading is a history row with "—" for its weight,
    /// and the trend stays the weigh-ins'.
    @Test func aBodyFatOnlyReadingShowsADashForItsWeight() throws {
        let db = try TestDatabase(profile: DemoHistory.profile)
        let yesterday = TestDay.fixed.adding(days: -1)
        try db.repositories.addBodyRecord(
            BodyRecord(date: yesterday, weightKg: 80, recordedAt: db.clock.now.addingTimeInterval(-86_400)), snapshot: nil)
        try db.repositories.addBodyRecord(
            BodyRecord(
                date: TestDay.fixed, weightKg: nil, bodyFatPercent: 23.4, recordedAt: db.clock.now,
                provenance: Provenance(source: "apple-health", externalId: "bodyfat/1/23.4")), snapshot: nil)
        let vm = FlowHost(BodyViewModel(source: db.repositories, clock: db.clock))
        vm.didBecomeVisible()
        #expect(vm.rows.map(\.record.weightKg) == [nil, 80])
        #expect(vm.rows.first?.trendKg == nil, "no trend point on a day without a weigh-in")
        let line = try #require(
            render(vm, .large).text.split(separator: "\n").first { $0.contains(TestDay.fixed.iso) && $0.contains("23.4 %") })
        #expect(line.contains("—"))
        #expect(!line.contains("kg"))
    }

    @Test func outOfRangeWeightShowsTheErrorAndWritesNothing() throws {
        let db = try TestDatabase(profile: DemoHistory.profile)
        let vm = FlowHost(BodyViewModel(source: db.repositories, clock: db.clock))
        vm.didBecomeVisible()
        #expect(!vm.isEditingText)

        #expect(vm.handle(.char("a")) == .handled)
        #expect(vm.form != nil)
        #expect(vm.isEditingText)
        #expect(vm.form?.value(BodyEntryField.date.rawValue) == "2026-11-22", "the date defaults to the clock's today")
        vm.type("500")
        #expect(vm.hasUnsavedInput)

        #expect(vm.handle(.enter) == .handled)
        let error = try #require(vm.form?.errors[BodyEntryField.weight.rawValue])
        // The field shows the value; the message says what is wrong and what is allowed.
        #expect(error == "Out of range: allowed 20–400 kg")
        #expect(vm.form?.errors.count == 1)
        #expect(vm.status?.kind == .error)
        #expect(vm.isEditingText, "the form stays open to fix the value")
        #expect(try db.repositories.bodyRecords(in: year).isEmpty)
        #expect(try db.repositories.latestMetabolismSnapshot(onOrBefore: TestDay.fixed) == nil)
    }

    @Test func validWeightAndBodyFatSaveWithKatchMcArdle() throws {
        let db = try TestDatabase(profile: DemoHistory.profile)
        let vm = FlowHost(BodyViewModel(source: db.repositories, clock: db.clock))
        vm.didBecomeVisible()
        vm.press(.char("a"))
        vm.type("500")
        vm.press(.enter)  // rejected first
        vm.press(.ctrl("u"))
        vm.type("81.4")
        vm.press(.tab)
        vm.type("17.5")

        #expect(vm.handle(.enter) == .handled)

        #expect(vm.form == nil)
        #expect(!vm.isEditingText)
        #expect(vm.status == StatusMessage("Logged 81.4 kg on 2026-11-22.", kind: .success))
        let records = try db.repositories.bodyRecords(in: year)
        #expect(records.count == 1)
        let record = try #require(records.first)
        #expect(record.weightKg == 81.4)
        #expect(record.bodyFatPercent == 17.5)
        #expect(record.muscleMassKg == nil)
        #expect(record.date == TestDay.fixed)
        #expect(record.recordedAt == db.clock.now)

        let snapshot = try #require(try db.repositories.latestMetabolismSnapshot(onOrBefore: TestDay.fixed))
        #expect(snapshot.formula == .katchMcArdle)
        #expect(snapshot.bodyRecordId == record.id)
        // Katch-McArdle: 370 + 21.6 × lean mass (kg).
        let lean = 81.4 * (1 - 0.175)
        #expect(abs(snapshot.bmr - (370 + 21.6 * lean)) < 0.5)
        #expect(abs(snapshot.tdee - snapshot.bmr * 1.55) < 0.5, "moderate activity")

        #expect(vm.rows.count == 1)
        #expect(vm.rows[vm.selected].record.id == record.id)
        #expect(vm.snapshot?.formula == .katchMcArdle)
    }

    @Test func weightWithoutBodyFatUsesMifflinStJeor() throws {
        let db = try TestDatabase(profile: DemoHistory.profile)
        let vm = FlowHost(BodyViewModel(source: db.repositories, clock: db.clock))
        vm.didBecomeVisible()
        vm.press(.char("a"))
        vm.type("80")
        vm.press(.enter)
        #expect(vm.form == nil)
        let snapshot = try #require(try db.repositories.latestMetabolismSnapshot(onOrBefore: TestDay.fixed))
        #expect(snapshot.formula == .mifflinStJeor)
    }

    @Test func savedBackdatedRecordIsSelected() throws {
        let db = try TestDatabase.demo()
        let vm = FlowHost(BodyViewModel(source: db.repositories, clock: db.clock))
        vm.didBecomeVisible()
        let before = vm.rows.count
        #expect(before > 40, "60 demo days, most with a weigh-in")

        vm.press(.char("a"))
        vm.type("77.7")
        vm.press(.tab, times: 3)  // date
        vm.press(.ctrl("u"))
        vm.type("2026-11-10")
        vm.press(.enter)

        #expect(vm.form == nil)
        #expect(vm.rows.count == before + 1)
        #expect(vm.selected > 0, "not the newest row: the record is 12 days old")
        let selected = vm.rows[vm.selected].record
        #expect(selected.weightKg == 77.7)
        #expect(selected.date == LocalDate(year: 2026, month: 11, day: 10))
        let stored = try db.repositories.bodyRecords(in: DateRange(start: selected.date, end: selected.date))
        #expect(stored.contains { $0.id == selected.id && $0.weightKg == 77.7 })
    }

    @Test func escapeCancelsAndWritesNothing() throws {
        let db = try TestDatabase(profile: DemoHistory.profile)
        let vm = FlowHost(BodyViewModel(source: db.repositories, clock: db.clock))
        vm.didBecomeVisible()
        vm.press(.char("a"))
        vm.type("80")
        vm.press(.tab)
        vm.type("20")

        #expect(vm.handle(.escape) == .handled)

        #expect(vm.form == nil)
        #expect(!vm.isEditingText)
        #expect(!vm.hasUnsavedInput)
        #expect(vm.status?.text == "Nothing logged.")
        #expect(vm.rows.isEmpty)
        #expect(try db.repositories.bodyRecords(in: year).isEmpty)
    }

    @Test func aWeightIsSavedBeforeAnyProfileWithoutBMR() throws {
        // One rule with the command line (issue 10, item 16): a weight needs no profile; its BMR
        // and TDEE come when the profile is set.
        let db = try TestDatabase()
        let vm = FlowHost(BodyViewModel(source: db.repositories, clock: db.clock))
        vm.didBecomeVisible()
        vm.press(.char("a"))
        vm.type("80")
        vm.press(.enter)
        #expect(vm.status?.kind == .success)
        #expect(try db.repositories.bodyRecords(in: year).map(\.weightKg) == [80])
        #expect(try db.repositories.latestMetabolismSnapshot(onOrBefore: db.clock.today) == nil)
    }

    @Test func selectionStaysInRange() throws {
        let db = try TestDatabase.demo()
        let vm = FlowHost(BodyViewModel(source: db.repositories, clock: db.clock))
        vm.didBecomeVisible()
        let count = vm.rows.count
        #expect(count == (try db.repositories.bodyRecords(in: year).count))
        #expect(vm.rows.first?.record.date == (try db.repositories.bodyRecords(in: year).last?.date), "newest first")

        vm.press(.char("k"))
        #expect(vm.selected == 0)
        vm.press(.char("j"), times: 3)
        #expect(vm.selected == 3)
        vm.press(.pageDown)
        #expect(vm.selected == 13)
        vm.press(.char("j"), times: count + 5)
        #expect(vm.selected == count - 1)
        vm.press(.pageDown)
        #expect(vm.selected == count - 1)
        vm.press(.up)
        #expect(vm.selected == count - 2)
        vm.press(.pageUp, times: 20)
        #expect(vm.selected == 0)
        #expect(vm.handle(.char("z")) == .ignored)
    }

    @Test func emptyHistoryKeepsSelectionAtZero() throws {
        let db = try TestDatabase(profile: DemoHistory.profile)
        let vm = FlowHost(BodyViewModel(source: db.repositories, clock: db.clock))
        vm.didBecomeVisible()
        vm.press(.char("j"), times: 3)
        vm.press(.pageDown)
        #expect(vm.selected == 0)
        #expect(vm.rows.isEmpty)
    }
}

@MainActor
@Suite struct BodyDeleteUndoTests {
    @Test func deleteAsksThenDeletesAndUndoRestoresTheSameRecord() throws {
        let db = try TestDatabase.demo(days: 10)
        let vm = FlowHost(BodyViewModel(source: db.repositories, clock: db.clock))
        vm.didBecomeVisible()
        let count = vm.rows.count
        let target = try #require(vm.rows.first?.record)

        #expect(vm.handle(.char("x")) == .handled)
        #expect(vm.pendingDelete == target)
        #expect(vm.handle(.char("n")) == .handled)
        #expect(vm.rows.count == count, "n keeps it")

        _ = vm.handle(.char("x"))
        #expect(vm.handle(.char("q")) == .handled, "other keys wait for y/n")
        #expect(vm.pendingDelete != nil)
        _ = vm.handle(.char("y"))
        #expect(vm.rows.count == count - 1)
        let range = DateRange(ending: TestDay.fixed, days: 30)
        #expect(try !db.repositories.bodyRecords(in: range).contains { $0.id == target.id })

        _ = vm.handle(.char("u"))
        let restored = try #require(try db.repositories.bodyRecords(in: range).first { $0.id == target.id })
        #expect(restored == target)
        #expect(vm.rows.count == count)
        #expect(try db.repositories.latestMetabolismSnapshot(onOrBefore: TestDay.fixed) != nil)
        _ = vm.handle(.char("u"))
        #expect(vm.status?.text == "Nothing to undo.")
    }
}
