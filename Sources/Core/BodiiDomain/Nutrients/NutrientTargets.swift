/// A user's own setting for one nutrient (Settings → Nutrients). Only what differs from the DRI is
/// stored, so the defaults keep following the profile when age or sex changes.
public struct NutrientPreference: Equatable, Sendable {
    public var key: NutrientKey
    /// The user's goal or limit; nil keeps the DRI's.
    public var amount: Double?
    /// Hidden nutrients are left off the Nutrients view, the CLI's text and the report.
    public var hidden: Bool

    public init(key: NutrientKey, amount: Double? = nil, hidden: Bool = false) {
        self.key = key
        self.amount = amount
        self.hidden = hidden
    }

    /// Nothing differs from the default: the store keeps no row for it.
    public var isDefault: Bool { amount == nil && !hidden }
}

/// Where the nutrient preferences live.
public protocol NutrientPreferenceRepository {
    func nutrientPreferences() throws -> [NutrientKey: NutrientPreference]
    /// Saves one preference; a default one (`isDefault`) removes the stored row.
    func saveNutrientPreference(_ preference: NutrientPreference) throws
}

extension NutrientKey {
    /// How a target the user sets for a nutrient without a DRI reads: things to keep down are limits.
    public var defaultKind: NutrientTarget.Kind {
        switch self {
        case .sodiumMg, .saturatedFatG, .sugarsG, .cholesterolMg, .caffeineMg, .alcoholG: .limit
        default: .goal
        }
    }
}

/// The targets in force: the DRI for the profile, with the user's preferences on top. Every screen,
/// the CLI and the report read this one resolution.
public struct NutrientTargetSet: Equatable, Sendable {
    public var targets: [NutrientKey: NutrientTarget]
    public var hidden: Set<NutrientKey>
    /// The DRI alone, for Settings to show what a reset goes back to.
    public var defaults: [NutrientKey: NutrientTarget]

    public init(
        targets: [NutrientKey: NutrientTarget], hidden: Set<NutrientKey> = [], defaults: [NutrientKey: NutrientTarget] = [:]
    ) {
        self.targets = targets
        self.hidden = hidden
        self.defaults = defaults
    }

    /// Every nutrient not hidden, in PRODUCT.md §11 order.
    public var shown: [NutrientKey] { NutrientKey.allCases.filter { !hidden.contains($0) } }

    /// `sex`/`age` nil (no profile yet): no DRI, only the user's own amounts. `kcal`: the day's
    /// calorie target (the fiber goal and the saturated-fat limit follow it).
    public static func resolve(
        sex: Sex?, age: Int?, kcal: Double?, preferences: [NutrientKey: NutrientPreference]
    ) -> NutrientTargetSet {
        let defaults = sex.flatMap { sex in age.map { DietaryReferenceIntakes.targets(sex: sex, age: $0, kcal: kcal ?? 0) } } ?? [:]
        var targets = defaults
        var hidden: Set<NutrientKey> = []
        for (key, preference) in preferences {
            if preference.hidden { hidden.insert(key) }
            guard let amount = preference.amount, amount.isFinite, amount >= 0 else { continue }
            let base = defaults[key]
            targets[key] = NutrientTarget(kind: base?.kind ?? key.defaultKind, amount: amount, upper: base?.upper)
        }
        return NutrientTargetSet(targets: targets, hidden: hidden, defaults: defaults)
    }
}

extension NutrientTargetSet {
    /// What the targets in force read: the preferences, the profile (sex, age) and the day's calorie target.
    public typealias Source = NutrientPreferenceRepository & ProfileRepository & TargetHistory.Source

    /// The targets in force on `day`: the profile's age that day, the day's calorie target.
    /// `history`: a `TargetHistory` covering `day`, when the caller has read it already (`today
    /// --json` reads one for the day's summary and its nutrients).
    public static func load(on day: LocalDate, source: any Source, targets history: TargetHistory? = nil) throws -> NutrientTargetSet {
        let profile = try source.loadProfile()
        let known = history.flatMap { $0.covers?.contains(day) == true ? $0 : nil }
        let kcal = try (known ?? TargetHistory.load(range: DateRange(start: day, end: day), source: source)).targets(on: day)?.kcal
        return resolve(sex: profile?.sex, age: profile?.age(on: day), kcal: kcal, preferences: try source.nutrientPreferences())
    }
}
