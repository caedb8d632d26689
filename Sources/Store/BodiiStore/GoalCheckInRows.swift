import BodiiDomain
import Foundation
import GRDB

/// A row of `goal`, read by index (every day's targets read the goals). Its targets' choice is flat, as `TargetChoice.Fields`
/// (v19, v20 and v25 added those columns at the end).
struct GoalRow: AllottedIdRow, IndexedStoredRow {
    static let databaseTableName = "goal"

    var id: Int64?
    var type: String
    var targetWeightKg: Double?
    var targetBodyFatPercent: Double?
    var weeklyRateKg: Double
    var dailyCalorieTarget: Double?
    var proteinG: Double?
    var carbsG: Double?
    var fatG: Double?
    var isActive: Bool
    var createdOn: String
    var proteinPerKg: Double
    var addExerciseBack: Bool
    var calorieSource: String
    var fixedKcal: Double?
    var macroSplit: String
    var proteinRule: String?
    var proteinValue: Double?
    var fatShare: Double?
    var fatGrams: Double?
    var carbsGrams: Double?
    var netCarbs: Bool
    var bodyFatSource: String

    enum CodingKeys: String, CodingKey, CaseIterable {
        case id, type
        case targetWeightKg = "target_weight_kg"
        case targetBodyFatPercent = "target_body_fat_percent"
        case weeklyRateKg = "weekly_rate_kg"
        case dailyCalorieTarget = "daily_calorie_target"
        case proteinG = "protein_g"
        case carbsG = "carbs_g"
        case fatG = "fat_g"
        case isActive = "is_active"
        case createdOn = "created_on"
        case proteinPerKg = "protein_per_kg"
        case addExerciseBack = "add_exercise_back"
        case calorieSource = "calorie_source"
        case fixedKcal = "fixed_kcal"
        case macroSplit = "macro_split"
        case proteinRule = "protein_rule"
        case proteinValue = "protein_value"
        case fatShare = "fat_share"
        case fatGrams = "fat_grams"
        case carbsGrams = "carbs_grams"
        case netCarbs = "net_carbs"
        case bodyFatSource = "body_fat_source"
    }

    static let columnList = columnNames.joined(separator: ", ")

    init(reading row: inout ColumnReader) throws {
        id = try row.next(CodingKeys.id)
        type = try row.next(CodingKeys.type)
        targetWeightKg = try row.next(CodingKeys.targetWeightKg)
        targetBodyFatPercent = try row.next(CodingKeys.targetBodyFatPercent)
        weeklyRateKg = try row.next(CodingKeys.weeklyRateKg)
        dailyCalorieTarget = try row.next(CodingKeys.dailyCalorieTarget)
        proteinG = try row.next(CodingKeys.proteinG)
        carbsG = try row.next(CodingKeys.carbsG)
        fatG = try row.next(CodingKeys.fatG)
        isActive = try row.next(CodingKeys.isActive)
        createdOn = try row.next(CodingKeys.createdOn)
        proteinPerKg = try row.next(CodingKeys.proteinPerKg)
        addExerciseBack = try row.next(CodingKeys.addExerciseBack)
        calorieSource = try row.next(CodingKeys.calorieSource)
        fixedKcal = try row.next(CodingKeys.fixedKcal)
        macroSplit = try row.next(CodingKeys.macroSplit)
        proteinRule = try row.next(CodingKeys.proteinRule)
        proteinValue = try row.next(CodingKeys.proteinValue)
        fatShare = try row.next(CodingKeys.fatShare)
        fatGrams = try row.next(CodingKeys.fatGrams)
        carbsGrams = try row.next(CodingKeys.carbsGrams)
        netCarbs = try row.next(CodingKeys.netCarbs)
        bodyFatSource = try row.next(CodingKeys.bodyFatSource)
    }

    enum Columns {
        static let isActive = Column(CodingKeys.isActive)
        static let createdOn = Column(CodingKeys.createdOn)
        static let id = Column(CodingKeys.id)
    }

    init(_ goal: Goal) {
        id = goal.id
        type = goal.type.rawValue
        targetWeightKg = goal.targetWeightKg
        targetBodyFatPercent = goal.targetBodyFatPercent
        weeklyRateKg = goal.weeklyRateKg
        dailyCalorieTarget = goal.dailyCalorieTarget
        proteinG = goal.proteinG
        carbsG = goal.carbsG
        fatG = goal.fatG
        isActive = goal.isActive
        createdOn = SQLText.date(goal.createdOn)
        proteinPerKg = goal.proteinPerKg
        addExerciseBack = goal.addsExerciseBack
        let f = goal.choice.fields
        calorieSource = f.calorieSource
        fixedKcal = f.fixedKcal
        macroSplit = f.macroSplit
        proteinRule = f.proteinRule
        proteinValue = f.proteinValue
        fatShare = f.fatShare
        fatGrams = f.fatGrams
        carbsGrams = f.carbsGrams
        netCarbs = f.netCarbs
        bodyFatSource = f.bodyFatSource
    }

    func goal() throws -> Goal {
        guard let goalType = GoalType(rawValue: type) else { throw StoreError.invalidStoredValue(column: "type", value: type) }
        return Goal(
            id: id, type: goalType, targetWeightKg: targetWeightKg, targetBodyFatPercent: targetBodyFatPercent,
            weeklyRateKg: weeklyRateKg, dailyCalorieTarget: dailyCalorieTarget, proteinG: proteinG, carbsG: carbsG, fatG: fatG,
            isActive: isActive, createdOn: try SQLText.localDate(createdOn, column: "created_on"), proteinPerKg: proteinPerKg,
            addsExerciseBack: addExerciseBack,
            choice: TargetChoice(
                TargetChoice.Fields(
                    calorieSource: calorieSource, fixedKcal: fixedKcal, macroSplit: macroSplit, proteinRule: proteinRule,
                    proteinValue: proteinValue, fatShare: fatShare, fatGrams: fatGrams, carbsGrams: carbsGrams, netCarbs: netCarbs,
                    bodyFatSource: bodyFatSource)))
    }
}

/// A row of `check_in` (one a date, its key), read by index (ten years of them).
struct CheckInRow: IndexedStoredRow {
    static let databaseTableName = "check_in"

    var date: String
    var mood: Int?
    var energy: Int?
    var note: String?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case date, mood, energy, note
    }

    static let columnList = columnNames.joined(separator: ", ")

    init(reading row: inout ColumnReader) throws {
        date = try row.next(CodingKeys.date)
        mood = try row.next(CodingKeys.mood)
        energy = try row.next(CodingKeys.energy)
        note = try row.next(CodingKeys.note)
    }

    enum Columns {
        static let date = Column(CodingKeys.date)
    }

    init(_ c: CheckIn) {
        date = SQLText.date(c.date)
        mood = c.mood
        energy = c.energy
        note = c.note
    }

    func checkIn() throws -> CheckIn {
        CheckIn(date: try SQLText.localDate(date, column: "check_in.date"), mood: mood, energy: energy, note: note)
    }
}
