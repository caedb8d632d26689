import BodiiDomain
import TerminalKit

/// The goal fields as a `Form`, and back to a `GoalInput`; the dialog's intro previews the result.
enum GoalForm {
    static let types = GoalType.allCases
    static let typeLabels = ["Lose weight", "Maintain weight", "Gain weight"]
    static let exerciseBackLabels = ["No", "Yes"]
    static let calorieLabels = ["Adaptive", "Formula", "Fixed"]
    static let splitLabels = ["Balanced", "High protein", "Low carb", "Keto", "Custom"]
    static let netCarbsLabels = ["Total", "Net"]
    static let bodyFatLabels = ["Logged", "Estimated"]

    static func make(from goal: Goal?, unitSystem: UnitSystem) -> Form {
        let fmt = UnitFormatter(unitSystem)
        let type = goal?.type ?? .maintain
        let rate = goal.map { abs($0.weeklyRateKg) }.flatMap { $0 > 0 ? DecimalText.format(fmt.massValue($0), decimals: 2) : nil } ?? ""
        let targets = TargetChoiceInput(goal: goal)
        let protein = goal == nil ? "" : targets.protein
        let calories = TargetChoiceInput.calorieWords.firstIndex(of: targets.calories) ?? 0
        let split = TargetChoiceInput.splitWords.firstIndex(of: targets.split) ?? 0
        return Form(
            fields: [
                .choice(
                    GoalField.type.rawValue, label: "Goal", options: typeLabels, selected: types.firstIndex(of: type) ?? 1,
                    hint: "←/→ to change"),
                .text(
                    GoalField.weeklyRate.rawValue, label: "Weekly rate", text: rate, placeholder: "e.g. 0.5",
                    maxLength: Validation.maxInputLength,
                    hint: "\(fmt.massUnit) per week", selected: true),
                .text(
                    GoalField.targetWeight.rawValue, label: "Target weight",
                    text: goal?.targetWeightKg.map { DecimalText.format(fmt.massValue($0)) } ?? "",
                    placeholder: "optional", maxLength: Validation.maxInputLength, hint: fmt.massUnit, selected: true),
                .text(
                    GoalField.targetBodyFat.rawValue, label: "Target body fat",
                    text: goal?.targetBodyFatPercent.map { DecimalText.format($0) } ?? "",
                    placeholder: "optional", maxLength: Validation.maxInputLength, hint: "%", selected: true),
                .choice(
                    GoalField.calories.rawValue, label: "Calories", options: calorieLabels, selected: calories,
                    hint: "←/→ (Fixed: the number below)"),
                .text(
                    GoalField.fixedKcal.rawValue, label: "Fixed target", text: targets.fixedKcal, placeholder: "e.g. 1800",
                    maxLength: Validation.maxInputLength, hint: "kcal a day, with Fixed"),
                .choice(
                    GoalField.split.rawValue, label: "Macro split", options: splitLabels, selected: split,
                    hint: "←/→ (Custom: the three below)"),
                .text(
                    GoalField.proteinPerKg.rawValue, label: "Protein", text: protein,
                    placeholder: DecimalText.format(CalorieTarget.defaultProteinPerKg),
                    maxLength: Validation.maxInputLength, hint: proteinHint(unitSystem)),
                .text(
                    GoalField.fat.rawValue, label: "Fat", text: targets.fat, placeholder: "Custom: 30%",
                    maxLength: Validation.maxInputLength, hint: "% of kcal or g"),
                .text(
                    GoalField.carbs.rawValue, label: "Carbs", text: targets.carbs, placeholder: "Custom: rest",
                    maxLength: Validation.maxInputLength, hint: "rest, or g (fat: the rest)"),
                .choice(
                    GoalField.netCarbs.rawValue, label: "Count carbs", options: netCarbsLabels,
                    selected: targets.netCarbs == "net" ? 1 : 0, hint: "Net: carbs − fiber (keto: always)"),
                .choice(
                    GoalField.bodyFat.rawValue, label: "BMR body fat", options: bodyFatLabels,
                    selected: targets.bodyFat == BodyFatSource.estimated.rawValue ? 1 : 0,
                    hint: "Estimated: from waist and neck"),
                .choice(
                    GoalField.exerciseBack.rawValue, label: "Add exercise back", options: exerciseBackLabels,
                    selected: goal?.addsExerciseBack == true ? 1 : 0, hint: "eat back exercise kcal (usually no: ←/→)"),
            ], inputWidth: 16)
    }

