import BodiiDomain
import BodiiStore
import BodyFeature
import DashboardFeature
import DietFeature
import ExerciseFeature
import Foundation
import SharedCharts
import SleepFeature
import TerminalKit
import Testing

/// One day, one set of numbers (issue 9): on a deterministic demo database, for 20 days spread
/// over its history, what the Dashboard, Diet, Sleep and Exercise tabs draw, what `today --json`
/// prints and what `bodii report` writes agree — calories (eaten, target, left, expenditure),
/// macros and their targets, weight and trend, sleep and exercise. The Body tab is read on the
/// last day, where its history and metabolism card show that day.
@MainActor
@Suite struct ConsistencyTests {
    let folder: TemporaryFolder
    let db: String
    static let lastDay = LocalDate(year: 2026, month: 11, day: 22) ?? LocalDate(daysSinceEpoch: 0)
    static let days = stride(from: 0, to: 120, by: 6).map { lastDay.adding(days: -$0) }

    init() throws {
        folder = try TemporaryFolder()
        db = folder.path("consistency.sqlite")
        let demo = try runBodii(["demo", "--days", "150", "--db", db], environment: Self.now(Self.lastDay))
        try #require(demo.status == 0, "\(demo.stderr)")
    }

    /// The evening of `day`, as `BODII_NOW` gives it to the binary.
    static func now(_ day: LocalDate) -> [String: String] { ["BODII_NOW": "\(day.iso)T21:00:00Z"] }

    static func clock(_ day: LocalDate) -> FixedClock {
        FixedClock(
            now: Date(timeIntervalSince1970: Double(day.daysSinceEpoch) * 86_400 + 75_600),
            timeZone: TimeZone(identifier: "UTC") ?? .current)
    }

    /// The numbers a reader takes from one place, in kcal, grams, kg and minutes. Screens show
    /// whole numbers (kg to 0.1) and JSON one decimal, so two places agree when they are within
    /// half a unit of each other (0.05 kg), a little more for the JSON's own rounding.
    struct Figures: CustomStringConvertible {
        var eaten: Double?, target: Double?, left: Double?, expenditure: Double?
        var macros: [Double] = [], macroTargets: [Double] = []
        var trendKg: Double?, sleepAverage: Double?, exerciseMinutes: Double?, burned: Double?

        func agrees(with o: Figures, only fields: Set<String>? = nil) -> Bool {
            func near(_ a: Double?, _ b: Double?, _ tolerance: Double) -> Bool {
                guard let a, let b else { return a == nil && b == nil }
                return abs(a - b) <= tolerance
            }
            let checks: [(String, Bool)] = [
                ("eaten", near(eaten, o.eaten, 0.55)), ("target", near(target, o.target, 0.55)), ("left", near(left, o.left, 0.55)),
                ("expenditure", near(expenditure, o.expenditure, 0.55)),
                ("macros", macros.count == o.macros.count && zip(macros, o.macros).allSatisfy { near($0, $1, 0.55) }),
                (
                    "macroTargets",
                    macroTargets.count == o.macroTargets.count && zip(macroTargets, o.macroTargets).allSatisfy { near($0, $1, 0.55) }
                ),
                ("trend", near(trendKg, o.trendKg, 0.055)), ("sleep", near(sleepAverage, o.sleepAverage, 0.55)),
                ("exercise", near(exerciseMinutes, o.exerciseMinutes, 0.55)), ("burned", near(burned, o.burned, 0.55)),
            ]
            return checks.allSatisfy { fields?.contains($0.0) == false || $0.1 }
        }

        var description: String {
            "eaten \(eaten as Any) target \(target as Any) left \(left as Any) exp \(expenditure as Any) macros \(macros)/\(macroTargets) "
                + "trend \(trendKg as Any) sleep7 \(sleepAverage as Any) exercise \(exerciseMinutes as Any) min \(burned as Any) kcal"
        }
    }

