import BodiiDomain
import BodiiStore
import BodyFeature
import Foundation
import TerminalKit
import Testing

/// The Body tab's TDEE is as of today's weigh-in, while today's target starts from the snapshot
/// before today (PRODUCT.md §6): "TDEE 2695" here beside Settings' "formula 2700". The card says
/// which figure the target uses, read from the target's own computation.
@MainActor
@Suite struct BodyTargetTDEETests {
    @Test func theCardSaysWhichTDEETodaysTargetUses() throws {
        let db = try TestDatabase(
            profile: DemoHistory.profile, demoDays: 60, clock: ReviewInsightsSectionTests.wednesday)
        let today = db.clock.today
        let vm = BodyViewModel(source: db.repositories, clock: db.clock)
        vm.didBecomeVisible()
        let tdee = try #require(vm.snapshot?.tdee)
        let history = try TargetHistory.load(range: DateRange(start: today, end: today), source: db.repositories)
        let formula = try #require(history.targets(on: today)?.expenditure?.formulaKcal)
        // The demo weighs in on this day: the two differ, which is what the line is for.
        try #require(WholeNumber.text(formula) != WholeNumber.text(tdee))
        for size in ContentSize.allCases {
            let screen = render(vm, size).text
            #expect(screen.contains("TDEE  \(WholeNumber.text(tdee)) kcal"), "\(screen)")
            #expect(screen.contains("\(WholeNumber.text(formula)) in today's target"), "\(screen)")
        }
        // A day whose target and card share the snapshot says nothing more.
        let before = today.adding(days: -1)
        let earlier = BodyViewModel(source: db.repositories, clock: FixedClock(day: before))
        earlier.didBecomeVisible()
        let sameHistory = try TargetHistory.load(range: DateRange(start: before, end: before), source: db.repositories)
        if let f = sameHistory.targets(on: before)?.expenditure?.formulaKcal, let t = earlier.snapshot?.tdee,
            WholeNumber.text(f) == WholeNumber.text(t)
        {
            #expect(!render(earlier, .small).text.contains("today's target"))
        }
    }
}
