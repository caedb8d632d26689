import Foundation

/// The targets as typed, in the Goal and Targets form and on `bodii targets set` alike, so both
/// refuse the same things in the same words (issue 43).
/// - calories: "adaptive", "formula" or "fixed" (empty: adaptive); `fixedKcal` with "fixed".
/// - split: "balanced", "high protein", "low carb", "keto" or "custom" (empty: balanced).
/// - protein: "1.8" or "1.8 g/kg" (every split but high protein); a custom split also takes
///   "2 g/kg lean" (of lean mass when body fat is known) or "30%" (of kcal). Empty: 1.8 g/kg.
/// - fat (custom): "30%" or "70 g"; empty: 30 %. carbs (custom): "rest" or "150 g"; empty: the rest.
/// - netCarbs: "net" (or on, yes) counts carbs net with any split, "total" (off, no) as eaten; empty: total.
/// - bodyFat: "estimated" lets Katch-McArdle use the Navy estimate when no body fat is logged,
///   "logged" does not; empty: logged.
public struct TargetChoiceInput: Equatable, Sendable {
    public var calories: String
    public var fixedKcal: String
    public var split: String
    public var protein: String
    public var fat: String
    public var carbs: String
    public var netCarbs: String
    public var bodyFat: String

    public init(
        calories: String = "", fixedKcal: String = "", split: String = "", protein: String = "", fat: String = "", carbs: String = "",
        netCarbs: String = "", bodyFat: String = ""
    ) {
        self.netCarbs = netCarbs
        self.bodyFat = bodyFat
        self.calories = calories
        self.fixedKcal = fixedKcal
        self.split = split
        self.protein = protein
        self.fat = fat
        self.carbs = carbs
    }

    /// What a goal's choice reads as, for a form or a command that changes one part of it.
    public init(goal: Goal?) {
        let choice = goal?.choice ?? .standard
        let perKg = goal.map { DecimalText.format($0.proteinPerKg, decimals: 2) } ?? ""
        self.init(calories: choice.calories.key, split: choice.split.key.replacingOccurrences(of: "_", with: " "), protein: perKg)
        if case .fixed(let kcal) = choice.calories { fixedKcal = WholeNumber.text(kcal) }
        netCarbs = choice.netCarbs ? "net" : "total"
        bodyFat = choice.bodyFat.rawValue
        if case .custom(let c) = choice.split {
            switch c.protein {
            case .perKg(let g): protein = DecimalText.format(g, decimals: 2) + " g/kg"
            case .perKgLean(let g): protein = DecimalText.format(g, decimals: 2) + " g/kg lean"
            case .share(let s): protein = DecimalText.format(s * 100, decimals: 1) + "%"
            }
            switch c.fat {
            case .share(let s)?: fat = DecimalText.format(s * 100, decimals: 1) + "%"
            case .grams(let g)?: fat = DecimalText.format(g, decimals: 1) + " g"
            case nil: fat = ""
            }
            carbs = c.carbsG.map { DecimalText.format($0, decimals: 1) + " g" } ?? "rest"
        }
    }
}

public enum TargetField: String, Sendable, CaseIterable { case calories, fixedKcal, split, protein, fat, carbs, netCarbs, bodyFat }

extension TargetChoiceInput {
    public static let calorieWords = ["adaptive", "formula", "fixed"]
    public static let splitWords = ["balanced", "high protein", "low carb", "keto", "custom"]
    public static let netCarbsWords = ["total", "net"]
    public static let bodyFatWords = BodyFatSource.allCases.map(\.rawValue)

