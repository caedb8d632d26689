import ArgumentParser
import BodiiApp
import BodiiDomain
import Foundation

/// `bodii targets [show|set] [--json]` (issue 43): the targets every screen reads, and setting the
/// calorie source and the macro split with the same rules as Settings → Goal and Targets.
struct TargetsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "targets", abstract: "Show or set today's calorie and macro targets.",
        subcommands: [TargetsShowCommand.self, TargetsSetCommand.self], defaultSubcommand: TargetsShowCommand.self)
}

struct TargetsShowCommand: ParsableCommand, DatabaseCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: "Today's targets and how they are set.")

    @OptionGroup var global: GlobalOptions
    @Flag(name: .long, help: "Print JSON (snake_case keys, metric units) for scripts.")
    var json = false

    func run() throws {
        try reportingFailures {
            let clock = try ProcessClock.current()
            let env = try AppEnvironment.open(databasePath: global.db?.text, access: .readOnly, clock: clock)
            let overview = try GoalOverview.load(source: env.repositories, today: clock.today)
            if json { print(TargetsText.json(overview, day: clock.today).text) } else { PlainText.print(TargetsText.text(overview, day: clock.today)) }
        }
    }
}

struct TargetsSetCommand: ParsableCommand, DatabaseCommand {
    static let configuration = CommandConfiguration(
        commandName: "set",
        abstract: "Set the calorie target (adaptive, formula or a fixed number) and the macro split (a preset or your own).")

    @OptionGroup var global: GlobalOptions
    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp("A fixed target (800–6000), or adaptive or formula.", valueName: "kcal|adaptive|formula"))
    var kcal: OptionText?
    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp("balanced, high-protein, low-carb, keto or custom.", valueName: "preset"))
    var preset: OptionText?
    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp("Protein: 1.8 (g/kg), 2g/kg-lean, or 30% of kcal (the last two: custom split).", valueName: "g/kg|pct"))
    var protein: OptionText?
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Fat: 30% of kcal or 70g (custom split).", valueName: "pct|g"))
    var fat: OptionText?
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Carbs: rest, or 150g (fat then takes the rest).", valueName: "rest|g"))
    var carbs: OptionText?
    @Option(
        name: .customLong("net-carbs"), parsing: .unconditional,
        help: ArgumentHelp("Count carbs net (carbs minus fiber) with any split: on or off (keto: always).", valueName: "on|off"))
    var netCarbs: OptionText?
    @Option(
        name: .customLong("body-fat"), parsing: .unconditional,
        help: ArgumentHelp(
            "Body fat for Katch-McArdle: logged, or estimated (the Navy estimate from waist and neck on days none is logged).",
            valueName: "logged|estimated"))
    var bodyFat: OptionText?
    @Flag(name: .long, help: "Print the new targets as JSON.")
    var json = false

    func run() throws {
        try reportingFailures {
            guard kcal != nil || preset != nil || protein != nil || fat != nil || carbs != nil || netCarbs != nil || bodyFat != nil else {
                throw CommandFailure.usage(
                    "say what to set: --kcal, --preset, --protein, --fat, --carbs, --net-carbs or --body-fat (see bodii targets set --help)")
            }
            let clock = try ProcessClock.current()
            let existing = try AppEnvironment.openIfPresent(databasePath: global.db?.text, clock: clock)
            let overview = try existing.map { try GoalOverview.load(source: $0.repositories, today: clock.today) }
            var input = try Self.input(from: overview?.goal, kcal: kcal?.text, preset: preset?.text, protein: protein?.text, fat: fat?.text, carbs: carbs?.text)
            if let netCarbs { input.targets.netCarbs = netCarbs.text }
            if let bodyFat { input.targets.bodyFat = bodyFat.text }
            // What was typed is judged before anything else: a bad value is the answer, not a missing weigh-in.
            var typed = input.targets
            typed.protein = input.proteinPerKg
            if case .failure(let errors) = typed.validate() { throw CommandFailure.data(errors.first?.message ?? "invalid targets") }
            // A weigh-in is needed only to judge a goal's target weight and rate, and to work out
            // the grams; the choice itself (a fixed 1800 kcal) is kept without one.
            let weight = overview?.targets?.weightKg ?? overview?.trendKg ?? overview?.weightKg
            let env = try existing ?? AppEnvironment.open(databasePath: global.db?.text, clock: clock)
            let units = try env.repositories.loadProfile()?.unitSystem ?? .metric
            let planning = GoalPlanning(store: env.repositories, clock: clock)
            var metricInput = input
            if units == .imperial, let goal = overview?.goal { metricInput = Self.imperial(input, goal: goal) }
            switch planning.validate(metricInput, weightKg: weight, unitSystem: units) {
            case .failure(let errors):
                throw CommandFailure.data(errors.first?.message ?? "invalid targets")
            case .success(var goal):
                if let targets = overview?.previewTargets(for: goal, today: clock.today) { goal.record(targets) }
                try planning.save(goal)
                let saved = try GoalOverview.load(source: env.repositories, today: clock.today)
                if json { print(TargetsText.json(saved, day: clock.today).text) } else { PlainText.print("Saved.\n" + TargetsText.text(saved, day: clock.today)) }
            }
        }
    }

    /// The goal in force as typed, with what the options change. A preset takes the goal's g/kg
    /// unless --protein says otherwise; --protein, --fat or --carbs without --preset make a custom
    /// split (keeping a custom split's other parts).
    static func input(from goal: Goal?, kcal: String?, preset: String?, protein: String?, fat: String?, carbs: String?) throws -> GoalInput {
        var input = goal.map(GoalInput.init(goal:)) ?? GoalInput(type: .maintain)
        if let kcal {
            switch TargetChoiceInput.word(kcal) {
            case "adaptive", "formula": input.targets.calories = TargetChoiceInput.word(kcal)
            default:
                input.targets.calories = "fixed"
                input.targets.fixedKcal = kcal.lowercased().replacingOccurrences(of: "kcal", with: "")
            }
        }
        if let preset {
            input.targets.split = preset
            if TargetChoiceInput.word(preset) != "custom" {
                input.targets.fat = ""
                input.targets.carbs = ""
                input.proteinPerKg = goal.map { DecimalText.format($0.proteinPerKg, decimals: 2) } ?? ""
            }
        } else if protein != nil || fat != nil || carbs != nil, TargetChoiceInput.word(input.targets.split) != "custom" {
            input.targets.split = "custom"
            input.targets.fat = ""
            input.targets.carbs = ""
        }
        if let protein { input.proteinPerKg = protein.replacingOccurrences(of: "-", with: " ") }
        // One of fat and carbs takes the rest: setting one alone lets the other take it.
        if let fat {
            input.targets.fat = fat
            if carbs == nil { input.targets.carbs = "" }
        }
        if let carbs {
            input.targets.carbs = carbs
            if fat == nil, TargetChoiceInput.word(carbs) != "rest" { input.targets.fat = "" }
        }
        return input
    }

    /// An imperial profile's goal is validated in pounds: its weights and rate as the user's units show them.
    static func imperial(_ input: GoalInput, goal: Goal) -> GoalInput {
        var out = input
        let fmt = UnitFormatter(.imperial)
        out.targetWeight = goal.targetWeightKg.map { DecimalText.format(fmt.massValue($0), decimals: 2) } ?? ""
        let rate = abs(goal.weeklyRateKg)
        out.weeklyRate = rate > 0 ? DecimalText.format(fmt.massValue(rate), decimals: 3) : ""
        return out
    }
}
