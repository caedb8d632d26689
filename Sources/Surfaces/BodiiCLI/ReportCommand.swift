import ArgumentParser
import BodiiApp
import BodiiDomain
import Foundation
import SharedCharts
import TerminalKit

/// `bodii report`: the dashboard's numbers and charts as plain text, for cron or e-mail.
struct ReportCommand: ParsableCommand, DatabaseCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Print today's numbers and the trend charts of a range as plain text (with --review, the period's review).")

    @OptionGroup var global: GlobalOptions
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("The range the charts cover.", valueName: "week|month|quarter|year"))
    var range: OptionText = "week"
    @Flag(name: .long, help: "Plain ASCII only (also the default when the locale is not UTF-8).")
    var ascii = false
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Width in columns (60–200).", valueName: "columns"))
    var width: Int = 80
    @Flag(name: .long, help: "Add the review of this week (this month with --range month or longer): summary and board.")
    var review = false

    func validate() throws {
        guard ChartRange.allCases.contains(where: { $0.label == range.text }) else {
            throw ArgumentParser.ValidationError("range \"\(range)\" is not one of week, month, quarter, year")
        }
        guard (60...200).contains(width) else { throw ArgumentParser.ValidationError("width \(width) is out of range: allowed 60–200") }
    }

    func run() throws {
        try reportingFailures {
            let env = try AppEnvironment.open(databasePath: global.db?.text, access: .readOnly)
            let chartRange = ChartRange.allCases.first { $0.label == range.text } ?? .week
            let day = env.clock.today
            let state = try DashboardState.load(
                day: day, range: chartRange, longestStreak: true, weekStart: env.clock.weekStart,
                today: day, from: env.repositories)
            let period = try PeriodSummary.load(range: chartRange.dates(endingOn: day), source: env.repositories)
            let activity = try env.repositories.activitySnapshots(in: period.range)
            let report = DashboardReport(state: state, day: day, period: period, activity: activity)
            let plain = ascii || !PlainText.localeIsUTF8
            let context = RenderContext(theme: .fallback.colorless, symbols: plain ? .ascii : .unicode)
            var buffer = Buffer(width: width, height: report.height, for: context)
            report.render(in: buffer.area, buffer: &buffer, context: context)
            let text = buffer.text.split(separator: "\n", omittingEmptySubsequences: false)
                .map { $0.replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression) }
                .joined(separator: "\n")
            var output = text.trimmingCharacters(in: .newlines)
            // The range's average day against the nutrient targets (week, or month for longer ranges).
            let span: NutrientSpan = chartRange == .week ? .week : .month
            output += "\n\n" + NutrientsText.render(try NutrientQuery(source: env.repositories).report(span, endingOn: day))
            let measured = try MeasurementsText.render(
                MeasurementSummary.load(on: day, source: env.repositories), inRange: env.repositories.measurements(in: period.range),
                rangeLabel: chartRange.label, units: state.unitSystem, day: state.summary)
            if let measured { output += "\n\n" + measured }
            if review {
                let kind: ReviewPeriodKind = chartRange == .week ? .week : .month
                let periodReview = try PeriodReview.load(
                    ReviewPeriod(kind, containing: day, weekStart: env.clock.weekStart), today: day, source: env.repositories)
                output += "\n\n" + ReviewText(review: periodReview, unitSystem: state.unitSystem, today: day).plainText
            }
            PlainText.print(output, ascii: plain)
        }
    }
}
