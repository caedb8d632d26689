import BodiiDomain
import Foundation
import TerminalKit

/// The search line as a whole meal (PRODUCT.md §3 "What people type"): when the query holds an
/// amount or several foods ("2 eggs, toast, banana, coffee with milk"), the list shows what would
/// be logged — each part's food and amount, found by the same search — and `Enter` logs them all
/// at the meal of the hour. `Tab` moves to the list (the panel shows the line highlighted), where
/// `e` changes a line's amount in place and `f` its food, among what its words find; Esc backs
/// out one level and never logs. Typing changes the line's words: the list follows every key.
///
/// `FoodSearch` owns one and hands it the query; this type knows the line and its keys, not the
/// day or the meal it is logged at.
public struct MealLineEditor {
    /// Where keys go while the query is a line: the query (typing), the list (a line highlighted:
    /// `e` its amount, `f` its food), the highlighted line's amount field, or its food's choices.
    public enum Focus: Equatable, Sendable { case query, list, amount, food }

    /// What a key did, for the search to act on.
    enum KeyResult: Equatable {
        /// Not a line key: the query's text field takes it.
        case typed
        case stay
        /// Enter: log every entry of the line.
        case log
        /// A key the modal leaves to the shell (`?` and `q` where nothing is typed).
        case ignored
    }

    static let choiceLimit = 20

    let catalog: any FoodCatalogRepository
    /// The query read as a line of foods, nil while it names one food.
    public internal(set) var line: MealLine.Result?
    /// The highlighted entry of `line`.
    public internal(set) var selected = 0
    /// Where keys go while the query is a line.
    public internal(set) var focus: Focus = .query
    /// `e`: the highlighted line's amount being typed.
    public internal(set) var field = TextField(maxLength: Validation.maxInputLength)
    /// Why the amount typed or the food picked for a line was refused, in one line.
    public internal(set) var error: String?
    /// `f`: the foods the highlighted line's words find, and the one highlighted.
    public internal(set) var choices: [Food] = []
    public internal(set) var choice = 0
    /// What the line's parts searched and loaded: a keystroke searches only the part it changed.
    let lookups = MealLine.Lookups()
    /// Lines changed by hand, by the words of their part.
    private var changes: [String: MealLine.Entry] = [:]
    private var edited: Set<String> = []
    /// The choices read whole, by id (a listing holds only kcal and the macros).
    private var choiceFoods: [FoodID: Food] = [:]
    /// Grams of each food's recent entries, newest first (the search's history, given at `read`).
    private var history: [FoodID: [Double]] = [:]

    init(catalog: any FoodCatalogRepository) { self.catalog = catalog }

    /// Reads `text` as a line. Lines changed by hand (`e`, `f`) keep the change while the part's
    /// words stay the same.
    mutating func read(_ text: String, history: [FoodID: [Double]]) throws {
        self.history = history
        var resolved = try MealLine.resolve(text, catalog: catalog, lastGrams: { history[$0]?.first }, lookups: lookups)
        for i in resolved.entries.indices {
            if let changed = changes[resolved.entries[i].text] { resolved.entries[i] = changed }
        }
        line = resolved
        selected = min(selected, max(0, resolved.entries.count - 1))
        if resolved.entries.isEmpty { focus = .query }
    }

    /// The query names one food again.
    mutating func close() {
        line = nil
        focus = .query
    }

    /// The highlighted entry of the line.
    public var entry: MealLine.Entry? {
        guard let entries = line?.entries, entries.indices.contains(selected) else { return nil }
        return entries[selected]
    }

    /// Keys go to a text field: the query's, or the highlighted line's amount.
    var isEditingText: Bool { line == nil || [.query, .amount].contains(focus) }

    /// A key while the query is a line.
    mutating func handle(_ key: Key) -> KeyResult {
        guard let line else { return .typed }
        switch focus {
        case .query:
            switch key {
            case .enter: return .log
            case .tab, .down, .ctrl("n"):
                if !line.entries.isEmpty { focus = .list }
            case .backTab, .up, .ctrl("p"):
                guard !line.entries.isEmpty else { return .stay }
                focus = .list
                move(-1)
            default: return .typed
            }
        case .list:
            switch key {
            case .enter: return .log
            case .tab, .down, .ctrl("n"), .char("j"): move(1)
            case .backTab, .up, .ctrl("p"), .char("k"): move(-1)
            case .char("e"): startAmount()
            case .char("f"): startFood()
            case .escape, .char("/"): focus = .query
            case .char("?"), .char("q"): return .ignored
            default:
                // Anything else types into the query again.
                focus = .query
                return .typed
            }
        case .amount:
            switch key {
            case .enter: setAmount()
            case .escape:
                focus = .list
                error = nil
            default:
                _ = field.handle(key)
                error = nil
            }
        case .food:
            switch key {
            case .enter: pickFood()
            case .escape:
                focus = .list
                error = nil
            case .tab, .down, .ctrl("n"), .char("j"):
                choice = min(choice + 1, max(0, choices.count - 1))
                error = nil
                loadChoice()
            case .backTab, .up, .ctrl("p"), .char("k"):
                choice = max(0, choice - 1)
                error = nil
                loadChoice()
            case .char("?"), .char("q"): return .ignored
            default: break
            }
        }
        return .stay
    }

    private mutating func move(_ by: Int) {
        guard let n = line?.entries.count, n > 0 else { return }
        selected = ((selected + by) % n + n) % n
    }

