import BodiiDomain
import GroceryPlanner
import TerminalKit

/// `l` in the Plan view: a planned day's meals into the food log, each item through the food
/// diary's one way to log a food (`FoodDiary.log`: the record as `bodii log food` and the Diet tab
/// make it, taken from the pantry where the item says so); `u` deletes them again.
extension PantryViewModel {
    /// Logs every item of `day` at its meal on its date; the records added, nil when nothing was.
    func log(_ day: PlanDay) -> [FoodRecord]? {
        guard let store = source as? any FoodDiary.Store else {
            status = StatusMessage("The food log is not available here.", kind: .error)
            return nil
        }
        let diary = FoodDiary(store: store)
        var added: [FoodRecord] = []
        do {
            for meal in day.meals {
                for item in meal.items {
                    guard let food = try source.food(id: item.foodId) else { continue }
                    let record = FoodLogging.record(food: food, grams: item.grams, meal: meal.slot, date: day.date, loggedAt: clock.now)
                    added.append(try diary.log(record).record)
                }
            }
        } catch {
            _ = unlog(added, quiet: true)
            status = StatusMessage("Could not log the day: \(ErrorLine.text(error))", kind: .error)
            return nil
        }
        reload()
        let kcal = added.reduce(0) { $0 + $1.kcal }
        status = StatusMessage(
            "Logged \(Plural.count(added.count, "food", plural: "foods")) (\(NutrientFormat.kcal(kcal)) kcal) on \(day.date.shortLabel(relativeTo: clock.today)) — u to undo.",
            kind: .success)
        return added
    }

    /// Deletes the entries `l` logged; true when done.
    func unlog(_ records: [FoodRecord], quiet: Bool = false) -> Bool {
        guard let store = source as? any FoodDiary.Store else { return false }
        do {
            for r in records { if let id = r.id { _ = try store.deleteFoodRecord(id: id) } }
            reload()
            if !quiet { status = StatusMessage("Undid the log: removed \(Plural.count(records.count, "entry", plural: "entries")).", kind: .success) }
            return true
        } catch {
            status = StatusMessage("Could not undo the log: \(ErrorLine.text(error))", kind: .error)
            return false
        }
    }
}
