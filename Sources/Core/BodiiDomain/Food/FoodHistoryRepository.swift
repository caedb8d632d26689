import Foundation

/// The food log read back by food (issue 15, "when did I last eat X"): the store lists the names
/// logged and the entries with given names; which names a query means is decided here.
public protocol FoodHistoryRepository {
    /// Every distinct food name in the log.
    func loggedFoodNames() throws -> [String]
    /// Entries whose food name is one of `names`, newest first (date, then time logged), at most `limit`.
    func foodRecords(named names: [String], limit: Int) throws -> [FoodRecord]
}
