import ArgumentParser
import BodiiApp
import BodiiDocument
import BodiiDomain
import Foundation

/// `bodii profile [--json]` and `bodii profile set …`: the profile without the full-screen app
/// (scripts, dotfiles, tests), validated exactly like the onboarding form (`ProfileSetup`).
struct ProfileCommand: ParsableCommand, DatabaseCommand {
    static let configuration = CommandConfiguration(
        commandName: "profile", abstract: "Show the profile (name, sex, birth date, height, activity level).",
        subcommands: [ProfileSetCommand.self])

    @OptionGroup var global: GlobalOptions
    @Flag(name: .long, help: "Print JSON (snake_case keys, metric units) for scripts.")
    var json = false

    func run() throws {
        try reportingFailures {
            let env = try AppEnvironment.open(databasePath: global.db?.text, access: .readOnly)
            guard let profile = try env.repositories.loadProfile() else {
                throw CommandFailure.data(
                    "no profile yet: set one with bodii profile set --name NAME --sex female|male "
                        + "--birth-date YYYY-MM-DD --height CM, or open bodii")
            }
            if json { print(Self.json(profile)) } else { PlainText.print(Self.text(profile)) }
        }
    }

    static func json(_ p: Profile) -> String {
        JSONValue.object([
            ("name", .string(p.name)), ("sex", .string(p.sex.rawValue)), ("birth_date", .string(p.birthDate.iso)),
            ("height_cm", .decimal(p.heightCm)), ("activity_level", .string(p.activityLevel.rawValue)),
            ("unit_system", .string(p.unitSystem.rawValue)),
        ]).text
    }

    /// Aligned lines; the name is the only text from outside, so it goes through TerminalText.
    static func text(_ p: Profile) -> String {
        [
            ("Name", TerminalText.printable(p.name)), ("Sex", p.sex.label), ("Born", p.birthDate.iso),
            ("Height", ProfileInput(profile: p).height + (p.unitSystem == .metric ? " cm" : "")),
            ("Activity", p.activityLevel.rawValue),
        ]
        .map { DaySummaryText.row($0.0, $0.1) }.joined(separator: "\n")
    }
}

struct ProfileSetCommand: ParsableCommand, DatabaseCommand {
    static let configuration = CommandConfiguration(
        commandName: "set", abstract: "Set the profile; a new database is created. The same rules as the form in the app.")

    @OptionGroup var global: GlobalOptions
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Your name (1–40 characters).", valueName: "name"))
    var name: OptionText
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("female or male (for the BMR formula).", valueName: "sex"))
    var sex: OptionText
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("YYYY-MM-DD, age 13–120.", valueName: "date"))
    var birthDate: OptionText
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Height in cm (or 5'9\" with an imperial profile).", valueName: "cm"))
    var height: OptionText
    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp("sedentary, light, moderate, active or very_active (default: kept, else light).", valueName: "level"))
    var activity: OptionText?

    func run() throws {
        try reportingFailures {
            guard let sex = Sex(rawValue: sex.text.lowercased()) else {
                throw CommandFailure.usage("--sex \(ValidationError.quoted(sex.text)) is not allowed: allowed female or male")
            }
            let level = try activity.map(\.text).map { text in
                guard let level = ActivityLevel(rawValue: text.lowercased().replacingOccurrences(of: "-", with: "_")) else {
                    throw CommandFailure.usage(
                        "--activity \(ValidationError.quoted(text)) is not a level: allowed "
                            + ActivityLevel.allCases.map(\.rawValue).joined(separator: ", "))
                }
                return level
            }
            let clock = try ProcessClock.current()
            // Validate before opening: a refused profile must not create a database.
            let draft = ProfileInput(
                name: name.text, sex: sex, birthDate: birthDate.text, height: height.text,
                activityLevel: level ?? .light, unitSystem: .metric)
            if case .failure(let errors) = ProfileSetup.validate(draft, fallbackName: "", today: clock.today) {
                throw CommandFailure.data(errors.first?.message ?? "invalid profile")
            }
            let env = try AppEnvironment.open(databasePath: global.db?.text, clock: clock)
            let repos = env.repositories
            let existing = try repos.loadProfile()
            var input = draft
            input.unitSystem = existing?.unitSystem ?? .metric
            input.activityLevel = level ?? existing?.activityLevel ?? .light
            let setup = ProfileSetup(store: repos, clock: clock)
            switch setup.validate(input, keeping: existing, fallbackName: "") {
            case .failure(let errors):
                throw CommandFailure.data(errors.first?.message ?? "invalid profile")
            case .success(let valid):
                try setup.save(valid.profile)
                // Weights logged before the first profile get their BMR and TDEE now.
                let given = existing == nil ? try BodyLogging(store: repos, clock: clock).addMissingSnapshots() : 0
                var line = "Saved the profile of \(valid.profile.name) in \(env.database.url.path)"
                if given > 0 { line += "; BMR and TDEE added to \(given) earlier weigh-in\(given == 1 ? "" : "s")" }
                PlainText.print(TerminalText.printable(line))
            }
        }
    }
}
