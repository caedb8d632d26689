import BodiiDomain
import Foundation
import Testing
@testable import BodiiStore

/// Nonsense on the command line (issue 10, items 11–16): refused in one line naming the value and
/// what is allowed, with the right exit code, and nothing written.
@Suite struct InputRefusalTests {
    let folder: TemporaryFolder
    let db: String
    init() throws {
        folder = try TemporaryFolder()
        db = folder.path("demo.sqlite")
        let r = try runBodii(["demo", "--days", "5", "--db", db])
        #expect(r.status == 0, "\(r.stderr)")
    }

    func bytes() throws -> Data { try Data(contentsOf: URL(fileURLWithPath: db)) }

    /// Runs a command that must be refused: one line on stderr, nothing on stdout, the database unchanged.
    @discardableResult
    func refused(_ arguments: [String], _ status: Int32, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let before = try bytes()
        let r = try runBodii(arguments + ["--db", db])
        #expect(r.status == status, "\(arguments): \(r.status) \(r.stderr)", sourceLocation: sourceLocation)
        #expect(
            r.stderr.hasPrefix("bodii: ") && r.stderr.filter { $0 == "\n" }.count == 1, "\(arguments): \(r.stderr)",
            sourceLocation: sourceLocation)
        #expect(r.stdout.isEmpty, "\(arguments): \(r.stdout)", sourceLocation: sourceLocation)
        #expect(try bytes() == before, "\(arguments) changed the database", sourceLocation: sourceLocation)
        return r.stderr
    }

    @Test func queriesWithNothingToSearchForLogNothing() throws {
        for query in ["!!!", "🍌", "-", "*", "%", "\n", "x", "a", "1", "the", "of the"] {
            let message = try refused(["log", "food", query, "--grams", "100"], 65)
            #expect(message.contains("has no word to search by"), "\(message)")
            #expect(message.contains(ValidationError.quoted(query)), "\(message)")
        }
        for query in ["🍌", "a", "the", "1"] {
            let exercise = try refused(["log", "exercise", query, "--minutes", "30"], 65)
            #expect(exercise.contains("activity \(ValidationError.quoted(query)) has no word to search by"), "\(exercise)")
            #expect(exercise.contains("walking"))
        }
        // Short real names still work.
        #expect(try runBodii(["log", "food", "egg", "--grams", "50", "--db", db]).status == 0)
        #expect(try runBodii(["log", "exercise", "yoga", "--minutes", "20", "--db", db]).status == 0)
    }

    /// Issue 24: a word no food has costs the food its place, it no longer empties the search; a
    /// query with no usable word at all is still refused, and nothing is written.
    @Test func aQueryWithoutAMatchSuggestsRealNames() throws {
        let message = try refused(["log", "food", "qxzvw", "zzqqj", "--grams", "100"], 65)
        #expect(message.contains("no food matches \"qxzvw zzqqj\""))
        let partly = try runBodii(["log", "food", "bananna", "qxzvw", "--grams", "100", "--db", db])
        #expect(partly.status == 0, "\(partly.stderr)")
        #expect(partly.stdout.contains("Bananas, raw (usda:09040)"))
        // Activities use the same engine (issue 24 item 5): the same partial match, the same refusal.
        let exercise = try refused(["log", "exercise", "qxzvw", "zzqqj", "--minutes", "30"], 65)
        #expect(exercise.contains("is not in the activity catalog"), "\(exercise)")
        let swim = try runBodii(["log", "exercise", "swimmming", "qxzvw", "--minutes", "30", "--db", db])
        #expect(swim.status == 0, "\(swim.stderr)")
        #expect(swim.stdout.contains("of Swimming"), "\(swim.stdout)")
    }

    @Test func emptyValuesAreUsageErrorsNeverDefaults() throws {
        let data = folder.path("xdg")
        for (arguments, option) in [
            (["log", "weight", "80", "--fat", ""], "--fat"), (["log", "weight", "80", "--muscle", " "], "--muscle"),
            (["log", "weight", "80", "--date", ""], "--date"), (["log", "sleep", "--duration", "7h", "--quality", ""], "--quality"),
            (["log", "food", "banana", "--grams", "100", "--meal", ""], "--meal"), (["today", "--date", ""], "--date"),
            (["search", "egg", "--limit", ""], "--limit"),
        ] {
            let message = try refused(arguments, 64)
            #expect(message == "bodii: \(option) is empty: give a value or leave the option out\n")
        }
        // --db "" never means the default database.
        let r = try runBodii(["log", "weight", "80", "--db", ""], environment: ["XDG_DATA_HOME": data, "HOME": folder.path("home")])
        #expect(r.status == 64)
        #expect(r.stderr == "bodii: --db is empty: give a value or leave the option out\n")
        #expect(!FileManager.default.fileExists(atPath: data))
    }

    @Test func negativeNumbersAreBadValuesNotMissingArguments() throws {
        #expect(try refused(["log", "weight", "-5"], 65) == "bodii: weight \"-5\" is out of range: allowed 20–400 kg\n")
        #expect(try refused(["log", "weight", "80", "--fat", "-5"], 65) == "bodii: body fat \"-5\" is out of range: allowed 2–75 %\n")
        #expect(
            try refused(["log", "exercise", "yoga", "--minutes", "-5"], 65)
                == "bodii: minutes \"-5\" is out of range: allowed 1–1440 min\n")
        #expect(try refused(["log", "food", "banana", "--grams", "-5"], 65).contains("\"-5\""))
        #expect(try refused(["search", "egg", "--limit", "-3"], 64) == "bodii: --limit \"-3\" is out of range: allowed 1–100\n")
        // The parser's own refusals are one line too.
        #expect(try refused(["log", "weight"], 64).contains("say the weight"))
        #expect(try refused(["today", "--nonsense"], 64) == "bodii: Unknown option '--nonsense' (see bodii today --help)\n")
        #expect(try refused(["log", "exercise", "yoga"], 64).contains("--minutes"))
    }

    @Test func escapeSequencesNeverReachTheTerminal() throws {
        let name = "Evil\u{1B}]0;pwned\u{07} \u{202E}cake\u{9B}2J"
        let food: Food
        do {
            let database = try BodiiDatabase(url: URL(fileURLWithPath: db))
            // Stored before names were checked (or by an importer): the printers must still cope.
            food = try database.repositories.addCustomFood(
                Food(
                    id: FoodID("custom:0"), name: name, source: "custom",
                    per100g: Nutrients(kcal: 300, proteinG: 5, carbsG: 40, fatG: 12)))
        }
        let logged = try runBodii(["log", "food", "--id", food.id.rawValue, "--grams", "50", "--db", db])
        #expect(logged.status == 0, "\(logged.stderr)")
        let search = try runBodii(["search", "evil", "cake", "--db", db])
        let json = try runBodii(["search", "evil", "cake", "--json", "--db", db])
        let today = try runBodii(["today", "--json", "--db", db])
        for output in [logged.stdout, search.stdout, json.stdout, today.stdout] {
            #expect(!output.unicodeScalars.contains { TerminalText.isUnsafe($0) && $0 != "\n" }, "\(output.debugDescription)")
        }
        #expect(logged.stdout.contains("Evil\\u{1B}]0;pwned\\u{7} \\u{202E}cake\\u{9B}2J"))
        #expect(json.stdout.contains(#"Evil\u001b]0;pwned\u0007 \u202ecake\u009b2J"#))
        // Values typed on the command line come back escaped too.
        let unit = try refused(["log", "weight", "80", "--unit", "\u{1B}]0;x\u{07}"], 64)
        #expect(unit == "bodii: --unit \"\\u{1B}]0;x\\u{7}\" is not a unit: allowed kg or lb\n")
        let meal = try refused(["log", "food", "banana", "--grams", "100", "--meal", "\u{9B}2J"], 64)
        #expect(meal.contains("\\u{9B}2J"))
        let option = try refused(["today", "--x\u{1B}[2J"], 64)
        #expect(option.contains("\\u{1B}[2J"))
    }

    @Test func datesOutsideTheRangeOrNotRealAreRefusedWithTheRange() throws {
        let today = TestClock.today.iso
        #expect(
            try refused(["log", "weight", "80", "--date", "2026-02-30"], 65)
                == "bodii: date \"2026-02-30\" is not a real date: allowed a date as YYYY-MM-DD, not after \(today)\n")
        #expect(
            try refused(["log", "weight", "80", "--date", "0001-01-01"], 65)
                == "bodii: date \"0001-01-01\" is out of range: allowed a date as YYYY-MM-DD, 1900-01-01 to \(today)\n")
        #expect(try refused(["today", "--date", "1899-12-31"], 65).contains("1900-01-01 to \(today)"))
    }
}

