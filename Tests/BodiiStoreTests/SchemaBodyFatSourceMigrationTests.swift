import BodiiDomain
import Foundation
import Testing

@testable import BodiiStore

/// v25 (issue 47): which body fat Katch-McArdle may use. A goal from v24 reads as logged only; the
/// choice is stored and read back; the column takes nothing but 'logged' and 'estimated'.
@Suite struct SchemaBodyFatSourceMigrationTests {
    @Test func aVersion24GoalUsesLoggedBodyFatAndTheChoiceRoundTrips() throws {
        try withTemporaryFolder { folder in
            let url = folder.appendingPathComponent("bodii.sqlite")
            do {
                let v24 = try BodiiDatabase(url: url, migrator: Schema.migrator(through: "v24"), timeZone: .current)
                try v24.executeRaw(
                    """
                    INSERT INTO goal (type, weekly_rate_kg, is_active, created_on, protein_per_kg, net_carbs)
                    VALUES ('maintain', 0, 1, '2026-11-02', 1.8, 1);
                    """)
                try v24.close()
            }
            let db = try BodiiDatabase(url: url)
            defer { try? db.close() }
            let old = try #require(try db.repositories.activeGoal())
            #expect(old.choice == TargetChoice(netCarbs: true) && old.choice.bodyFat == .logged)

            var goal = old
            goal.id = nil
            goal.choice.bodyFat = .estimated
            _ = try db.repositories.saveActiveGoal(goal)
            #expect(try db.repositories.activeGoal()?.choice == TargetChoice(netCarbs: true, bodyFat: .estimated))
            #expect(throws: (any Error).self) { try db.executeRaw("UPDATE goal SET body_fat_source = 'guessed'") }
        }
    }
}
