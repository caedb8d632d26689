import BodiiDomain
import BodiiStore
import Foundation
import Testing

@testable import BodiiSync

/// Issue 43: the targets a person sets live on the goal row, a synced table (PRODUCT.md §14), so
/// a choice made on one machine is the choice on the other, and a later change there comes back.
@Suite struct TargetChoiceSyncTests {
    @Test func aChoiceAndItsChangeTravelBothWays() throws {
        try withTemporaryFolder { folder in
            let pair = try ClashTests.Pair.quiet(in: folder)
            let keto = TargetChoice(calories: .fixed(kcal: 1800), split: .preset(.keto))
            let goal = try pair.a.repos.saveActiveGoal(
                Goal(
                    type: .lose, weeklyRateKg: 0.5, dailyCalorieTarget: 1800, proteinG: 144, carbsG: 25, fatG: 126,
                    createdOn: day("2026-11-20"), choice: keto))
            #expect(try pair.settle(bFirst: false).isEmpty)
            #expect(try pair.b.repos.activeGoal()?.choice == keto)

            try pair.bWritesLater()
            var changed = try #require(try pair.b.repos.activeGoal())
            let custom = TargetChoice(calories: .formula, split: .custom(CustomSplit(protein: .share(0.3), fat: .grams(70))))
            changed.choice = custom
            _ = try pair.b.repos.saveActiveGoal(changed)
            #expect(try pair.settle(bFirst: true).isEmpty)
            for replica in pair.both {
                #expect(try replica.repos.activeGoal()?.id == goal.id, "\(replica.name)")
                #expect(try replica.repos.activeGoal()?.choice == custom, "\(replica.name)")
            }
            #expect(try pair.a.dump() == pair.b.dump())
        }
    }
}