    @Test func everyScreenTodayAndTheReportAgreeOnEachDay() throws {
        let database = try BodiiDatabase(url: URL(fileURLWithPath: db))
        defer { try? database.close() }
        var checked = 0
        for day in Self.days {
            let json = try todayFigures(day, database.repositories)
            let report = try reportFigures(day)
            let dashboard = try dashboardFigures(day, database.repositories)
            let diet = dietFigures(day, database.repositories)
            let sleep = sleepAverage(day, database.repositories)
            let exercise = exerciseFigures(day, database.repositories)
            let status = try statusFigures(day)
            #expect(json.target != nil && json.expenditure != nil, "\(day.iso): the demo has a profile and weigh-ins")

            #expect(dashboard.agrees(with: json), "\(day.iso) dashboard vs today --json:\n\(dashboard)\n\(json)")
            #expect(report.agrees(with: json), "\(day.iso) report vs today --json:\n\(report)\n\(json)")
            #expect(
                diet.agrees(with: json, only: ["eaten", "target", "left", "expenditure", "macros", "macroTargets"]),
                "\(day.iso) Diet vs today --json:\n\(diet)\n\(json)")
            #expect(sleep.agrees(with: json, only: ["sleep"]), "\(day.iso) Sleep tab vs today --json:\n\(sleep)\n\(json)")
            #expect(
                exercise.agrees(with: json, only: ["exercise", "burned"]), "\(day.iso) Exercise tab vs today --json:\n\(exercise)\n\(json)")
            #expect(status.agrees(with: json, only: ["eaten", "target", "left"]), "\(day.iso) status vs today --json:\n\(status)\n\(json)")
            checked += 1
        }
        #expect(checked == 20)
        try bodyTabAgreesOnTheLastDay(database.repositories)
    }

    /// Issue 23 #24, one computation and one rounding per number: the dashboard's and the
    /// report's calorie chart mark each day's own target — the one `today --json --date D`
    /// prints for D — never the selected day's across all; a day's cost is its entries' exact
    /// costs summed and rounded once, the same in `today --json`, the Diet tab and the dashboard.
    @Test func eachDaysOwnTargetAndACostRoundedOnce() throws {
        let database = try BodiiDatabase(url: URL(fileURLWithPath: db))
        defer { try? database.close() }
        let repos = database.repositories
        let state = try DashboardState.load(day: Self.lastDay, range: .month, from: repos)
        let trends = state.trends
        let targets = trends.daily.calorieTargets
        #expect(targets.count == trends.days.count)
        #expect(Set(targets.compactMap { $0?.rounded() }).count > 1, "the demo's targets move over a month: \(targets)")
        #expect(trends.calorieTarget == state.summary.targetKcal, "the selected day's own target is the day's")
        for (day, target) in zip(trends.days, targets) where day.daysSinceEpoch % 4 == 0 {
            let json = try todayFigures(day, repos)
            #expect(
                abs((json.target ?? -1) - (target ?? -2)) <= 0.051,
                "\(day.iso): chart \(String(describing: target)), today \(String(describing: json.target))")
        }
        // `bodii report` draws the same marks: each bar's own target, the last one labelled.
        let report = try runBodii(["report", "--range", "month", "--db", db], environment: Self.now(Self.lastDay))
        #expect(report.status == 0)
        let lastTarget = try #require(targets.last ?? nil)
        #expect(report.stdout.contains("\(WholeNumber.text(lastTarget)) "), "\(report.stdout)")

        // The cost: exact per-entry costs, summed, rounded once (half away from zero).
        var checkedCosts = 0
        for day in Self.days.prefix(8) {
            let records = try repos.foodRecords(in: DateRange(start: day, end: day))
            let prices = try repos.latestPricedPurchases(foodIds: Set(records.map(\.foodId)), onOrBefore: day)
            guard let currency = prices.values.compactMap(\.price?.currency).first else { continue }
            var exact = 0.0
            for r in records {
                guard let p = prices[r.foodId], let price = p.price, price.currency.code == currency.code, let g = p.grams,
                    let eaten = r.grams
                else { continue }
                exact += Double(price.minorUnits) * eaten / g
            }
            let expected = Double(WholeNumber.of(exact) ?? -1) / Double(currency.scale)
            let out = try runBodii(["today", "--json", "--date", day.iso, "--db", db], environment: Self.now(Self.lastDay))
            let json = try #require(try JSONSerialization.jsonObject(with: Data(out.stdout.utf8)) as? [String: Any])
            let amount = try #require((json["cost"] as? [String: Any])?["amount"] as? Double, "\(day.iso)")
            #expect(abs(amount - expected) < 1e-9, "\(day.iso): \(amount) vs exact sum rounded once \(expected)")
            let diet = DietViewModel(source: repos, clock: Self.clock(day))
            diet.didBecomeVisible()
            let formatted = String(format: "%.2f", amount)
            #expect(Self.render(diet).contains(formatted), "\(day.iso): the Diet tab shows \(formatted)")
            checkedCosts += 1
        }
        #expect(checkedCosts > 0, "the demo prices some days")
    }

    /// Logging food on D never changes D's target (PRODUCT.md §6), through the real binary.
    @Test func loggingFoodOnTheDayNeverMovesItsTarget() throws {
        let database = try BodiiDatabase(url: URL(fileURLWithPath: db))
        defer { try? database.close() }
        let before = try todayFigures(Self.lastDay, database.repositories)
        for grams in ["500", "3000"] {
            let log = try runBodii(["log", "food", "olive oil", "--grams", grams, "--db", db], environment: Self.now(Self.lastDay))
            #expect(log.status == 0, "\(log.stderr)")
            let after = try todayFigures(Self.lastDay, database.repositories)
            #expect(after.agrees(with: before, only: ["target", "expenditure", "macroTargets"]), "\(before)\n\(after)")
            #expect((after.eaten ?? 0) > (before.eaten ?? 0))
        }
    }

    // MARK: today --json

    func todayFigures(_ day: LocalDate, _ repos: any Repositories) throws -> Figures {
        let out = try runBodii(["today", "--json", "--date", day.iso, "--db", db], environment: Self.now(Self.lastDay))
        try #require(out.status == 0, "\(out.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(out.stdout.utf8)) as? [String: Any])
        let calories = json["calories"] as? [String: Any] ?? [:]
        let macros = json["macros"] as? [String: Any] ?? [:]
        let targets = json["targets"] as? [String: Any] ?? [:]
        let exercise = json["exercise"] as? [String: Any] ?? [:]
        func number(_ any: Any?) -> Double? { (any as? Double) ?? (any as? Int).map(Double.init) }
        // The 7-day sleep average is not in `today`: it is the mean of the nights `today` reports
        // (its day summaries), read here in-process rather than by seven more processes.
        let query = DaySummaryQuery(source: repos)
        let nights = try (0..<7).compactMap { try query.summary(for: day.adding(days: -$0)).sleepMinutes }
        return Figures(
            eaten: number(calories["eaten"]), target: number(calories["target"]), left: number(calories["remaining"]),
            expenditure: number(calories["expenditure"]),
            macros: [number(macros["protein_g"]), number(macros["carbs_g"]), number(macros["fat_g"])].compactMap { $0 },
            macroTargets: [number(targets["protein_g"]), number(targets["carbs_g"]), number(targets["fat_g"])].compactMap { $0 },
            trendKg: number(json["trend_weight_kg"]), sleepAverage: SleepMath.averageMinutes(nights).map(Double.init),
            exerciseMinutes: number(exercise["minutes"]), burned: number(exercise["calories"]))
    }

    // MARK: bodii status

    /// The status line of that day (run on its evening), with its numbers split by `|`.
    func statusFigures(_ day: LocalDate) throws -> Figures {
        let out = try runBodii(["status", "--format", "{eaten}|{target}|{left}", "--db", db], environment: Self.now(day))
        try #require(out.status == 0, "\(out.stderr)")
        let numbers = out.stdout.trimmingCharacters(in: .newlines).split(separator: "|")
            .map { Double($0.replacingOccurrences(of: "−", with: "-")) }
        return Figures(eaten: numbers[safe: 0] ?? nil, target: numbers[safe: 1] ?? nil, left: numbers[safe: 2] ?? nil)
    }

    // MARK: bodii report

    func reportFigures(_ day: LocalDate) throws -> Figures {
        let out = try runBodii(["report", "--range", "week", "--db", db], environment: Self.now(day))
        try #require(out.status == 0, "\(out.stderr)")
        let today = String(out.stdout.split(separator: "\n").prefix(12).joined(separator: "\n"))
        let calories = Self.ints(in: today, after: "Calories").map(Double.init)
        let macros = Self.ints(in: today, after: "Macros").map(Double.init)
        let exercise = Self.ints(in: today, after: "Exercise").map(Double.init)
        // The week's section averages the same seven nights as the 7-day average.
        let week = String(out.stdout.split(separator: "\n").dropFirst(12).joined(separator: "\n"))
        #expect(Self.duration(in: week, after: "Sleep      average ") == Self.duration(in: today, after: "7-day average "), "\(out.stdout)")
        return Figures(
            eaten: calories[safe: 0], target: calories[safe: 1], left: calories[safe: 2],
            expenditure: Self.ints(in: today, after: "Basis").first.map(Double.init),
            macros: Self.evens(macros), macroTargets: Self.odds(macros),
            trendKg: Self.kg(in: today, after: "trend "), sleepAverage: Self.duration(in: today, after: "7-day average "),
            exerciseMinutes: exercise[safe: 0], burned: exercise[safe: 1])
    }

    // MARK: screens

    static func render(_ screen: any Screen, width: Int = 160, height: Int = 45) -> String {
        var buffer = Buffer(width: width, height: height)
        screen.render(in: buffer.area, buffer: &buffer, context: RenderContext(theme: .fallback, symbols: .unicode))
        return buffer.text
    }

    func dashboardFigures(_ day: LocalDate, _ repos: any Repositories) throws -> Figures {
        let vm = DashboardViewModel(source: repos, clock: Self.clock(day))
        vm.didBecomeVisible()
        let text = Self.render(vm)
        let macros = ["Protein", "Carbs", "Fat"].flatMap { Self.ints(in: text, after: "│ \($0) ").prefix(2) }.map(Double.init)
        func first(_ label: String) -> Double? { Self.ints(in: text, after: label).first.map(Double.init) }
        return Figures(
            eaten: first("Eaten"), target: first("Target "), left: first("Left "), expenditure: first("Burn "),
            macros: Self.evens(macros), macroTargets: Self.odds(macros),
            trendKg: Self.kg(in: text, after: "Trend "), sleepAverage: Self.duration(in: text, after: "7-day avg "),
            exerciseMinutes: first("Today "), burned: first("Burned"))
    }

    func dietFigures(_ day: LocalDate, _ repos: any Repositories) -> Figures {
        let vm = DietViewModel(source: repos, clock: Self.clock(day))
        vm.didBecomeVisible()
        let text = Self.render(vm)
        let kcal = Self.ints(in: text, after: "│ kcal ").map(Double.init)
        let leftLine = text.split(separator: "\n").first { $0.contains(" left") || $0.contains(" over") }.map(String.init) ?? ""
        let leftValue = Self.ints(in: leftLine, after: "││ ").first.map { Double(leftLine.contains(" over") ? -$0 : $0) }
        let macros = ["Protein", "Carbs", "Fat"].flatMap { Self.ints(in: text, after: "│ \($0) ").prefix(2) }.map(Double.init)
        return Figures(
            eaten: kcal[safe: 0], target: kcal[safe: 1], left: leftValue,
            expenditure: Self.ints(in: text, after: "│ Burn ").first.map(Double.init),
            macros: Self.evens(macros), macroTargets: Self.odds(macros))
    }

    func sleepAverage(_ day: LocalDate, _ repos: any Repositories) -> Figures {
        let vm = SleepViewModel(source: repos, clock: Self.clock(day))
        vm.didBecomeVisible()
        return Figures(sleepAverage: Self.duration(in: Self.render(vm), after: "7-day average "))
    }

    func exerciseFigures(_ day: LocalDate, _ repos: any Repositories) -> Figures {
        let vm = ExerciseViewModel(source: repos, clock: Self.clock(day))
        vm.didBecomeVisible()
        let text = Self.render(vm)
        guard text.contains(" min · ") else { return Figures(exerciseMinutes: 0, burned: 0) }  // no sessions: no totals in the title
        let title = Self.ints(in: text, after: "─ Sessions ").map(Double.init)
        return Figures(exerciseMinutes: title[safe: 1], burned: title[safe: 2])
    }

    func bodyTabAgreesOnTheLastDay(_ repos: any Repositories) throws {
        let vm = BodyViewModel(source: repos, clock: Self.clock(Self.lastDay))
        vm.didBecomeVisible()
        let text = Self.render(vm)
        let out = try runBodii(["today", "--json", "--db", db], environment: Self.now(Self.lastDay))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(out.stdout.utf8)) as? [String: Any])
        let calories = json["calories"] as? [String: Any] ?? [:]
        #expect(Self.ints(in: text, after: "BMR ").first == (calories["bmr"] as? Double).map { Int($0.rounded()) })
        #expect(Self.ints(in: text, after: "TDEE ").first == (calories["tdee"] as? Double).map { Int($0.rounded()) })
        // The history's newest row: the day's weigh-in and its trend.
        guard let row = text.split(separator: "\n").first(where: { $0.contains(Self.lastDay.iso) }).map(String.init) else {
            #expect(json["weight_kg"] is NSNull, "no weigh-in row for the day, so no weight in today --json")
            return
        }
        let kgs = Self.tenthsAll(in: row)
        #expect(kgs.first == (json["weight_kg"] as? Double).map { Int(($0 * 10).rounded()) }, "\(row)")
        #expect(kgs[safe: 1] == (json["trend_weight_kg"] as? Double).map { Int(($0 * 10).rounded()) }, "\(row)")
    }

    // MARK: reading numbers off text

    /// The whole numbers on the line where `label` first appears, after it ("−" and "-" signed).
    static func ints(in text: String, after label: String) -> [Int] {
        guard let range = text.range(of: label) else { return [] }
        let line = text[range.upperBound...].prefix { $0 != "\n" }
        var out: [Int] = [], digits = "", negative = false, previous: Character = " "
        for c in line + " " {
            if c.isASCII && c.isNumber {
                if digits.isEmpty { negative = previous == "-" || previous == "−" }
                digits.append(c)
            } else if !digits.isEmpty {
                // A decimal point continues the number: "78.8" is read by `tenths`, not as 78 and 8.
                if c == "." { digits.append(c); previous = c; continue }
                let value = Int(Double(digits).map { $0.rounded() } ?? 0)
                out.append(negative ? -value : value)
                digits = ""
            }
            previous = c
        }
        return out
    }

    /// The first "78.8"-style number after `label` on its line, in kg.
    static func kg(in text: String, after label: String) -> Double? {
        guard let range = text.range(of: label) else { return nil }
        return tenthsAll(in: String(text[range.upperBound...].prefix { $0 != "\n" })).first.map { Double($0) / 10 }
    }

    /// Eaten and target alternate on macro lines: "108/142 g".
    static func evens(_ values: [Double]) -> [Double] { values.enumerated().filter { $0.offset % 2 == 0 }.map(\.element) }
    static func odds(_ values: [Double]) -> [Double] { values.enumerated().filter { $0.offset % 2 == 1 }.map(\.element) }

    /// Every "12.3"-style number on the line, in tenths.
    static func tenthsAll(in line: String) -> [Int] {
        line.split(whereSeparator: { !($0.isNumber || $0 == ".") }).compactMap { part in
            part.contains(".") ? Double(part).map { Int(($0 * 10).rounded()) } : nil
        }
    }

    /// "7 h 19" after `label`, in minutes.
    static func duration(in text: String, after label: String) -> Double? {
        let n = ints(in: text, after: label)
        guard n.count >= 2 else { return nil }
        return Double(n[0] * 60 + n[1])
    }
}

extension Array {
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}

extension DietViewModel {
    /// The tab on a database's repositories, wired as the app wires it.
    convenience init(source: any Repositories, clock: any Clock) {
        let environment = DietEnvironment(
            store: source, diary: FoodDiary(store: source), days: DaySummaryQuery(source: source), clock: clock)
        self.init(environment: environment)
    }
}
