import BodiiDocument
import BodiiDomain
import Foundation

/// `bodii targets` as lines and as JSON: today's targets (the ones every screen shows) and the
/// choice behind them.
enum TargetsText {
    static func text(_ o: GoalOverview, day: LocalDate) -> String {
        let choice = o.goal?.choice ?? .standard
        let perKg = o.goal?.proteinPerKg ?? CalorieTarget.defaultProteinPerKg
        var lines: [String] = []
        if let t = o.targets {
            lines.append(DaySummaryText.row("Target", "\(WholeNumber.text(t.kcal)) kcal  (\(t.basisLabel))"))
            if let m = t.macros {
                lines.append(DaySummaryText.row("Protein", "\(WholeNumber.text(m.proteinG)) g"))
                lines.append(DaySummaryText.row("Carbs", "\(WholeNumber.text(m.carbsG)) g" + (m.carbsAreNet ? " net (carbs − fiber)" : "")))
                lines.append(DaySummaryText.row("Fat", "\(WholeNumber.text(m.fatG)) g"))
            } else {
                // A fixed target before a weigh-in: the kcal hold, the grams need the weight.
                lines.append(DaySummaryText.row("Macros", "— (\(Self.gramsWaitForAWeight))"))
            }
        } else {
            // Targets need a weigh-in and an expenditure, which needs a profile (sex, age, height).
            // A fixed number is kept as set; the grams still need the weight (protein is g/kg of it).
            let weighIn =
                choice.calories.key == "fixed"
                ? gramsWaitForAWeight : "log a weight: the targets start from it"
            let missing = o.weightKg == nil ? weighIn : "set your profile (bodii profile set, or Settings): the expenditure needs it"
            lines.append(DaySummaryText.row("Target", "— (\(missing))"))
        }
        lines.append(DaySummaryText.row("Calories", choice.caloriesText))
        lines.append(DaySummaryText.row("Split", choice.splitText(proteinPerKg: perKg)))
        lines.append(DaySummaryText.row("Body fat", choice.bodyFatText))
        if let m = o.targetHistory.metabolism(onOrBefore: day) {
            lines.append(DaySummaryText.row("BMR", "\(WholeNumber.text(m.snapshot.bmr)) kcal  (\(m.label(today: day)))"))
        }
        return lines.joined(separator: "\n")
    }

    static let gramsWaitForAWeight = "log a weight: protein is g/kg of it, so the grams wait for one"

    /// `{"date","target_kcal","target_basis","protein_g","carbs_g","fat_g","carbs_are_net","calorie_source",
    /// "fixed_kcal","macro_split","protein_per_kg","protein_rule","protein_value","fat_share","fat_grams","carbs_grams",
    /// "net_carbs"}` (`net_carbs`: carbs counted net by choice; `carbs_are_net` is true for keto too);
    /// the figures are null without a target (no weigh-in yet); with a fixed target before a
    /// weigh-in, the grams (and `carbs_are_net`) are null and `target_kcal` is the fixed number.
    static func json(_ o: GoalOverview, day: LocalDate) -> JSONValue {
        let f = (o.goal?.choice ?? .standard).fields
        let t = o.targets
        let m = o.targetHistory.metabolism(onOrBefore: day)
        return .object([
            ("date", .string(day.iso)), ("target_kcal", .decimal(t?.kcal)), ("target_basis", t.map { .string($0.basis.rawValue) } ?? .null),
            ("protein_g", .decimal(t?.macros?.proteinG)), ("carbs_g", .decimal(t?.macros?.carbsG)), ("fat_g", .decimal(t?.macros?.fatG)),
            ("carbs_are_net", t?.macros.map { .bool($0.carbsAreNet) } ?? .null),
            ("calorie_source", .string(f.calorieSource)), ("fixed_kcal", .decimal(f.fixedKcal)), ("macro_split", .string(f.macroSplit)),
            ("protein_per_kg", .decimal(o.goal?.proteinPerKg ?? CalorieTarget.defaultProteinPerKg)),
            ("protein_rule", f.proteinRule.map { .string($0) } ?? .null), ("protein_value", .number(f.proteinValue ?? .nan)),
            ("fat_share", .number(f.fatShare ?? .nan)), ("fat_grams", .decimal(f.fatGrams)), ("carbs_grams", .decimal(f.carbsGrams)),
            ("net_carbs", .bool(f.netCarbs)), ("body_fat_source", .string(f.bodyFatSource)),
            ("bmr", .decimal(m?.snapshot.bmr)), ("bmr_body_fat", m?.bodyFatSource.map { .string($0.rawValue) } ?? .null),
        ])
    }
}