    /// The choice, and the protein per kg of trend weight the goal keeps (the splits by g/kg use it).
    public func validate() -> Result<(choice: TargetChoice, proteinPerKg: Double), FieldErrors<TargetField>> {
        var errors = FieldErrors<TargetField>()
        let calories: CalorieSource? = errors.capture(.calories) { () throws(ValidationError) in try parseCalories() }
        let splitWord = Self.word(split)
        let isCustom = splitWord == "custom"
        let preset = errors.capture(.split) { () throws(ValidationError) -> MacroPreset? in
            if isCustom { return nil }
            guard let preset = splitWord.isEmpty ? .balanced : MacroPreset.named(splitWord.replacingOccurrences(of: " ", with: "_")) else {
                throw ValidationError(field: "split", value: split, allowed: Self.splitWords.joined(separator: ", "), problem: .unknown)
            }
            return preset
        }
        let protein = errors.capture(.protein) { () throws(ValidationError) in try parseProtein(custom: isCustom) }
        var fat: CustomSplit.Fat?, carbs: Double?
        if isCustom {
            fat = errors.capture(.fat) { () throws(ValidationError) in try parseFat() } ?? nil
            carbs = errors.capture(.carbs) { () throws(ValidationError) in try parseCarbs(fatGiven: fat != nil) } ?? nil
        } else if let name = preset??.label.lowercased() {
            for (field, text, word) in [(TargetField.fat, fat_, "fat"), (.carbs, carbs_, "carbs")] where !text.isEmpty {
                errors.add(
                    field,
                    ValidationError(field: word, value: text, allowed: "only with the custom split (\(name) sets \(word))", problem: .outOfRange))
            }
        }
        let net = errors.capture(.netCarbs) { () throws(ValidationError) in try parseNetCarbs() }
        let bodyFatSource = errors.capture(.bodyFat) { () throws(ValidationError) in try parseBodyFat() }
        guard errors.isEmpty, let calories, let protein, let net, let bodyFatSource else { return .failure(errors) }
        let chosen: MacroSplit = isCustom ? .custom(CustomSplit(protein: protein.rule, fat: fat, carbsG: carbs)) : .preset((preset ?? nil) ?? .balanced)
        return .success((TargetChoice(calories: calories, split: chosen, netCarbs: net, bodyFat: bodyFatSource), protein.perKg))
    }

    private var fat_: String { fat.trimmingCharacters(in: .whitespaces) }
    private var carbs_: String { carbs.trimmingCharacters(in: .whitespaces) }

    public static func word(_ text: String) -> String {
        text.trimmingCharacters(in: .whitespaces).lowercased().replacingOccurrences(of: "-", with: " ").replacingOccurrences(of: "_", with: " ")
    }

    /// "net", "on", "yes" → true; "total", "off", "no" or empty → false.
    private func parseNetCarbs() throws(ValidationError) -> Bool {
        switch Self.word(netCarbs) {
        case "", "total", "off", "no": return false
        case "net", "on", "yes": return true
        default:
            throw ValidationError(
                field: "net carbs", value: netCarbs, allowed: "net (carbs − fiber) or total (on/off, yes/no)", problem: .unknown)
        }
    }

    /// "estimated" → the Navy estimate may stand in; "logged" or empty → only a logged body fat.
    private func parseBodyFat() throws(ValidationError) -> BodyFatSource {
        let text = Self.word(bodyFat)
        if text.isEmpty { return .logged }
        guard let source = BodyFatSource(rawValue: text) else {
            throw ValidationError(
                field: "body fat", value: bodyFat,
                allowed: "logged (a logged body fat only) or estimated (the Navy estimate from waist and neck when none is logged)",
                problem: .unknown)
        }
        return source
    }

    private func parseCalories() throws(ValidationError) -> CalorieSource {
        let kcalRange = CalorieSource.fixedRange
        let allowedKcal = "\(WholeNumber.text(kcalRange.lowerBound))–\(WholeNumber.text(kcalRange.upperBound)) kcal"
        switch Self.word(calories) {
        case "", "adaptive": return .adaptive
        case "formula": return .formula
        case "fixed":
            let kcal = try Validation.number(fixedKcal, field: "fixed target", range: kcalRange, unit: "kcal")
            return .fixed(kcal: kcal.rounded())
        default:
            throw ValidationError(
                field: "calories", value: calories, allowed: "adaptive, formula or fixed (\(allowedKcal))", problem: .unknown)
        }
    }