    /// `e`: the highlighted line's amount in a field, as many of its serving (grams when none),
    /// or any amount with a unit ("150 g", "2 slices"), read as the amount step reads it.
    private mutating func startAmount() {
        guard let e = entry else { return }
        field = TextField(
            text: ServingChoice(e.portion.serving).amountText(forGrams: e.portion.grams), maxLength: Validation.maxInputLength,
            selected: true)
        error = nil
        focus = .amount
    }

    private mutating func setAmount() {
        guard var e = entry else { return }
        do throws(ValidationError) {
            e.portion = try FoodPortions.portion(field.text, of: e.food, counting: e.portion.serving)
            e.portion.source = .typed
        } catch {
            self.error = error.inlineMessage
            return
        }
        change(e, amountEdited: true)
        focus = .list
    }

    /// `f`: the foods the highlighted line's words find, to pick another.
    private mutating func startFood() {
        guard let e = entry else { return }
        do {
            choices = try catalog.searchCatalogListing(e.part.food, limit: Self.choiceLimit).foods
        } catch {
            self.error = "Search failed: \(ErrorLine.text(error))"
            return
        }
        choice = choices.firstIndex { $0.id == e.food.id } ?? 0
        error = nil
        focus = .food
        loadChoice()
    }

    /// The highlighted choice read whole, once per food: the panel shows its nutrients, and Enter
    /// logs the food read here.
    private mutating func loadChoice() {
        guard choices.indices.contains(choice) else { return }
        let id = choices[choice].id
        guard choiceFoods[id] == nil else { return }
        do {
            choiceFoods[id] = try catalog.food(id: id)
        } catch {
            self.error = "Could not read the food: \(ErrorLine.text(error))"
        }
    }

    /// The highlighted choice as read whole (nil until read, or when it left the catalog).
    var choiceFood: Food? {
        choices.indices.contains(choice) ? choiceFoods[choices[choice].id] : nil
    }

    /// What picking the highlighted choice would log for the highlighted line (`f`).
    var choicePortion: FoodPortion? {
        guard let food = choiceFood, let entry else { return nil }
        return try? portion(of: food, for: entry)
    }

    /// What the line would log of `food` if picked for `e`: an amount edited by hand keeps its
    /// grams, an amount typed in the line is read for this food, else this food's own default.
    private func portion(of food: Food, for e: MealLine.Entry) throws(ValidationError) -> FoodPortion {
        if edited.contains(e.text) { return FoodPortion(grams: e.portion.grams, serving: nil) }
        if let amount = e.part.amount { return try FoodPortions.portion(amount, of: food) }
        return UsualPortion.portion(for: food, lastGrams: history[food.id]?.first)
    }

    /// Enter on a choice: the line logs that food, at the amount typed for it (an amount edited
    /// by hand keeps its grams), else that food's own default portion.
    private mutating func pickFood() {
        guard var e = entry, choices.indices.contains(choice) else { return }
        loadChoice()
        guard error == nil else { return }
        guard let food = choiceFood else {
            error = "\(choices[choice].name) is no longer in the catalog."
            return
        }
        do throws(ValidationError) {
            e.portion = try portion(of: food, for: e)
            e.food = food
        } catch {
            self.error = error.inlineMessage
            return
        }
        change(e, amountEdited: false)
        focus = .list
    }

    private mutating func change(_ e: MealLine.Entry, amountEdited: Bool) {
        changes[e.text] = e
        if amountEdited { edited.insert(e.text) }
        line?.entries[selected] = e
        error = nil
    }
}

/// The line's keys for the footer and help, by where the keys go.
extension MealLineEditor {
    var keyMap: KeyMap {
        switch focus {
        case .query: return Self.queryKeys
        case .list: return Self.listKeys
        case .amount: return Self.amountKeys
        case .food: return Self.foodKeys
        }
    }

    static let queryKeys = KeyMap(
        title: "Food search: a line of foods",
        bindings: [
            KeyBinding([.enter], help: "log every food of the line", footer: true, brief: "log all"),
            KeyBinding([.tab, .backTab], label: "Tab", help: "to the list: change a line's food or amount", footer: true, brief: "edit"),
            KeyBinding([.escape], help: "close, nothing logged", footer: true, brief: "close"),
            KeyBinding([.ctrl("u"), .ctrl("w")], label: "Ctrl-U/W", help: "clear the line / a word"),
        ])

    static let listKeys = KeyMap(
        title: "Food search: the line's list",
        bindings: [
            KeyBinding([.char("j"), .char("k"), .tab, .backTab, .up, .down], label: "j/k", help: "next / previous line", footer: true, brief: "move"),
            KeyBinding([.char("e")], help: "change the line's amount", footer: true, brief: "amount"),
            KeyBinding([.char("f")], help: "change the line's food (from what its words find)", footer: true, brief: "food"),
            KeyBinding([.enter], help: "log every food of the line", footer: true, brief: "log all"),
            KeyBinding([.escape, .char("/")], label: "Esc", help: "back to typing the line", footer: true, brief: "type"),
        ])

    static let amountKeys = KeyMap(
        title: "Food search: a line's amount",
        bindings: [
            KeyBinding([.enter], help: "set the amount: a number of the serving, or 150 g, 2 slices, 1 cup", footer: true, brief: "set"),
            KeyBinding([.escape], help: "keep the amount", footer: true, brief: "keep"),
        ])

    static let foodKeys = KeyMap(
        title: "Food search: a line's food",
        bindings: [
            KeyBinding([.char("j"), .char("k"), .up, .down], label: "j/k", help: "choose a food", footer: true, brief: "move"),
            KeyBinding([.enter], help: "log this food for the line", footer: true, brief: "pick"),
            KeyBinding([.escape], help: "keep the food", footer: true, brief: "keep"),
        ])
}
