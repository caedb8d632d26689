import BodiiDomain
import Foundation
import TerminalKit

/// `e` on an entry: amount, serving and meal. Changing the serving converts the amount so the
/// grams stay the same; the dialog shows the new energy and macros as they are typed.
struct EntryEditor: Equatable {
    let record: FoodRecord
    /// The catalog food, when it still exists: its measures are offered and the values recomputed.
    let food: Food?
    let choices: [ServingChoice]
    var form: Form
    private var servingIndex: Int

    static let amountID = "amount", servingID = "serving", mealID = "meal"

    init(record: FoodRecord, food: Food?, unitSystem: UnitSystem) {
        self.record = record
        self.food = food
        choices = ServingChoice.all(for: food, unitSystem: unitSystem)
        let likely = ServingChoice.likely(forGrams: record.grams ?? 100, among: choices)
        servingIndex = choices.firstIndex(of: likely) ?? choices.count - 1
        form = Form(
            fields: [
                .text(
                    Self.amountID, label: "Amount", text: likely.amountText(forGrams: record.grams ?? 100),
                    maxLength: Validation.maxInputLength),
                .choice(
                    Self.servingID, label: "Serving", options: ServingChoice.labels(of: choices), selected: servingIndex,
                    hint: food == nil ? "no longer in the catalog" : "←/→"),
                .choice(
                    Self.mealID, label: "Meal", options: Meal.allCases.map(\.label),
                    selected: Meal.allCases.firstIndex(of: record.meal) ?? 0, hint: "←/→"),
            ], inputWidth: 34)
    }

    var serving: ServingChoice { choices[selectedIndex(Self.servingID) ?? servingIndex] }
    var meal: Meal { Meal.allCases[selectedIndex(Self.mealID) ?? 0] }
    var isChanged: Bool { (try? result()) != record }

    private func selectedIndex(_ id: String) -> Int? {
        guard let field = form.fields.first(where: { $0.id == id }), case .choice(_, let i) = field.input else { return nil }
        return i
    }

    /// Hands a key to the form; a new serving converts the amount.
    mutating func edit(_ key: Key) {
        let before = serving
        _ = form.handle(key)
        let now = serving
        guard now != before else { return }
        if let grams = try? before.grams(form.value(Self.amountID) ?? "", food: food) {
            form.setText(Self.amountID, now.amountText(forGrams: grams))
        } else {
            form.setText(Self.amountID, now.defaultAmountText)
        }
        form.errors = [:]
    }

    /// The edited record, or the amount's error.
    func result() throws(ValidationError) -> FoodRecord {
        let grams = try serving.grams(form.value(Self.amountID) ?? "", food: food)
        return FoodEntries.edited(record, grams: grams, meal: meal, food: food)
    }

    /// What the dialog says above the fields: the entry as logged, and as it will be saved.
    var intro: String {
        let was = "Logged: \(NutrientFormat.amount(record)), \(NutrientFormat.kcal(record.kcal)) kcal"
        guard let r = try? result() else { return was + "\nNew: —" }
        return was + "\nNew: \(NutrientFormat.amount(r)), \(NutrientFormat.kcal(r.kcal)) kcal · P \(NutrientFormat.grams(r.proteinG))"
            + " · C \(NutrientFormat.grams(r.carbsG)) · F \(NutrientFormat.grams(r.fatG)) g"
    }
}

/// The custom food form, to `CustomFoodInput` and back: values as a label prints them, per
/// serving or per 100 g.
struct CustomFoodEditor: Equatable {
    /// nil for a new food.
    let editing: Food?
    var form: Form
    /// The macro warning shown after the last Enter: the same warning again on the next Enter
    /// means "save anyway".
    var shownWarning: String?

    static let basisID = "basis"
    /// Room for every nutrient Bodii keeps, as `NutrientAmountsText.format` writes them.
    static let otherLength = 1_200
    static let bases: [CustomFoods.Basis] = [.serving, .per100g]
    static let basisLabels = ["1 serving", "100 g"]

    init(editing: Food?, name: String = "") {
        self.editing = editing
        let (input, basis) =
            editing.map(CustomFoodInput.editing)
            ?? (CustomFoodInput(name: name, servingGrams: "", kcal: "", protein: "", carbs: "", fat: ""), .serving)
        let max = Validation.maxInputLength
        typealias F = CustomFoodField
        form = Form(
            fields: [
                .text(F.name.rawValue, label: "Name", text: input.name, placeholder: "e.g. Protein bar", maxLength: 100),
                .choice(Self.basisID, label: "Values per", options: Self.basisLabels, selected: Self.bases.firstIndex(of: basis) ?? 0),
                .text(F.servingLabel.rawValue, label: "Serving", text: input.servingLabel, placeholder: "1 serving", maxLength: max),
                .text(F.servingGrams.rawValue, label: "Serving weight", text: input.servingGrams, maxLength: max),
                .text(F.kcal.rawValue, label: "Energy", text: input.kcal, maxLength: max),
                .text(F.protein.rawValue, label: "Protein", text: input.protein, maxLength: max),
                .text(F.carbs.rawValue, label: "Carbs", text: input.carbs, maxLength: max),
                .text(F.fat.rawValue, label: "Fat", text: input.fat, maxLength: max),
                .text(F.fiber.rawValue, label: "Fiber", text: input.fiber, placeholder: "optional", maxLength: max),
                .text(F.sugars.rawValue, label: "Sugars", text: input.sugars, placeholder: "optional", maxLength: max),
                .text(F.saturatedFat.rawValue, label: "Saturated fat", text: input.saturatedFat, placeholder: "optional", maxLength: max),
                .text(F.sodium.rawValue, label: "Sodium", text: input.sodium, placeholder: "optional", maxLength: max),
                .text(
                    F.other.rawValue, label: "More nutrients", text: input.other, placeholder: "optional",
                    maxLength: Self.otherLength),
            ], inputWidth: 24)
        refreshHints()
    }

