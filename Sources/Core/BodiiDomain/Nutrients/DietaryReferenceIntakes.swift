/// Daily nutrient targets from the Dietary Reference Intakes (PRODUCT.md §11), by sex and life-stage
/// group. Sources, all Food and Nutrition Board, Institute of Medicine / National Academies:
/// - "Dietary Reference Intakes (DRIs): Recommended Dietary Allowances and Adequate Intakes, Vitamins"
///   and "…, Elements", summary tables, 2011 (vitamin D and calcium from the 2011 update).
/// - "Dietary Reference Intakes (DRIs): Tolerable Upper Intake Levels, Vitamins" and "…, Elements",
///   summary tables, 2011.
/// - "Dietary Reference Intakes for Sodium and Potassium", 2019 (potassium AI; sodium AI and the
///   Chronic Disease Risk Reduction Intake, CDRR, which Bodii shows as the sodium limit).
/// - "Dietary Reference Intakes for Energy, Carbohydrate, Fiber, Fat, Fatty Acids, Cholesterol,
///   Protein, and Amino Acids (Macronutrients)", 2002/2005: total fiber AI by sex and age (the
///   published table; it was set from 14 g per 1000 kcal of the median energy *intake* of each
///   group, so it is not scaled to a diet's reduced target), linoleic (omega-6) and α-linolenic
///   (omega-3) acid AIs, total water AI.
/// - Saturated fat: under 10 % of energy, Dietary Guidelines for Americans 2020–2025.
/// Values were checked against a second copy of each table (Merck Manual "Recommended Daily Intakes
/// for Vitamins"; NAP "Summary Table: Tolerable Upper Intake Levels", 2000/2011 edition).
/// Pregnancy and lactation are not modelled (the profile has no field for them); under 1 year uses
/// the 1–3 year group.
public enum DietaryReferenceIntakes {
    /// The life-stage groups of the DRI tables from age 1.
    public enum LifeStage: Int, CaseIterable, Sendable {
        case age1to3, age4to8, age9to13, age14to18, age19to30, age31to50, age51to70, age71plus

        public init(age: Int) {
            switch age {
            case ..<4: self = .age1to3
            case 4...8: self = .age4to8
            case 9...13: self = .age9to13
            case 14...18: self = .age14to18
            case 19...30: self = .age19to30
            case 31...50: self = .age31to50
            case 51...70: self = .age51to70
            default: self = .age71plus
            }
        }
    }

    /// Every nutrient that has a reference for this person, keyed by nutrient. `kcal` is the day's
    /// calorie target: the saturated-fat limit scales with it (fiber does not: issue 43).
    public static func targets(sex: Sex, age: Int, kcal: Double) -> [NutrientKey: NutrientTarget] {
        let stage = LifeStage(age: age)
        var result: [NutrientKey: NutrientTarget] = [:]
        for (key, row) in goals {
            result[key] = NutrientTarget(kind: .goal, amount: row.value(sex, stage), upper: upper[key]?.value(sex, stage))
        }
        for (key, row) in upper where result[key] == nil {
            result[key] = NutrientTarget(kind: .goal, amount: nil, upper: row.value(sex, stage))
        }
        let energy = kcal.isFinite && kcal > 0 ? kcal : nil
        if let energy {
            // Saturated fat under 10 % of energy, at 9 kcal per gram (DGA 2020–2025).
            result[.saturatedFatG] = NutrientTarget(kind: .limit, amount: (energy * 0.10 / 9).rounded())
        }
        // Sodium: the CDRR is a limit to stay under; the AI (1500 mg for adults) is far below it.
        result[.sodiumMg] = NutrientTarget(kind: .limit, amount: sodiumCDRR.value(sex, stage))
        return result
    }

    /// One table column: a value per life stage (ages 1–3 … 71+), for males and for females.
    struct Row: Sendable {
        var male: [Double?]
        var female: [Double?]

        init(male: [Double?], female: [Double?]) {
            self.male = male
            self.female = female
        }

        /// The same values for both sexes.
        init(_ both: [Double?]) { self.init(male: both, female: both) }

        func value(_ sex: Sex, _ stage: LifeStage) -> Double? {
            let column = sex == .male ? male : female
            return column.indices.contains(stage.rawValue) ? column[stage.rawValue] : nil
        }
    }

    // Stage order in every row: 1–3, 4–8, 9–13, 14–18, 19–30, 31–50, 51–70, 71+.