    /// "1.8", "1.8 g/kg", "2 g/kg lean", "30%": the rule, and the g/kg the goal keeps.
    private func parseProtein(custom: Bool) throws(ValidationError) -> (rule: CustomSplit.Protein, perKg: Double) {
        let perKgRange = CustomSplit.proteinPerKgRange, shares = CustomSplit.proteinShareRange
        let allowed =
            custom
            ? "\(Self.range(perKgRange)) g/kg, \(Self.range(perKgRange)) g/kg lean, or \(Self.percent(shares)) of kcal"
            : "\(Self.range(perKgRange)) g/kg"
        var text = Self.word(protein)
        if text.isEmpty { return (.perKg(CalorieTarget.defaultProteinPerKg), CalorieTarget.defaultProteinPerKg) }
        if text.hasSuffix("%") {
            guard custom else { throw ValidationError(field: "protein", value: protein, allowed: allowed, problem: .outOfRange) }
            let value = try Validation.number(String(text.dropLast()), original: protein, field: "protein", range: shares.lowerBound * 100...shares.upperBound * 100, allowed: allowed)
            return (.share(value / 100), CalorieTarget.defaultProteinPerKg)
        }
        let lean = text.hasSuffix("lean")
        if lean {
            guard custom else { throw ValidationError(field: "protein", value: protein, allowed: allowed, problem: .outOfRange) }
            text = String(text.dropLast(4)).trimmingCharacters(in: .whitespaces)
        }
        if text.hasSuffix("g/kg") { text = String(text.dropLast(4)).trimmingCharacters(in: .whitespaces) }
        let value = try Validation.number(text, original: protein, field: "protein", range: perKgRange, allowed: allowed)
        return lean ? (.perKgLean(value), CalorieTarget.defaultProteinPerKg) : (.perKg(value), value)
    }

    private func parseFat() throws(ValidationError) -> CustomSplit.Fat? {
        let shares = CustomSplit.fatShareRange, grams = CustomSplit.fatGramsRange
        let allowed = "\(Self.percent(shares)) of kcal or \(Self.range(grams)) g"
        let text = Self.word(fat)
        if text.isEmpty { return nil }
        if text.hasSuffix("%") {
            let value = try Validation.number(String(text.dropLast()), original: fat, field: "fat", range: shares.lowerBound * 100...shares.upperBound * 100, allowed: allowed)
            return .share(value / 100)
        }
        let number = text.hasSuffix("g") ? String(text.dropLast()) : text
        return .grams(try Validation.number(number, original: fat, field: "fat", range: grams, allowed: allowed))
    }

    private func parseCarbs(fatGiven: Bool) throws(ValidationError) -> Double? {
        let grams = CustomSplit.carbsGramsRange
        let text = Self.word(carbs)
        if text.isEmpty || text == "rest" { return nil }
        let allowed = "rest, or \(Self.range(grams)) g (fat then takes the rest)"
        let number = text.hasSuffix("g") ? String(text.dropLast()) : text
        let value = try Validation.number(number, original: carbs, field: "carbs", range: grams, allowed: allowed)
        guard !fatGiven else {
            throw ValidationError(field: "carbs", value: carbs, allowed: "rest when fat is set (one of the two takes the rest)", problem: .outOfRange)
        }
        return value
    }

    static func range(_ r: ClosedRange<Double>) -> String {
        "\(DecimalText.format(r.lowerBound, decimals: 2))–\(DecimalText.format(r.upperBound, decimals: 2))"
    }

    static func percent(_ r: ClosedRange<Double>) -> String {
        "\(WholeNumber.text(r.lowerBound * 100))–\(WholeNumber.text(r.upperBound * 100)) %"
    }
}

extension GoalInput {
    /// A goal as typed in metric units: `bodii targets set` changes its targets and keeps the rest.
    public init(goal: Goal) {
        let rate = abs(goal.weeklyRateKg)
        self.init(
            type: goal.type, targetWeight: goal.targetWeightKg.map { DecimalText.format($0, decimals: 2) } ?? "",
            targetBodyFat: goal.targetBodyFatPercent.map { DecimalText.format($0, decimals: 2) } ?? "",
            weeklyRate: rate > 0 ? DecimalText.format(rate, decimals: 3) : "",
            proteinPerKg: TargetChoiceInput(goal: goal).protein, addsExerciseBack: goal.addsExerciseBack,
            targets: TargetChoiceInput(goal: goal))
    }
}
