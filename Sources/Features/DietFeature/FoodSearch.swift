import BodiiDomain
import BodiiSearch
import Foundation
import TerminalKit

/// The food search modal (PRODUCT.md §3) as a small state machine: find a food → pick a serving →
/// type the amount → pick the meal → Enter saves. Every step has a default, so a common food takes
/// `bana` Enter Enter Enter Enter. Esc goes back one step, and closes from the first; nothing is
/// written before the last Enter.
///
/// While the query has focus every printable key types (j and k too: "jam", "kale"); the arrows
/// and Ctrl-N / Ctrl-P move the selection. In the serving and meal steps there is no text to type,
/// so j/k move there as everywhere else.
public struct FoodSearch {
    public enum Step: Int, Equatable, Sendable, CaseIterable {
        case food, serving, amount, meal
        public var title: String {
            switch self {
            case .food: return "Food"
            case .serving: return "Serving"
            case .amount: return "Amount"
            case .meal: return "Meal"
            }
        }
    }

    /// What the owner should do after a key.
    public enum Outcome: Equatable {
        case stay
        /// Esc on the first step: close, nothing written.
        case close
        /// The last Enter: save this record.
        case save(FoodRecord)
        /// "+ New custom food" was chosen, with the query as its name.
        case newCustomFood(name: String)
        /// Quick add: energy and macros without a food, with the query as its name.
        case quickAdd(name: String)
        /// A saved meal was chosen: log its items at this meal.
        case logSavedMeal(SavedMeal, meal: Meal)
        /// Enter on a line of foods: log them all; the parts not logged are named with why.
        case logLine([FoodRecord], notLogged: String)
        /// A key the modal leaves to the shell (`?` and `q` where nothing is typed).
        case ignored
        /// Ctrl-X on a saved meal: y/n first (the flow asks; `answerMealDelete` takes the answer).
        case confirmMealDelete(SavedMeal)
    }

    /// What the search is for: logging (food → serving → amount → meal), or an ingredient of a
    /// recipe (food → serving → amount; Enter on the amount hands it over, with no meal).
    public enum Purpose: Equatable, Sendable { case log, ingredient }
    public let purpose: Purpose

    let catalog: any FoodCatalogRepository
    let log: any FoodLogRepository
    /// The query, what it finds and the selection (`FoodSearchList`).
    var list: FoodSearchList
    /// What the last key did, when it says so (★ marked or unmarked).
    public internal(set) var notice: String?
    /// Ctrl-X on a saved meal: waiting for y/n.
    public internal(set) var pendingMealDelete: SavedMeal?
    /// Ctrl-R on a saved meal: the meal and its new name being typed.
    public internal(set) var renaming: (meal: SavedMeal, name: TextField)?
    public let day: LocalDate
    let now: Date
    public internal(set) var step: Step = .food
    /// The chosen food, its serving and the amount (`FoodPortionPick`).
    var pick = FoodPortionPick()
    public internal(set) var meal: Meal
    /// A saved meal whose meal already has entries on the day: the meal step asks where it goes.
    public internal(set) var savedMealToLog: SavedMeal?
    /// The meal for the clock's hour, preselected.
    public let likelyMeal: Meal
    public internal(set) var error: String?
    /// The query read as a line of foods, and its keys (`MealLineEditor`).
    var mealLine: MealLineEditor

    /// Imperial users also get oz and lb in the serving list.
    private let unitSystem: UnitSystem

    /// How far back the log is read for the serving a food was last eaten in.
    static let historyDays = 90
    /// Grams of each food's entries in the last `historyDays`, newest first: read once, at the
    /// first preview, so a keystroke reads no log.
    var recentGrams: [FoodID: [Double]]?

    public init(
        catalog: any FoodCatalogRepository, log: any FoodLogRepository, library: (any MealLibraryRepository)? = nil,
        day: LocalDate, clock: any Clock, purpose: Purpose = .log, unitSystem: UnitSystem = .metric
    ) {
        self.purpose = purpose
        self.unitSystem = unitSystem
        self.catalog = catalog
        self.log = log
        list = FoodSearchList(catalog: catalog, library: library)
        mealLine = MealLineEditor(catalog: catalog)
        self.day = day
        now = clock.now
        likelyMeal = Meal.likely(now: clock)
        meal = likelyMeal
        runSearch()
    }

