import BodiiDomain
import Foundation

/// `bodii today` for people: a few aligned lines.
enum DaySummaryText {
    static func render(_ s: DaySummary, units: UnitSystem, measurements: MeasurementSummary? = nil, timeZone: TimeZone = .gmt) -> String {
        let fmt = UnitFormatter(units)
        func kcal(_ v: Double?) -> String { v.map { "\(SignedNumber.whole($0)) kcal" } ?? "—" }
        var lines = ["Bodii — \(s.date.longLabel)", ""]
        lines.append(
            row("Eaten", kcal(s.eatenKcal) + (s.foods.isEmpty ? "  (no meals logged)" : "  (\(Plural.count(s.foods.count, "item")))")))
        lines.append(
            row(
                "Exercise",
                "\(s.exerciseMinutes) min, \(kcal(s.burnedKcal))"
                    + (s.targets?.addsExerciseBack == true ? "  (added back)" : "  (not added back)")))
        lines.append(row("Target", kcal(s.targetKcal)))
        lines.append(row(s.targets?.leftLabel ?? DayTargets.leftWord, kcal(s.remainingKcal)))
        if let basis = s.expenditure {
            lines.append(row("Expenditure", "\(kcal(basis.kcalPerDay))  (\(basis.label))"))
        }
        // Without a weigh-in there is no formula to show: say what would give one.
        let formula = s.bmr == nil && s.tdee == nil ? "— (from a profile and a weigh-in)" : "\(kcal(s.bmr)) / \(kcal(s.tdee))  (\(s.bmrFormulaLabel))"
        lines.append(row("BMR / TDEE", formula))
        func grams(_ eaten: Double, _ target: Double?) -> String {
            "\(WholeNumber.text(eaten))" + (target.map { "/\(WholeNumber.text($0))" } ?? "") + " g"
        }
        let m = s.targets?.macros
        let carbs = m?.carbsAreNet == true ? "Net C" : "C"
        lines.append(
            row(
                "Macros",
                "P \(grams(s.proteinG, m?.proteinG))  \(carbs) \(grams(s.carbsCountedG, m?.carbsG))  F \(grams(s.fatG, m?.fatG))"
                    + (s.targets != nil && m == nil ? "  (targets: \(DayTargets.macrosNeedAWeight))" : "")))
        lines.append(row("Weight", s.weightKg.map(fmt.mass) ?? "— (no weigh-in)"))
        lines.append(row("Trend", s.trendWeightKg.map(fmt.mass) ?? "—"))
        if let f = s.bodyFatPercent { lines.append(row("Body fat", String(format: "%.1f %%", f))) }
        if let measurements, !measurements.latest.isEmpty {
            // The latest of each kind, dated when older than the day.
            let items = measurements.inOrder.map { m in
                "\(m.kind.name) \(m.text(units))" + (m.date == s.date ? "" : " (\(m.date.shortLabel(relativeTo: s.date)))")
            }
            lines.append(row("Measured", items.joined(separator: ", ")))
            if let navy = measurements.estimatedBodyFatPercent, s.bodyFatPercent == nil {
                lines.append(row("Body fat", String(format: "%.1f %% (estimated from waist and neck)", navy)))
            }
        }
        let sleep = s.sleepMinutes.map {
            "\($0 / 60) h \(String(format: "%02d", $0 % 60)) min" + (s.sleepQuality.map { ", quality \($0)/5" } ?? "")
        }
        lines.append(row("Sleep", sleep ?? "— (not logged)"))
        if let a = s.activity { lines.append(row("Activity", ActivityText.line(a))) }
        if let cost = s.cost?.label { lines.append(row("Cost", cost)) }
        for (i, m) in s.moments.enumerated() {
            lines.append(row(i == 0 ? "Moments" : "", "\(ClockTime(m.at, timeZone: timeZone))  \(m.line)"))
        }
        return lines.joined(separator: "\n")
    }

    static func row(_ label: String, _ value: String) -> String {
        label.padding(toLength: max(12, label.count + 1), withPad: " ", startingAt: 0) + value
    }
}
