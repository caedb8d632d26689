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
        /// A key the modal leaves to the shell (`?` and `q` where nothing is typed).
        case ignored
    }

    /// What the search is for: logging (food → serving → amount → meal), or an ingredient of a
    /// recipe (food → serving → amount; Enter on the amount hands it over, with no meal).
    public enum Purpose: Equatable, Sendable { case log, ingredient }
    public let purpose: Purpose

    static let resultLimit = 50
    static let recentLimit = 20

    private let catalog: any FoodCatalogRepository
    private let log: any FoodLogRepository
    private let library: (any MealLibraryRepository)?
    /// The saved meals, listed first (all of them for an empty query, those named by it else).
    public private(set) var savedMeals: [SavedMeal] = []
    /// Ids of the favourite foods (marked ★ and listed first for an empty query).
    public private(set) var favourites: Set<FoodID> = []
    /// What the last key did, when it says so (★ marked or unmarked).
    public private(set) var notice: String?
    /// Ctrl-X on a saved meal: waiting for y/n.
    public private(set) var pendingMealDelete: SavedMeal?
    /// Ctrl-R on a saved meal: the meal and its new name being typed.
    public private(set) var renaming: (meal: SavedMeal, name: TextField)?
    public let day: LocalDate
    private let now: Date
    public private(set) var step: Step = .food
    public private(set) var query = TextField(placeholder: "type a food (j and k type too)", maxLength: 60)
    public private(set) var results: [Food] = []
    /// True while the query is empty and `results` are the recent and frequent foods.
    public private(set) var showingRecent = true
    /// Index into `results`; `results.count` is the "+ New custom food" row.
    public private(set) var selected = 0
    /// The selected result with its servings (search results carry none).
    public private(set) var preview: Food?
    /// The food chosen with Enter, with its servings.
    public private(set) var food: Food?
    public private(set) var servings: [ServingChoice] = []
    public private(set) var servingIndex = 0
    public private(set) var amount = TextField(maxLength: Validation.maxInputLength)
    /// The amount still holds its default: the first key typed replaces it.
    public private(set) var amountIsDefault = true
    public private(set) var amountError: String?
    public private(set) var meal: Meal
    /// The meal for the clock's hour, preselected.
    public let likelyMeal: Meal
    public private(set) var error: String?
    private var previews: [FoodID: Food] = [:]
    /// Grams of the user's latest entry of the chosen food: its serving and amount are the defaults.
    private var lastGrams: Double?

    /// How far back the log is read for the serving a food was last eaten in.
    static let historyDays = 90

    public init(catalog: any FoodCatalogRepository, log: any FoodLogRepository, library: (any MealLibraryRepository)? = nil,
                day: LocalDate, clock: any Clock, purpose: Purpose = .log) {
        self.purpose = purpose
        self.catalog = catalog
        self.log = log
        self.library = library
        self.day = day
        now = clock.now
        likelyMeal = Meal.likely(now: clock)
        meal = likelyMeal
        runSearch()
    }

    /// Rows in the result list: the foods and the "+ New custom food" action.
    public var rowCount: Int { results.count + 1 }
    public var isOnNewCustomFood: Bool { selected == results.count }
    /// Text has focus (the shell then leaves every printable key to the modal).
    public var isEditingText: Bool { step == .food || step == .amount }
    public var hasInput: Bool { step != .food || !query.text.isEmpty }
    public var serving: ServingChoice? { servings.indices.contains(servingIndex) ? servings[servingIndex] : nil }

    /// The food whose numbers the panel shows: the chosen one, else the selected result.
    public var shownFood: Food? { food ?? preview }

    /// The grams the panel shows for "this amount": the typed amount (nil while it is not valid),
    /// the highlighted serving once, or the preview's first serving.
    public var shownGrams: Double? {
        switch step {
        case .food:
            guard let p = preview else { return nil }
            let choices = ServingChoice.all(for: p)
            return choices[ServingChoice.preferredIndex(in: choices)].serving?.grams ?? 100
        case .serving:
            guard let s = serving else { return nil }
            return s.serving?.grams ?? 100
        case .amount, .meal:
            return try? serving?.grams(amount.text)
        }
    }

    /// What `shownGrams` is, in words: "1 medium (118 g)", "100 g".
    public var shownAmount: String? {
        guard let grams = shownGrams else { return nil }
        switch step {
        case .food:
            guard let p = preview else { return nil }
            let choices = ServingChoice.all(for: p)
            return choices[ServingChoice.preferredIndex(in: choices)].describe(grams: grams)
        case .serving, .amount, .meal:
            return serving?.describe(grams: grams)
        }
    }

    // MARK: keys

    /// What a key does in a step: one list per step (`actions`) drives both the dispatch below
    /// and the footer and help (`keyMap`), so they cannot drift.
    enum Action: Sendable {
        case close, back, choose, next, save, newFood, quickAdd, favourite, renameMeal, deleteMeal
        /// Move the selection by this many rows (the meal list wraps around).
        case move(Int)
        case meal(Meal)
        /// A digit typed in the serving step starts the amount with it.
        case startAmount(Character)
    }

    /// Keys the shell keeps where nothing is typed: help and quit.
    static let shellKeys: [Key] = [.char("?"), .char("q")]
    static let amountKeys: [Key] = Array("0123456789.,").map { Key.char($0) }

    static let foodActions = ActionKeyMap<Action>(title: "Food search", [
        KeyBinding([.up, .down, .ctrl("p"), .ctrl("n")], label: "↑↓ Ctrl-P/N", help: "select (j, k type)", footer: true, brief: "move")
            .performs { key in key == .up || key == .ctrl("p") ? .move(-1) : .move(1) },
        KeyBinding([.enter], help: "choose", footer: true).performs(.choose),
        KeyBinding([.ctrl("o")], help: "new custom food", footer: true, brief: "new").performs(.newFood),
        KeyBinding([.ctrl("t")], label: "Ctrl-T", help: "quick add: kcal (and P/C/F) without a food", footer: true,
                   brief: "quick add").performs(.quickAdd),
        KeyBinding([.escape], help: "close", footer: true).performs(.close),
        KeyBinding([.char("*")], help: "mark or unmark the selected food as a favourite (listed first)").performs(.favourite),
        KeyBinding([.ctrl("r")], label: "Ctrl-R", help: "rename the selected saved meal").performs(.renameMeal),
        KeyBinding([.ctrl("x")], label: "Ctrl-X", help: "delete the selected saved meal (y/n)").performs(.deleteMeal),
        KeyBinding([.pageUp, .pageDown], label: "PgUp/PgDn", help: "page through the results")
            .performs { key in key == .pageUp ? .move(-10) : .move(10) },
        // Done by the query's text field; listed for help.
        KeyBinding([.ctrl("u"), .ctrl("w")], label: "Ctrl-U/W", help: "clear the query / a word").performs { _ in nil },
    ])

    static let servingActions = ActionKeyMap<Action>(title: "Serving", [
        KeyBinding([.char("j"), .char("k"), .up, .down, .ctrl("p"), .ctrl("n"), .left, .right, .tab], label: "j/k",
                   help: "choose a serving", footer: true, brief: "select")
            .performs { key in [.char("k"), .up, .ctrl("p"), .left].contains(key) ? .move(-1) : .move(1) },
        KeyBinding([.enter], help: "next: amount", footer: true, brief: "amount").performs(.next),
        KeyBinding([.escape], help: "back", footer: true).performs(.back),
        KeyBinding(amountKeys, label: "0–9", help: "type the amount at once", footer: true, brief: "type it").performs { key in
            if case .char(let c) = key { return .startAmount(c) }
            return nil
        },
    ])

    static let amountActions = ActionKeyMap<Action>(title: "Amount", [
        KeyBinding([.enter], help: "next: meal", footer: true, brief: "meal").performs(.next),
        KeyBinding([.escape], help: "back", footer: true).performs(.back),
    ])

    static let ingredientAmountActions = ActionKeyMap<Action>(title: "Amount", [
        KeyBinding([.enter], help: "add the ingredient", footer: true, brief: "add").performs(.next),
        KeyBinding([.escape], help: "back", footer: true).performs(.back),
    ])

    static let mealActions = ActionKeyMap<Action>(title: "Meal", [
        KeyBinding([.char("j"), .char("k"), .up, .down, .left, .right, .ctrl("p"), .ctrl("n"), .tab, .backTab], label: "j/k",
                   help: "choose the meal", footer: true, brief: "select")
            .performs { key in [.char("k"), .up, .left, .ctrl("p"), .backTab].contains(key) ? .move(-1) : .move(1) },
        KeyBinding([.char("b"), .char("l"), .char("d"), .char("s")], label: "b l d s", help: "breakfast, lunch, dinner, snacks",
                   footer: true, brief: "meal").performs { key in
            switch key {
            case .char("b"): return .meal(.breakfast)
            case .char("l"): return .meal(.lunch)
            case .char("d"): return .meal(.dinner)
            default: return .meal(.snacks)
            }
        },
        KeyBinding([.enter], help: "save", footer: true).performs(.save),
        KeyBinding([.escape], help: "back", footer: true).performs(.back),
    ])

    static func actions(for step: Step, purpose: Purpose = .log) -> ActionKeyMap<Action> {
        switch step {
        case .food: return foodActions
        case .serving: return servingActions
        case .amount: return purpose == .ingredient ? ingredientAmountActions : amountActions
        case .meal: return mealActions
        }
    }

    public mutating func handle(_ key: Key) -> Outcome {
        if let meal = pendingMealDelete { answerMealDelete(meal, key); return .stay }
        if renaming != nil { handleRename(key); return .stay }
        let action = Self.actions(for: step, purpose: purpose).action(for: key)
        switch step {
        case .food: return handleFood(key, action)
        case .serving: return handleServing(key, action)
        case .amount: return handleAmount(key, action)
        case .meal: return handleMeal(key, action)
        }
    }

    private var queryText: String { query.text.trimmingCharacters(in: .whitespaces) }

    private mutating func handleFood(_ key: Key, _ action: Action?) -> Outcome {
        switch action {
        case .close: return .close
        case .choose:
            if isOnNewCustomFood { return .newCustomFood(name: queryText) }
            if let meal = savedMeal(for: results[selected].id) { return .logSavedMeal(meal, meal: meal_) }
            choose(results[selected])
        case .favourite: toggleFavourite()
        case .renameMeal, .deleteMeal:
            guard results.indices.contains(selected), let meal = savedMeal(for: results[selected].id) else {
                notice = "Ctrl-R and Ctrl-X rename and delete saved meals: select one first."
                break
            }
            if case .deleteMeal = action {
                pendingMealDelete = meal
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
            _ = query.handle(key)
            if query.text != before { runSearch() }
        }
        return .stay
    }

    private mutating func handleServing(_ key: Key, _ action: Action?) -> Outcome {
        switch action {
        case .back: step = .food
        case .next: startAmount(nil)
        case .move(let by): servingIndex = min(max(0, servingIndex + by), servings.count - 1)
        // A number starts the amount at once: `bana` Enter `2` Enter.
        case .startAmount(let c): startAmount(c)
        default: if Self.shellKeys.contains(key) { return .ignored }
        }
        return .stay
    }

    private mutating func handleAmount(_ key: Key, _ action: Action?) -> Outcome {
        switch action {
        case .back:
            step = .serving
            amountError = nil
        case .next:
            do {
                let grams = try serving?.grams(amount.text)
                amountError = nil
                if purpose == .ingredient, let food, let grams {
                    return .save(FoodLogging.record(food: food, grams: grams, meal: meal, date: day, loggedAt: now))
                }
                step = .meal
            } catch {
                amountError = error.inlineMessage
            }
        default:
            if amountIsDefault {
                // The default is "selected": typing replaces it, deleting clears it.
                amountIsDefault = false
                switch key {
                case .char: amount.setText("")
                case .backspace, .delete, .ctrl("u"):
                    amount.setText("")
                    return .stay
                default: break
                }
            }
            _ = amount.handle(key)
            amountError = nil
        }
        return .stay
    }

    private mutating func handleMeal(_ key: Key, _ action: Action?) -> Outcome {
        let all = Meal.allCases
        let i = all.firstIndex(of: meal) ?? 0
        switch action {
        case .back: step = .amount
        case .save:
            guard let food, let grams = try? serving?.grams(amount.text) else { step = .amount; return .stay }
            return .save(FoodLogging.record(food: food, grams: grams, meal: meal, date: day, loggedAt: now))
        case .move(let by): meal = all[((i + by) % all.count + all.count) % all.count]
        case .meal(let m): meal = m
        default: if Self.shellKeys.contains(key) { return .ignored }
        }
        return .stay
    }

    // MARK: steps

    /// Takes `food` (loading its servings) to the serving step; also used after creating a custom food.
    mutating func choose(_ result: Food) {
        do {
            guard let full = try catalog.food(id: result.id) else {
                error = "\(result.name) is no longer in the catalog."
                return
            }
            food = full
            servings = ServingChoice.all(for: full)
            let history = try log.foodRecords(in: DateRange(ending: day, days: Self.historyDays))
                .filter { $0.foodId == full.id }.reversed().compactMap(\.grams)
            servingIndex = ServingChoice.preferredIndex(in: servings, history: Array(history))
            lastGrams = history.first
            step = .serving
            error = nil
        } catch {
            self.error = "Could not read the food: \(error)"
        }
    }

    private mutating func startAmount(_ first: Character?) {
        guard let serving else { return }
        if let first {
            amount.setText(String(first))
            amountIsDefault = false
        } else {
            // The amount eaten last time, when it was in this serving; else one serving or 100 g.
            if let last = lastGrams, ServingChoice.likely(forGrams: last, among: servings) == serving {
                amount.setText(serving.amountText(forGrams: last))
            } else {
                amount.setText(serving.defaultAmountText)
            }
            amountIsDefault = true
        }
        amountError = nil
        step = .amount
    }

    private mutating func select(_ index: Int) {
        selected = min(max(0, index), rowCount - 1)
        loadPreview()
    }

    /// The meal a saved meal is logged at: the one the meal step would offer.
    private var meal_: Meal { meal }

    /// The saved meal a row of the list stands for.
    public func savedMeal(for id: FoodID) -> SavedMeal? {
        SavedMeal.id(fromListID: id).flatMap { mealID in savedMeals.first { $0.id == mealID } }
    }

    /// The y/n after Ctrl-X: y deletes the saved meal (what was logged from it stays).
    private mutating func answerMealDelete(_ meal: SavedMeal, _ key: Key) {
        switch Confirmation.answer(for: key) {
        case .yes:
            pendingMealDelete = nil
            guard let library, let id = meal.id else { return }
            do {
                try library.deleteSavedMeal(id: id)
                runSearch()
                notice = "Deleted the saved meal \(meal.name); what you logged with it stays."
            } catch {
                self.error = "Could not delete the saved meal: \(error)"
            }
        case .no:
            pendingMealDelete = nil
            notice = "Kept \(meal.name)."
        case nil: break
        }
    }

    /// Ctrl-R's name field: Enter renames, Esc keeps the name.
    private mutating func handleRename(_ key: Key) {
        guard let (meal, typed) = renaming else { return }
        var field = typed
        switch key {
        case .escape:
            renaming = nil
            notice = "Name unchanged."
        case .enter:
            guard let library, let id = meal.id else { renaming = nil; return }
            do {
                let name = try SavedMeal.name(field.text)
                try library.renameSavedMeal(id: id, to: name)
                renaming = nil
                let at = SavedMeal(id: id, name: name, items: meal.items).listID
                previews[at] = nil   // the panel shows the new name
                runSearch()
                selected = results.firstIndex { $0.id == at } ?? 0
                loadPreview()
                notice = "Renamed to \(name)."
            } catch let error as ValidationError {
                notice = error.inlineMessage
            } catch {
                notice = "Could not rename: \(error)"
            }
        default:
            _ = field.handle(key)
            renaming = (meal, field)
            notice = nil
        }
    }

    /// `*`: marks the selected food a favourite, or unmarks it.
    private mutating func toggleFavourite() {
        guard let library, results.indices.contains(selected), savedMeal(for: results[selected].id) == nil else { return }
        let food = results[selected]
        let on = !favourites.contains(food.id)
        do {
            try library.setFavourite(food.id, on)
            if on { favourites.insert(food.id) } else { favourites.remove(food.id) }
            notice = on ? "★ \(food.name) is a favourite" : "\(food.name) is no longer a favourite"
        } catch {
            self.error = "Could not change favourites: \(error)"
        }
    }

    /// A saved meal as a row of the list: its name, item count and total energy.
    private static func row(_ meal: SavedMeal) -> Food {
        Food(id: meal.listID, name: "\(meal.name) — saved meal, \(Plural.count(meal.items.count, "item", plural: "items"))",
             source: "meal", per100g: Nutrients(kcal: meal.kcal, proteinG: meal.items.reduce(0) { $0 + $1.proteinG },
                                                carbsG: meal.items.reduce(0) { $0 + $1.carbsG }, fatG: meal.items.reduce(0) { $0 + $1.fatG }))
    }

    /// Results change on every keystroke; an empty query lists saved meals, favourites, then
    /// recent and frequent foods.
    private mutating func runSearch() {
        let text = query.text.trimmingCharacters(in: .whitespaces)
        notice = nil
        do {
            showingRecent = text.isEmpty
            if let library {
                savedMeals = try library.savedMeals()
                let favouriteFoods = try library.favouriteFoods()
                favourites = Set(favouriteFoods.map(\.id))
                let words = SearchText.words(text)
                let named = savedMeals.filter { meal in
                    let nameWords = SearchText.words(meal.name)
                    return words.allSatisfy { w in nameWords.contains { SearchText.hasPrefix($0, w) } }
                }
                let found = text.isEmpty ? favouriteFoods + (try catalog.recentFoods(limit: Self.recentLimit))
                    : try catalog.searchFoods(text, limit: Self.resultLimit)
                var seen = Set<FoodID>()
                results = named.map(Self.row) + found.filter { seen.insert($0.id).inserted }
            } else {
                results = text.isEmpty ? try catalog.recentFoods(limit: Self.recentLimit) : try catalog.searchFoods(text, limit: Self.resultLimit)
            }
            error = nil
        } catch {
            results = []
            self.error = "Search failed: \(error)"
        }
        selected = 0
        loadPreview()
    }

    private mutating func loadPreview() {
        guard results.indices.contains(selected) else { preview = nil; return }
        let id = results[selected].id
        if let cached = previews[id] { preview = cached; return }
        preview = (try? catalog.food(id: id)) ?? results[selected]
        previews[id] = preview
    }

    // MARK: keys for help and footer

    public var keyMap: KeyMap {
        if pendingMealDelete != nil { return Confirmation.keyMap(title: "Delete saved meal", yes: "delete", no: "keep") }
        if renaming != nil { return .formDialog(title: "Rename saved meal", saveHelp: "rename", cancelHelp: "keep the name") }
        var map = Self.actions(for: step, purpose: purpose).keyMap
        // An ingredient is a food: no quick add.
        if purpose == .ingredient { map.bindings.removeAll { $0.keys.contains(.ctrl("t")) } }
        return map
    }
}
