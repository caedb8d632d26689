import BodiiDomain
import BodiiStore
import DashboardFeature
import Foundation
import TerminalKit
import Testing

/// Issue 47 item 2 on the Dashboard: `f` starts a fast; the fast on shows in the status line;
/// `f` asks before ending it, at the first food logged during it when there is one.
@MainActor
@Suite struct DashboardFastTests {
    @Test func fStartsAFastAndAsksBeforeEndingIt() throws {
        let db = try TestDatabase(profile: DemoHistory.profile)
        let vm = FlowHost(DashboardViewModel(source: db.repositories, clock: db.clock, fasts: db.repositories))
        vm.didBecomeVisible()
        #expect(vm.handle(.char("f")) == .handled)
        let fast = try #require(try db.repositories.currentFast())
        #expect(fast.startedAt == db.clock.now && fast.goalHours == 16)
        #expect(vm.status?.text.hasPrefix("Fast started: goal 16:8") == true)
        vm.press(.char("t"))  // the message lasts until the next key; then the fast on shows
        #expect(vm.status?.text == "Fasting 0 h 00 of 16:8 · f ends it")

        vm.press(.char("f"))
        vm.press(.char("n"))
        #expect(try db.repositories.currentFast() != nil, "n keeps fasting")
        vm.press(.char("f"))
        vm.press(.char("y"))
        #expect(try db.repositories.currentFast() == nil)
        #expect(vm.status?.text.hasPrefix("Fast ended after 0 h 00") == true)
    }

    @Test func foodLoggedDuringAFastIsWhereFEndsIt() throws {
        let db = try TestDatabase(profile: DemoHistory.profile)
        let start = db.clock.now.addingTimeInterval(-15 * 3600)
        try db.repositories.addFast(Fast(date: LocalDate(start, timeZone: db.clock.timeZone), startedAt: start, goalHours: 16))
        let meal = db.clock.now.addingTimeInterval(-2 * 3600)
        try db.repositories.addFoodRecord(
            FoodRecord(
                date: db.clock.today, meal: .breakfast, foodId: FoodID("custom:1"), foodName: "Porridge", grams: 250, kcal: 300,
                proteinG: 10, carbsG: 50, fatG: 6, loggedAt: meal))
        let vm = FlowHost(DashboardViewModel(source: db.repositories, clock: db.clock, fasts: db.repositories))
        vm.didBecomeVisible()
        let at = ClockTime(meal, timeZone: db.clock.timeZone)
        #expect(vm.status?.text == "Fasting 15 h 00 of 16:8 · food logged at \(at): f ends it there")
        vm.press(.char("f"))
        #expect(render(vm, .large).text.contains("You logged food at \(at): end your fast there, after 13 h 00"))
        vm.press(.char("y"))
        let ended = try #require(try db.repositories.fasts(in: DateRange(ending: db.clock.today, days: 2)).first)
        #expect(ended.endedAt == meal)
    }
}
