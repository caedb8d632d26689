import BodiiDomain
import Foundation
import Testing

@testable import BodiiStore

/// v20 (issue 43): carbs counted net with any split. A goal from v19 reads as total carbs; the
/// choice is stored and read back; the column takes nothing but 0 and 1.
@Suite struct SchemaNetCarbsMigrationTests {
    @Test func aVersion19GoalCountsTotalCarbsAndNetCarbsRoundTrips() throws {
        try withTemporaryFolder { folder in
            let url = folder.appendingPathComponent("bodii.sqlite")
            do {
                let v19 = try BodiiDatabase(url: url, migrator: Schema.migrator(through: "v19"), timeZone: .current)
                try v19.executeRaw(
                    """
                    INSERT INTO goal (type, weekly_rate_kg, is_active, created_on, protein_per_kg, macro_split)
                    VALUES ('maintain', 0, 1, '2026-11-02', 1.8, 'low_carb');
                    """)
                try v19.close()
            }
            let db = try BodiiDatabase(url: url)
            defer { try? db.close() }
            let old = try #require(try db.repositories.activeGoal())
            #expect(old.choice == TargetChoice(split: .preset(.lowCarb)) && !old.choice.netCarbs)

            var goal = old
            goal.id = nil
            goal.choice = TargetChoice(calories: .fixed(kcal: 1900), split: .preset(.lowCarb), netCarbs: true)
            _ = try db.repositories.saveActiveGoal(goal)
            #expect(try db.repositories.activeGoal()?.choice.netCarbs == true)
            #expect(throws: (any Error).self) { try db.executeRaw("UPDATE goal SET net_carbs = 2") }
        }
    }
}