    static func input(from form: Form) -> GoalInput {
        let label = form.value(GoalField.type.rawValue) ?? ""
        return GoalInput(
            type: typeLabels.firstIndex(of: label).map { types[$0] } ?? .maintain,
            targetWeight: form.value(GoalField.targetWeight.rawValue) ?? "",
            targetBodyFat: form.value(GoalField.targetBodyFat.rawValue) ?? "",
            weeklyRate: form.value(GoalField.weeklyRate.rawValue) ?? "",
            proteinPerKg: form.value(GoalField.proteinPerKg.rawValue) ?? "",
            addsExerciseBack: form.value(GoalField.exerciseBack.rawValue) == exerciseBackLabels[1],
            targets: TargetChoiceInput(
                calories: choiceWord(form, .calories, calorieLabels, TargetChoiceInput.calorieWords),
                fixedKcal: form.value(GoalField.fixedKcal.rawValue) ?? "",
                split: choiceWord(form, .split, splitLabels, TargetChoiceInput.splitWords),
                fat: form.value(GoalField.fat.rawValue) ?? "", carbs: form.value(GoalField.carbs.rawValue) ?? "",
                netCarbs: choiceWord(form, .netCarbs, netCarbsLabels, TargetChoiceInput.netCarbsWords),
                bodyFat: choiceWord(form, .bodyFat, bodyFatLabels, TargetChoiceInput.bodyFatWords)))
    }

    /// The word a choice field stands for ("Fixed" → "fixed").
    static func choiceWord(_ form: Form, _ field: GoalField, _ labels: [String], _ words: [String]) -> String {
        labels.firstIndex(of: form.value(field.rawValue) ?? "").map { words[$0] } ?? words[0]
    }

    /// Protein is set per kg of trend weight, whatever the display units.
    static func proteinHint(_ units: UnitSystem) -> String {
        units == .metric ? "g/kg (1.6–2.2); Custom: lean, %" : "g/kg (1 kg = 2.2 lb); Custom: %"
    }

    /// "Expenditure 2087 kcal (adaptive, 23 days) → 1537 kcal a day · protein 144 g · …", or what
    /// is missing. The figures are today's targets under the goal as typed, by the rule every day uses.
    static func preview(_ result: Result<Goal, FieldErrors<GoalField>>?, targets: DayTargets?) -> String {
        guard let targets else { return "Log a weight first: the target starts from your expenditure." }
        // A fixed target needs no expenditure: before a weigh-in there is none to start from.
        let start = targets.expenditure.map { "Expenditure \(WholeNumber.text($0.kcalPerDay)) kcal (\($0.label))" } ?? "No weigh-in yet"
        guard case .success? = result else { return "\(start) → fill in the fields to see the daily target." }
        let kcal = targets.basis == .fixed ? "fixed \(WholeNumber.text(targets.kcal)) kcal" : "\(WholeNumber.text(targets.kcal)) kcal"
        guard let m = targets.macros else { return "\(start) → \(kcal) a day · macros: \(DayTargets.macrosNeedAWeight)" }
        return
            "\(start) → \(kcal) a day · protein \(WholeNumber.text(m.proteinG)) g · carbs \(WholeNumber.text(m.carbsG)) g\(m.carbsAreNet ? " net" : "") · fat \(WholeNumber.text(m.fatG)) g"
    }
}
