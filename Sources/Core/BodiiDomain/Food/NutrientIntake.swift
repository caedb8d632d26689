/// What some food entries add up to, nutrient by nutrient (PRODUCT.md §11). Unknown is unknown: an
/// entry without a value adds nothing to `amounts` and puts the nutrient in `partial`, so a screen
/// shows "≥" instead of a made-up total.
public struct NutrientIntake: Equatable, Sendable {
    /// The sum over the entries that know the value; a nutrient no entry knows is absent.
    public var amounts: [NutrientKey: Double]
    /// Nutrients that at least one entry lacked.
    public var partial: Set<NutrientKey>
    /// How many entries were summed.
    public var entryCount: Int
    /// Nutrients whose sum takes at least one value estimated from a similar food (a catalog
    /// supplement food's, issue 43): the sum is then an estimate, "≈", not a measured amount.
    public var estimated: Set<NutrientKey>

    public init(
        amounts: [NutrientKey: Double] = [:], partial: Set<NutrientKey> = [], entryCount: Int = 0, estimated: Set<NutrientKey> = []
    ) {
        self.amounts = amounts
        self.partial = partial
        self.entryCount = entryCount
        self.estimated = estimated
    }

    /// Adds one entry's amounts (nil where the entry does not know the nutrient).
    public mutating func add(_ entry: [NutrientKey: Double?]) {
        entryCount += 1
        for key in NutrientKey.allCases {
            if let value = entry[key] ?? nil {
                amounts[key, default: 0] += value
            } else {
                partial.insert(key)
            }
        }
    }
}

/// One food entry's share of a nutrient on a day, for "which foods gave it".
public struct NutrientSource: Equatable, Sendable {
    public var entryId: Int64
    public var foodId: FoodID
    public var foodName: String
    public var grams: Double?
    /// nil when the entry does not know the nutrient.
    public var amount: Double?
    /// The entry's energy, when read with it.
    public var kcal: Double?
    /// The name of the food `amount` was estimated from, when it was (a catalog supplement food).
    public var estimatedFrom: String?

    public init(
        entryId: Int64, foodId: FoodID, foodName: String, grams: Double?, amount: Double?, kcal: Double? = nil, estimatedFrom: String? = nil
    ) {
        self.entryId = entryId
        self.kcal = kcal
        self.estimatedFrom = estimatedFrom
        self.foodId = foodId
        self.foodName = foodName
        self.grams = grams
        self.amount = amount
    }

    /// A quick add of no energy that carries nutrients: a supplement (vitamin D, zinc) or a tea,
    /// as Cronometer exports them.
    public var isSupplement: Bool { grams == nil && kcal == 0 }
}

/// How screens, the CLI and the report read the nutrients of logged food.
public protocol NutrientIntakeRepository {
    /// One intake per day that has food entries in the range.
    func nutrientIntakes(in range: DateRange) throws -> [LocalDate: NutrientIntake]
    /// The same intakes with only `keys` in `amounts` and `partial`: Insights reads two nutrients
    /// over years of days.
    func nutrientIntakes(in range: DateRange, of keys: [NutrientKey]) throws -> [LocalDate: NutrientIntake]
    /// Each of the day's entries with its amount of the nutrient, largest first; unknowns last.
    func nutrientSources(on day: LocalDate, nutrient: NutrientKey) throws -> [NutrientSource]
}

extension NutrientIntakeRepository {
    public func nutrientIntakes(in range: DateRange, of keys: [NutrientKey]) throws -> [LocalDate: NutrientIntake] {
        try nutrientIntakes(in: range).mapValues { intake in
            NutrientIntake(
                amounts: intake.amounts.filter { keys.contains($0.key) }, partial: intake.partial.filter(keys.contains),
                entryCount: intake.entryCount, estimated: intake.estimated.filter(keys.contains))
        }
    }
}
