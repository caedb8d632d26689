import BodiiDocument
import BodiiDomain
import Foundation

/// The `today --json` document: snake_case keys, metric units, null when unknown.
enum DaySummaryJSON {
    /// `nutrients`: the day's nutrient report (PRODUCT.md §11); null where the store has none.
    static func value(
        _ s: DaySummary, nutrients: NutrientReport? = nil, measurements: MeasurementSummary? = nil, timeZone: TimeZone = .gmt
    ) -> JSONValue {
        // In two parts: one literal of them all is more than the type checker takes in reasonable time.
        // The grams are null before a weigh-in even with a fixed kcal target (protein is g/kg).
        let macros = s.targets?.macros
        let day: [(String, JSONValue)] = [
            ("date", .string(s.date.iso)),
            (
                "calories",
                .object([
                    ("eaten", .decimal(s.eatenKcal)), ("burned", .decimal(s.burnedKcal)), ("target", .decimal(s.targetKcal)),
                    ("remaining", .decimal(s.remainingKcal)), ("bmr", .decimal(s.bmr)), ("tdee", .decimal(s.tdee)),
                    ("bmr_body_fat", s.bmrBodyFat.map { .string($0.rawValue) } ?? .null),
                    ("expenditure", .decimal(s.expenditure?.kcalPerDay)),
                    ("expenditure_basis", s.expenditure.map { .string($0.key) } ?? .null),
                    ("expenditure_days", .int(s.expenditure?.adaptiveEstimateDays)),
                    ("target_basis", s.targets.map { .string($0.basis.rawValue) } ?? .null),
                ])
            ),
            (
                "macros",
                .object([
                    ("protein_g", .decimal(s.proteinG)), ("carbs_g", .decimal(s.carbsG)), ("fat_g", .decimal(s.fatG)),
                    ("fiber_g", .decimal(s.fiberG)), ("net_carbs_g", .decimal(s.netCarbsG)),
                ])
            ),
            (
                "targets",
                .object([
                    ("protein_g", .decimal(macros?.proteinG)), ("carbs_g", .decimal(macros?.carbsG)),
                    ("fat_g", .decimal(macros?.fatG)),
                    (
                        "net_carbs_g",
                        .decimal(macros?.netCarbsG(fiberTargetG: nutrients?.targets.targets[.fiberG]?.amount))
                    ),
                ])
            ),
            ("weight_kg", .decimal(s.weightKg)),
            ("trend_weight_kg", .decimal(s.trendWeightKg)),
            ("body_fat_percent", .decimal(s.bodyFatPercent)),
            ("sleep", .object([("minutes", .int(s.sleepMinutes)), ("quality", .int(s.sleepQuality))])),
            ("exercise", .object([("minutes", .int(s.exerciseMinutes)), ("calories", .decimal(s.burnedKcal))])),
            ("activity", .object([("steps", .int(s.activity?.steps)), ("active_kcal", .decimal(s.activity?.activeKcal))])),
            (
                "cost",
                .object([
                    ("amount", s.cost?.amount.map { .number($0.mainUnits) } ?? .null),
                    ("currency", .string((s.cost?.currency ?? PantryCLI.currency).code)),
                    ("known_share", s.cost?.knownShare.map { .number(($0 * 100).rounded() / 100) } ?? .null),
                ])
            ),
            (
                "foods",
                .array(
                    s.foods.map { f in
                        .object([
                            ("id", .string(f.id.rawValue)), ("name", .string(f.name)), ("grams", .decimal(f.grams)),
                            ("meal", .string(f.meal.rawValue)), ("kcal", .decimal(f.kcal)),
                        ])
                    })
            ),
        ]
        let nutrientsValue: JSONValue = nutrients.map { NutrientsJSON.map($0) } ?? .null
        return .object(
            day + [
                ("water", water(s, nutrients: nutrients)), ("nutrients", nutrientsValue),
                ("measurements", measurements.map(Self.measurements) ?? .null),
                ("moments", .array(s.moments.map { MomentsCommand.object($0, timeZone: timeZone) })),
            ])
    }

    /// `{"waist_cm": {"value", "date"}, …, "blood_pressure_mmhg": {"systolic", "diastolic", "date"},
    /// "body_fat_estimated_percent"}`: the latest of every kind on or before the day, null when
    /// never measured; the Navy estimate from them (null without waist, neck, hips for women, a profile).
    static func measurements(_ m: MeasurementSummary) -> JSONValue {
        let kinds: [(String, JSONValue)] = MeasurementKind.allCases.map { kind in
            guard let latest = m.latest[kind] else { return (kind.jsonKey, .null) }
            let values: [(String, JSONValue)] =
                kind == .bloodPressure
                ? [("systolic", .decimal(latest.value)), ("diastolic", .decimal(latest.diastolic))] : [("value", .decimal(latest.value))]
            return (kind.jsonKey, .object(values + [("date", .string(latest.date.iso))]))
        }
        return .object(kinds + [("body_fat_estimated_percent", .decimal(m.estimatedBodyFatPercent))])
    }

    /// `{"logged_ml","total_ml","target_ml"}`: the drinking water logged, and the day's water in
    /// all (food + drinks) against the AI for total water; null without a nutrient report.
    static func water(_ s: DaySummary, nutrients: NutrientReport?) -> JSONValue {
        let total: Double? = nutrients?.status(.waterG).amount
        let target: Double? = nutrients?.targets.targets[.waterG]?.amount
        return .object([("logged_ml", .decimal(s.drunkWaterMl)), ("total_ml", .decimal(total)), ("target_ml", .decimal(target))])
    }

    static func encode(
        _ s: DaySummary, nutrients: NutrientReport? = nil, measurements: MeasurementSummary? = nil, timeZone: TimeZone = .gmt
    ) -> String {
        value(s, nutrients: nutrients, measurements: measurements, timeZone: timeZone).text
    }
}
