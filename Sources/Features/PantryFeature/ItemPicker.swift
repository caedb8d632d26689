import BodiiDomain
import BodiiSearch
import TerminalKit

/// What a pantry or shopping-list entry is about: a catalog food (so the pantry knows its
/// nutrition and household measures) or a free name ("kitchen roll").
public enum PickedItem: Equatable, Sendable {
    case food(Food)
    case name(String)

    public var name: String {
        switch self {
        case .food(let f): return f.name
        case .name(let n): return n
        }
    }
}

/// The first step of adding to the stock or the list: type a few letters, the catalog's foods
/// come up ranked the way Diet's food search ranks them (the same `searchFoods`), the items the
/// pantry already knows first; the last row keeps the query as a free name. Results update on
/// every keystroke; an empty query lists the pantry's items, then recent foods.
struct ItemPicker {
    static let resultLimit = 40
    static let recentLimit = 15

    private let catalog: any FoodCatalogRepository
    /// The names the pantry already has (free names and foods), for an empty or matching query.
    private let known: [PickedItem]
    private(set) var query = TextField(placeholder: "type a food or any name", maxLength: 60)
    private(set) var results: [PickedItem] = []
    /// Index into `results`; `results.count` is the "+ free name" row.
    private(set) var selected = 0
    private(set) var error: String?
    /// How many of `results` (the first ones) are the pantry's own items.
    private(set) var knownCount = 0

    init(catalog: any FoodCatalogRepository, known: [PickedItem]) {
        self.catalog = catalog
        self.known = known
        search()
    }

    var rowCount: Int { results.count + 1 }
    var queryText: String { query.text.trimmingCharacters(in: .whitespaces) }
    var isOnFreeName: Bool { selected == results.count }
    var hasInput: Bool { !query.text.isEmpty }

    enum Outcome: Equatable {
        case stay, close
        case chose(PickedItem)
        case refused(String)
    }

    enum Action: Sendable {
        case close, choose, freeName
        case move(Int)
    }

    static let actions = ActionKeyMap<Action>(
        title: "Choose an item",
        [
            KeyBinding([.up, .down, .ctrl("p"), .ctrl("n")], label: "↑↓", help: "select (j, k type)", footer: true, brief: "move")
                .performs { key in key == .up || key == .ctrl("p") ? .move(-1) : .move(1) },
            KeyBinding([.pageUp, .pageDown], label: "PgUp/PgDn", help: "page through the results")
                .performs { key in key == .pageUp ? .move(-10) : .move(10) },
            KeyBinding([.enter], help: "choose", footer: true).performs(.choose),
            KeyBinding([.ctrl("o")], label: "Ctrl-O", help: "keep the text typed as a free name", footer: true, brief: "free name")
                .performs(.freeName),
            KeyBinding([.escape], help: "close, nothing written", footer: true, brief: "close").performs(.close),
            KeyBinding([.ctrl("u"), .ctrl("w")], label: "Ctrl-U/W", help: "clear the query / a word").performs { _ in nil },
        ])

    mutating func handle(_ key: Key) -> Outcome {
        switch Self.actions.action(for: key) {
        case .close: return .close
        case .move(let by): selected = min(max(0, selected + by), rowCount - 1)
        case .freeName:
            selected = results.count
            return handle(.enter)
        case .choose:
            if !isOnFreeName { return choose(results[selected]) }
            // A free name is checked the way every name is (no control characters, not empty).
            do throws(ValidationError) {
                return .chose(.name(try Validation.name(queryText, field: "item name")))
            } catch {
                return .refused(error.inlineMessage)
            }
        case nil:
            let before = query.text
            _ = query.handle(key)
            if query.text != before { search() }
        }
        return .stay
    }

    /// A catalog food is read again with its measures (search results carry none).
    private mutating func choose(_ item: PickedItem) -> Outcome {
        guard case .food(let f) = item else { return .chose(item) }
        do {
            guard let full = try catalog.food(id: f.id) else { return .refused("\(f.name) is no longer in the catalog") }
            return .chose(.food(full))
        } catch {
            return .refused("Could not read the food: \(ErrorLine.text(error))")
        }
    }

