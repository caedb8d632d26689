import Foundation
import Testing
import BodiiDomain
import BodiiStore
import SharedCharts
import TerminalKit
import ExerciseFeature

/// The Exercise tab driven by keys on a real temporary database: add from the searchable list
/// with the live estimate, validation, Esc, edit, delete and undo.
@MainActor
@Suite struct ExerciseViewModelTests {
    let year = DateRange(ending: TestDay.fixed, days: 365)

    /// A profile and one weigh-in of `kg` on `date` (the fixed day by default).
    func database(weighing kg: Double? = 80, on date: LocalDate = TestDay.fixed) throws -> TestDatabase {
        let db = try TestDatabase(profile: DemoHistory.profile)
        if let kg {
            try BodyLogging(store: db.repositories, clock: db.clock).save(BodyRecord(date: date, weightKg: kg, recordedAt: db.clock.now))
        }
        return db
    }

    func open(_ db: TestDatabase) -> FlowHost<ExerciseViewModel> {
        let vm = FlowHost(ExerciseViewModel(source: db.repositories, clock: db.clock))
        vm.didBecomeVisible()
        return vm
    }

    func stored(_ db: TestDatabase) throws -> [ExerciseRecord] { try db.repositories.exerciseRecords(in: year) }

    // MARK: Adding

