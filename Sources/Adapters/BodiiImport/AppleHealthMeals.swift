import BodiiDomain
import Foundation

/// The food of an Apple Health export: each `HKQuantityTypeIdentifierDietaryEnergyConsumed`
/// record a quick add, kept once whatever the number of sources. A food-logging app writes, for
/// each food logged, that energy record and one record per nutrient it knows, all with the same
/// start (issue 27): Bodii adds each nutrient to the quick add made from the energy record with
/// that start; a nutrient with no energy record at its time is skipped (there is no entry to
/// hold it), counted. Records inside a food `Correlation` repeat these and are skipped.
struct AppleHealthMeals {
    static let dietaryPrefix = Array("HKQuantityTypeIdentifierDietary".utf8)

    /// HealthKit's dietary types Bodii keeps (there is none for starch, omega-3/6, choline or alcohol).
    static let dietaryKeys: [String: NutrientKey] = [
        "Water": .waterG, "Fiber": .fiberG, "Sugar": .sugarsG, "FatSaturated": .saturatedFatG,
        "FatMonounsaturated": .monounsaturatedFatG, "FatPolyunsaturated": .polyunsaturatedFatG,
        "Cholesterol": .cholesterolMg, "Sodium": .sodiumMg, "Potassium": .potassiumMg, "Calcium": .calciumMg,
        "Iron": .ironMg, "Magnesium": .magnesiumMg, "Phosphorus": .phosphorusMg, "Zinc": .zincMg, "Copper": .copperMg,
        "Manganese": .manganeseMg, "Selenium": .seleniumUg, "VitaminA": .vitaminAUg, "VitaminC": .vitaminCMg,
        "VitaminD": .vitaminDUg, "VitaminE": .vitaminEMg, "VitaminK": .vitaminKUg, "Thiamin": .thiaminMg,
        "Riboflavin": .riboflavinMg, "Niacin": .niacinMg, "PantothenicAcid": .pantothenicAcidMg,
        "VitaminB6": .vitaminB6Mg, "VitaminB12": .vitaminB12Ug, "Folate": .folateUg, "Caffeine": .caffeineMg,
    ]

    private(set) var food: [FoodRecord] = []
    private var foodIds = Set<String>()
    /// The first entry at each start (`startDate` as written), and the nutrients recorded then.
    private var foodByStamp: [String: Int] = [:]
    private var dietary: [String: [NutrientKey: Double]] = [:]

    /// The nutrient a record's type names, nil for any other type (checked on the bytes first:
    /// most of an export is heart rate).
    static func dietaryKey(_ type: UnsafeBufferPointer<UInt8>) -> NutrientKey? {
        guard type.count > dietaryPrefix.count, type.starts(with: dietaryPrefix) else { return nil }
        return dietaryKeys[String(decoding: type.dropFirst(dietaryPrefix.count), as: UTF8.self)]
    }

    /// Grams in one of the export's unit (mg, mcg, g; water in mL or L), nil for another unit.
    static func gramsPerUnit(_ unit: String?) -> Double? {
        switch unit {
        case "g", "mL": 1
        case "mg": 1e-3
        case "mcg", "µg": 1e-6
        case "kg", "L": 1000
        default: nil
        }
    }

    mutating func addEnergy(_ element: XMLElementStart, inCorrelation: Bool, pass: inout AppleHealthPass) {
        guard let time = pass.start(element, .food) else { return }
        guard !inCorrelation else {
            pass.data.skip(.food, "inside a food Correlation (a duplicate)")
            return
        }
        guard let value = AppleHealthValues.number(element, "value"), let factor = AppleHealthValues.kcalFactor(element.value("unit"))
        else {
            pass.data.skip(.food, "unreadable value or unit")
            return
        }
        let kcal = (value * factor * 10).rounded() / 10
        guard kcal != 0 else {
            pass.data.skip(.food, "zero calories")
            return
        }
        guard kcal.isFinite, QuickAdd.kcalRange.contains(kcal) else {
            pass.data.skip(.food, "energy out of range (\(AppleHealthValues.rangeText(QuickAdd.kcalRange, "kcal")))")
            return
        }
        let stamp = element.string("startDate") ?? ""
        let id = "dietary/\(stamp)/\(DecimalText.format(kcal, decimals: 1))"
        guard foodIds.insert(id).inserted else {
            pass.data.skip(.food, "the same entry from another source")
            return
        }
        pass.keep(on: time.day)
        if foodByStamp[stamp] == nil { foodByStamp[stamp] = food.count }
        food.append(
            FoodRecord(
                date: time.day, meal: Meal.likely(atHour: time.hour), foodId: AppleHealthCollector.quickAddFood,
                foodName: "Quick add (Apple Health)", grams: 1, kcal: kcal, proteinG: 0, carbsG: 0, fatG: 0,
                loggedAt: time.date, provenance: Provenance(source: AppleHealthData.source, externalId: id)))
    }

    mutating func addNutrient(_ element: XMLElementStart, _ key: NutrientKey, inCorrelation: Bool, pass: inout AppleHealthPass) {
        guard let time = pass.start(element, .food) else { return }
        guard !inCorrelation else { return pass.data.skip(.food, "inside a food Correlation (a duplicate)") }
        guard let value = AppleHealthValues.number(element, "value"), let grams = Self.gramsPerUnit(element.string("unit")) else {
            return pass.data.skip(.food, "unreadable value or unit")
        }
        let amount = value * grams * key.unitsPerGram
        guard amount.isFinite, amount >= 0, amount <= QuickAdd.macroRange.upperBound * key.unitsPerGram else {
            return pass.data.skip(.food, "\(key.label) out of range")
        }
        let stamp = element.string("startDate") ?? ""
        guard dietary[stamp]?[key] == nil else { return pass.data.skip(.food, "the same nutrient from another source") }
        pass.keep(on: time.day)
        dietary[stamp, default: [:]][key] = amount
    }

    /// Adds the collected nutrients to the entries with their start.
    func attachNutrients(_ out: inout AppleHealthData) {
        for (stamp, nutrients) in dietary {
            guard let i = foodByStamp[stamp], out.food.indices.contains(i) else {
                out.skip(.food, "a nutrient without dietary energy at its time", count: nutrients.count)
                continue
            }
            out.food[i].nutrients.merge(nutrients) { old, _ in old }
        }
    }
}
