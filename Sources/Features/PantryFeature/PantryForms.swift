import BodiiDomain
import TerminalKit

/// The Pantry's forms: a purchase into stock (from `a` or from the list's buy), a use or waste,
/// a shopping-list entry, an item's settings and the budget. Each checks its fields with the
/// domain's rules (the CLI's), and says what is wrong under the field, in one line.
struct PantryForm {
    enum Purpose {
        /// A new lot of `item` (bought, or added from a shopping-list entry).
        case addLot(PickedItem, existing: GroceryItem?, listEntry: ShoppingListItem?)
        /// Taking `kind` from the item of the selected row, first-expiring-first.
        case take(StockUseKind, row: StockRow, lots: [StockLot])
        /// A new (nil) or edited shopping-list entry.
        case listEntry(PickedItem, existing: GroceryItem?, editing: ShoppingListItem?)
        case itemSettings(GroceryItem)
        case budget(PantryBudget?)
    }

    enum Field: String { case quantity, unit, price, store, bestBefore, shelfLife, minimum, minimumUnit, takeWhenLogging, amount, period }

    let purpose: Purpose
    /// The catalog food behind the item, for its measures.
    let food: Food?
    /// The units offered, in the order of the unit field's options.
    let units: [PantryUnit]
    var form: Form
    let currency: Currency
    private let initialValues: [String]

    init(purpose: Purpose, food: Food?, units: [PantryUnit], form: Form, currency: Currency) {
        self.purpose = purpose
        self.food = food
        self.units = units
        self.form = form
        self.currency = currency
        initialValues = form.fields.map(\.value)
    }

    var title: String {
        switch purpose {
        case .addLot(let item, let existing, let entry):
            return (entry == nil ? "Add to stock — " : "Buy — ") + (existing?.name ?? item.name)
        case .take(let kind, let row, _): return (kind == .use ? "Use — " : "Waste — ") + row.item.name
        case .listEntry(let item, let existing, let editing):
            return (editing == nil ? "Add to the list — " : "Edit — ") + (existing?.name ?? item.name)
        case .itemSettings(let item): return "Item — " + item.name
        case .budget: return "Grocery budget"
        }
    }

    var intro: String? {
        switch purpose {
        case .addLot(_, _, let entry):
            return (entry == nil ? "" : "Checks the entry off the list. ")
                + "The price is what you paid for this quantity; best-before defaults from the item's shelf life."
        case .take(let kind, _, _):
            return (kind == .use ? "Used up" : "Thrown away") + ": taken from the opened lot, then the one that expires first."
                + (kind == .waste ? " Its share of the price counts as waste." : "")
        case .listEntry:
            return "The expected price is the last one paid (at this store when you name one). Leave the quantity empty for \"some\"."
        case .itemSettings:
            return "Taking from the pantry when logging is per item and off by default: stock drifts when not every use is logged."
        case .budget:
            return "Every purchase counts as spending in its week or month, bought from the list or added to stock."
        }
    }

    /// True once a field differs from what the form opened with (prefilled values are no input).
    var hasInput: Bool { form.fields.map(\.value) != initialValues }

    private static func text(
        _ id: Field, _ label: String, _ text: String = "", hint: String? = nil, maxLength: Int = Validation.maxInputLength
    ) -> FormField {
        .text(id.rawValue, label: label, text: text, maxLength: maxLength, hint: hint, selected: !text.isEmpty)
    }

    /// The units a quantity of `food` can be counted in: piece (when a piece can be weighed, or
    /// for a free name), g, ml, then the food's measures.
    static func units(for food: Food?, first: PantryUnit? = nil) -> [PantryUnit] {
        var all: [PantryUnit] = []
        if food == nil || PantryUnits.gramsPerPiece(of: food) != nil { all.append(.pieces) }
        all += [.grams, .millilitres]
        all += (food?.servings ?? []).map { PantryUnit.measure($0.label) }
        if let first {
            all.removeAll { $0 == first }
            all.insert(first, at: 0)
        }
        return all
    }

    private static func unitField(_ id: Field, _ label: String, _ units: [PantryUnit]) -> FormField {
        .choice(id.rawValue, label: label, options: units.map(\.shortName), hint: "←/→ to choose")
    }

    static func number(_ value: Double) -> String { DecimalText.format(value, decimals: 2) }

    // MARK: Making the forms

