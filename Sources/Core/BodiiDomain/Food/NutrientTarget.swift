/// A day's target for one nutrient (PRODUCT.md §11): a goal to reach (RDA or AI) or a limit to stay
/// under, and the tolerable upper intake level where one exists. The DRI tables fill it by sex and
/// age; a user's own setting replaces it.
public struct NutrientTarget: Equatable, Sendable {
    public enum Kind: String, Sendable {
        /// Reach at least `amount` (RDA or AI).
        case goal
        /// Stay under `amount` (sodium, saturated fat, added sugars).
        case limit
    }

    public var kind: Kind
    /// The RDA/AI for a goal, the most to eat for a limit; nil when no reference exists.
    public var amount: Double?
    /// The tolerable upper intake level (UL), where the tables give one.
    public var upper: Double?

    public init(kind: Kind, amount: Double?, upper: Double? = nil) {
        self.kind = kind
        self.amount = amount
        self.upper = upper
    }
}
