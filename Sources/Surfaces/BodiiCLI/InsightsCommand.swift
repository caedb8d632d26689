import ArgumentParser
import BodiiApp
import BodiiDocument
import BodiiDomain
import Foundation

/// `bodii insights`: what in the user's own days goes together (PRODUCT.md §12), as text or JSON.
struct InsightsCommand: ParsableCommand, DatabaseCommand {
    static let configuration = CommandConfiguration(
        commandName: "insights",
        abstract: "Show what goes together in your days: sleep, food, exercise, mood and more.",
        discussion: """
            Each pair of daily series is tested on the same day and with one day of lag: Spearman's rank \
            correlation after each series' weekday pattern is removed, the sample size corrected for \
            autocorrelation, and Benjamini–Hochberg over every pair. Shown: q < 0.05 with at least 28 paired \
            days. A finding says what goes together, not what causes what.
            """)

    static let dayRange = 28...7300

    @OptionGroup var global: GlobalOptions
    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp("The days looked at, ending today (\(dayRange.lowerBound)–\(dayRange.upperBound)).", valueName: "n"))
    var days: OptionText = "90"
    @Flag(name: .long, help: "Print JSON (snake_case keys) for scripts.")
    var json = false
    @Flag(name: .long, help: "Plain ASCII only (also when the locale is not UTF-8).")
    var ascii = false

    func run() throws {
        try reportingFailures {
            // Read as text: "-1" is a bad value (not a missing one) and "abc" is told the range too.
            let days: Int
            do throws(BodiiDomain.ValidationError) {
                days = try Validation.integer(self.days.text, field: "--days", range: Self.dayRange, unit: nil)
            } catch {
                throw CommandFailure.usage(error.message)
            }
            let env = try AppEnvironment.open(databasePath: global.db?.text, access: .readOnly)
            let range = DateRange(ending: env.clock.today, days: days)
            // Ten years read through the memory map would count every page of the file as
            // resident (~30 MB of a 10-year database): read them through SQLite's small cache.
            let report = try env.repositories.readingWholeHistory { try InsightReport.load(range: range, source: env.repositories) }
            if json {
                print(InsightsJSON.value(report).text)
            } else {
                PlainText.print(InsightLines.lines(report).joined(separator: "\n"), ascii: ascii || !PlainText.localeIsUTF8)
            }
        }
    }
}

/// The `insights --json` document (PRODUCT.md §12).
enum InsightsJSON {
    static func value(_ report: InsightReport) -> JSONValue {
        let r = report.result
        return .object([
            ("days", .int(r.range.dayCount)),
            ("findings", .array(r.findings.map(finding))),
            ("from", .string(r.range.start.iso)), ("to", .string(r.range.end.iso)),
            ("pairs_tested", .int(r.tested)),
            ("plateau", report.plateau.map(plateau) ?? .null),
        ])
    }

    static func finding(_ f: InsightFinding) -> JSONValue {
        .object([
            ("outcome", .string(f.outcome.rawValue)), ("predictor", .string(f.predictor.rawValue)), ("lag_days", .int(f.lagDays)),
            ("n", .int(f.n)), ("rho", rounded(f.rho, 4)), ("effect", rounded(f.effect, 2)), ("unit", .string(f.unit)),
            ("ci_low", rounded(f.ciLow, 2)), ("ci_high", rounded(f.ciHigh, 2)), ("p", .number(f.p)), ("q", .number(f.q)),
            ("sentence", .string(f.sentence)),
        ])
    }

    static func plateau(_ p: WeightPlateau) -> JSONValue {
        .object([
            ("slope_kg_per_week", rounded(p.slopeKgPerWeek, 3)), ("ci_low", rounded(p.ciLow, 3)), ("ci_high", rounded(p.ciHigh, 3)),
            ("weigh_ins", .int(p.weighIns)), ("logged_deficit_kcal", JSONValue.decimal(p.loggedDeficitKcal)),
            ("flat_despite_deficit", .bool(p.isFlatDespiteDeficit)), ("sentences", .array(p.sentences.map(JSONValue.string))),
        ])
    }

    static func rounded(_ v: Double, _ digits: Int) -> JSONValue {
        let scale = pow(10, Double(digits))
        return v.isFinite ? .number((v * scale).rounded() / scale) : .null
    }
}
