import BodiiDomain
import BodiiStore
import Foundation
import Testing
@testable import BodiiApp
@testable import BodiiCLI
@testable import BodiiDocument

/// The config file (issue 16, item 4): each key, each bad value's one line with file:line, the
/// precedence command line > environment > config file > default, and the binary started with a
/// bad file (it starts on the defaults and says why, once; `status` stays silent).
@Suite(.serialized) struct ConfigFileTests {
    let folder: TemporaryFolder
    init() throws { folder = try TemporaryFolder() }

    static let themes = ConfigContext(themeNames: ["default-dark", "light", "high-contrast", "mono", "solar"])

    func parse(_ text: String) -> (ConfigValues, [String]) {
        ConfigFile.parse(text, path: "~/.config/bodii/config.toml", context: Self.themes)
    }

    /// Writes `text` as a config file and returns the environment that points the binary at it.
    func config(_ text: String, name: String = "config.toml") throws -> [String: String] {
        let path = folder.path(name)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return ["BODII_CONFIG": path]
    }

    // MARK: The loader

    /// The environment read from `environ` is the one Foundation reads: every variable, values
    /// with `=` in them and empty ones included.
    @Test func theProcessEnvironmentIsFoundations() {
        let foundation = ProcessInfo.processInfo.environment
        #expect(ProcessConfig.environment == foundation)
        #expect(!ProcessConfig.environment.isEmpty)
    }

