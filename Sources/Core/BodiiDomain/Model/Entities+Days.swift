import Foundation

// The entities of PRODUCT.md §5 that a day holds besides food: exercise, sleep, the daily log,
// goals and check-ins (Entities.swift has the profile, body and food).

public enum Intensity: String, Codable, CaseIterable, Sendable {
    case low, moderate, high
    public var label: String { rawValue.capitalized }
}

public struct ExerciseRecord: Equatable, Sendable, Identifiable {
    /// Where the record came from (PRODUCT.md §5): re-imports and merges rely on it.
    public var provenance: Provenance
    public var id: Int64?
    public var date: LocalDate
    public var activity: String
    public var minutes: Int
    public var intensity: Intensity
    public var met: Double
    /// Energy added on top of resting expenditure: (MET − 1) × kg × hours.
    public var kcal: Double
    public var loggedAt: Date

    public init(
        id: Int64? = nil, date: LocalDate, activity: String, minutes: Int, intensity: Intensity,
        met: Double, kcal: Double, loggedAt: Date = Date(), provenance: Provenance = .bodii
    ) {
        self.provenance = provenance
        self.id = id
        self.date = date
        self.activity = activity
        self.minutes = minutes
        self.intensity = intensity
        self.met = met
        self.kcal = kcal
        self.loggedAt = loggedAt
    }
}

/// A wall-clock time of day, minutes after local midnight.
public struct ClockTime: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let minutesAfterMidnight: Int

    public init?(hour: Int, minute: Int) {
        guard (0...23).contains(hour), (0...59).contains(minute) else { return nil }
        minutesAfterMidnight = hour * 60 + minute
    }

    /// The time `minutes` later (earlier when negative), wrapping around midnight.
    public func adding(minutes: Int) -> ClockTime {
        let m = ((minutesAfterMidnight + minutes) % 1440 + 1440) % 1440
        return ClockTime(hour: m / 60, minute: m % 60) ?? self
    }

    /// Parses `HH:MM` (24-hour; `7:05` accepted).
    public init?(parsing text: String) {
        let parts = text.trimmingCharacters(in: .whitespaces).split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
            parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            let h = Int(parts[0]), let m = Int(parts[1])
        else { return nil }
        self.init(hour: h, minute: m)
    }

    public var hour: Int { minutesAfterMidnight / 60 }
    public var minute: Int { minutesAfterMidnight % 60 }
    public var description: String { FastFormat.zeroPadded(hour, 2) + ":" + FastFormat.zeroPadded(minute, 2) }
    public static func < (l: ClockTime, r: ClockTime) -> Bool { l.minutesAfterMidnight < r.minutesAfterMidnight }
}

/// Sleep status from duration (PRODUCT.md §6).
public enum SleepStatus: String, Codable, CaseIterable, Sendable {
    case bad, poor, fair, good, long
    public var label: String { rawValue.capitalized }
}

/// A night, filed under the date the sleeper woke up.
public struct SleepRecord: Equatable, Sendable, Identifiable {
    /// Where the record came from (PRODUCT.md §5): re-imports and merges rely on it.
    public var provenance: Provenance
    public var id: Int64?
    public var date: LocalDate
    public var bedtime: ClockTime?
    public var wakeTime: ClockTime?
    public var minutes: Int
    public var quality: Int?  // 1–5
    public var status: SleepStatus

    public init(
        id: Int64? = nil, date: LocalDate, bedtime: ClockTime? = nil, wakeTime: ClockTime? = nil,
        minutes: Int, quality: Int? = nil, status: SleepStatus, provenance: Provenance = .bodii
    ) {
        self.provenance = provenance
        self.id = id
        self.date = date
        self.bedtime = bedtime
        self.wakeTime = wakeTime
        self.minutes = minutes
        self.quality = quality
        self.status = status
    }
}

/// One row per date, kept consistent with the records it sums in the same transaction.
public struct DailyLog: Equatable, Sendable {
    public var date: LocalDate
    public var caloriesIn: Double
    public var caloriesOut: Double  // exercise energy
    public var bmr: Double?
    public var tdee: Double?

    public init(date: LocalDate, caloriesIn: Double, caloriesOut: Double, bmr: Double?, tdee: Double?) {
        self.date = date
        self.caloriesIn = caloriesIn
        self.caloriesOut = caloriesOut
        self.bmr = bmr
        self.tdee = tdee
    }

    /// Eaten minus everything spent (TDEE plus exercise); nil until a TDEE is known.
    public var net: Double? { tdee.map { caloriesIn - $0 - caloriesOut } }
}

public enum GoalType: String, Codable, CaseIterable, Sendable {
    case lose, maintain, gain
    public var label: String { rawValue.capitalized }
}

public struct Goal: Equatable, Sendable, Identifiable {
    public var id: Int64?
    public var type: GoalType
    public var targetWeightKg: Double?
    public var targetBodyFatPercent: Double?
    /// kg per week; positive means losing (PRODUCT.md §6).
    public var weeklyRateKg: Double
    public var dailyCalorieTarget: Double?
    public var proteinG: Double?
    public var carbsG: Double?
    public var fatG: Double?
    public var isActive: Bool
    public var createdOn: LocalDate
    /// Protein per kg of trend weight: each day's protein target is this × that day's trend.
    public var proteinPerKg: Double
    /// "Add exercise back": exercise kcal raise what is left of the day (PRODUCT.md §6; off by default).
    public var addsExerciseBack: Bool
    /// The targets the person set (issue 43): adaptive, formula or fixed kcal, and the macro split.
    public var choice: TargetChoice

    /// `dailyCalorieTarget` and the grams are what the goal worked out to when it was set (its
    /// history; nil when set before any weigh-in); a day's own targets come from `TargetHistory`.
    public init(
        id: Int64? = nil, type: GoalType, targetWeightKg: Double? = nil, targetBodyFatPercent: Double? = nil,
        weeklyRateKg: Double, dailyCalorieTarget: Double?, proteinG: Double?, carbsG: Double?, fatG: Double?,
        isActive: Bool = true, createdOn: LocalDate, proteinPerKg: Double = CalorieTarget.defaultProteinPerKg,
        addsExerciseBack: Bool = false, choice: TargetChoice = .standard
    ) {
        self.id = id
        self.choice = choice
        self.type = type
        self.targetWeightKg = targetWeightKg
        self.targetBodyFatPercent = targetBodyFatPercent
        self.weeklyRateKg = weeklyRateKg
        self.dailyCalorieTarget = dailyCalorieTarget
        self.proteinG = proteinG
        self.carbsG = carbsG
        self.fatG = fatG
        self.isActive = isActive
        self.createdOn = createdOn
        self.proteinPerKg = proteinPerKg
        self.addsExerciseBack = addsExerciseBack
    }
}

public struct CheckIn: Equatable, Sendable {
    public var date: LocalDate
    public var mood: Int?  // 1–5
    public var energy: Int?  // 1–5
    public var note: String?

    public init(date: LocalDate, mood: Int? = nil, energy: Int? = nil, note: String? = nil) {
        self.date = date
        self.mood = mood
        self.energy = energy
        self.note = note
    }
}