    private mutating func search() {
        let text = queryText
        let words = SearchText.words(text)
        let knownHits = known.filter { item in
            let nameWords = SearchText.words(item.name)
            return words.allSatisfy { w in nameWords.contains { SearchText.hasPrefix($0, w) } }
        }
        do {
            // Diet's ranking, then the forms people buy first (raw rice before cooked rice).
            let foods = PantryDefaults.asBoughtFirst(
                text.isEmpty ? try catalog.recentFoods(limit: Self.recentLimit) : try catalog.searchFoods(text, limit: Self.resultLimit))
            var seen = Set(knownHits.compactMap { if case .food(let f) = $0 { f.id } else { nil } })
            knownCount = knownHits.count
            results = knownHits + foods.filter { seen.insert($0.id).inserted }.map(PickedItem.food)
            error = nil
        } catch {
            results = knownHits
            knownCount = knownHits.count
            self.error = "Search failed: \(ErrorLine.text(error))"
        }
        selected = 0
    }

    var keyMap: KeyMap { Self.actions.keyMap }
}

/// Draws the picker in a modal: the query, the results (pantry items marked), the free-name row.
struct ItemPickerView: Widget {
    let picker: ItemPicker
    let title: String

    func render(in area: Rect, buffer: inout Buffer, context: RenderContext) {
        let modal = Modal(title: title, width: min(area.width, 90), height: min(area.height, 24))
        let inner = modal.draw(in: area, buffer: &buffer, context: context).inset(left: 1, right: 1)
        guard inner.height >= 4, inner.width >= 20 else { return }
        let (field, rest) = inner.splitTop(2)
        let (body, hintRow) = rest.splitBottom(1)
        let (label, input) = Rect(x: field.x, y: field.y, width: field.width, height: 1).splitLeft(8)
        buffer.write(Line("Item", .accent), in: label, context: context)
        var q = picker.query
        q.isFocused = true
        q.render(in: input, buffer: &buffer, context: context)

        let (head, listArea) = body.splitTop(1)
        if let error = picker.error {
            buffer.write(Line(error, .bad), in: head, context: context)
        } else {
            let n = picker.results.count
            let what =
                picker.queryText.isEmpty
                ? (n == 0 ? "Type to search the catalog" : "Your pantry's items, then recent foods")
                : (n == 0 ? "No food matches — Enter keeps the name" : Plural.count(n, "match", plural: "matches"))
            buffer.write(Line(what, .muted), in: head, context: context)
        }
        let window = Table.window(selected: picker.selected, rowCount: picker.rowCount, visibleRows: listArea.height - 1)
        let rows: [TableRow] = window.map { i in
            guard i < picker.results.count else {
                let q = picker.queryText
                return TableRow([Span(q.isEmpty ? "+ Free name (type it first)" : "+ Free name “\(q)” (Ctrl-O)", .accent), Span("")])
            }
            switch picker.results[i] {
            case .food(let f) where i < picker.knownCount:
                return TableRow([Span(f.name), Span("in pantry", .accent)])
            case .food(let f):
                return TableRow([
                    Span(f.name), Span(f.source == "custom" ? "custom" : NutrientFormat.kcal(f.per100g.kcal) + " kcal", .muted),
                ])
            case .name(let n):
                return TableRow([Span(n), Span("in pantry", .accent)])
            }
        }
        var table = Table(
            columns: [TableColumn("Item"), TableColumn("per 100 g", width: .length(9), alignment: .right)],
            rows: rows, selected: picker.selected - window.lowerBound, columnSpacing: 1)
        table.moreAbove = window.lowerBound > 0
        table.moreBelow = window.upperBound < picker.rowCount
        table.render(in: listArea, buffer: &buffer, context: context)
        let hint = picker.keyMap.bindings.filter(\.inFooter).map { "\($0.keyLabel) \($0.brief ?? $0.help)" }.joined(separator: " · ")
        buffer.write(Line(hint, .muted), in: hintRow, context: context)
    }
}