    @Test func everyKeyIsRead() {
        let (values, problems) = parse(
            """
            # Bodii's defaults
            database = "~/health/bodii.sqlite"
            units = "imperial"
            theme = "solar"
            week_start = "sunday"
            first_day_hour = 4
            currency = "usd"
            """)
        #expect(problems.isEmpty)
        #expect(
            values
                == ConfigValues(
                    database: "~/health/bodii.sqlite", units: .imperial, theme: "solar", weekStart: .sunday, firstDayHour: 4,
                    currency: Currency(code: "USD", symbol: "$", decimals: 2)))
        #expect(parse("currency = \"NOK\"").0.currency == Currency(code: "NOK", symbol: "NOK ", decimals: 2))
        #expect(values.calendar == DayCalendar(weekStart: .sunday, firstDayHour: 4))
        #expect(parse("").0.calendar == .standard)
        #expect(parse("units = \"metric\"\nweek_start = \"monday\"\nfirst_day_hour = 0").1.isEmpty)
    }

    @Test func eachBadValueIsOneLineWithFileLineKeyAndWhatIsAllowed() {
        let (values, problems) = parse(
            """
            units = "metrik"

            theme = "neon"
            week_start = "tuesday"
            first_day_hour = 7
            database = "relative.sqlite"
            currency = "EURO"
            """)
        let file = "~/.config/bodii/config.toml"
        #expect(
            problems == [
                "\(file):1: units = \"metrik\" is not one of metric, imperial; default used",
                "\(file):3: theme = \"neon\" is not a theme (default-dark, light, high-contrast, mono, solar); default used",
                "\(file):4: week_start = \"tuesday\" is not one of monday, sunday; default used",
                "\(file):5: first_day_hour = 7 is not a whole number 0–6; default used",
                "\(file):6: database = \"relative.sqlite\" is not a path that starts with / or ~/; default used",
                "\(file):7: currency = \"EURO\" is not a three-letter currency code (EUR, USD, GBP, CHF, SEK, JPY…); default used",
            ])
        // Each refused key keeps its default; the others still apply.
        #expect(values == ConfigValues())
        #expect(parse("units = \"imperial\"\nweek_start = 1").0.units == .imperial)
        #expect(problems.allSatisfy { !$0.contains("\n") })
    }

    @Test func wrongTypesUnknownKeysAndBadTOMLAreNamed() {
        let file = "~/.config/bodii/config.toml"
        #expect(parse("first_day_hour = \"4\"").1 == ["\(file):1: first_day_hour = \"4\" is not a whole number 0–6; default used"])
        #expect(parse("first_day_hour = 4.5").1 == ["\(file):1: first_day_hour = 4.5 is not a whole number 0–6; default used"])
        #expect(parse("units = true").1 == ["\(file):1: units = true is not one of metric, imperial; default used"])
        #expect(
            parse("\n[week_start]\nday = \"sunday\"").1 == ["\(file):2: week_start = a table is not one of monday, sunday; default used"])
        #expect(
            parse("units = \"metric\"\n  colour = \"blue\"").1
                == ["\(file):2: unknown key \"colour\" (known: database, units, theme, week_start, first_day_hour, currency)"])
        let broken = parse("units = \"metric\"\nweek_start = sunday\n").1
        #expect(broken.count == 1)
        #expect(broken.first?.hasPrefix("\(file):2: not valid TOML (") == true, "\(broken)")
        #expect(broken.first?.hasSuffix("); defaults used") == true, "\(broken)")
    }

    @Test func theFileIsFoundByVariableThenXDGThenHome() throws {
        #expect(
            ConfigFile.location(environment: ["BODII_CONFIG": "/etc/b.toml", "XDG_CONFIG_HOME": "/x", "HOME": "/h"])?.path == "/etc/b.toml")
        #expect(ConfigFile.location(environment: ["XDG_CONFIG_HOME": "/x", "HOME": "/h"])?.path == "/x/bodii/config.toml")
        #expect(ConfigFile.location(environment: ["XDG_CONFIG_HOME": "rel", "HOME": "/h"])?.path == "/h/.config/bodii/config.toml")
        #expect(ConfigFile.location(environment: [:]) == nil)
        // A missing file is not an error, and nothing is ever written.
        let missing = ConfigFile.load(environment: ["XDG_CONFIG_HOME": folder.url.path, "HOME": folder.url.path])
        #expect(missing.problems.isEmpty && missing.values == ConfigValues())
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).isEmpty)
        // A user theme is a theme the file may name.
        let themes = folder.url.appendingPathComponent("bodii/themes")
        try FileManager.default.createDirectory(at: themes, withIntermediateDirectories: true)
        try "[colors]\ntext = \"red\"\n".write(to: themes.appendingPathComponent("mine.toml"), atomically: true, encoding: .utf8)
        try "theme = \"mine\"\n".write(to: folder.url.appendingPathComponent("bodii/config.toml"), atomically: true, encoding: .utf8)
        let found = ConfigFile.load(environment: ["XDG_CONFIG_HOME": folder.url.path, "HOME": "/nowhere"])
        #expect(found.problems.isEmpty && found.values.theme == "mine", "\(found.problems)")
    }

    @Test func theDatabaseComesFromTheOptionThenTheVariableThenTheConfigFile() {
        let env = ["HOME": "/home/ana", "BODII_DB": "/env/b.sqlite"]
        #expect(DatabaseLocation.resolve(explicit: "/cli/a.sqlite", configured: "/cfg/c.sqlite", environment: env).path == "/cli/a.sqlite")
        #expect(DatabaseLocation.resolve(explicit: nil, configured: "/cfg/c.sqlite", environment: env).path == "/env/b.sqlite")
        #expect(
            DatabaseLocation.resolve(explicit: nil, configured: "~/cfg/c.sqlite", environment: ["HOME": "/home/ana"]).path
                == "/home/ana/cfg/c.sqlite")
        #expect(
            DatabaseLocation.resolve(explicit: nil, configured: nil, environment: ["HOME": "/home/ana"]).path
                == "/home/ana/.local/share/bodii/bodii.sqlite")
    }

    // MARK: The binary

    @Test func theBinaryFollowsCommandLineThenEnvironmentThenConfigForTheDatabase() throws {
        let fromConfig = folder.path("config.sqlite"), fromEnv = folder.path("env.sqlite"), fromOption = folder.path("option.sqlite")
        let env = try config("database = \"\(fromConfig)\"\n")
        #expect(try runBodii(["log", "weight", "80"], environment: env).status == 0)
        #expect(FileManager.default.fileExists(atPath: fromConfig))
        #expect(try runBodii(["log", "weight", "81"], environment: env.merging(["BODII_DB": fromEnv]) { $1 }).status == 0)
        #expect(FileManager.default.fileExists(atPath: fromEnv))
        #expect(
            try runBodii(["log", "weight", "82", "--db", fromOption], environment: env.merging(["BODII_DB": fromEnv]) { $1 }).status == 0)
        #expect(FileManager.default.fileExists(atPath: fromOption))
        let status = try runBodii(["status", "--format", "{weight}"], environment: env)
        #expect(status.stdout == "80.0 kg\n" && status.stderr.isEmpty, "\(status)")
    }

    /// Units: `--unit` > the profile's saved units (Settings) > the config file's > metric. There
    /// is no environment variable for units.
    @Test func unitsComeFromTheOptionThenTheProfileThenTheConfig() throws {
        let db = folder.path("units.sqlite")
        let env = try config("units = \"imperial\"\n")
        let byConfig = try runBodii(["log", "weight", "176", "--db", db], environment: env)
        #expect(byConfig.status == 0 && byConfig.stdout.hasPrefix("Logged 176.0 lb"), "\(byConfig)")
        let byOption = try runBodii(["log", "weight", "80", "--unit", "kg", "--date", "2026-11-21", "--db", db], environment: env)
        #expect(byOption.stdout.hasPrefix("Logged 80.0 kg"), "\(byOption)")
        let byDefault = try runBodii(
            ["log", "weight", "80", "--date", "2026-11-20", "--db", folder.path("plain.sqlite")],
            environment: try config("", name: "empty.toml"))
        #expect(byDefault.stdout.hasPrefix("Logged 80.0 kg"), "\(byDefault)")
        // A saved (metric) profile wins over the config file.
        let profile = try runBodii(
            [
                "profile", "set", "--name", "Ana", "--sex", "female", "--birth-date", "1990-01-01", "--height", "170",
                "--db", db,
            ], environment: env)
        #expect(profile.status == 0, "\(profile)")
        let byProfile = try runBodii(["log", "weight", "79", "--date", "2026-11-19", "--db", db], environment: env)
        #expect(byProfile.stdout.hasPrefix("Logged 79.0 kg"), "\(byProfile)")
    }

    @Test func weekStartMovesTheReviewWeekAndFirstDayHourMovesToday() throws {
        let db = folder.path("weeks.sqlite")
        #expect(try runBodii(["log", "weight", "80", "--db", db]).status == 0)
        func review(_ env: [String: String]) throws -> [String: Any] {
            let out = try runBodii(["review", "--json", "--db", db], environment: env)
            try #require(out.status == 0, "\(out.stderr)")
            return try #require(try JSONSerialization.jsonObject(with: Data(out.stdout.utf8)) as? [String: Any])
        }
        let monday = try review(try config("week_start = \"monday\"\n", name: "monday.toml"))
        #expect(monday["start"] as? String == "2026-11-16" && monday["end"] as? String == "2026-11-22")
        let sunday = try review(try config("week_start = \"sunday\"\n", name: "sunday.toml"))
        #expect(sunday["start"] as? String == "2026-11-22" && sunday["end"] as? String == "2026-11-28")

        // 01:30 on Sunday with a day that begins at 4: still Saturday.
        let owl = try config("first_day_hour = 4\n", name: "owl.toml").merging(["BODII_NOW": "2026-11-22T01:30:00+01:00"]) { $1 }
        let late = try runBodii(["log", "weight", "80.5", "--db", folder.path("owl.sqlite")], environment: owl)
        #expect(late.stdout.contains("on 2026-11-21"), "\(late)")
        let food = try runBodii(["log", "food", "banana", "--serving", "medium", "--db", folder.path("owl.sqlite")], environment: owl)
        #expect(food.status == 0 && food.stdout.contains("to Snacks on 2026-11-21"), "\(food)")
    }

    @Test func theConfiguredCurrencyIsWhatPricesAreTypedAndCountedIn() throws {
        let db = folder.path("yen.sqlite")
        let env = try config("currency = \"JPY\"\n", name: "yen.toml")
        let rice = try runBodii(["pantry", "add", "--name", "Rice", "--qty", "1", "--price", "480", "--db", db], environment: env)
        #expect(rice.status == 0, "\(rice)")
        let tea = try runBodii(["pantry", "add", "--name", "Tea", "--qty", "1", "--price", "4.80", "--db", db], environment: env)
        #expect(tea.status == 65 && tea.stderr.contains("4.80"), "yen have no decimals: \(tea)")
        let budget = try runBodii(["budget", "--json", "--db", db], environment: env)
        #expect(budget.stdout.contains("\"spent\":480") && budget.stdout.contains("\"currency\":\"JPY\""), "\(budget)")
        let list = try runBodii(["pantry", "list", "--json", "--db", db], environment: env)
        #expect(!list.stdout.contains("Tea"), "a refused price writes nothing: \(list)")
    }

    @Test func aBadConfigIsOneLineOnStderrOnceAndStatusStaysSilent() throws {
        let db = folder.path("bad.sqlite")
        let env = try config("units = \"imperial\"\nweek_start = \"someday\"\n")
        let shown = folder.path("config.toml")
        let out = try runBodii(["log", "weight", "176", "--db", db], environment: env)
        #expect(out.status == 0, "\(out)")
        #expect(out.stderr == "bodii: \(shown):2: week_start = \"someday\" is not one of monday, sunday; default used\n")
        #expect(out.stdout.hasPrefix("Logged 176.0 lb"), "the good key still applies: \(out)")
        let review = try runBodii(["review", "--json", "--db", db], environment: env)
        #expect(review.status == 0 && review.stdout.contains("\"start\":\"2026-11-16\""), "\(review)")
        let status = try runBodii(["status", "--db", db], environment: env)
        #expect(status.status == 0 && status.stderr.isEmpty && !status.stdout.isEmpty, "\(status)")
    }

    @Test(.enabled(if: tmuxAvailable, "tmux is not installed: run scripts/test, which installs it"))
    func theAppStartsOnTheDefaultsAndShowsTheProblem() throws {
        let db = folder.path("app.sqlite")
        #expect(try runBodii(["demo", "--days", "30", "--db", db]).status == 0)
        // The file where a user keeps it, under a short home, so the status line shows all of it.
        let home = folder.url.path
        try FileManager.default.createDirectory(atPath: home + "/.config/bodii", withIntermediateDirectories: true)
        try "week_start = \"sunday\"\nfirst_day_hour = 9\n".write(
            toFile: home + "/.config/bodii/config.toml", atomically: true, encoding: .utf8)
        let command = "sh -c '\(BodiiBinary.url.path) --db \(db); echo \"EXITED $?.\"; sleep 60'"
        let t = try TmuxSession(
            command: command, environment: ["LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "HOME": home, "XDG_CONFIG_HOME": ""])
        let screen = try t.waitFor(text: "~/.config/bodii/config.toml:2: first_day_hour = 9 is not a whole number 0–6; default used")
        // week_start = sunday still applies: the check-in card's weeks start on Sundays (15 and 22 Nov).
        #expect(screen.range(of: "15 Nov[ *][●◐○]", options: .regularExpression) != nil, "\(screen)")
        #expect(screen.range(of: "16 Nov[ *][●◐○]", options: .regularExpression) == nil, "\(screen)")
        try t.send("q")
        try t.waitFor(text: "EXITED 0.")
    }
}