/// First use from the command line (item 16): every `log` creates the database; the profile can
/// be shown and set without the full-screen app.
@Suite struct FirstUseTests {
    @Test func everyLogWorksOnANewDatabase() throws {
        let folder = try TemporaryFolder()
        for (name, command) in [
            ("w", ["log", "weight", "72"]), ("f", ["log", "food", "banana", "--grams", "100"]),
            ("s", ["log", "sleep", "--duration", "7h"]), ("e", ["log", "exercise", "walking", "--minutes", "20"]),
        ] {
            let db = folder.path("\(name).sqlite")
            let r = try runBodii(command + ["--db", db])
            #expect(r.status == 0, "\(command): \(r.stderr)")
            #expect(FileManager.default.fileExists(atPath: db))
        }
        // A weight before any profile has no BMR yet; setting the profile gives it one.
        let db = folder.path("w.sqlite")
        #expect(num(try todayJSON(db: db)["weight_kg"]) == 72)
        #expect(try runBodii(["profile", "--db", db]).status == 65)
        let set = try runBodii([
            "profile", "set", "--name", "Ann", "--sex", "female", "--birth-date", "1990-02-03",
            "--height", "168", "--activity", "moderate", "--db", db,
        ])
        #expect(set.status == 0, "\(set.stderr)")
        #expect(set.stdout.contains("BMR and TDEE added to 1 earlier weigh-in"))
        let calories = try #require(try todayJSON(db: db)["calories"] as? [String: Any])
        #expect(num(calories["bmr"]) != nil)
        let shown = try runBodii(["profile", "--json", "--db", db])
        #expect(
            shown.stdout.trimmingCharacters(in: .newlines)
                == #"{"name":"Ann","sex":"female","birth_date":"1990-02-03","height_cm":168,"activity_level":"moderate","unit_system":"metric"}"#
        )
        #expect(
            try runBodii(["profile", "--db", db]).stdout == """
                Name        Ann
                Sex         Female
                Born        1990-02-03
                Height      168 cm
                Activity    moderate

                """)
        #expect(try runBodii(["log", "weight", "71.5", "--db", db]).status == 0)
    }

    @Test func aRefusedLogCreatesNoDatabase() throws {
        let folder = try TemporaryFolder()
        let db = folder.path("new.sqlite")
        for command in [
            ["log", "weight", "1000"], ["log", "weight", "80", "--fat", "90"], ["log", "sleep", "--duration", "30h"],
            ["log", "exercise", "yoga", "--minutes", "0"], ["log", "exercise", "yoga", "--minutes", "10", "--date", "2026-02-30"],
            ["log", "food", "banana", "--grams", "0"], ["log", "food", "qxzvwq", "--grams", "100"],
            ["log", "food", "banana", "--serving", "huge"], ["log", "food", "--id", "usda:99999", "--grams", "10"],
        ] {
            let r = try runBodii(command + ["--db", db])
            #expect(r.status == 65, "\(command): \(r.stderr)")
            #expect(!FileManager.default.fileExists(atPath: db), "\(command) created the database")
        }
    }

    @Test func profileSetValidatesLikeTheForm() throws {
        let folder = try TemporaryFolder()
        let db = folder.path("p.sqlite")
        let base = ["profile", "set", "--name", "Ann", "--sex", "female", "--birth-date", "1990-02-03", "--height", "168"]
        func with(_ option: String, _ value: String) -> [String] {
            var args = base
            if let i = args.firstIndex(of: option) { args[i + 1] = value } else { args += [option, value] }
            return args + ["--db", db]
        }
        for (args, status, text) in [
            (with("--height", "30"), Int32(65), "height \"30\" is out of range"),
            (with("--birth-date", "2020-01-01"), 65, "birth date \"2020-01-01\" is out of range"),
            (with("--name", "Bob\u{202E}"), 65, "contains control characters"),
            (with("--sex", "x"), 64, "--sex \"x\" is not allowed: allowed female or male"),
            (with("--activity", "lazy"), 64, "--activity \"lazy\" is not a level"),
        ] {
            let r = try runBodii(args)
            #expect(r.status == status, "\(args): \(r.stderr)")
            #expect(r.stderr.contains(text), "\(r.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: db))  // refused before anything is created
    }
}
