import BodiiDomain
import Foundation

/// Every value of a Bodii document passes the same rules as typed input before anything is
/// written (PRODUCT.md §9 "Input from outside"): finite, in its physical range, dates from 1900 to
/// tomorrow, money with at most the currency's decimals in a known currency, names as long as a
/// form allows. The first value that fails refuses the whole file in one line naming the record,
/// the field, the value and what is allowed. Where the store keeps values a form cannot type (a
/// catalog food's long name, 0 minutes of sleep from a watch), the range is the store's, so a
/// document Bodii wrote always reads back.
package struct BodiiDocumentCheck {
    package let today: LocalDate
    /// Where each list's records start in the document (a page of a long list starts further in).
    package let offsets: [String: Int]
    /// The record being checked ("fasts[3]"), which a refusal names.
    private(set) var place = ""

    package init(today: LocalDate, offsets: [String: Int] = [:]) {
        self.today = today
        self.offsets = offsets
    }

    package func validate(_ d: BodiiExport.Document) throws(BodiiDocumentImport.Refusal) {
        var c = self
        try c.run(d)
    }

    private mutating func run(_ d: BodiiExport.Document) throws(BodiiDocumentImport.Refusal) {
        if let p = d.profile {
            place = "profile"
            try name(p.name, "name", Validation.nameLength)
            try check { () throws(ValidationError) in _ = try Validation.birthDate(p.birthDate.iso, today: today, field: "birth_date") }
            try number(p.heightCm, "height_cm", Validation.heightRangeCm, "cm")
            try name(p.themeName, "theme_name", 1...64)
            try text(p.checkInTemplate, "check_in_template", 0...4000)
        }
        for (i, g) in d.goals.enumerated() {
            place = "goals[\(i + (offsets["goals"] ?? 0))]"
            try number(g.targetWeightKg, "target_weight_kg", Validation.weightRangeKg, "kg")
            try number(g.targetBodyFatPercent, "target_body_fat_percent", Validation.bodyFatRangePercent, "%")
            try number(g.weeklyRateKg, "weekly_rate_kg", StoredRanges.weeklyRateKg, "kg")
            try number(g.dailyCalorieTarget, "daily_calorie_target", StoredRanges.calorieTarget, "kcal")
            try number(g.proteinG, "protein_g", StoredRanges.macroTarget, "g")
            try number(g.carbsG, "carbs_g", StoredRanges.macroTarget, "g")
            try number(g.fatG, "fat_g", StoredRanges.macroTarget, "g")
            try number(g.proteinPerKg, "protein_per_kg", StoredRanges.proteinPerKg, "g/kg")
            try day(g.createdOn, "created_on")
        }
        for (i, f) in d.customFoods.enumerated() {
            place = "custom_foods[\(i + (offsets["custom_foods"] ?? 0))]"
            try food(f, nameLength: CustomFoods.nameLength)
        }
        for (i, r) in d.recipes.enumerated() {
            place = "recipes[\(i + (offsets["recipes"] ?? 0))]"
            try food(r.food, nameLength: Recipe.nameLength)
            try number(r.servings, "servings", Recipe.servingsRange, nil)
            if r.ingredients.isEmpty { throw refuse("ingredients", "[]", "at least one ingredient", .empty) }
            for ingredient in r.ingredients {
                try name(ingredient.foodID.rawValue, "ingredients.food_id", 1...64)
                try number(ingredient.grams, "ingredients.grams", Recipe.ingredientGrams, "g")
            }
            try instant(r.createdAt, "created_at")
            try provenance(r.provenance)
        }
        for (i, m) in d.savedMeals.enumerated() {
            place = "saved_meals[\(i + (offsets["saved_meals"] ?? 0))]"
            try name(m.name, "name", SavedMeal.nameLength)
            for item in m.items { try entry(item, prefix: "items.") }
            try instant(m.createdAt, "created_at")
            try provenance(m.provenance)
        }
        for (i, f) in d.favourites.enumerated() {
            place = "favourites[\(i + (offsets["favourites"] ?? 0))]"
            try name(f.foodID.rawValue, "food_id", 1...64)
            try instant(f.addedAt, "added_at")
        }
        for kind in BodiiExport.recordKinds { try records(kind, of: d) }
        for (i, n) in d.reviewItems.enumerated() {
            place = "review_items[\(i + (offsets["review_items"] ?? 0))]"
            try day(n.period.start, "start")
            try text(n.text, "text", StoredRanges.textLength)
            try provenance(n.provenance)
        }
        for (i, a) in d.actions.enumerated() {
            place = "actions[\(i + (offsets["actions"] ?? 0))]"
            try day(a.period.start, "start")
            try text(a.text, "text", StoredRanges.textLength)
            if let due = a.due { try day(due, "due", latest: Validation.latestDate(today: today)) }
            try day(a.createdOn, "created_on")
            if let closed = a.closedOn { try day(closed, "closed_on") }
            try provenance(a.provenance)
        }
        try pantry(d.pantry)
    }

    private mutating func records<K: DocumentRecordKind>(_ kind: K.Type, of d: BodiiExport.Document)
        throws(BodiiDocumentImport.Refusal)
    {
        for (i, value) in d[K.self].enumerated() {
            place = "\(K.listKey)[\(i + (offsets[K.listKey] ?? 0))]"
            try K.check(value, self)
        }
    }

    private mutating func pantry(_ b: PantryBatch) throws(BodiiDocumentImport.Refusal) {
        let amounts = PantryUnits.amountRange
        for (i, item) in b.items.enumerated() {
            place = "grocery_items[\(i + (offsets["grocery_items"] ?? 0))]"
            try name(item.name, "name", PantryInput.nameLength)
            if let id = item.foodId { try name(id.rawValue, "food_id", 1...64) }
            try whole(item.shelfLifeDays, "shelf_life_days", GroceryItem.shelfLifeRange, "days")
            try number(item.minimumStock?.amount, "minimum_quantity", amounts, nil)
            try provenance(item.provenance)
        }
        for (i, p) in b.purchases.enumerated() {
            place = "purchases[\(i + (offsets["purchases"] ?? 0))]"
            try day(p.date, "date")
            try number(p.quantity.amount, "quantity", amounts, nil)
            try number(p.grams, "grams", 0.01...100_000_000, "g")
            try optName(p.store, "store", PantryInput.nameLength)
            try provenance(p.provenance)
        }
        for (i, l) in b.lots.enumerated() {
            place = "stock_lots[\(i + (offsets["stock_lots"] ?? 0))]"
            try number(l.initialQuantity.amount, "quantity", amounts, nil)
            try number(l.left, "left", 0...l.initialQuantity.amount, nil)
            try day(l.purchasedOn, "purchased_on")
            if let best = l.bestBefore {
                try day(best, "best_before", latest: today.adding(days: GroceryItem.shelfLifeRange.upperBound + 366))
            }
            try optName(l.store, "store", PantryInput.nameLength)
            try provenance(l.provenance)
        }
        for (i, u) in b.uses.enumerated() {
            place = "stock_uses[\(i + (offsets["stock_uses"] ?? 0))]"
            try day(u.date, "date")
            try number(u.amount, "amount", amounts, nil)
            try provenance(u.provenance)
        }
        for (i, e) in b.shoppingList.enumerated() {
            place = "shopping_list[\(i + (offsets["shopping_list"] ?? 0))]"
            try number(e.quantity?.amount, "quantity", amounts, nil)
            try optName(e.store, "store", PantryInput.nameLength)
            try day(e.addedOn, "added_on")
            if let bought = e.boughtOn { try day(bought, "bought_on") }
            try provenance(e.provenance)
        }
        if let budget = b.budget {
            place = "budget"
            try day(budget.setOn, "set_on")
        }
    }

    // MARK: - Rules

    func entry(_ f: FoodRecord, prefix: String) throws(BodiiDocumentImport.Refusal) {
        try name(f.foodId.rawValue, prefix + "food_id", 1...64)
        try name(f.foodName, prefix + "food_name", StoredRanges.foodNameLength)
        try number(f.grams, prefix + "grams", FoodLogging.gramsRange.lowerBound...FoodLogging.gramsRange.upperBound, "g")
        try number(f.kcal, prefix + "kcal", StoredRanges.entryKcal, "kcal")
        for (value, field) in [(f.proteinG, "protein_g"), (f.carbsG, "carbs_g"), (f.fatG, "fat_g")] {
            try number(value, prefix + field, StoredRanges.entryGrams, "g")
        }
        for (value, field) in [(f.fiberG, "fiber_g"), (f.sugarsG, "sugars_g"), (f.saturatedFatG, "saturated_fat_g")] {
            try number(value, prefix + field, StoredRanges.entryGrams, "g")
        }
        try number(f.sodiumMg, prefix + "sodium_mg", StoredRanges.entrySodiumMg, "mg")
        for key in NutrientKey.allCases where !BodiiExport.entryKeys.contains(key) {
            // No entry holds more of a nutrient than it weighs.
            try number(f.nutrients[key], prefix + key.rawValue, 0...(StoredRanges.entryGrams.upperBound * key.unitsPerGram), key.unit.ascii)
        }
    }

    private func food(_ f: Food, nameLength: ClosedRange<Int>) throws(BodiiDocumentImport.Refusal) {
        try name(f.id.rawValue, "id", 1...64)
        try name(f.name, "name", nameLength)
        let n = f.per100g
        try number(n.kcal, "per_100g.kcal", 0...CustomFoods.maxKcalPer100g, "kcal")
        for (value, field) in [(n.proteinG, "protein_g"), (n.carbsG, "carbs_g"), (n.fatG, "fat_g")] {
            try number(value, "per_100g." + field, StoredRanges.per100g, "g")
        }
        for (value, field) in [(n.fiberG, "fiber_g"), (n.sugarsG, "sugars_g"), (n.saturatedFatG, "saturated_fat_g")] {
            try number(value, "per_100g." + field, StoredRanges.per100g, "g")
        }
        for (value, field) in [
            (n.sodiumMg, "sodium_mg"), (n.cholesterolMg, "cholesterol_mg"), (n.potassiumMg, "potassium_mg"),
            (n.calciumMg, "calcium_mg"), (n.ironMg, "iron_mg"), (n.vitaminCMg, "vitamin_c_mg"), (n.vitaminDUg, "vitamin_d_ug"),
        ] {
            try number(value, "per_100g." + field, StoredRanges.per100gMg, nil)
        }
        for key in NutrientKey.allCases where !BodiiExport.foodKeys.contains(key) {
            try number(n.values[key], "per_100g." + key.rawValue, 0...(100 * key.unitsPerGram), key.unit.ascii)
        }
        for serving in f.servings {
            try name(serving.label, "servings.label", CustomFoods.servingLabelLength)
            try number(serving.grams, "servings.grams", FoodLogging.gramsRange, "g")
        }
    }

    func number(_ value: Double?, _ field: String, _ range: ClosedRange<Double>, _ unit: String?) throws(BodiiDocumentImport
        .Refusal)
    {
        guard let value else { return }
        guard value.isFinite, range.contains(value) else {
            throw refuse(
                field, Self.shown(value), Self.shown(range.lowerBound) + "–" + Self.shown(range.upperBound) + (unit.map { " " + $0 } ?? ""),
                .outOfRange)
        }
    }

    func whole(_ value: Int?, _ field: String, _ range: ClosedRange<Int>, _ unit: String?) throws(BodiiDocumentImport.Refusal) {
        guard let value, !range.contains(value) else { return }
        throw refuse(field, String(value), "\(range.lowerBound)–\(range.upperBound)" + (unit.map { " " + $0 } ?? ""), .outOfRange)
    }

    func day(_ date: LocalDate, _ field: String, latest: LocalDate? = nil) throws(BodiiDocumentImport.Refusal) {
        let last = latest ?? today.adding(days: 1)
        guard date >= Validation.earliestDate, date <= last else {
            throw refuse(field, date.iso, "a date from \(Validation.earliestDate.iso) to \(last.iso)", .outOfRange)
        }
    }

    /// A timestamp: its UTC day within the dates allowed (a day more, for time zones ahead of UTC).
    func instant(_ date: Date, _ field: String) throws(BodiiDocumentImport.Refusal) {
        let days = (date.timeIntervalSince1970 / 86_400).rounded(.down)
        let first = Double(Validation.earliestDate.daysSinceEpoch - 1), last = Double(today.adding(days: 2).daysSinceEpoch)
        guard days >= first, days <= last else {
            throw refuse(
                field, Self.shown(timestamp: date), "a time from \(Validation.earliestDate.iso) to \(today.adding(days: 1).iso)",
                .outOfRange)
        }
    }

    /// A name: no control characters, `length` characters, no spaces around it.
    func name(_ value: String, _ field: String, _ length: ClosedRange<Int>) throws(BodiiDocumentImport.Refusal) {
        do {
            _ = try Validation.name(value, field: field, length: length)
        } catch {
            throw BodiiDocumentImport.Refusal(message: "\(place): \(error.message)")
        }
    }

    func optName(_ value: String?, _ field: String, _ length: ClosedRange<Int>) throws(BodiiDocumentImport.Refusal) {
        if let value { try name(value, field, length) }
    }

    /// Free text (a note, a review): its length only; line breaks are allowed.
    func text(_ value: String, _ field: String, _ length: ClosedRange<Int>) throws(BodiiDocumentImport.Refusal) {
        guard length.contains(value.count) else {
            throw refuse(field, value, "\(length.lowerBound)–\(length.upperBound) characters", value.isEmpty ? .empty : .tooLong)
        }
    }

    func provenance(_ p: Provenance) throws(BodiiDocumentImport.Refusal) {
        try name(p.source, "source", 1...64)
        if let id = p.externalId { try text(id, "external_id", 1...256) }
    }

    private func check(_ body: () throws(ValidationError) -> Void) throws(BodiiDocumentImport.Refusal) {
        do { try body() } catch { throw BodiiDocumentImport.Refusal(message: "\(place): \(error.message)") }
    }

    func refuse(_ field: String, _ value: String, _ allowed: String, _ problem: ValidationError.Problem)
        -> BodiiDocumentImport.Refusal
    {
        BodiiDocumentImport.Refusal(
            message: "\(place): " + ValidationError(field: field, value: value, allowed: allowed, problem: problem).message)
    }

    /// A time as the document has it ("2026-11-21T06:10:00.000Z").
    static func shown(timestamp date: Date) -> String {
        if case .string(let text) = BodiiExport.timestamp(date) { return text }
        return "\(date)"
    }

    /// A number as the document has it ("1e+20", "72.5").
    package static func shown(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : "\(value)"
    }
}
