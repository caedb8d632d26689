import BodiiDomain
import Foundation
import Testing
@testable import BodiiStore

/// Reviews saved under Monday-start weeks after the user switches `week_start` to Sunday (and
/// back): every note and action stays reachable, in one week only, and carried-over actions are
/// never listed twice.
@Suite struct ReviewWeekStartTests {
    func weeks(_ weekStart: WeekStart) -> [ReviewPeriod] {
        (0..<6).map { ReviewPeriod(.week, containing: day("2026-10-25").adding(days: 7 * $0), weekStart: weekStart) }
    }

    @Test func switchingTheWeekStartKeepsEveryNoteOnceAndCarriesActionsOnce() throws {
        try withDatabase { _, repos in
            // Written while weeks ran Monday to Sunday.
            let mondayWeek = ReviewPeriod(.week, containing: day("2026-11-18"), weekStart: .monday)  // 16–22 Nov
            let earlier = mondayWeek.moved(by: -1)  // 9–15 Nov
            let keep = try repos.addReviewItem(ReviewItem(period: mondayWeek, kind: .keep, text: "Walked daily"))
            _ = try repos.addReviewItem(ReviewItem(period: earlier, kind: .problem, text: "Late nights"))
            let action = try repos.addAction(ReviewAction(period: earlier, text: "Lights out at 23:00", createdOn: day("2026-11-14")))

            // Now weeks run Sunday to Saturday: the Monday week of 16 Nov shows in the week of 15 Nov.
            let sundayWeek = ReviewPeriod(.week, containing: day("2026-11-18"), weekStart: .sunday)
            #expect(sundayWeek.start == day("2026-11-15"))
            #expect(try repos.reviewItems(in: sundayWeek) == [keep])
            #expect(try repos.reviewItems(in: sundayWeek.moved(by: 1)).isEmpty)
            // Each note in exactly one week, under either start.
            for weekStart in WeekStart.allCases {
                let shown = try weeks(weekStart).flatMap { try repos.reviewItems(in: $0) }.map(\.text)
                #expect(shown.sorted() == ["Late nights", "Walked daily"], "\(weekStart)")
            }
            // The action of 9–15 Nov: its own week's (8–14 Nov) under Sunday weeks, carried into later ones, never both.
            let ownWeek = ReviewPeriod(.week, containing: day("2026-11-10"), weekStart: .sunday)
            #expect(try repos.actions(in: ownWeek).map(\.id) == [action.id])
            #expect(try repos.actionsCarriedOver(into: ownWeek).isEmpty)
            #expect(try repos.actionsCarriedOver(into: sundayWeek).map(\.id) == [action.id])
            #expect(try repos.actions(in: sundayWeek).isEmpty)

            // A note written now, under Sunday weeks, joins the Monday-week one in the same week…
            let added = try repos.addReviewItem(ReviewItem(period: sundayWeek, kind: .try, text: "Walk after dinner"))
            #expect(try repos.reviewItems(in: sundayWeek).map(\.text) == ["Walked daily", "Walk after dinner"])
            // …and after switching back to Monday weeks both are in the week of 16 Nov, nothing twice.
            #expect(try repos.reviewItems(in: mondayWeek).map(\.id) == [keep.id, added.id])
            #expect(try repos.reviewItems(in: earlier).map(\.text) == ["Late nights"])
            #expect(try repos.actionsCarriedOver(into: mondayWeek).map(\.id) == [action.id])
            #expect(try repos.actions(in: mondayWeek).isEmpty)
            // A month sees the weeks' actions as before.
            let december = ReviewPeriod(.month, containing: day("2026-12-05"), weekStart: .sunday)
            #expect(try repos.actionsCarriedOver(into: december).map(\.id) == [action.id])
        }
    }
}
