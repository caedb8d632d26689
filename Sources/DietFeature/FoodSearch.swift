import BodiiDomain
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
        /// A key the modal leaves to the shell (`?` and `q` where nothing is typed).
        case ignored
    }

    static let resultLimit = 50
    static let recentLimit = 20

    private let catalog: any FoodCatalogRepository
    private let log: any FoodLogRepository
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

    public init(catalog: any FoodCatalogRepository, log: any FoodLogRepository, day: LocalDate, clock: any Clock) {
        self.catalog = catalog
        self.log = log
        self.day = day
        now = clock.now
        likelyMeal = Meal.likely(at: clock.now, timeZone: clock.timeZone)
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

    public mutating func handle(_ key: Key) -> Outcome {
        switch step {
        case .food: return handleFood(key)
        case .serving: return handleServing(key)
        case .amount: return handleAmount(key)
        case .meal: return handleMeal(key)
        }
    }

    private mutating func handleFood(_ key: Key) -> Outcome {
        switch key {
        case .escape: return .close
        case .enter:
            if isOnNewCustomFood { return .newCustomFood(name: query.text.trimmingCharacters(in: .whitespaces)) }
            choose(results[selected])
        case .ctrl("o"): return .newCustomFood(name: query.text.trimmingCharacters(in: .whitespaces))
        case .up, .ctrl("p"): select(selected - 1)
        case .down, .ctrl("n"): select(selected + 1)
        case .pageUp: select(selected - 10)
        case .pageDown: select(selected + 10)
        default:
            let before = query.text
            _ = query.handle(key)
            if query.text != before { runSearch() }
        }
        return .stay
    }

    private mutating func handleServing(_ key: Key) -> Outcome {
        switch key {
        case .escape: step = .food
        case .enter: startAmount(nil)
        case .up, .char("k"), .ctrl("p"), .left: servingIndex = max(0, servingIndex - 1)
        case .down, .char("j"), .ctrl("n"), .right, .tab: servingIndex = min(servings.count - 1, servingIndex + 1)
        case .char("?"), .char("q"): return .ignored
        case .char(let c) where c.isASCII && (c.isNumber || c == "." || c == ","):
            // A number starts the amount at once: `bana` Enter `2` Enter.
            startAmount(c)
        default: break
        }
        return .stay
    }

    private mutating func handleAmount(_ key: Key) -> Outcome {
        switch key {
        case .escape:
            step = .serving
            amountError = nil
        case .enter:
            do {
                _ = try serving?.grams(amount.text)
                amountError = nil
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

    private mutating func handleMeal(_ key: Key) -> Outcome {
        let all = Meal.allCases
        let i = all.firstIndex(of: meal) ?? 0
        switch key {
        case .escape: step = .amount
        case .enter:
            guard let food, let grams = try? serving?.grams(amount.text) else { step = .amount; return .stay }
            return .save(FoodLogging.record(food: food, grams: grams, meal: meal, date: day, loggedAt: now))
        case .up, .char("k"), .left, .ctrl("p"), .backTab: meal = all[(i + all.count - 1) % all.count]
        case .down, .char("j"), .right, .ctrl("n"), .tab: meal = all[(i + 1) % all.count]
        case .char("b"): meal = .breakfast
        case .char("l"): meal = .lunch
        case .char("d"): meal = .dinner
        case .char("s"): meal = .snacks
        case .char("?"), .char("q"): return .ignored
        default: break
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
                .filter { $0.foodId == full.id }.reversed().map(\.grams)
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

    /// Results change on every keystroke; an empty query lists recent and frequent foods.
    private mutating func runSearch() {
        let text = query.text.trimmingCharacters(in: .whitespaces)
        do {
            showingRecent = text.isEmpty
            results = text.isEmpty ? try catalog.recentFoods(limit: Self.recentLimit) : try catalog.searchFoods(text, limit: Self.resultLimit)
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
        switch step {
        case .food:
            return KeyMap(title: "Food search", bindings: [
                KeyBinding([.up, .down, .ctrl("p"), .ctrl("n")], label: "↑↓ Ctrl-P/N", help: "select (j, k type)", footer: true),
                KeyBinding([.enter], help: "choose", footer: true),
                KeyBinding([.ctrl("o")], help: "new custom food", footer: true),
                KeyBinding([.escape], help: "close", footer: true),
                KeyBinding([.pageUp, .pageDown], label: "PgUp/PgDn", help: "page through the results"),
                KeyBinding([.ctrl("u"), .ctrl("w")], label: "Ctrl-U/W", help: "clear the query / a word"),
            ])
        case .serving:
            return KeyMap(title: "Serving", bindings: [
                KeyBinding([.char("j"), .char("k"), .up, .down], label: "j/k", help: "choose a serving", footer: true),
                KeyBinding([.enter], help: "next: amount", footer: true),
                KeyBinding([.escape], help: "back", footer: true),
                KeyBinding([], label: "0–9", help: "type the amount at once"),
            ])
        case .amount:
            return KeyMap(title: "Amount", bindings: [
                KeyBinding([.enter], help: "next: meal", footer: true),
                KeyBinding([.escape], help: "back", footer: true),
            ])
        case .meal:
            return KeyMap(title: "Meal", bindings: [
                KeyBinding([.char("j"), .char("k"), .up, .down], label: "j/k", help: "choose the meal", footer: true),
                KeyBinding([.char("b"), .char("l"), .char("d"), .char("s")], label: "b l d s", help: "breakfast, lunch, dinner, snacks", footer: true),
                KeyBinding([.enter], help: "save", footer: true),
                KeyBinding([.escape], help: "back", footer: true),
            ])
        }
    }
}
