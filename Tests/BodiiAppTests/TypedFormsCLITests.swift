import BodiiDomain
import BodiiStore
import Foundation
import Testing

/// Issue 26 through the real binary: `log sleep` takes times as people type them, `log food`
/// takes fractions, `--unit oz|lb|g` and a serving's unit word, `pantry add` a price with its sign.
@Suite struct TypedFormsCLITests {
    let folder: TemporaryFolder
    let db: String
    init() throws {
        folder = try TemporaryFolder()
        db = folder.path("forms.sqlite")
    }

    var today: LocalDate { TestClock.today }

    func run(_ arguments: [String]) throws -> CommandResult { try runBodii(arguments + ["--db", db]) }

    func nights() throws -> [SleepRecord] {
        let database = try BodiiDatabase(url: URL(fileURLWithPath: db))
        defer { try? database.close() }
        return try database.repositories.sleepRecords(in: DateRange(ending: today, days: 30))
    }

    func foods() throws -> [FoodRecord] {
        let database = try BodiiDatabase(url: URL(fileURLWithPath: db))
        defer { try? database.close() }
        return try database.repositories.foodRecords(in: DateRange(ending: today, days: 30))
    }

    @Test func logSleepTakesTimesAsPeopleTypeThem() throws {
        for (bed, wake, day) in [("2315", "650", 0), ("11:15pm", "7am", -1), ("23:15", "6.50", -2), ("11 pm", "7.30", -3)] {
            let r = try run(["log", "sleep", "--bed", bed, "--wake", wake, "--date", today.adding(days: day).iso])
            #expect(r.status == 0, "\(bed) \(wake): \(r.stderr)")
        }
        let stored = try nights().sorted { $0.date > $1.date }.map {
            "\($0.bedtime?.description ?? "-")–\($0.wakeTime?.description ?? "-")"
        }
        #expect(stored == ["23:15–06:50", "23:15–07:00", "23:15–06:50", "23:00–07:30"])
    }

    @Test func aBadTimeIsOneLineNamingTheValueAndTheForms() throws {
        let r = try run(["log", "sleep", "--bed", "25:00", "--wake", "7am"])
        #expect(r.status == 65)
        #expect(
            r.stderr == "bodii: bedtime \"25:00\" is not in a valid format: allowed a time like 23:15, 2315, 6.50, 11:15pm, 7am or noon\n")
        #expect(!FileManager.default.fileExists(atPath: db), "a refused night creates no database")
    }

    @Test func aServingsUnitWordPicksTheOneUnitServing() throws {
        // Oatmeal has "1 cup" and "0.75 cup": "cup" is "1 cup", not ambiguous.
        let r = try run(["log", "food", "--id", "usda:08121", "--serving", "cup"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.hasPrefix("Logged 1 cup = 234 g Cereals, oats, regular and quick"), "\(r.stdout)")
        #expect(try foods().first?.grams == 234)
    }

    @Test func fractionsAndWeightUnits() throws {
        let cases: [([String], Double)] = [
            (["--serving", "cup", "--qty", "1/2"], 117), (["--serving", "cup", "--qty", "1 1/2"], 351),
            (["--serving", "cup", "--qty", "½"], 117),
            (["--grams", "1½"], 1.5), (["--qty", "3", "--unit", "oz"], 85.048569375), (["--qty", "1/2", "--unit", "lb"], 226.796185),
            (["--qty", "150", "--unit", "g"], 150), (["--unit", "oz"], 28.349523125),
        ]
        for (amount, _) in cases {
            let r = try run(["log", "food", "--id", "usda:08121"] + amount)
            #expect(r.status == 0, "\(amount): \(r.stderr)")
        }
        let grams = try foods().compactMap(\.grams)
        #expect(grams.count == cases.count)
        for ((amount, expected), got) in zip(cases, grams) {
            #expect(abs(got - expected) < 1e-6, "\(amount): \(got)")
        }
        let oz = try run(["log", "food", "--id", "usda:08121", "--qty", "3", "--unit", "oz"])
        #expect(oz.stdout.hasPrefix("Logged 3 oz = 85.05 g "), "\(oz.stdout)")
    }

    @Test func aWrongUnitIsRefusedBeforeAnythingIsWritten() throws {
        let cases: [([String], Int32, String)] = [
            (
                ["--unit", "cups"], 64,
                "bodii: --unit \"cups\" is not a weight unit: allowed g, oz or lb (a food's own measures go with --serving)\n"
            ),
            (["--unit", "oz", "--grams", "3"], 64, "bodii: --unit goes with --qty alone: leave out --grams and --serving\n"),
            (
                ["--unit", "lb", "--qty", "20"], 65,
                "bodii: --qty \"20\" is out of range: allowed 0.01–11.02 (1 lb is 453.59 g; one entry 0.1–5000 g)\n"
            ),
            (["--serving", "cup", "--qty", "1/0"], 65, "bodii: quantity \"1/0\" is not a number: allowed 0.01–100\n"),
        ]
        for (amount, status, message) in cases {
            let r = try run(["log", "food", "--id", "usda:08121"] + amount)
            #expect(r.status == status, "\(amount)")
            #expect(r.stderr == message, "\(amount)")
        }
        #expect(!FileManager.default.fileExists(atPath: db))
    }

    @Test func theUnitOptionIsInTheHelp() throws {
        let help = try runBodii(["log", "food", "--help"])
        #expect(help.stdout.contains("--unit <unit>"))
        #expect(help.stdout.contains("A weight unit --qty is in, instead of --grams or"))
        #expect(help.stdout.contains("bodii log food salmon --qty 6 --unit oz"))
    }

    @Test func aPriceWithItsCurrencySign() throws {
        for price in ["€3", "3 €", "3,50 €", "€ 2.49"] {
            let r = try run(["pantry", "add", "--name", "Soap", "--qty", "1", "--price", price])
            #expect(r.status == 0, "\(price): \(r.stderr)")
        }
        let list = try #require(
            try JSONSerialization.jsonObject(with: Data(try run(["pantry", "list", "--json"]).stdout.utf8)) as? [[String: Any]])
        #expect(list.compactMap { $0["price"] as? Double }.sorted() == [2.49, 3, 3, 3.5])
        let dollars = try run(["pantry", "add", "--name", "Soap", "--qty", "1", "--price", "$3.50"])
        #expect(dollars.status == 65)
        #expect(
            dollars.stderr
                == "bodii: price \"$3.50\" is not in a valid format: allowed an amount in EUR (€), the currency prices are kept in, not $\n"
        )
    }

    @Test func theSignTakenIsTheConfiguredCurrencys() throws {
        let config = folder.path("config.toml")
        try "currency = \"usd\"\n".write(toFile: config, atomically: true, encoding: .utf8)
        let usd = try runBodii(
            ["pantry", "add", "--name", "Soap", "--qty", "1", "--price", "$3.50", "--db", db], environment: ["BODII_CONFIG": config])
        #expect(usd.status == 0, "\(usd.stderr)")
        #expect(usd.stdout.contains("for $3.50"), "\(usd.stdout)")
        let euros = try runBodii(
            ["pantry", "add", "--name", "Soap", "--qty", "1", "--price", "3 €", "--db", db], environment: ["BODII_CONFIG": config])
        #expect(euros.status == 65)
        #expect(euros.stderr.hasSuffix("allowed an amount in USD ($), the currency prices are kept in, not €\n"), "\(euros.stderr)")
    }
}
