import BodiiDomain
import BodiiStore
import BodiiUI
import BodyFeature
import SnapshotTesting
import TerminalKit
import Testing

/// Issue 47: the Body tab's measurements view — `m` from the weigh-ins, logging through the form
/// (refusals inline, nothing written), delete and undo, and what the view draws.
@MainActor
@Suite struct MeasurementListTests {
    private func measurements(_ db: TestDatabase) throws -> [BodyMeasurement] {
        try db.repositories.measurements(in: DateRange(ending: TestDay.fixed, days: 3650))
    }

    @Test func mSwitchesTheBodyTabToMeasurementsAndBack() throws {
        let db = try TestDatabase(profile: DemoHistory.profile)
        let tab = BodyTab.make(source: db.repositories, clock: db.clock)
        tab.didBecomeVisible()
        #expect(tab.keyMap.title == "Body")
        #expect(tab.keyMap.footer.first?.brief == "measurements")
        #expect(tab.handle(.char("m")) == .handled)
        #expect(tab.keyMap.title == "Body: measurements")
        #expect(tab.keyMap.footer.first?.brief == "weigh-ins")
        #expect(render(tab, .small).text.contains("No measurements yet"))
        #expect(tab.handle(.char("m")) == .handled)
        #expect(tab.keyMap.title == "Body")
        #expect(tab.documentedKeyMaps.map(\.title) == ["Body", "Body: measurements"])
    }

    @Test func aWaistOutOfRangeIsRefusedInlineAndNothingIsWritten() throws {
        let db = try TestDatabase(profile: DemoHistory.profile)
        let vm = FlowHost(DatedListTab(MeasurementList(source: db.repositories, clock: db.clock)))
        vm.didBecomeVisible()
        vm.press(.char("a"))
        vm.type("waist")
        vm.press(.tab)
        vm.type("500")
        vm.press(.enter)
        #expect(vm.status?.kind == .error)
        #expect(render(vm, .large).text.contains("allowed 40–250 cm"))
        #expect(try measurements(db).isEmpty)

        vm.press(.backspace, times: 3)
        vm.type("82.5")
        vm.press(.enter)
        #expect(try measurements(db).map(\.value) == [82.5])
        #expect(vm.status?.text == "Logged waist 82.5 cm on \(TestDay.fixed.iso).")
    }

    @Test func bloodPressureIsLoggedAsOneReadingAndDeletedAndRestored() throws {
        let db = try TestDatabase(profile: DemoHistory.profile)
        let vm = FlowHost(DatedListTab(MeasurementList(source: db.repositories, clock: db.clock)))
        vm.didBecomeVisible()
        vm.press(.char("a"))
        vm.type("bp")
        vm.press(.tab)
        vm.type("118/76")
        vm.press(.enter)
        let saved = try #require(try measurements(db).first)
        #expect(saved.kind == .bloodPressure && saved.value == 118 && saved.diastolic == 76)
        #expect(render(vm, .small).text.contains("118/76 mmHg"))

        vm.press(.char("x"))
        vm.press(.char("y"))
        #expect(try measurements(db).isEmpty)
        vm.press(.char("u"))
        #expect(try measurements(db) == [saved])
    }

    @Test func theViewDrawsTheLatestAndTheNavyEstimate() throws {
        let db = try TestDatabase(profile: DemoHistory.profile)
        for (days, kind, value) in [(-40, MeasurementKind.waist, 90.0), (-10, .waist, 88), (-10, .neck, 39), (-1, .hips, 101), (0, .restingHeartRate, 61)] {
            try db.repositories.addMeasurement(
                BodyMeasurement(date: TestDay.fixed.adding(days: days), kind: kind, value: value, recordedAt: db.clock.now.addingTimeInterval(Double(days) * 86_400)))
        }
        let vm = FlowHost(DatedListTab(MeasurementList(source: db.repositories, clock: db.clock)))
        vm.didBecomeVisible()
        let summary = try MeasurementSummary.load(on: TestDay.fixed, source: db.repositories)
        let navy = try #require(summary.estimatedBodyFatPercent)
        let screen = render(vm, .small).text
        #expect(screen.contains(String(format: "%.1f %%", navy)), "the card shows the one estimate")
        #expect(screen.contains("Waist      88.0 cm"))
        assertSnapshot(of: screen, as: .lines, named: "80x21")
    }
}
