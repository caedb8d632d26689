import ArgumentParser
import BodiiApp
import BodiiDocument
import BodiiDomain
import Foundation

/// `bodii nutrients [--date D | --range week|month] [--json]` (PRODUCT.md §4, §11): the day's
/// nutrients (or the week's or month's average day ending on the date) against the targets.
struct NutrientsCommand: ParsableCommand, DatabaseCommand {
    static let configuration = CommandConfiguration(
        commandName: "nutrients", abstract: "Show a day's (or a week's or month's average) vitamins and minerals against your targets.")

    @OptionGroup var global: GlobalOptions
    @Option(
        name: .long, parsing: .unconditional, help: ArgumentHelp("The day (YYYY-MM-DD, not after today; default today).", valueName: "date")
    )
    var date: OptionText?
    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp("Average over the week or month ending on the day.", valueName: "week|month"))
    var range: OptionText?
    @Flag(name: .long, help: "Print JSON (snake_case keys, metric units) for scripts.")
    var json = false

    func run() throws {
        try reportingFailures {
            var span = NutrientSpan.day
            if let range {
                guard let chosen = NutrientSpan(rawValue: range.text), chosen != .day else {
                    throw CommandFailure.usage("range \(BodiiDomain.ValidationError.quoted(range.text)) is not one of week, month")
                }
                span = chosen
            }
            let clock = try ProcessClock.current()
            var day = clock.today
            if let text = date {
                do throws(BodiiDomain.ValidationError) { day = try Validation.date(text.text, today: clock.today) } catch {
                    throw CommandFailure.data(error.message)
                }
            }
            let env = try AppEnvironment.open(databasePath: global.db?.text, access: .readOnly)
            let query = NutrientQuery(source: env.repositories)
            let report = try query.report(span, endingOn: day)
            if json {
                print(NutrientsJSON.report(report).text)
            } else {
                PlainText.print(NutrientsText.render(report))
            }
        }
    }
}

/// The `nutrients` JSON of `today --json` and `bodii nutrients --json`: every nutrient (hidden ones
/// too: keys never disappear) as `{"amount","target","upper","share","partial","estimated"}`, null
/// when unknown; `estimated` is true where the amount takes a value estimated from a similar food.
enum NutrientsJSON {
    static func map(_ report: NutrientReport, detailed: Bool = false) -> JSONValue {
        .object(
            report.intake.statuses(report.targets, keys: NutrientKey.allCases).map { s in
                var fields: [(String, JSONValue)] = [
                    ("amount", .decimal(s.amount)), ("target", .decimal(s.target?.amount)), ("upper", .decimal(s.target?.upper)),
                    ("share", s.share.map { .number(($0 * 100).rounded() / 100) } ?? .null), ("partial", .bool(s.partial)),
                    ("estimated", .bool(s.estimated)),
                ]
                if detailed {
                    fields += [
                        ("kind", s.target.map { .string($0.kind.rawValue) } ?? .null), ("status", .string(s.level.rawValue)),
                        ("hidden", .bool(report.targets.hidden.contains(s.key))),
                    ]
                }
                return (s.key.rawValue, .object(fields))
            })
    }

    static func report(_ report: NutrientReport) -> JSONValue {
        .object([
            ("date", .string(report.range.end.iso)), ("range", .string(report.span.rawValue)), ("from", .string(report.range.start.iso)),
            ("days_logged", .int(report.daysLogged)), ("nutrients", map(report, detailed: true)),
        ])
    }
}

/// The plain-text table of `bodii nutrients` and the report's nutrients section.
enum NutrientsText {
    static func heading(_ report: NutrientReport) -> String {
        report.span == .day
            ? "Nutrients on \(report.range.end.iso)"
            : "Nutrients, \(report.span.rawValue) average \(report.range.start.iso) to \(report.range.end.iso) "
                + "(\(report.daysLogged) of \(report.range.dayCount) days logged)"
    }

    static func render(_ report: NutrientReport) -> String {
        var lines = [heading(report)]
        if report.daysLogged == 0 { return (lines + ["Nothing logged."]).joined(separator: "\n") }
        for s in report.statuses {
            let amount = s.amount.map { s.qualifier + number($0) } ?? "—"
            let target = s.target?.amount.map { (s.target?.kind == .limit ? "max " : "") + number($0) } ?? ""
            let share = s.share.map { "\(WholeNumber.text($0 * 100)) %" } ?? ""
            let note: String =
                switch s.level {
                case .under: "low"
                case .over: "over"
                default: ""
                }
            lines.append(
                pad(s.key.label, 20) + pad(amount, 10, right: true) + " " + pad(target, 10, right: true) + " "
                    + pad(s.key.shownUnit, 3) + pad(share, 7, right: true) + "  " + note)
        }
        if report.statuses.contains(where: \.partial) { lines.append("≥ some foods lack a value: the amount is at least this.") }
        if report.statuses.contains(where: \.estimated) {
            lines.append("≈ some values are estimated from a similar USDA SR24 food (the Nutrients view names it).")
        }
        lines += report.statuses.compactMap(\.key.caveat)
        return lines.map { $0.replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression) }.joined(separator: "\n")
    }

    static func number(_ v: Double) -> String {
        NutrientFormat.number(v, decimals: abs(v) >= 10 ? 0 : abs(v) >= 1 ? 1 : 2)
    }

    private static func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
        let room = max(0, width - text.count)
        return right ? String(repeating: " ", count: room) + text : text + String(repeating: " ", count: room)
    }
}
