import Foundation

/// Insights as lines of text: what `bodii insights` prints and the Review's Insights view shows.
public enum InsightLines {
    /// "90 days to 25 Nov · 234 pairs tested · 3 go together" ("1 goes together", "none go together").
    /// The days are those from the first with data (a 60-day history reads "60 days", not "90"),
    /// or, with `everyDay`, all of the range's: a named period, counted as its Summary counts it.
    public static func heading(_ result: InsightResult, today: LocalDate, everyDay: Bool = false) -> String {
        result.range.daysToLabel(days: everyDay ? nil : result.daysCovered, today: today)
            + " · \(Plural.count(result.tested, "pair")) tested · \(together(result.findings.count))"
    }

    static func together(_ count: Int) -> String {
        switch count {
        case 0: return "none go together"
        case 1: return "1 goes together"
        default: return "\(count) go together"
        }
    }

    /// The findings, strongest first, then the weight over the last 4 weeks.
    public static func lines(_ report: InsightReport) -> [String] {
        var lines = [heading(report.result, today: report.result.range.end), ""]
        if report.result.findings.isEmpty {
            lines.append("Nothing goes together clearly enough yet (q < 0.05 with \(InsightFinder.minimumPairs)+ paired days).")
        } else {
            lines += report.result.findings.map { "- " + $0.sentence }
        }
        lines.append("These go together in your days; that does not show that one causes the other.")
        if let plateau = report.plateau { lines += [""] + plateau.sentences }
        return lines
    }
}
