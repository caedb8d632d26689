import Foundation

/// Insights as lines of text: what `bodii insights` prints and the Review's Insights view and
/// section show, built here once so the two say the same.
public enum InsightLines {
    /// "90 days to 25 Nov · 234 pairs tested · 3 go together" ("1 goes together", "none go together");
    /// a range with nothing logged says so: "90 days to today · nothing logged"; with nothing
    /// tested it is the days alone (the line under it says why).
    /// The days are those from the first with data (a 60-day history reads "60 days", not "90"),
    /// or, with `everyDay`, all of the range's: a named period, counted as its Summary counts it.
    public static func heading(_ result: InsightResult, today: LocalDate, everyDay: Bool = false) -> String {
        let days = result.range.daysToLabel(days: everyDay ? nil : result.daysCovered, today: today)
        guard result.firstDayWithData != nil else { return days + " · nothing logged" }
        // Nothing tested: `nothingFound` says so under the heading; "0 pairs tested · none go
        // together" above it would say it twice.
        guard result.tested > 0 else { return days }
        return days + " · \(Plural.count(result.tested, "pair")) tested · \(together(result.findings.count))"
    }

    static func together(_ count: Int) -> String {
        switch count {
        case 0: return "none go together"
        case 1: return "1 goes together"
        default: return "\(count) go together"
        }
    }

    /// The line in place of findings when there are none: too few days to test anything, or
    /// nothing clear enough. Nil when there are findings.
    public static func nothingFound(_ result: InsightResult) -> String? {
        guard result.findings.isEmpty else { return nil }
        guard result.tested > 0 else {
            return "Nothing to compare yet: two things are compared once both are logged on \(InsightFinder.minimumPairs) of the same days."
        }
        return "Nothing goes together clearly enough yet (q < 0.05 with \(InsightFinder.minimumPairs)+ paired days)."
    }

    /// Said under every list of findings.
    public static let caveat = "These go together in your days; that does not show that one causes the other."

    /// A finding as a line of the list.
    public static func line(_ finding: InsightFinding) -> String { "- " + finding.sentence }

    /// The findings, strongest first, then the weight over the last 4 weeks.
    public static func lines(_ report: InsightReport) -> [String] {
        var lines = [heading(report.result, today: report.result.range.end), ""]
        if let nothing = nothingFound(report.result) { lines.append(nothing) }
        lines += report.result.findings.map(line)
        lines.append(caveat)
        if let plateau = report.plateau { lines += [""] + plateau.sentences }
        return lines
    }
}
