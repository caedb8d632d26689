/// The ranges stored values keep, where the domain names none as a constant (derived from the
/// ones it does). Wider than a form's where the store keeps what a form cannot type (a catalog
/// food's long name, a watch's 0 minutes of sleep), so what Bodii wrote always reads back. The
/// Bodii document's check (`import bodii`) and sync's check of applied values (`SyncedValueRules`)
/// both read them, so what one refuses the other does too.
public enum StoredRanges {
    /// One entry: at most 5 kg of pure fat.
    public static let entryKcal = 0...(CustomFoods.maxKcalPer100g * FoodLogging.gramsRange.upperBound / 100)
    public static let entryGrams = 0...FoodLogging.gramsRange.upperBound
    /// Sodium of one entry: at most its weight in salt-free sodium, in mg.
    public static let entrySodiumMg = 0...(FoodLogging.gramsRange.upperBound * 1000)
    /// Highest MET of the compendium is about 23.
    public static let metRange = 0.1...30.0
    /// BMR of the heaviest, tallest allowed person is under 6,000 kcal; a TDEE at most 2.5× that.
    public static let bmrRange = 1...10_000.0
    public static let tdeeRange = 1...25_000.0
    public static let stepsRange = 0...1_000_000
    public static let activeKcalRange = 0...100_000.0
    /// A food's name as the catalog has it (longer than a form's 80 characters).
    public static let foodNameLength = 1...200
    public static let activityNameLength = 1...80
    public static let weeklyRateKg = -4.0...4.0
    public static let calorieTarget = 1...20_000.0
    public static let macroTarget = 0...5_000.0
    /// What the store allows (a goal set before issue 14 keeps the protein per kg it had then).
    public static let proteinPerKg = 0.1...5.0
    public static let textLength = 1...2000
    public static let per100g = 0...100.0
    public static let per100gMg = 0...100_000.0
    /// Money in minor units (cents): a price, a use's value, a budget; at most the largest
    /// budget (`Money.maximumBudget`) of a currency with three decimals.
    public static let moneyMinor = 0...1_000_000_000.0

    /// What the highest MET burns for the heaviest allowed body in `minutes`.
    public static func exerciseKcal(minutes: Int) -> ClosedRange<Double> {
        0...(metRange.upperBound * Validation.weightRangeKg.upperBound * Double(minutes) / 60).rounded()
    }
}
