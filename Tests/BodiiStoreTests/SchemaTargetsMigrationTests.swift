import BodiiDomain
import Foundation
import Testing

@testable import BodiiStore

/// v19 (issue 43): the targets a person sets are kept on the goal. A goal from before reads as
/// today's rule; every choice is stored and read back as it was made.
@Suite struct SchemaTargetsMigrationTests {
    @Test func aVersion18GoalReadsAsTodaysRuleAndChoicesRoundTrip() throws {
        try withTemporaryFolder { folder in
            let url = folder.appendingPathComponent("bodii.sqlite")
            do {
                let v18 = try BodiiDatabase(url: url, migrator: Schema.migrator(through: "v18"), timeZone: .current)
                try v18.executeRaw(
                    """
                    INSERT INTO goal (type, weekly_rate_kg, daily_calorie_target, protein_g, carbs_g, fat_g, is_active, created_on, protein_per_kg)
                    VALUES ('lose', 0.5, 1900, 160, 200, 60, 1, '2026-11-02', 2.0);
                    """)
                try v18.close()
            }
            let db = try BodiiDatabase(url: url)
            defer { try? db.close() }
            let old = try #require(try db.repositories.activeGoal())
            #expect(old.choice == .standard)
            #expect(old.proteinPerKg == 2.0)

            let choices = [
                TargetChoice(calories: .fixed(kcal: 1800), split: .preset(.keto)),
                TargetChoice(calories: .formula, split: .custom(CustomSplit(protein: .perKgLean(2.2), fat: .grams(70)))),
                TargetChoice(split: .custom(CustomSplit(protein: .share(0.3), fat: nil, carbsG: 120))),
                TargetChoice(split: .preset(.highProtein)),
            ]
            for choice in choices {
                var goal = old
                goal.id = nil
                goal.choice = choice
                let saved = try db.repositories.saveActiveGoal(goal)
                #expect(try db.repositories.activeGoal() == saved)
                #expect(try db.repositories.activeGoal()?.choice == choice)
            }
            #expect(try db.repositories.goalHistory().count == 1 + choices.count, "each choice is a goal of the history")
            // The database refuses what no choice makes.
            #expect(throws: (any Error).self) { try db.executeRaw("UPDATE goal SET calorie_source = 'guess'") }
            #expect(throws: (any Error).self) { try db.executeRaw("UPDATE goal SET fixed_kcal = -5") }
            #expect(throws: (any Error).self) { try db.executeRaw("UPDATE goal SET fat_share = 9e999") }
        }
    }
}
