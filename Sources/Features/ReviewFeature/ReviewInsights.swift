import BodiiDomain
import TerminalKit

/// What goes together in the period shown and in the last 90 days (PRODUCT.md §12): read once,
/// then drawn by both the Review's own Insights section (in rows it has to spare) and the `i` view.
struct ReviewInsights {
    /// A titled part: the period's insights or the last 90 days'.
    struct Section {
        var title: String
        var report: InsightReport
        /// The period shown: its days are counted as the Summary beside it counts them (every
        /// day gone by), where the 90 days count from the history's first day.
        var isPeriod = false
    }

    /// One line of the insights and what it is, so a short space keeps what matters most.
    struct Entry {
        enum Kind { case heading, finding, nothing, plateau, caveat, blank }
        var line: Line
        var kind: Kind
    }

    let sections: [Section]
    /// Every line, in order: each section's heading, findings and plateau, then the caveat.
    let entries: [Entry]

    init(sections: [Section], today: LocalDate) {
        self.sections = sections
        entries = Self.entries(sections, today: today)
    }

    /// The sections of `period` (its days gone by) and of the 90 days to `today`, each report
    /// from `reports` (kept while nothing is written).
    static func load(
        period: ReviewPeriod, today: LocalDate, reports: (DateRange) throws -> InsightReport
    ) rethrows -> ReviewInsights {
        var sections: [Section] = []
        if let elapsed = period.elapsed(today: today) {
            sections.append(Section(title: "This \(period.kind.rawValue)", report: try reports(elapsed), isPeriod: true))
        }
        sections.append(Section(title: "Last 90 days", report: try reports(lastDays(today: today))))
        return ReviewInsights(sections: sections, today: today)
    }

    /// The ranges `load` asks reports of, in its order.
    static func ranges(period: ReviewPeriod, today: LocalDate) -> [DateRange] {
        [period.elapsed(today: today), lastDays(today: today)].compactMap { $0 }
    }

    private static func lastDays(today: LocalDate) -> DateRange { DateRange(ending: today, days: 90) }

    private static func entries(_ sections: [Section], today: LocalDate) -> [Entry] {
        var entries: [Entry] = []
        var shownPlateau: [String] = []
        for section in sections {
            if !entries.isEmpty { entries.append(Entry(line: "", kind: .blank)) }
            let heading = section.title + " · " + InsightLines.heading(section.report.result, today: today, everyDay: section.isPeriod)
            entries.append(Entry(line: Line(heading, .title), kind: .heading))
            if let nothing = InsightLines.nothingFound(section.report.result) {
                entries.append(Entry(line: Line(nothing, .muted), kind: .nothing))
            }
            entries += section.report.result.findings.map { Entry(line: Line(InsightLines.line($0)), kind: .finding) }
            // The weight's 4 weeks end on the section's last day: said once when two sections end together.
            if let plateau = section.report.plateau, plateau.sentences != shownPlateau {
                entries += plateau.sentences.map { Entry(line: Line($0, .muted), kind: .plateau) }
                shownPlateau = plateau.sentences
            }
        }
        entries.append(Entry(line: "", kind: .blank))
        entries.append(Entry(line: Line(InsightLines.caveat, .muted), kind: .caveat))
        return entries
    }
}

/// The insight reports read for the Review, by range, kept while nothing is written and the day
/// stays the same: the 90 days cost several frames to read (about 50 M instructions on a 10-year
/// history), so the tab must not read them on every switch or period step.
struct InsightReportCache {
    private var stamp: WriteStamp?
    private var today: LocalDate?
    private var reports: [DateRange: InsightReport] = [:]

    /// Forgets the reports when something was written or the day changed.
    mutating func check(stamp: WriteStamp?, today: LocalDate) {
        guard stamp == nil || stamp != self.stamp || today != self.today else { return }
        reports = [:]
        self.stamp = stamp
        self.today = today
    }

    /// Reads the reports of `ranges` not kept yet, together (`InsightReport.load(ranges:)`: the
    /// period and the 90 days share one read).
    mutating func prepare(_ ranges: [DateRange], load: ([DateRange]) throws -> [InsightReport]) rethrows {
        let missing = ranges.filter { reports[$0] == nil }
        guard !missing.isEmpty else { return }
        for (range, report) in zip(missing, try load(missing)) { reports[range] = report }
    }

    mutating func report(_ range: DateRange, load: (DateRange) throws -> InsightReport) rethrows -> InsightReport {
        if let report = reports[range] { return report }
        let report = try load(range)
        reports[range] = report
        return report
    }
}
