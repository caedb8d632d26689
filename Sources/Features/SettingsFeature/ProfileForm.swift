import BodiiDomain
import TerminalKit

/// The profile fields as a `Form`, shared by onboarding and Settings, and back to a `ProfileInput`.
enum ProfileForm {
    static let sexes = Sex.allCases
    static let activities = ActivityLevel.allCases
    static let unitSystems = UnitSystem.allCases
    static let goals = GoalType.allCases

    /// `onboarding` adds the first weight and the goal.
    static func make(from input: ProfileInput, onboarding: Bool) -> Form {
        let heightHint = input.unitSystem == .metric ? "cm" : "ft/in, e.g. 5'10\""
        var fields: [FormField] = [
            .text(
                ProfileField.name.rawValue, label: "Name", text: input.name, placeholder: onboarding ? "your first name" : "",
                maxLength: Validation.maxInputLength),
            .choice(
                "units", label: "Units", options: unitSystems.map(\.label), selected: unitSystems.firstIndex(of: input.unitSystem) ?? 0,
                hint: "←/→ to change"),
            .choice(
                "sex", label: "Sex", options: sexes.map(\.label), selected: sexes.firstIndex(of: input.sex) ?? 0,
                hint: "for the BMR formula"),
            .text(
                ProfileField.birthDate.rawValue, label: "Birth date", text: input.birthDate, placeholder: "YYYY-MM-DD",
                maxLength: Validation.maxInputLength, hint: "YYYY-MM-DD"),
            .text(
                ProfileField.height.rawValue, label: "Height", text: input.height, maxLength: Validation.maxInputLength, hint: heightHint),
        ]
        if onboarding {
            fields.append(
                .text(
                    ProfileField.weight.rawValue, label: "Weight today", text: input.weight, placeholder: "optional",
                    maxLength: Validation.maxInputLength, hint: input.unitSystem == .metric ? "kg" : "lb"))
        }
        fields.append(
            .choice(
                "activity", label: "Activity", options: activities.map(\.label),
                selected: activities.firstIndex(of: input.activityLevel) ?? 0))
        if onboarding {
            fields.append(
                .choice(
                    "goal", label: "Goal", options: ["Lose weight", "Maintain weight", "Gain weight"],
                    selected: goals.firstIndex(of: input.goal) ?? 1))
        }
        return Form(fields: fields, inputWidth: 30)
    }

    static func choice<T>(_ form: Form, _ id: String, _ options: [T], labels: [String]) -> T? {
        guard let value = form.value(id), let i = labels.firstIndex(of: value) else { return nil }
        return options[i]
    }

    /// What the form holds now. Choice fields always have a value.
    static func input(from form: Form) -> ProfileInput {
        ProfileInput(
            name: form.value(ProfileField.name.rawValue) ?? "",
            sex: choice(form, "sex", sexes, labels: sexes.map(\.label)) ?? .female,
            birthDate: form.value(ProfileField.birthDate.rawValue) ?? "",
            height: form.value(ProfileField.height.rawValue) ?? "",
            activityLevel: choice(form, "activity", activities, labels: activities.map(\.label)) ?? .light,
            unitSystem: choice(form, "units", unitSystems, labels: unitSystems.map(\.label)) ?? .metric,
            weight: form.value(ProfileField.weight.rawValue) ?? "",
            goal: choice(form, "goal", goals, labels: ["Lose weight", "Maintain weight", "Gain weight"]) ?? .maintain
        )
    }

    /// Puts each field's message under it; returns the status line's message.
    static func show(_ errors: FieldErrors<ProfileField>, in form: inout Form) -> StatusMessage {
        form.show(errors: errors.inlineMessages, first: errors.firstField?.rawValue)
    }

    /// When the units choice changes, the height and weight hints follow it.
    static func refreshHints(_ form: inout Form) {
        let metric = (form.value("units") ?? "") == UnitSystem.metric.label
        for i in form.fields.indices {
            switch form.fields[i].id {
            case ProfileField.height.rawValue: form.fields[i].hint = metric ? "cm" : "ft/in, e.g. 5'10\""
            case ProfileField.weight.rawValue: form.fields[i].hint = metric ? "kg" : "lb"
            default: break
            }
        }
    }
}
