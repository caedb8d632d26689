import Foundation

/// What a user typed in the profile form (onboarding and Settings).
public struct ProfileInput: Equatable, Sendable {
    public var name: String
    public var sex: Sex
    public var birthDate: String
    public var height: String
    public var activityLevel: ActivityLevel
    public var unitSystem: UnitSystem
    /// Onboarding only: today's weight (optional) and the goal.
    public var weight: String
    public var goal: GoalType

    public init(
        name: String, sex: Sex, birthDate: String, height: String, activityLevel: ActivityLevel,
        unitSystem: UnitSystem, weight: String = "", goal: GoalType = .maintain
    ) {
        self.name = name
        self.sex = sex
        self.birthDate = birthDate
        self.height = height
        self.activityLevel = activityLevel
        self.unitSystem = unitSystem
        self.weight = weight
        self.goal = goal
    }

    /// Sensible defaults for every field a new user skips.
    public static func defaults(name: String = "") -> ProfileInput {
        ProfileInput(name: name, sex: .female, birthDate: "1990-01-01", height: "170", activityLevel: .light, unitSystem: .metric)
    }

    /// The form filled from a saved profile, shown in the profile's units.
    public init(profile: Profile) {
        let height: String
        switch profile.unitSystem {
        case .metric: height = String(format: "%.0f", profile.heightCm)
        case .imperial:
            let (ft, inches) = Units.cmToFeetInches(profile.heightCm)
            height = "\(ft)'\(WholeNumber.text(inches))\""
        }
        self.init(
            name: profile.name, sex: profile.sex, birthDate: profile.birthDate.iso, height: height,
            activityLevel: profile.activityLevel, unitSystem: profile.unitSystem)
    }
}

public enum ProfileField: String, Sendable, CaseIterable { case name, birthDate, height, weight }

/// Validates and saves the profile; at the end of onboarding also the first weight and a goal.
public struct ProfileSetup {
    public typealias Store = ProfileRepository & BodyRepository & GoalRepository

    /// Default weekly rates when a goal is chosen at onboarding (kg/week, positive = loss).
    public static let defaultLossRate = 0.5
    public static let defaultGainRate = -0.25

    private let store: any Store
    private let clock: any Clock

    public init(store: any Store, clock: any Clock) {
        self.store = store
        self.clock = clock
    }

    /// A blank name becomes `fallbackName`, so skipping never leaves a broken profile.
    public func validate(_ input: ProfileInput, keeping existing: Profile? = nil, fallbackName: String = "Friend")
        -> Result<(profile: Profile, weightKg: Double?), FieldErrors<ProfileField>>
    {
        Self.validate(input, keeping: existing, fallbackName: fallbackName, today: clock.today)
    }

    /// The same, before any store is open (the command line checks its arguments first).
    public static func validate(
        _ input: ProfileInput, keeping existing: Profile? = nil, fallbackName: String = "Friend",
        today: LocalDate
    ) -> Result<(profile: Profile, weightKg: Double?), FieldErrors<ProfileField>> {
        var errors = FieldErrors<ProfileField>()
        let typedName = input.name.trimmingCharacters(in: .whitespacesAndNewlines)
        let name = errors.capture(.name) { () throws(ValidationError) in try Validation.name(typedName.isEmpty ? fallbackName : input.name)
        }
        let birth = errors.capture(.birthDate) { () throws(ValidationError) in try Validation.birthDate(input.birthDate, today: today) }
        let height = errors.capture(.height) { () throws(ValidationError) in
            try Validation.height(input.height, unitSystem: input.unitSystem)
        }
        let weight = errors.capture(.weight, ifPresent: input.weight) { () throws(ValidationError) in
            try Validation.weight(input.weight, unitSystem: input.unitSystem)
        }
        guard errors.isEmpty, let name, let birth, let height else { return .failure(errors) }
        let profile = Profile(
            name: name, sex: input.sex, birthDate: birth, heightCm: height, activityLevel: input.activityLevel,
            unitSystem: input.unitSystem, themeName: existing?.themeName ?? Profile.defaultTheme,
            checkInTemplate: existing?.checkInTemplate ?? Profile.defaultCheckInTemplate)
        return .success((profile, weight))
    }

    public func save(_ profile: Profile) throws { try store.saveProfile(profile) }

    /// Saves the profile and the goal; when a weight was given, also the first body record, and
    /// the goal records the targets it works out to. The goal shown in the form is always saved.
    public func completeOnboarding(profile: Profile, weightKg: Double?, goal: GoalType) throws {
        try store.saveProfile(profile)
        let today = clock.today
        guard let weightKg else {
            try store.saveActiveGoal(Self.goal(goal, tdee: nil, weightKg: nil, on: today))
            return
        }
        let record = BodyRecord(date: today, weightKg: weightKg, recordedAt: clock.now)
        let snapshot = Metabolism.snapshot(for: record, weightKg: weightKg, profile: profile)
        try store.addBodyRecord(record, snapshot: snapshot)
        try store.saveActiveGoal(Self.goal(goal, tdee: snapshot.tdee, weightKg: weightKg, on: today))
    }

    /// A goal with the default rate for its type (a loss capped at the safe rate when the weight is
    /// known) and default protein; it records its targets on `tdee` when both are known.
    public static func goal(_ type: GoalType, tdee: Double?, weightKg: Double?, on date: LocalDate) -> Goal {
        let rate: Double
        switch type {
        case .lose: rate = min(defaultLossRate, weightKg.map { CalorieTarget.maxSafeWeeklyLossKg(weightKg: $0) } ?? defaultLossRate)
        case .maintain: rate = 0
        case .gain: rate = defaultGainRate
        }
        var goal = Goal(type: type, weeklyRateKg: rate, dailyCalorieTarget: nil, proteinG: nil, carbsG: nil, fatG: nil, createdOn: date)
        if let tdee, let weightKg {
            goal.record(
                DayTargets.derive(
                    goal: goal, basis: ExpenditureBasis(kcalPerDay: tdee, source: .formula, adaptiveDays: 0),
                    weightKg: weightKg))
        }
        return goal
    }
}
