import ArgumentParser
import BodiiApp
import BodiiDomain
import BodiiSearch
import Foundation

struct LogExerciseCommand: ParsableCommand, DatabaseCommand {
    static let configuration = CommandConfiguration(
        commandName: "exercise",
        abstract: "Record an exercise session: an activity from the catalog, its minutes and intensity.",
        discussion: """
            The activity is matched against Bodii's catalog of the Compendium of Physical Activities \
            (typos, word order and case do not matter): `bodii log exercise running --minutes 30`, \
            `bodii log exercise mountain biking --minutes 45 --intensity high`. When several activities \
            match, the best one is logged and named. Energy is (MET − 1) × weight × hours.
            """)

    @OptionGroup var global: GlobalOptions
    @Argument(
        parsing: .allUnrecognized,
        help: ArgumentHelp("The activity (one or more words), e.g. running, \"table tennis\", yoga.", valueName: "activity"),
        completion: ShellCompletion.activities)
    var activity: [String] = []
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("How long, in whole minutes (1–1440).", valueName: "n"))
    var minutes: OptionText
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("low, moderate or high (default moderate).", valueName: "level"))
    var intensity: OptionText?
    @Option(
        name: .long, parsing: .unconditional, help: ArgumentHelp("The day (YYYY-MM-DD, not after today; default today).", valueName: "date")
    )
    var date: OptionText?

    func run() throws {
        try reportingFailures {
            // Everything that needs no database first: a bad argument must not create or touch one.
            let text = try PositionalWords.searchText(activity)
            var match = try Self.resolve(text)
            let clock = try ProcessClock.current()
            func validated(_ match: Match) -> Result<ExerciseEntry, FieldErrors<ExerciseEntryField>> {
                ExerciseLogging.validate(
                    ExerciseEntryInput(
                        activity: .catalog(match.activity), minutes: minutes.text,
                        intensity: intensity?.text ?? Intensity.moderate.rawValue, date: date?.text ?? ""),
                    today: clock.today)
            }
            switch validated(match) {
            case .failure(let errors):
                throw CommandFailure.data(errors.first?.message ?? "invalid input")
            case .success(var entry):
                let env = try AppEnvironment.open(databasePath: global.db?.text, clock: clock)
                let repos = env.repositories
                let logging = ExerciseLogging(store: repos, clock: clock)
                // What a word means can depend on the user's units ("football"): found again with them.
                let units = try repos.loadProfile()?.unitSystem ?? .metric
                if units != .metric {
                    match = try Self.resolve(text, units: units)
                    if case .success(let again) = validated(match) { entry = again }
                }
                if let note = match.note { StandardError.write("bodii: \(note)") }
                let saved = try logging.save(entry)
                let weight = try logging.weight(on: saved.date)
                let fmt = UnitFormatter(units)
                var basis =
                    weight.isAssumed
                    ? "no weight logged yet, so for \(fmt.mass(weight.kg))"
                    : "for \(fmt.mass(weight.kg))"
                let a = match.activity
                if a.derived.contains(saved.intensity) {
                    basis +=
                        a.isSingleEntry
                        ? " (one Compendium value for every intensity)"
                        : " (no \(saved.intensity.rawValue) entry in the Compendium: the moderate MET)"
                }
                PlainText.print(
                    "Logged \(saved.minutes) min of \(saved.activity) (\(saved.intensity.rawValue), \(FastFormat.oneDecimal(saved.met)) MET) "
                        + "on \(saved.date.iso): \(WholeNumber.text(saved.kcal)) kcal, \(basis)")
            }
        }
    }

    /// The catalog activity for what was typed, with a note when it was a guess among several.
    struct Match {
        let activity: Activity
        let note: String?
    }

    static func resolve(_ text: String, units: UnitSystem = .metric) throws -> Match {
        let query = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else {
            throw CommandFailure.usage("say which activity: bodii log exercise ACTIVITY --minutes N (e.g. walking, running, yoga)")
        }
        guard !query.isEmpty else {
            throw CommandFailure.data("activity is empty: allowed an activity name such as walking, running or yoga")
        }
        let quoted = ValidationError.quoted(query)
        // Nothing to search by ("🍌", "!!!") would list the whole catalog and log its first, and
        // "a" or "the" whatever happens to contain them.
        guard SearchText.hasSearchableWord(query) else {
            throw CommandFailure.data(
                "activity \(quoted) has no word to search by (two letters or more): "
                    + "try a common name such as walking, running, cycling, swimming or yoga")
        }
        if let exact = ActivityCatalog.activity(typed: query) { return Match(activity: exact, note: nil) }
        let found = ActivityCatalog.search(query, units: units)
        guard let best = found.first else {
            let close = ActivityCatalog.suggestions(for: query).map { "\"\($0.name)\"" }
            let hint =
                close.isEmpty
                ? "try a common name such as walking, running, cycling, swimming or yoga"
                : "close names: " + close.joined(separator: ", ")
            throw CommandFailure.data("activity \(quoted) is not in the activity catalog: \(hint)")
        }
        guard found.count > 1 else { return Match(activity: best, note: nil) }
        let others = found.dropFirst().prefix(3).map { "\"\($0.name)\"" }.joined(separator: ", ")
        let more = found.count > 4 ? ", …" : ""
        return Match(
            activity: best,
            note:
                "\(quoted) matches \(Plural.count(found.count, "activity", plural: "activities")); logged the best match, \"\(best.name)\" "
                + "(others: \(others)\(more)). Name it more exactly to pick another.")
    }
}