    static func addLot(
        _ item: PickedItem, existing: GroceryItem?, food: Food?, listEntry: ShoppingListItem? = nil, quantity: PantryQuantity?,
        price: Money?, store: String?, today: LocalDate, currency: Currency
    ) -> PantryForm {
        let units = units(for: food, first: quantity?.unit)
        let bestBefore = existing?.shelfLifeDays.map { today.adding(days: $0).iso } ?? ""
        let fields: [FormField] = [
            text(.quantity, "Quantity", quantity.map { number($0.amount) } ?? "1", hint: "how much you bought"),
            unitField(.unit, "Unit", units),
            text(.price, "Price paid", price?.amountText ?? "", hint: "for this quantity, like 3.49 (optional)"),
            text(.store, "Store", store ?? "", hint: "optional", maxLength: PantryInput.nameLength.upperBound),
            text(
                .bestBefore, "Best before", bestBefore,
                hint: existing?.shelfLifeDays.map { "YYYY-MM-DD (shelf life \($0) d)" } ?? "YYYY-MM-DD, optional"),
        ]
        return PantryForm(
            purpose: .addLot(item, existing: existing, listEntry: listEntry), food: food, units: units,
            form: Form(fields: fields, inputWidth: 24), currency: currency)
    }

    static func take(_ kind: StockUseKind, row: StockRow, lots: [StockLot], food: Food?, currency: Currency) -> PantryForm {
        let unit = row.lot.initialQuantity.unit
        let units = units(for: food, first: unit).filter { PantryUnits.convert(PantryQuantity(1, unit), to: $0, food: food) != nil }
        // Using or wasting, the same default: one piece (or the lot when counted by weight).
        let countable = unit == .pieces || { if case .measure = unit { true } else { false } }()
        let amount = countable ? min(1, row.lot.left) : row.lot.left
        let fields: [FormField] = [
            text(.quantity, "Quantity", number(amount), hint: "in stock: \(held(lots, in: unit, food: food))"),
            unitField(.unit, "Unit", units),
        ]
        return PantryForm(
            purpose: .take(kind, row: row, lots: lots), food: food, units: units, form: Form(fields: fields, inputWidth: 16),
            currency: currency)
    }

    /// What the item's lots hold, counted in `unit` ("5 pieces").
    static func held(_ lots: [StockLot], in unit: PantryUnit, food: Food?) -> String {
        PantryQuantity(lots.reduce(0) { $0 + (PantryUnits.convert($1.leftQuantity, to: unit, food: food) ?? 0) }, unit).label
    }

    /// `usualUnit`: what a bare quantity means for this item (`PantryDefaults.unit`), preselected.
    static func listEntry(
        _ item: PickedItem, existing: GroceryItem?, food: Food?, editing: ShoppingListItem?, usualUnit: PantryUnit, currency: Currency
    ) -> PantryForm {
        let units = units(for: food, first: editing?.quantity?.unit ?? usualUnit)
        let fields: [FormField] = [
            text(.quantity, "Quantity", editing?.quantity.map { number($0.amount) } ?? "", hint: "empty: some"),
            unitField(.unit, "Unit", units),
            text(.store, "Store", editing?.store ?? "", hint: "optional", maxLength: PantryInput.nameLength.upperBound),
        ]
        return PantryForm(
            purpose: .listEntry(item, existing: existing, editing: editing), food: food, units: units,
            form: Form(fields: fields, inputWidth: 24), currency: currency)
    }

    static func itemSettings(_ item: GroceryItem, food: Food?, currency: Currency) -> PantryForm {
        let units = units(for: food, first: item.minimumStock?.unit)
        let fields: [FormField] = [
            text(.shelfLife, "Shelf life", item.shelfLifeDays.map(String.init) ?? "", hint: "days, 1–3650, empty for none"),
            text(.minimum, "Minimum stock", item.minimumStock.map { number($0.amount) } ?? "", hint: "below it, m puts it on the list"),
            unitField(.minimumUnit, "Minimum unit", units),
            .choice(
                Field.takeWhenLogging.rawValue, label: "Take when logging", options: ["off", "on"],
                selected: item.takeFromPantryWhenLogging ? 1 : 0, hint: "logging this food takes it from stock"),
        ]
        return PantryForm(
            purpose: .itemSettings(item), food: food, units: units, form: Form(fields: fields, inputWidth: 16), currency: currency)
    }

    static let periods: [BudgetPeriodKind] = [.week, .month]

    static func budget(_ current: PantryBudget?, currency: Currency) -> PantryForm {
        let fields: [FormField] = [
            text(.amount, "Amount", current?.amount.amountText ?? "", hint: "like 80 or 80.00 (\(currency.code))"),
            .choice(
                Field.period.rawValue, label: "Per", options: periods.map(\.rawValue), selected: current?.period == .month ? 1 : 0,
                hint: "←/→ week or month"),
        ]
        return PantryForm(purpose: .budget(current), food: nil, units: [], form: Form(fields: fields, inputWidth: 16), currency: currency)
    }

