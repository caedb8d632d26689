import BodiiDomain
import TerminalKit

/// The goal fields as a `Form`, and back to a `GoalInput`; the dialog's intro previews the result.
enum GoalForm {
    static let types = GoalType.allCases
    static let typeLabels = ["Lose weight", "Maintain weight", "Gain weight"]

    static func make(from goal: Goal?, unitSystem: UnitSystem) -> Form {
        let fmt = UnitFormatter(unitSystem)
        let type = goal?.type ?? .maintain
        let rate = goal.map { abs($0.weeklyRateKg) }.flatMap { $0 > 0 ? DecimalText.format(fmt.massValue($0), decimals: 2) : nil } ?? ""
        return Form(fields: [
            .choice(GoalField.type.rawValue, label: "Goal", options: typeLabels, selected: types.firstIndex(of: type) ?? 1, hint: "←/→ to change"),
            .text(GoalField.weeklyRate.rawValue, label: "Weekly rate", text: rate, placeholder: "e.g. 0.5", maxLength: Validation.maxInputLength,
                  hint: "\(fmt.massUnit) per week", selected: true),
            .text(GoalField.targetWeight.rawValue, label: "Target weight", text: goal?.targetWeightKg.map { DecimalText.format(fmt.massValue($0)) } ?? "",
                  placeholder: "optional", maxLength: Validation.maxInputLength, hint: fmt.massUnit, selected: true),
            .text(GoalField.targetBodyFat.rawValue, label: "Target body fat", text: goal?.targetBodyFatPercent.map { DecimalText.format($0) } ?? "",
                  placeholder: "optional", maxLength: Validation.maxInputLength, hint: "%", selected: true),
            .text(GoalField.proteinPerKg.rawValue, label: "Protein", placeholder: DecimalText.format(CalorieTarget.defaultProteinPerKg),
                  maxLength: Validation.maxInputLength, hint: "g per kg of body weight (1.6–2.2 usual)"),
        ], inputWidth: 16)
    }

    static func input(from form: Form) -> GoalInput {
        let label = form.value(GoalField.type.rawValue) ?? ""
        return GoalInput(type: typeLabels.firstIndex(of: label).map { types[$0] } ?? .maintain,
                         targetWeight: form.value(GoalField.targetWeight.rawValue) ?? "",
                         targetBodyFat: form.value(GoalField.targetBodyFat.rawValue) ?? "",
                         weeklyRate: form.value(GoalField.weeklyRate.rawValue) ?? "",
                         proteinPerKg: form.value(GoalField.proteinPerKg.rawValue) ?? "")
    }

    /// "→ 1950 kcal a day · P 144 g · C 222 g · F 54 g", or what is missing.
    static func preview(_ result: Result<Goal, FieldErrors<GoalField>>?, basis: ExpenditureBasis?) -> String {
        guard let basis else { return "Log a weight first: the target starts from your expenditure." }
        let start = "Expenditure \(Int(basis.kcalPerDay.rounded())) kcal (\(basis.source == .formula ? "formula" : "adaptive"))"
        switch result {
        case .success(let goal)?:
            return "\(start) → \(Int(goal.dailyCalorieTarget)) kcal a day · protein \(Int(goal.proteinG)) g · carbs \(Int(goal.carbsG)) g · fat \(Int(goal.fatG)) g"
        default:
            return "\(start) → fill in the fields to see the daily target."
        }
    }
}
