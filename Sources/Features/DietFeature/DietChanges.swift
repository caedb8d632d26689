import BodiiDomain
import TerminalKit

/// What the Diet tab writes from its own keys (`S`, `u`) and on behalf of its flows: logging,
/// undo. Each sets the tab's status line.
extension DietViewModel {
    /// Logs `record` from the search, taking it from the pantry too where the item says so (Pantry
    /// tab, i), as `bodii log food` does. True when it was saved.
    func log(_ record: FoodRecord, serving: ServingChoice?) -> Bool {
        do {
            let (saved, taken) = try diary.log(record)
            show(day, selecting: saved.id)
            let amount = saved.grams.flatMap { serving?.describe(grams: $0) } ?? NutrientFormat.amount(saved)
            let when = saved.date == clock.today ? "" : " on \(saved.date.shortLabel(relativeTo: clock.today))"
            status = StatusMessage(
                "Logged \(saved.foodName), \(amount), \(NutrientFormat.kcal(saved.kcal)) kcal at \(saved.meal.rawValue)\(when)"
                    + (taken.isEmpty ? "." : ", taken from the pantry."), kind: .success)
            return true
        } catch {
            status = StatusMessage("Could not save: \(ErrorLine.text(error))", kind: .error)
            return false
        }
    }

    /// Logs a line of foods from the search (`MealLineEditor`) in one transaction; `u` takes them
    /// out again. The parts not logged are named in the status with why (`notLogged`, from
    /// `MealLine.Result.unmatchedSummary`). True when logged.
    func log(line records: [FoodRecord], notLogged: String) -> Bool {
        guard let first = records.first else { return false }
        do {
            var batch = HistoryBatch()
            batch.food = records
            let before = Set(try source.foodRecords(in: DateRange(start: first.date, end: first.date)).compactMap(\.id))
            try source.write(batch)
            day = first.date
            reload()
            let added = records.isEmpty ? [] : self.records.filter { r in r.id.map { !before.contains($0) } ?? false }
            lastChange = .copied(added)
            let kcal = records.reduce(0) { $0 + $1.kcal }
            let missed = notLogged.isEmpty ? "" : "; not logged: " + notLogged
            status = StatusMessage(
                "Logged \(Plural.count(records.count, "food", plural: "foods")) (\(NutrientFormat.kcal(kcal)) kcal) at "
                    + "\(first.meal.rawValue)\(missed) — u to undo.", kind: notLogged.isEmpty ? .success : .error)
            return true
        } catch {
            status = StatusMessage("Could not log the line: \(ErrorLine.text(error))", kind: .error)
            return false
        }
    }

    /// Logs a saved meal's items on `day` at `meal`; `u` takes them out again. True when logged.
    func log(_ saved: SavedMeal, at meal: Meal, on day: LocalDate) -> Bool {
        do {
            var batch = HistoryBatch()
            batch.food = saved.records(on: day, meal: meal, loggedAt: clock.now)
            let before = Set(try source.foodRecords(in: DateRange(start: day, end: day)).compactMap(\.id))
            try source.write(batch)
            self.day = day
            reload()
            let added = records.filter { r in r.id.map { !before.contains($0) } ?? false }
            lastChange = .copied(added)
            status = StatusMessage(
                "Logged \(saved.name) (\(Plural.count(added.count, "entry", plural: "entries")), "
                    + "\(NutrientFormat.kcal(saved.kcal)) kcal) at \(meal.rawValue) — u to undo.", kind: .success)
            return true
        } catch {
            status = StatusMessage("Could not log the meal: \(ErrorLine.text(error))", kind: .error)
            return false
        }
    }

    /// `w`: a drink of water on the shown day, at the meal the time of day suggests: as much as
    /// the day's last drink, else a glass (250 ml). `u` takes it back.
    func logWater() {
        do {
            guard let water = try catalog.food(id: WaterLogging.foodID) else {
                status = StatusMessage("The catalog has no drinking water (\(WaterLogging.foodID.rawValue)).", kind: .error)
                return
            }
            let ml = records.last(where: WaterLogging.isWater)?.grams ?? WaterLogging.glassMl
            let record = WaterLogging.record(ml: ml, water: water, date: day, meal: Meal.likely(now: clock), loggedAt: clock.now)
            let saved = try source.addFoodRecord(record)
            show(day, selecting: saved.id)
            lastChange = .drank(saved)
            let drunk = WaterLogging.loggedMl(records)
            status = StatusMessage(
                "Logged \(WaterLogging.text(ml: ml)) of water; \(WaterLogging.text(ml: drunk)) drunk this day — u to undo.", kind: .success)
        } catch {
            status = StatusMessage("Could not log the water: \(ErrorLine.text(error))", kind: .error)
        }
    }

    /// `S`: the selected entry's meal, saved as "Breakfast 2026-11-22" (its items as logged).
    func saveSelectedMeal() {
        guard let record = selectedRecord else { status = StatusMessage("Nothing to save: add food with a or /."); return }
        let items = records.filter { $0.meal == record.meal }
        do {
            let saved = try source.saveMeal(SavedMeal(name: "\(record.meal.label) \(day.iso)", meal: record.meal, items: items))
            status = StatusMessage(
                "Saved \(saved.name) (\(Plural.count(items.count, "item", plural: "items"))): a then Enter logs it again.",
                kind: .success)
        } catch {
            status = StatusMessage("Could not save the meal: \(ErrorLine.text(error))", kind: .error)
        }
    }

    /// `u`: undoes the latest change — a deleted entry, a copy or a deleted meal.
    func undo() {
        switch lastChange {
        case .copied(let added):
            do {
                for r in added { if let id = r.id { _ = try source.deleteFoodRecord(id: id) } }
                lastChange = nil
                reload()
                status = StatusMessage("Undid the copy: removed \(Plural.count(added.count, "entry", plural: "entries")).", kind: .success)
            } catch {
                status = StatusMessage("Could not undo the copy: \(ErrorLine.text(error))", kind: .error)
            }
        case .deletedMeal(let removed):
            do {
                // Same ids, dates and values: the meal comes back as it was.
                for r in removed { _ = try source.addFoodRecord(r) }
                lastChange = nil
                if let first = removed.first { day = first.date }
                reload()
                status = StatusMessage(
                    "Restored \(removed.first?.meal.label ?? "the meal") (\(Plural.count(removed.count, "entry", plural: "entries"))).",
                    kind: .success)
            } catch {
                status = StatusMessage("Could not restore: \(ErrorLine.text(error))", kind: .error)
            }
        case .drank(let record):
            do {
                if let id = record.id { _ = try source.deleteFoodRecord(id: id) }
                lastChange = nil
                reload()
                status = StatusMessage("Took back the \(WaterLogging.text(ml: record.grams ?? 0)) of water.", kind: .success)
            } catch {
                status = StatusMessage("Could not undo the water: \(ErrorLine.text(error))", kind: .error)
            }
        case .deletedEntry, nil:
            undoDelete()
            if deletion.lastDeleted == nil { lastChange = nil }
        }
    }

    private func undoDelete() {
        // Same id, date and values: it comes back as it was, on its own day.
        let result = deletion.undo(describe: \.foodName) { try source.addFoodRecord($0) }
        status = result.status
        guard let restored = result.restored else { return }
        show(restored.date, selecting: restored.id)
    }
}