    /// Text has focus (the shell then leaves every printable key to the modal).
    public var isEditingText: Bool { (step == .food && mealLine.isEditingText) || step == .amount }
    public var hasInput: Bool { step != .food || !query.text.isEmpty }
    public var food: Food? { pick.food }
    public var servings: [ServingChoice] { pick.servings }
    public var servingIndex: Int { pick.index }
    public var serving: ServingChoice? { pick.serving }
    public var amount: TextField { pick.amount }
    /// The amount still holds its default: the first key typed replaces it.
    public var amountIsDefault: Bool { pick.amountIsDefault }
    public var amountError: String? { pick.error }

    /// The food whose numbers the panel shows: the chosen one, else the selected result.
    public var shownFood: Food? {
        if step == .food, line != nil, lineFocus == .food, lineChoices.indices.contains(lineChoice) {
            return mealLine.choiceFood ?? lineChoices[lineChoice]
        }
        if step == .food, let entry = lineEntry { return entry.food }
        return food ?? preview
    }

    /// The grams the panel shows for "this amount": the typed amount (nil while it is not valid),
    /// the highlighted serving once, or the preview's first serving.
    public var shownGrams: Double? {
        if step == .food, line != nil, lineFocus == .food { return mealLine.choicePortion?.grams }
        if step == .food, let entry = lineEntry { return entry.portion.grams }
        switch step {
        case .food:
            return previewPortion?.grams
        case .serving:
            guard let s = serving else { return nil }
            return s.serving?.grams ?? 100
        case .amount, .meal:
            return try? pick.grams()
        }
    }

    /// What `shownGrams` is, in words: "1 medium (118 g)", "100 g".
    public var shownAmount: String? {
        guard let grams = shownGrams else { return nil }
        if step == .food, line != nil, lineFocus == .food { return mealLine.choicePortion?.label }
        if step == .food, let entry = lineEntry { return entry.portion.label }
        switch step {
        case .food:
            return previewPortion?.label
        case .serving, .amount, .meal:
            return serving?.describe(grams: grams)
        }
    }

    /// What Enter, Enter, Enter would log of the previewed food: the same portion, from the same
    /// history, as `choose` preselects and a line's part logs (`UsualPortion.portion`).
    var previewPortion: FoodPortion? {
        guard let p = preview, p.source != FoodSearchList.savedMealSource else { return nil }
        return UsualPortion.portion(for: p, lastGrams: recentGrams?[p.id]?.first)
    }

    /// Grams of the entries in the last `historyDays` by food, newest first.
    func servingHistory() throws -> [FoodID: [Double]] {
        try log.foodRecords(in: DateRange(ending: day, days: Self.historyDays)).reversed()
            .reduce(into: [:]) { byFood, r in if let g = r.grams { byFood[r.foodId, default: []].append(g) } }
    }

    public mutating func handle(_ key: Key) -> Outcome {
        if renaming != nil { handleRename(key); return .stay }
        let action = Action.actions(for: step, purpose: purpose).action(for: key)
        switch step {
        case .food: return handleFood(key, action)
        case .serving: return handleServing(key, action)
        case .amount: return handleAmount(key, action)
        case .meal: return handleMeal(key, action)
        }
    }

    var queryText: String { query.text.trimmingCharacters(in: .whitespaces) }

