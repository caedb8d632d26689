import Testing
import BodiiDomain
import BodiiStore
import TerminalKit
import BodyFeature

/// Editing a weigh-in (`e`) and the weight chart's range (`-` / `+`).
@MainActor
@Suite struct BodyEditAndChartTests {
    private let year = DateRange(ending: TestDay.fixed, days: 365)

    private func logged(_ weights: [(daysAgo: Int, kg: Double, fat: Double?)]) throws -> (TestDatabase, FlowHost<BodyViewModel>) {
        let db = try TestDatabase(profile: DemoHistory.profile)
        let logging = BodyLogging(store: db.repositories, clock: db.clock)
        for w in weights {
            try logging.save(
                BodyRecord(date: TestDay.fixed.adding(days: -w.daysAgo), weightKg: w.kg, bodyFatPercent: w.fat, recordedAt: db.clock.now))
        }
        let vm = FlowHost(BodyViewModel(source: db.repositories, clock: db.clock))
        vm.didBecomeVisible()
        return (db, vm)
    }

    @Test func editPrefillsTheSelectedRecordAndReplacesItWithAFreshSnapshot() throws {
        let (db, vm) = try logged([(2, 82, nil), (0, 80, nil)])
        let before = try db.repositories.bodyRecords(in: year)
        vm.press(.down)  // the older weigh-in (rows are newest first)
        vm.press(.char("e"))
        let form = try #require(vm.form)
        #expect(form.value(BodyEntryField.weight.rawValue) == "82")
        #expect(form.value(BodyEntryField.bodyFat.rawValue) == "")
        #expect(form.value(BodyEntryField.date.rawValue) == TestDay.fixed.adding(days: -2).iso)

        vm.press(.ctrl("u"))
        vm.type("81.5")
        vm.press(.tab)
        vm.type("20")
        vm.press(.enter)
        #expect(vm.form == nil)
        #expect(vm.status?.text == "Saved 81.5 kg on \(TestDay.fixed.adding(days: -2).iso).")

        let after = try db.repositories.bodyRecords(in: year)
        #expect(after.count == 2, "an edit replaces, it does not add")
        let edited = try #require(after.first { $0.id == before[0].id })
        #expect(edited.weightKg == 81.5)
        #expect(edited.bodyFatPercent == 20)
        #expect(edited.recordedAt == before[0].recordedAt)
        // The snapshot of that day now uses Katch-McArdle with the new values: 370 + 21.6 × 81.5 × 0.8.
        let snapshot = try #require(try db.repositories.latestMetabolismSnapshot(onOrBefore: edited.date))
        #expect(snapshot.formula == .katchMcArdle)
        #expect(abs(snapshot.bmr - (370 + 21.6 * 81.5 * 0.8)) < 0.001)
        #expect(vm.rows[vm.selected].record.id == edited.id, "the edited row stays selected")
    }

    /// A weigh-in imported from a scale and corrected by hand is still the import's (its source
    /// and its id there), so importing the same export again finds it instead of adding it twice.
    @Test func anEditKeepsWhereTheWeighInCameFrom() throws {
        let db = try TestDatabase(profile: DemoHistory.profile)
        let imported = Provenance(source: "apple-health", externalId: "scale-1")
        try BodyLogging(store: db.repositories, clock: db.clock).save(
            BodyRecord(date: TestDay.fixed, weightKg: 80, recordedAt: db.clock.now, provenance: imported))
        let vm = FlowHost(BodyViewModel(source: db.repositories, clock: db.clock))
        vm.didBecomeVisible()
        vm.press(.char("e"))
        vm.press(.ctrl("u"))
        vm.type("79.5")
        vm.press(.enter)
        let edited = try #require(try db.repositories.bodyRecords(in: year).first)
        #expect(edited.weightKg == 79.5)
        #expect(edited.provenance == imported)
    }

    @Test func invalidEditKeepsTheFormAndTheRecord() throws {
        let (db, vm) = try logged([(0, 80, 18)])
        vm.press(.char("e"))
        #expect(vm.form?.value(BodyEntryField.bodyFat.rawValue) == "18")
        vm.press(.tab)
        vm.press(.ctrl("u"))
        vm.type("90")
        vm.press(.enter)
        #expect(vm.form?.errors[BodyEntryField.bodyFat.rawValue] == "Out of range: allowed 2–75 %")
        vm.press(.escape)
        #expect(vm.form == nil)
        #expect(vm.status?.text == "Nothing changed.")
        let records = try db.repositories.bodyRecords(in: year)
        #expect(records.map(\.bodyFatPercent) == [18])
    }

    @Test func editWithNothingSelectedSaysSo() throws {
        let (_, vm) = try logged([])
        vm.press(.char("e"))
        #expect(vm.form == nil)
        #expect(vm.status?.text == "Nothing to edit.")
    }

    @Test func minusAndPlusStepThroughTheRanges() throws {
        let (_, vm) = try logged([(0, 80, nil)])
        #expect(vm.range == .month)
        vm.press(.char("-"))
        #expect(vm.range == .quarter)
        vm.press(.char("-"), times: 3)
        #expect(vm.range == .year, "a year is the widest")
        vm.press(.char("+"))
        #expect(vm.range == .quarter)
        vm.press(.char("="), times: 5)
        #expect(vm.range == .week, "a week is the narrowest")
    }

    @Test func chartShowsGapsNotZerosAndTheRangeInTheTitle() throws {
        let (_, vm) = try logged([(20, 82, nil), (10, 81, nil), (0, 80, nil)])
        vm.press(.char("+"))  // week: only today's weigh-in is in range
        let text = render(vm, .small).text
        #expect(text.contains("Weight — last week"))
        #expect(!text.contains(" 0 kg"), "no zero floor: the scale is fitted to the weights")
        vm.press(.char("-"))
        #expect(render(vm, .small).text.contains("Weight — last month"))
    }

    @Test func theCardShowsTheGoalAndWhatIsLeft() throws {
        let (db, vm) = try logged([(20, 82, nil), (10, 81, nil), (0, 80, nil)])
        try db.repositories.saveActiveGoal(
            Goal(
                type: .lose, targetWeightKg: 76, weeklyRateKg: 0.5, dailyCalorieTarget: 2000,
                proteinG: 140, carbsG: 200, fatG: 60, createdOn: TestDay.fixed))
        vm.didBecomeVisible()
        let progress = try #require(vm.progress)
        let text = render(vm, .small).text
        #expect(text.contains("Lose · −0.5 kg/wk"))
        #expect(text.contains("target 76.0 kg"))
        #expect(text.contains(UnitFormatter(.metric).mass(progress.remainingKg) + " to go"))
    }
}
