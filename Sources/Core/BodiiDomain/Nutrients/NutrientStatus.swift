/// One nutrient's intake against its target, as the Nutrients view, `bodii nutrients`, `today
/// --json` and the report show it (PRODUCT.md §11).
public struct NutrientStatus: Equatable, Sendable {
    public enum Level: String, Sendable {
        /// No entry knows the nutrient.
        case unknown
        /// Known, but there is nothing to compare with.
        case noTarget
        /// Under a goal (a gap: the theme's warn role).
        case under
        /// A goal reached, or under a limit.
        case fine
        /// Over a limit or over the tolerable upper intake level (the theme's bad role).
        case over
    }

    public var key: NutrientKey
    /// nil when no entry knows the nutrient (never 0 for unknown).
    public var amount: Double?
    public var target: NutrientTarget?
    /// Some entries lacked a value: `amount` is a lower bound ("≥").
    public var partial: Bool
    /// Some entries' values were estimated from a similar food: `amount` is an estimate ("≈").
    public var estimated: Bool

    public init(key: NutrientKey, amount: Double?, target: NutrientTarget?, partial: Bool, estimated: Bool = false) {
        self.key = key
        self.amount = amount
        self.target = target
        self.partial = partial
        self.estimated = estimated
    }

    /// What kind of figure `amount` is, written before it: "≥ " a lower bound (foods lack a value),
    /// "≈ " an estimate (values taken from a similar food, which may be over or under), "≥≈ " both:
    /// an estimate that more foods would raise. "" for a sum of measured values.
    public var qualifier: String {
        switch (partial, estimated) {
        case (true, true): "≥≈ "
        case (true, false): "≥ "
        case (false, true): "≈ "
        case (false, false): ""
        }
    }

    /// amount ÷ target (1 = the goal or the limit reached); nil without either.
    public var share: Double? {
        guard let amount, let goal = target?.amount, goal > 0 else { return nil }
        return amount / goal
    }

    public var level: Level {
        guard let amount else { return .unknown }
        if let upper = target?.upper, amount > upper { return .over }
        guard let target, let goal = target.amount else { return target?.upper == nil ? .noTarget : .fine }
        switch target.kind {
        case .limit: return amount > goal ? .over : .fine
        case .goal: return amount < goal ? .under : .fine
        }
    }

    /// What is missing to reach a goal; nil when met, a limit, or unknown.
    public var gap: Double? {
        guard level == .under, let amount, let goal = target?.amount else { return nil }
        return goal - amount
    }
}

extension NutrientIntake {
    /// The intake of a day on average over the days that have entries (days without food are not
    /// zero days: nothing was logged). Partial where any day was partial for that nutrient.
    public static func average(_ days: [NutrientIntake]) -> NutrientIntake {
        let logged = days.filter { $0.entryCount > 0 }
        guard !logged.isEmpty else { return NutrientIntake() }
        var sum = NutrientIntake()
        for day in logged {
            for (key, value) in day.amounts { sum.amounts[key, default: 0] += value }
            sum.partial.formUnion(day.partial)
            sum.estimated.formUnion(day.estimated)
            sum.entryCount += day.entryCount
        }
        let n = Double(logged.count)
        for key in sum.amounts.keys { sum.amounts[key] = (sum.amounts[key] ?? 0) / n }
        return sum
    }

    /// Each nutrient of `keys` against its target.
    public func statuses(_ targets: NutrientTargetSet, keys: [NutrientKey]? = nil) -> [NutrientStatus] {
        (keys ?? targets.shown).map { key in
            let amount = amounts[key]
            return NutrientStatus(
                key: key, amount: amount, target: targets.targets[key], partial: amount != nil && partial.contains(key),
                estimated: amount != nil && estimated.contains(key))
        }
    }
}

/// The span the Nutrients view and `bodii nutrients` average over (`-`/`+`, `--range`).
public enum NutrientSpan: String, CaseIterable, Sendable {
    case day, week, month

    public var days: Int {
        switch self {
        case .day: 1
        case .week: 7
        case .month: 30
        }
    }

    /// The days of the span ending on `day`.
    public func dates(endingOn day: LocalDate) -> DateRange { DateRange(ending: day, days: days) }

    /// `-`: a longer span; `+`: a shorter one.
    public var wider: NutrientSpan { self == .day ? .week : .month }
    public var narrower: NutrientSpan { self == .month ? .week : .day }
}