    var title: String { editing == nil ? "New custom food" : "Edit custom food" }

    var basis: CustomFoods.Basis {
        Self.basisLabels.firstIndex(of: form.value(Self.basisID) ?? "").map { Self.bases[$0] } ?? .serving
    }

    var input: CustomFoodInput {
        let v = { (f: CustomFoodField) in form.value(f.rawValue) ?? "" }
        return CustomFoodInput(
            name: v(.name), servingLabel: v(.servingLabel), servingGrams: v(.servingGrams), kcal: v(.kcal),
            protein: v(.protein), carbs: v(.carbs), fat: v(.fat), fiber: v(.fiber), sugars: v(.sugars),
            saturatedFat: v(.saturatedFat), sodium: v(.sodium), other: v(.other))
    }

    var hasInput: Bool {
        let i = input
        if let editing { return CustomFoodInput.editing(editing).input != i }
        return [i.name, i.servingGrams, i.kcal, i.protein, i.carbs, i.fat].contains { !$0.isEmpty }
    }

    mutating func edit(_ key: Key) {
        if form.handle(key) { refreshHints() }
    }

    /// The units next to the values say what they are per; a serving is needed per serving.
    mutating func refreshHints() {
        let perServing = basis == .serving
        let per = perServing ? " per serving" : " per 100 g"
        for i in form.fields.indices {
            if form.fields[i].id == Self.basisID { form.fields[i].hint = "←/→ as on the label"; continue }
            guard let field = CustomFoodField(rawValue: form.fields[i].id) else { continue }
            switch field {
            case .kcal: form.fields[i].hint = "kcal" + per
            case .protein, .carbs, .fat, .fiber, .sugars, .saturatedFat: form.fields[i].hint = "g" + per
            case .sodium: form.fields[i].hint = "mg" + per
            case .other: form.fields[i].hint = "e.g. iron 2 mg" + per
            case .servingLabel: form.fields[i].hint = perServing ? "e.g. 1 bar" : "optional, e.g. 1 cup"
            case .servingGrams: form.fields[i].hint = perServing ? "g" : "g, with a serving"
            case .name: break
            }
        }
    }
}

/// Copy a meal or a whole day from another date into the day on screen.
struct CopyForm: Equatable {
    var form: Form
    static let fromID = "from", mealID = "meal", intoID = "into"
    static let mealOptions = ["All meals"] + Meal.allCases.map(\.label)
    static let intoOptions = ["The same meal"] + Meal.allCases.map(\.label)

    init(into day: LocalDate) {
        form = Form(
            fields: [
                .text(Self.fromID, label: "From", text: day.adding(days: -1).iso, maxLength: Validation.maxInputLength, hint: "YYYY-MM-DD"),
                .choice(Self.mealID, label: "Copy", options: Self.mealOptions, hint: "←/→"),
                .choice(Self.intoID, label: "Into", options: Self.intoOptions, hint: "←/→"),
            ], inputWidth: 16)
    }

    private func choice(_ id: String) -> Meal? {
        guard let v = form.value(id), let i = Meal.allCases.firstIndex(where: { $0.label == v }) else { return nil }
        return Meal.allCases[i]
    }

    /// nil: every meal.
    var meal: Meal? { choice(Self.mealID) }
    /// nil: each into its own meal.
    var into: Meal? { choice(Self.intoID) }
    var fromText: String { form.value(Self.fromID) ?? "" }
}

/// Quick add (Ctrl-T in the food search): energy, optionally protein, carbs, fat and a name, and
/// the meal — logged without a food (`QuickAdd`).
struct QuickAddForm: Equatable {
    var form: Form
    let day: LocalDate

    static let mealID = "meal"

    init(name: String, meal: Meal, day: LocalDate) {
        self.day = day
        let max = Validation.maxInputLength
        typealias F = QuickAdd.Field
        form = Form(
            fields: [
                .text(F.kcal.rawValue, label: "Energy", text: "", maxLength: max, hint: "kcal"),
                .text(F.protein.rawValue, label: "Protein", text: "", placeholder: "optional", maxLength: max, hint: "g"),
                .text(F.carbs.rawValue, label: "Carbs", text: "", placeholder: "optional", maxLength: max, hint: "g"),
                .text(F.fat.rawValue, label: "Fat", text: "", placeholder: "optional", maxLength: max, hint: "g"),
                .text(F.name.rawValue, label: "Name", text: name, placeholder: QuickAdd.defaultName, maxLength: 100),
                .choice(
                    Self.mealID, label: "Meal", options: Meal.allCases.map(\.label),
                    selected: Meal.allCases.firstIndex(of: meal) ?? 0, hint: "←/→"),
            ], inputWidth: 24)
    }

    var input: QuickAdd.Input {
        let v = { (f: QuickAdd.Field) in form.value(f.rawValue) ?? "" }
        return QuickAdd.Input(kcal: v(.kcal), protein: v(.protein), carbs: v(.carbs), fat: v(.fat), name: v(.name))
    }

    var meal: Meal {
        guard let field = form.fields.first(where: { $0.id == Self.mealID }), case .choice(_, let i) = field.input else { return .snacks }
        return Meal.allCases[i]
    }

    var hasInput: Bool { !input.kcal.isEmpty || !input.protein.isEmpty || !input.carbs.isEmpty || !input.fat.isEmpty }
}