    @Test func addFromTheListWithTheLiveEstimate() throws {
        let db = try database(weighing: 80)
        let vm = open(db)
        #expect(!vm.isEditingText)

        #expect(vm.handle(.char("a")) == .handled)
        #expect(vm.isPicking && vm.isEditingText)
        #expect(vm.pickerResults.count == ActivityCatalog.all.count, "an empty search lists every activity")
        vm.type("run 6")
        #expect(vm.pickerSelection?.name == "Running, 6 mph (9.7 km/h)")
        #expect(vm.handle(.enter) == .handled)

        #expect(!vm.isPicking)
        let form = try #require(vm.form)
        #expect(form.value("activity") == "Running, 6 mph (9.7 km/h)")
        #expect(form.focusedID == "minutes")
        #expect(form.value("intensity") == "moderate")
        #expect(form.value("date") == "2026-11-22", "the selected day")
        #expect(vm.estimatedKcal == nil, "no minutes yet")

        vm.type("30")
        // (9.8 − 1) MET × 80 kg × 0.5 h
        #expect(vm.estimatedKcal == 352)
        #expect(try stored(db).isEmpty, "nothing is written while typing")

        vm.press(.enter)
        #expect(vm.form?.focusedID == "intensity")
        vm.press(.enter)
        #expect(vm.form?.focusedID == "date")
        #expect(try stored(db).isEmpty)
        vm.press(.enter)

        #expect(vm.form == nil && !vm.isEditingText)
        #expect(
            vm.status == StatusMessage("Logged 30 min of Running, 6 mph (9.7 km/h) (moderate) on 2026-11-22: 352 kcal.", kind: .success))
        let record = try #require(try stored(db).first)
        #expect(try stored(db).count == 1)
        #expect(record.activity == "Running, 6 mph (9.7 km/h)")
        #expect(record.minutes == 30 && record.intensity == .moderate && record.met == 9.8 && record.kcal == 352)
        #expect(record.date == TestDay.fixed)
        #expect(vm.sessions == [record])
        #expect(vm.dayTotalKcal == 352 && vm.dayTotalMinutes == 30)
        // The store keeps the day's totals with the record.
        #expect(try db.repositories.dailyLog(on: TestDay.fixed)?.caloriesOut == 352)
        let summary = try DaySummaryQuery(source: db.repositories).summary(for: TestDay.fixed)
        #expect(summary.exerciseMinutes == 30 && summary.burnedKcal == 352)
        #expect(vm.weeks.last?.minutes == 30)
    }

    @Test func theListMovesWithArrowsAndCtrlNP() throws {
        let db = try database()
        let vm = open(db)
        vm.press(.char("a"))
        vm.type("swim")
        let results = vm.pickerResults
        #expect(results.first?.name == "Swimming")
        #expect(results.count >= 5)
        vm.press(.down)
        #expect(vm.pickerSelection == results[1])
        vm.press(.ctrl("n"))
        #expect(vm.pickerSelection == results[2])
        vm.press(.ctrl("p"))
        vm.press(.up)
        vm.press(.up)
        #expect(vm.pickerSelection == results[0], "stops at the top")
        vm.press(.pageDown, times: 3)
        #expect(vm.pickerSelection == results.last, "stops at the bottom")
        // Every key typed searches again from the top.
        vm.press(.backspace, times: 4)
        vm.type("xq")
        #expect(vm.pickerResults.isEmpty)
        #expect(vm.handle(.enter) == .handled)
        #expect(vm.isPicking, "Enter with nothing to choose keeps the list open")
        vm.press(.backspace, times: 2)
        vm.type("yoga")
        vm.press(.enter)
        #expect(vm.form?.value("activity") == "Yoga")
    }

    @Test func intensityChangesTheEstimateAndTheSavedMET() throws {
        let db = try database(weighing: 75)
        let vm = open(db)
        vm.press(.char("a"))
        vm.type("cycling")
        vm.press(.enter)
        vm.type("40")
        // Cycling: low 4.0 (01010), moderate 7.5 (01015), high 10.0 (01040); 75 kg × 2/3 h.
        #expect(vm.estimatedKcal == 325)
        vm.press(.enter)
        vm.press(.right)
        #expect(vm.form?.value("intensity") == "high")
        #expect(vm.estimatedKcal == 450)
        vm.press(.char("l"))
        #expect(vm.form?.value("intensity") == "low")
        #expect(vm.estimatedKcal == 150)
        vm.press(.enter, times: 2)
        let record = try #require(try stored(db).first)
        #expect(record.intensity == .low && record.met == 4.0 && record.kcal == 150)
    }

    @Test func badMinutesAndAFutureDateAreShownInlineAndNothingIsWritten() throws {
        let db = try database()
        let vm = open(db)
        vm.press(.char("a"))
        vm.type("yoga")
        vm.press(.enter)
        vm.type("0")
        vm.press(.enter)
        #expect(vm.form?.errors["minutes"] == "Out of range: allowed 1–1440 min")
        #expect(vm.form?.focusedID == "minutes", "Enter stays on a bad field")
        #expect(vm.status?.kind == .error)
        vm.press(.ctrl("u"))
        vm.type("abc")
        vm.press(.enter)
        #expect(vm.form?.errors["minutes"] == "Not a number: allowed 1–1440 min")
        vm.press(.ctrl("u"))
        vm.type("1441")
        vm.press(.tab, times: 2)
        vm.press(.ctrl("u"))
        vm.type("2026-11-23")
        vm.press(.enter)
        // Saving checks every field at once and goes to the first bad one.
        #expect(vm.form?.errors.keys.sorted() == ["date", "minutes"])
        #expect(vm.form?.errors["date"] == "In the future: allowed a date as YYYY-MM-DD, not after 2026-11-22")
        #expect(vm.form?.focusedID == "minutes")
        #expect(try stored(db).isEmpty)

        vm.press(.ctrl("u"))
        vm.type("1440")
        vm.press(.enter)
        #expect(vm.form?.errors["minutes"] == nil)
        vm.press(.enter)
        #expect(vm.form?.focusedID == "date")
        vm.press(.ctrl("u"))
        vm.type("2026-11-21")
        vm.press(.enter)
        #expect(vm.form == nil)
        let record = try #require(try stored(db).first)
        #expect(record.minutes == 1440 && record.date == TestDay.fixed.adding(days: -1))
        #expect(vm.day == record.date, "the tab shows the day the session went to")
        #expect(vm.sessions == [record])
    }

    @Test func escapeCancelsTheListAndTheFormAndWritesNothing() throws {
        let db = try database()
        let vm = open(db)
        vm.press(.char("a"))
        vm.type("row")
        #expect(vm.hasUnsavedInput)
        #expect(vm.handle(.escape) == .handled)
        #expect(!vm.isPicking && !vm.isEditingText && !vm.hasUnsavedInput)
        #expect(vm.status?.text == "Nothing logged.")

        vm.press(.char("a"))
        vm.press(.enter)  // the first activity
        vm.type("45")
        vm.press(.escape)
        #expect(vm.form == nil && !vm.isEditingText)
        #expect(vm.status?.text == "Nothing logged.")
        #expect(try stored(db).isEmpty)
        #expect(vm.sessions.isEmpty)
    }

    @Test func changingTheActivityFromTheFormKeepsTheRest() throws {
        let db = try database(weighing: 60)
        let vm = open(db)
        vm.press(.char("a"))
        vm.type("walk")
        vm.press(.enter)
        vm.type("50")
        vm.press(.backTab)
        #expect(vm.form?.focusedID == "activity")
        vm.press(.enter)
        #expect(vm.isPicking)
        #expect(vm.pickerSelection?.name == "Walking", "the list opens on the current activity")
        vm.type("hik")
        vm.press(.escape)
        #expect(!vm.isPicking && vm.form?.value("activity") == "Walking", "Esc goes back to the form unchanged")
        vm.type("h")  // typing on the activity searches for another
        #expect(vm.pickerQuery == "h")
        vm.type("iking")
        vm.press(.enter)
        #expect(vm.form?.value("activity") == "Hiking")
        #expect(vm.form?.value("minutes") == "50")
        #expect(vm.form?.focusedID == "minutes")
        // Hiking, moderate: (6 − 1) × 60 kg × 50/60 h = 250 kcal.
        #expect(vm.estimatedKcal == 250)
    }

    @Test func theDateDefaultsToTheSelectedDay() throws {
        let db = try database()
        let vm = open(db)
        vm.press(.char("["), times: 2)
        vm.press(.char("a"))
        vm.type("tennis")
        vm.press(.enter)
        #expect(vm.form?.value("date") == "2026-11-20")
        vm.type("60")
        vm.press(.enter, times: 3)
        #expect(try stored(db).first?.date == TestDay.fixed.adding(days: -2))
        #expect(vm.day == TestDay.fixed.adding(days: -2))
        #expect(vm.sessions.count == 1)
    }

    // MARK: Weight

    @Test func withoutAnyWeightTheReferenceBodyIsUsedAndSaid() throws {
        let db = try database(weighing: nil)
        let vm = open(db)
        #expect(vm.weight == ExerciseWeight(kg: 70, measuredOn: nil))
        vm.press(.char("a"))
        vm.type("running")
        vm.press(.enter)
        vm.type("60")
        // (9.8 − 1) × 70 kg × 1 h
        #expect(vm.estimatedKcal == 616)
        let text = render(vm, .large).text
        #expect(text.contains("none logged yet: estimated for 70.0 kg"))
    }

    @Test func aSessionUsesTheWeightOfItsDay() throws {
        let db = try database(weighing: 90, on: TestDay.fixed.adding(days: -10))
        try BodyLogging(store: db.repositories, clock: db.clock)
            .save(BodyRecord(date: TestDay.fixed, weightKg: 60, recordedAt: db.clock.now))
        let logging = ExerciseLogging(store: db.repositories, clock: db.clock)
        #expect(try logging.weight(on: TestDay.fixed).kg == 60)
        #expect(
            try logging.weight(on: TestDay.fixed.adding(days: -5)) == ExerciseWeight(kg: 90, measuredOn: TestDay.fixed.adding(days: -10)))
        // Before the first weigh-in, the first one is the best guess.
        #expect(try logging.weight(on: TestDay.fixed.adding(days: -30)).kg == 90)

        let vm = open(db)
        vm.press(.char("["), times: 5)
        vm.press(.char("a"))
        vm.type("yoga")
        vm.press(.enter)
        vm.type("60")
        #expect(abs((vm.estimatedKcal ?? 0) - 207) < 1e-9, "(3.3 − 1) × 90 kg × 1 h, stored as computed")
    }

    // MARK: Editing

    func logged(
        _ db: TestDatabase, _ name: String, minutes: Int, intensity: Intensity = .moderate, met: Double? = nil,
        on date: LocalDate = TestDay.fixed
    ) throws -> ExerciseRecord {
        let m = try met ?? #require(ActivityCatalog.activity(named: name)).met(for: intensity)
        return try db.repositories.addExerciseRecord(
            ExerciseRecord(
                date: date, activity: name, minutes: minutes, intensity: intensity, met: m,
                kcal: ExerciseLogging.kcal(met: m, weightKg: 80, minutes: minutes), loggedAt: db.clock.now.addingTimeInterval(-3600)))
    }

    @Test func editChangesMinutesAndIntensityInPlace() throws {
        let db = try database(weighing: 80)
        let original = try logged(db, "Running", minutes: 30)
        let vm = open(db)
        #expect(vm.handle(.char("e")) == .handled)
        let form = try #require(vm.form)
        #expect(form.value("activity") == "Running" && form.value("minutes") == "30" && form.value("intensity") == "moderate")
        #expect(form.focusedID == "minutes")
        vm.press(.ctrl("u"))
        vm.type("45")
        vm.press(.enter)
        vm.press(.char("h"))
        vm.press(.enter, times: 2)

        #expect(vm.form == nil)
        #expect(vm.status?.text == "Saved 45 min of Running (high) on 2026-11-22: 648 kcal.")
        let records = try stored(db)
        #expect(records.count == 1)
        let edited = try #require(records.first)
        #expect(edited.id == original.id && edited.loggedAt == original.loggedAt)
        // Running, high: 7.5 mph, 11.8 MET (12080); (11.8 − 1) × 80 × 0.75 = 648.
        #expect(edited.minutes == 45 && edited.intensity == .high && edited.met == 11.8 && edited.kcal == 648)
    }

    /// An imported session corrected by hand keeps its source and its id there (a re-import finds it).
    @Test func anEditKeepsWhereTheSessionCameFrom() throws {
        let db = try database(weighing: 80)
        let imported = Provenance(source: "apple-health", externalId: "workout-1")
        var session = try logged(db, "Running", minutes: 30)
        session.provenance = imported
        try db.repositories.updateExerciseRecord(session)
        let vm = open(db)
        vm.press(.char("e"))
        vm.press(.ctrl("u"))
        vm.type("45")
        vm.press(.enter, times: 3)
        let edited = try #require(try stored(db).first)
        #expect(edited.minutes == 45)
        #expect(edited.provenance == imported)
    }

    @Test func editCanChooseAnotherActivity() throws {
        let db = try database(weighing: 80)
        let original = try logged(db, "Running", minutes: 30)
        let vm = open(db)
        vm.press(.char("e"))
        vm.press(.up)
        vm.press(.enter)
        #expect(vm.isPicking)
        vm.type("yoga")
        vm.press(.enter)
        vm.press(.enter, times: 3)
        let edited = try #require(try stored(db).first)
        #expect(edited.id == original.id)
        #expect(edited.activity == "Yoga" && edited.met == 3.3 && edited.kcal == 92)
    }

    @Test func editEscapeChangesNothing() throws {
        let db = try database()
        let original = try logged(db, "Golf", minutes: 90)
        let vm = open(db)
        vm.press(.char("e"))
        vm.press(.ctrl("u"))
        vm.type("5")
        vm.press(.escape)
        #expect(vm.status?.text == "Nothing changed.")
        #expect(try stored(db) == [original])
    }

    @Test func aDemoSessionKeepsItsMETUnlessTheIntensityChanges() throws {
        // The demo logs swimming at 5.8 MET as "moderate"; the catalog's moderate swim is 8.3.
        let db = try database(weighing: 80)
        _ = try logged(db, "Swimming", minutes: 30, met: 5.8)
        let vm = open(db)
        vm.press(.char("e"))
        let text = render(vm, .large).text
        #expect(text.contains("low 5.8 · moderate 5.8 · high 10.0"), "the form says which MET a change would use")
        #expect(text.contains("moderate as logged"))
        vm.press(.ctrl("u"))
        vm.type("60")
        vm.press(.enter, times: 3)
        #expect(try stored(db).first?.met == 5.8)
        #expect(try stored(db).first?.kcal == 384, "(5.8 − 1) × 80 kg × 1 h")
        vm.press(.char("e"))
        vm.press(.enter)
        vm.press(.char("h"))
        vm.press(.enter, times: 2)
        #expect(try stored(db).first?.met == 10.0, "high swimming from the catalog (18280)")
    }

    @Test func aSessionNotInTheCatalogKeepsItsIntensity() throws {
        let db = try database()
        _ = try logged(db, "Quidditch", minutes: 30, met: 6)
        let vm = open(db)
        vm.press(.char("e"))
        vm.press(.enter)
        vm.press(.char("h"))
        vm.press(.enter, times: 2)
        #expect(vm.form?.errors["intensity"]?.contains("choose an activity to change it") == true)
        #expect(try stored(db).first?.intensity == .moderate)
        vm.press(.char("m"))
        vm.press(.enter, times: 2)
        #expect(vm.form == nil)
        #expect(try stored(db).first?.met == 6)
    }

    // MARK: Delete and undo

    @Test func deleteAsksThenDeletesAndUndoRestoresTheSameSession() throws {
        let db = try database()
        let first = try logged(db, "Rowing machine", minutes: 20)
        let second = try logged(db, "Stretching", minutes: 10)
        let vm = open(db)
        #expect(vm.sessions == [first, second])
        vm.press(.char("j"))
        #expect(vm.selected == 1)

        #expect(vm.handle(.char("x")) == .handled)
        #expect(vm.pendingDelete == second)
        vm.press(.char("n"))
        #expect(vm.sessions.count == 2, "n keeps it")
        vm.press(.char("x"))
        #expect(vm.handle(.char("z")) == .handled, "other keys wait for y/n")
        vm.press(.char("y"))
        #expect(vm.sessions == [first])
        #expect(vm.selected == 0)
        #expect(try stored(db) == [first])
        #expect(try db.repositories.dailyLog(on: TestDay.fixed)?.caloriesOut == first.kcal)
        #expect(vm.status?.text == "Deleted the session 10 min of Stretching of 2026-11-22 — u to undo.")

        vm.press(.char("]"))
        vm.press(.char("["), times: 3)
        vm.press(.char("u"))
        #expect(vm.day == TestDay.fixed, "undo goes back to the session's day")
        #expect(try stored(db) == [first, second])
        #expect(vm.sessions[vm.selected] == second)
        vm.press(.char("u"))
        #expect(vm.status?.text == "Nothing to undo.")
    }

    @Test func keysWithNothingSelectedSaySo() throws {
        let db = try database()
        let vm = open(db)
        vm.press(.char("x"))
        #expect(vm.status?.text == "Nothing to delete on this day.")
        #expect(vm.pendingDelete == nil)
        vm.press(.char("e"))
        #expect(vm.status?.text == "Nothing to edit on this day.")
        #expect(vm.form == nil)
        #expect(vm.handle(.char("z")) == .ignored)
        let keys = vm.keyMap.bindings.flatMap(\.keys)
        for k in ["a", "e", "x", "u", "j", "k", "[", "]", "t"] { #expect(keys.contains(.char(Character(k))), "\(k) in the help") }
    }
}