    mutating func handleFood(_ key: Key, _ action: Action?) -> Outcome {
        if let outcome = handleLine(key) { return outcome }
        switch action {
        case .close: return .close
        case .choose:
            if isOnNewCustomFood { return .newCustomFood(name: queryText) }
            if let saved = savedMeal(for: results[selected].id) { return chooseSavedMeal(saved) }
            choose(results[selected])
        case .favourite: toggleFavourite()
        case .renameMeal, .deleteMeal:
            guard results.indices.contains(selected), let meal = savedMeal(for: results[selected].id) else {
                notice = "Ctrl-R and Ctrl-X rename and delete saved meals: select one first."
                break
            }
            if case .deleteMeal = action {
                pendingMealDelete = meal
                return .confirmMealDelete(meal)
            } else {
                renaming = (meal, TextField(text: meal.name, maxLength: SavedMeal.nameLength.upperBound))
            }
        case .newFood: return .newCustomFood(name: queryText)
        case .quickAdd:
            guard purpose == .log else { notice = "A recipe's ingredients are foods: choose one from the list."; break }
            return .quickAdd(name: queryText)
        case .move(let by): select(selected + by)
        default:
            let before = query.text
            _ = list.query.handle(key)
            if query.text != before { runSearch() }
        }
        return .stay
    }

    mutating func handleServing(_ key: Key, _ action: Action?) -> Outcome {
        switch action {
        case .back: step = .food
        case .next: startAmount(nil)
        case .move(let by): pick.move(by)
        // A number starts the amount at once: `bana` Enter `2` Enter.
        case .startAmount(let c): startAmount(c)
        default: if Action.shellKeys.contains(key) { return .ignored }
        }
        return .stay
    }

    mutating func handleAmount(_ key: Key, _ action: Action?) -> Outcome {
        switch action {
        case .back:
            step = .serving
            pick.error = nil
        case .next:
            do {
                let grams = try pick.grams()
                pick.error = nil
                if purpose == .ingredient, let food, let grams {
                    return .save(FoodLogging.record(food: food, grams: grams, meal: meal, date: day, loggedAt: now))
                }
                step = .meal
            } catch {
                pick.error = error.inlineMessage
            }
        default: pick.type(key)
        }
        return .stay
    }

    mutating func handleMeal(_ key: Key, _ action: Action?) -> Outcome {
        let all = Meal.allCases
        let i = all.firstIndex(of: meal) ?? 0
        switch action {
        case .back where savedMealToLog != nil:
            savedMealToLog = nil
            step = .food
        case .back: step = .amount
        case .save:
            if let saved = savedMealToLog { return .logSavedMeal(saved, meal: meal) }
            guard let food, let grams = try? pick.grams() else { step = .amount; return .stay }
            return .save(FoodLogging.record(food: food, grams: grams, meal: meal, date: day, loggedAt: now))
        case .move(let by): meal = all[((i + by) % all.count + all.count) % all.count]
        case .meal(let m): meal = m
        default: if Action.shellKeys.contains(key) { return .ignored }
        }
        return .stay
    }

    // MARK: steps

    /// Takes `food` (loading its servings) to the serving step; also used after creating a custom food.
    mutating func choose(_ result: Food) {
        mealLine.lookups.clear()  // a custom food made from here is new to the catalog
        do {
            guard let full = try catalog.food(id: result.id) else {
                error = "\(result.name) is no longer in the catalog."
                return
            }
            pick.choose(full, unitSystem: unitSystem)
            // The history the preview read (once per search), so choosing reads no log again.
            if recentGrams == nil { recentGrams = try servingHistory() }
            pick.preselect(history: recentGrams?[full.id] ?? [])
            step = .serving
            error = nil
        } catch {
            self.error = "Could not read the food: \(ErrorLine.text(error))"
        }
    }

    mutating func startAmount(_ first: Character?) {
        if pick.startAmount(first) { step = .amount }
    }

    mutating func select(_ index: Int) {
        list.select(index)
        loadPreview()
    }

    /// Enter on a saved meal: it goes to the meal it was saved from (the meal of the hour for one
    /// saved before Bodii kept that), at once when that meal is still empty on the day; else the
    /// meal step asks which meal, with that one preselected.
    mutating func chooseSavedMeal(_ saved: SavedMeal) -> Outcome {
        let target = saved.meal ?? likelyMeal
        let taken: Bool
        do {
            taken = try log.foodRecords(in: DateRange(start: day, end: day)).contains { $0.meal == target }
        } catch {
            self.error = "Could not read the day: \(ErrorLine.text(error))"
            return .stay
        }
        guard taken else { return .logSavedMeal(saved, meal: target) }
        savedMealToLog = saved
        meal = target
        step = .meal
        return .stay
    }
}