    /// RDA (or AI where no RDA exists) per day.
    static let goals: [NutrientKey: Row] = [
        // Vitamins (RDA/AI Vitamins table, 2011).
        .vitaminAUg: Row(male: [300, 400, 600, 900, 900, 900, 900, 900], female: [300, 400, 600, 700, 700, 700, 700, 700]),
        .vitaminCMg: Row(male: [15, 25, 45, 75, 90, 90, 90, 90], female: [15, 25, 45, 65, 75, 75, 75, 75]),
        .vitaminDUg: Row([15, 15, 15, 15, 15, 15, 15, 20]),
        .vitaminEMg: Row([6, 7, 11, 15, 15, 15, 15, 15]),
        .vitaminKUg: Row(male: [30, 55, 60, 75, 120, 120, 120, 120], female: [30, 55, 60, 75, 90, 90, 90, 90]),
        .thiaminMg: Row(male: [0.5, 0.6, 0.9, 1.2, 1.2, 1.2, 1.2, 1.2], female: [0.5, 0.6, 0.9, 1.0, 1.1, 1.1, 1.1, 1.1]),
        .riboflavinMg: Row(male: [0.5, 0.6, 0.9, 1.3, 1.3, 1.3, 1.3, 1.3], female: [0.5, 0.6, 0.9, 1.0, 1.1, 1.1, 1.1, 1.1]),
        .niacinMg: Row(male: [6, 8, 12, 16, 16, 16, 16, 16], female: [6, 8, 12, 14, 14, 14, 14, 14]),
        .pantothenicAcidMg: Row([2, 3, 4, 5, 5, 5, 5, 5]),
        .vitaminB6Mg: Row(male: [0.5, 0.6, 1.0, 1.3, 1.3, 1.3, 1.7, 1.7], female: [0.5, 0.6, 1.0, 1.2, 1.3, 1.3, 1.5, 1.5]),
        .vitaminB12Ug: Row([0.9, 1.2, 1.8, 2.4, 2.4, 2.4, 2.4, 2.4]),
        .folateUg: Row([150, 200, 300, 400, 400, 400, 400, 400]),
        .cholineMg: Row(male: [200, 250, 375, 550, 550, 550, 550, 550], female: [200, 250, 375, 400, 425, 425, 425, 425]),
        // Elements (RDA/AI Elements table, 2011; potassium from the 2019 update).
        .calciumMg: Row(
            male: [700, 1000, 1300, 1300, 1000, 1000, 1000, 1200], female: [700, 1000, 1300, 1300, 1000, 1000, 1200, 1200]),
        .copperMg: Row([0.34, 0.44, 0.7, 0.89, 0.9, 0.9, 0.9, 0.9]),
        .ironMg: Row(male: [7, 10, 8, 11, 8, 8, 8, 8], female: [7, 10, 8, 15, 18, 18, 8, 8]),
        .magnesiumMg: Row(male: [80, 130, 240, 410, 400, 420, 420, 420], female: [80, 130, 240, 360, 310, 320, 320, 320]),
        .manganeseMg: Row(male: [1.2, 1.5, 1.9, 2.2, 2.3, 2.3, 2.3, 2.3], female: [1.2, 1.5, 1.6, 1.6, 1.8, 1.8, 1.8, 1.8]),
        .phosphorusMg: Row([460, 500, 1250, 1250, 700, 700, 700, 700]),
        .seleniumUg: Row([20, 30, 40, 55, 55, 55, 55, 55]),
        .zincMg: Row(male: [3, 5, 8, 11, 11, 11, 11, 11], female: [3, 5, 8, 9, 8, 8, 8, 8]),
        .potassiumMg: Row(
            male: [2000, 2300, 2500, 3000, 3400, 3400, 3400, 3400], female: [2000, 2300, 2300, 2300, 2600, 2600, 2600, 2600]),
        // Macronutrients report (2005), Table 7-1 / DRI summary: total fiber AI, g/day.
        .fiberG: Row(male: [19, 25, 31, 38, 38, 38, 30, 30], female: [19, 25, 26, 26, 25, 25, 21, 21]),
        // Macronutrients report (2005): linoleic and α-linolenic acid AIs, total water AI (g = mL).
        .omega6G: Row(male: [7, 10, 12, 16, 17, 17, 14, 14], female: [7, 10, 10, 11, 12, 12, 11, 11]),
        .omega3G: Row(male: [0.7, 0.9, 1.2, 1.6, 1.6, 1.6, 1.6, 1.6], female: [0.7, 0.9, 1.0, 1.1, 1.1, 1.1, 1.1, 1.1]),
        .waterG: Row(
            male: [1300, 1700, 2400, 3300, 3700, 3700, 3700, 3700], female: [1300, 1700, 2100, 2300, 2700, 2700, 2700, 2700]),
    ]

    /// Tolerable upper intake levels per day (UL tables, 2011). Left out on purpose: magnesium,
    /// niacin, folate and vitamin E, whose ULs count only supplements and fortificants — applied to
    /// food totals they would flag ordinary days; and every nutrient whose UL is "not determinable".
    static let upper: [NutrientKey: Row] = [
        .vitaminAUg: Row([600, 900, 1700, 2800, 3000, 3000, 3000, 3000]),
        .vitaminCMg: Row([400, 650, 1200, 1800, 2000, 2000, 2000, 2000]),
        .vitaminDUg: Row([63, 75, 100, 100, 100, 100, 100, 100]),
        .vitaminB6Mg: Row([30, 40, 60, 80, 100, 100, 100, 100]),
        .cholineMg: Row([1000, 1000, 2000, 3000, 3500, 3500, 3500, 3500]),
        .calciumMg: Row([2500, 2500, 3000, 3000, 2500, 2500, 2000, 2000]),
        .copperMg: Row([1, 3, 5, 8, 10, 10, 10, 10]),
        .ironMg: Row([40, 40, 40, 45, 45, 45, 45, 45]),
        .manganeseMg: Row([2, 3, 6, 9, 11, 11, 11, 11]),
        .phosphorusMg: Row([3000, 3000, 4000, 4000, 4000, 4000, 4000, 3000]),
        .seleniumUg: Row([90, 150, 280, 400, 400, 400, 400, 400]),
        .zincMg: Row([7, 12, 23, 34, 40, 40, 40, 40]),
    ]

    /// Sodium Chronic Disease Risk Reduction Intake, mg per day (Sodium and Potassium, 2019).
    static let sodiumCDRR = Row([1200, 1500, 1800, 2300, 2300, 2300, 2300, 2300])
}
