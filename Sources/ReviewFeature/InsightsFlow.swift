import BodiiDomain
import Foundation
import TerminalKit

/// `i` on the Review tab: what goes together in the period shown and in the last 90 days
/// (PRODUCT.md §12), over the Review; j/k scroll, Esc closes.
@MainActor
public final class InsightsFlow: Flow {
    /// A titled part of the view: the period's insights or the last 90 days'.
    struct Section {
        var title: String
        var report: InsightReport
    }

    let sections: [Section]
    let today: LocalDate
    private(set) var scroll = 0
    /// The last scroll that still shows a full page, as last drawn.
    private var maxScroll = Int.max

    enum Action: Sendable {
        case scroll(ListMove)
        case close
    }

    static let actions = ActionKeyMap<Action>(
        title: "Insights",
        ListMove.actions("in the insights") { .scroll($0) } + [KeyBinding([.escape], help: "close", footer: true).performs(.close)])

    /// The app's keys that still work over the view; it takes every other key.
    static let globalKeys: Set<Key> = [.char("?"), .char("q")]

    public var keyMap: KeyMap { KeyMap(title: "Insights", bindings: Self.actions.keyMap.bindings, globalKeys: Self.globalKeys) }

    /// Reads the insights of `period` (the days of it gone by) and of the 90 days to today.
    static func load(period: ReviewPeriod, today: LocalDate, source: any InsightSeries.Source) throws -> InsightsFlow {
        var sections: [Section] = []
        if let elapsed = period.elapsed(today: today) {
            sections.append(Section(title: "This \(period.kind.rawValue)", report: try InsightReport.load(range: elapsed, source: source)))
        }
        let recent = DateRange(ending: today, days: 90)
        sections.append(Section(title: "Last 90 days", report: try InsightReport.load(range: recent, source: source)))
        return InsightsFlow(sections: sections, today: today)
    }

    init(sections: [Section], today: LocalDate) {
        self.sections = sections
        self.today = today
    }

    public func handle(_ key: Key) -> KeyResult {
        guard let action = Self.actions.action(for: key) else { return Self.globalKeys.contains(key) ? .ignored : .handled }
        switch action {
        case .close: return .close
        case .scroll(let move): scroll = min(move.apply(to: scroll, count: lines.count * 4), maxScroll)
        }
        return .handled
    }

    /// Every line of the view: each section's heading, findings and plateau.
    var lines: [Line] {
        var lines: [Line] = []
        var shownPlateau: [String] = []
        for section in sections {
            if !lines.isEmpty { lines.append("") }
            lines.append(Line(section.title + " · " + InsightLines.heading(section.report.result, today: today), .title))
            let findings = section.report.result.findings
            if findings.isEmpty {
                lines.append(
                    Line("Nothing goes together clearly enough yet (q < 0.05 with \(InsightFinder.minimumPairs)+ paired days).", .muted))
            }
            lines += findings.map { Line("- " + $0.sentence) }
            // The weight's 4 weeks end on the section's last day: said once when two sections end together.
            if let plateau = section.report.plateau, plateau.sentences != shownPlateau {
                lines += plateau.sentences.map { Line($0, .muted) }
                shownPlateau = plateau.sentences
            }
        }
        lines.append("")
        lines.append(Line("These go together in your days; that does not show that one causes the other.", .muted))
        return lines
    }

    public func render(in area: Rect, buffer: inout Buffer, context: RenderContext) {
        buffer.fill(area, style: context.style(.text))
        let block = Block(title: "Insights", rightTitle: "j/k scroll · Esc close")
        block.render(in: area, buffer: &buffer, context: context)
        var paragraph = Paragraph(lines)
        let inner = block.inner(area).inset(left: 1, right: 1)
        maxScroll = max(0, paragraph.height(forWidth: inner.width, context: context) - inner.height)
        scroll = min(scroll, maxScroll)
        paragraph.scroll = scroll
        paragraph.render(in: inner, buffer: &buffer, context: context)
    }
}