    // MARK: Checking

    /// What the form saves, once every field is right.
    enum Outcome {
        case purchase(Purchase, item: GroceryItem, bestBefore: LocalDate?, listEntryId: Int64?)
        case take([StockUse], quantity: PantryQuantity)
        case listEntry(ShoppingListItem, item: GroceryItem)
        case item(GroceryItem)
        case budget(PantryBudget)
    }

    struct Failure: Error {
        var fieldID: String
        /// Under the field, where its label and value are on screen.
        var message: String
        /// The whole line, naming the value: for the status line.
        var fullMessage: String
    }

    private func value(_ field: Field) -> String { form.value(field.rawValue) ?? "" }
    private func isEmpty(_ field: Field) -> Bool { value(field).trimmingCharacters(in: .whitespaces).isEmpty }

    private func unit(_ field: Field) -> PantryUnit {
        let chosen = form.fields.first { $0.id == field.rawValue }
        if case .choice(_, let selected)? = chosen?.input, units.indices.contains(selected) { return units[selected] }
        return units.first ?? .pieces
    }

    /// The grocery item the entry is about: the one the pantry has, else a new one.
    private static func item(_ picked: PickedItem, existing: GroceryItem?) -> GroceryItem {
        if let existing { return existing }
        switch picked {
        case .food(let f): return GroceryItem(name: f.name, foodId: f.id)
        case .name(let n): return GroceryItem(name: n)
        }
    }

    func validate(today: LocalDate) -> Result<Outcome, Failure> {
        var field = Field.quantity
        do throws(ValidationError) {
            switch purpose {
            case .addLot(let picked, let existing, let entry):
                let quantity = PantryQuantity(try PantryUnits.amount(value(.quantity)), unit(.unit))
                field = .price
                let price = isEmpty(.price) ? nil : try MoneyInput.parse(value(.price), currency: currency)
                field = .store
                let store = isEmpty(.store) ? nil : try PantryInput.name(value(.store), field: "store")
                field = .bestBefore
                let bestBefore = isEmpty(.bestBefore) ? nil : try PantryInput.bestBefore(value(.bestBefore), today: today)
                let item = Self.item(picked, existing: existing)
                // The weight through the food's measures is PantryBook.buy's.
                let purchase = Purchase(itemId: item.id ?? 0, date: today, quantity: quantity, price: price, store: store)
                return .success(.purchase(purchase, item: item, bestBefore: bestBefore, listEntryId: entry?.id))
            case .take(let kind, let row, let lots):
                let quantity = PantryQuantity(try PantryUnits.amount(value(.quantity)), unit(.unit))
                let uses = try StockPlan.take(quantity, from: lots, food: food, kind: kind, on: today)
                _ = row
                return .success(.take(uses, quantity: quantity))
            case .listEntry(let picked, let existing, let editing):
                let quantity = isEmpty(.quantity) ? nil : PantryQuantity(try PantryUnits.amount(value(.quantity)), unit(.unit))
                field = .store
                let store = isEmpty(.store) ? nil : try PantryInput.name(value(.store), field: "store")
                let item = Self.item(picked, existing: existing)
                var entry = editing ?? ShoppingListItem(itemId: item.id ?? 0, addedOn: today)
                entry.quantity = quantity
                entry.store = store
                return .success(.listEntry(entry, item: item))
            case .itemSettings(var item):
                field = .shelfLife
                item.shelfLifeDays =
                    isEmpty(.shelfLife)
                    ? nil
                    : try Validation.integer(value(.shelfLife), field: "shelf life", range: GroceryItem.shelfLifeRange, unit: "days")
                field = .minimum
                item.minimumStock =
                    isEmpty(.minimum)
                    ? nil
                    : PantryQuantity(try PantryUnits.amount(value(.minimum), field: "minimum stock"), unit(.minimumUnit))
                item.takeFromPantryWhenLogging = value(.takeWhenLogging) == "on"
                return .success(.item(item))
            case .budget:
                field = .amount
                let amount = try MoneyInput.parse(
                    value(.amount), currency: currency, field: "budget", minimum: 1,
                    maximum: MoneyInput.maximumBudget(currency))
                let period = BudgetPeriodKind(rawValue: value(.period)) ?? .week
                return .success(.budget(PantryBudget(period: period, amount: amount, setOn: today)))
            }
        } catch {
            return .failure(Failure(fieldID: field.rawValue, message: error.inlineMessage, fullMessage: error.message))
        }
    }
}
