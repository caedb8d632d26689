import BodiiDomain
import Foundation
import Testing
@testable import BodiiStore

/// The app keeps the pantry snapshot until the next commit (`keptUntilNextCommit`): a snapshot
/// read, a write, and the snapshot read again shows the write.
@Suite struct KeptPantrySnapshotTests {
    let today = day("2026-11-30")

    func buy(_ name: String, _ repos: SQLiteRepositories) throws -> StockLot {
        try repos.recordPurchase(
            Purchase(itemId: 0, date: today, quantity: PantryQuantity(500, .grams)), item: GroceryItem(name: name),
            bestBefore: nil, shoppingListItemId: nil
        ).lot
    }

    @Test func aWriteOfThisProcessEndsTheKeptSnapshot() throws {
        try withDatabase { _, repos throws in
            _ = try buy("Rice", repos)
            let before = try repos.pantrySnapshot()
            #expect(try repos.pantrySnapshot() == before, "nothing written, the same snapshot")
            let oats = try buy("Oats", repos)
            #expect(try repos.pantrySnapshot().lots.map(\.id) == before.lots.map(\.id) + [oats.id])
            try repos.applyStockUses([StockUse(lotId: oats.id ?? 0, date: today, amount: 500, kind: .use)])
            #expect(try repos.pantrySnapshot().lots.map(\.id) == before.lots.map(\.id), "used up, out of stock")
        }
    }

    /// Another process's purchase shows once the app has noticed it (`outsideWriteStamp`, every tick).
    @Test func anotherConnectionsWriteEndsTheKeptSnapshotOnceNoticed() throws {
        try withTemporaryFolder { folder in
            let url = folder.appendingPathComponent("bodii.sqlite")
            let app = try BodiiDatabase(url: url)
            _ = try buy("Rice", app.repositories)
            _ = try app.repositories.outsideWriteStamp()
            let before = try app.repositories.pantrySnapshot()

            let command = try BodiiDatabase(url: url, access: .command)
            let oats = try buy("Oats", command.repositories)
            try command.close()

            _ = try app.repositories.outsideWriteStamp()
            #expect(try app.repositories.pantrySnapshot().lots.map(\.id) == before.lots.map(\.id) + [oats.id])
            try app.close()
        }
    }
}
