import BodiiDomain
import Foundation
import TerminalKit

/// `i` on the Review tab: what goes together in the period shown and in the last 90 days
/// (PRODUCT.md §12), over the Review; j/k scroll, Esc closes.
@MainActor
public final class InsightsFlow: Flow {
    /// The insights the Review read (and drew in its own section when it had the rows).
    let insights: ReviewInsights
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

    init(insights: ReviewInsights) {
        self.insights = insights
        lines = insights.entries.map(\.line)
    }

    public func handle(_ key: Key) -> KeyResult {
        guard let action = Self.actions.action(for: key) else { return Self.globalKeys.contains(key) ? .ignored : .handled }
        switch action {
        case .close: return .close
        case .scroll(let move): scroll = min(move.apply(to: scroll, count: lines.count * 4), maxScroll)
        }
        return .handled
    }

    /// Every line of the view: each section's heading, findings and plateau, then the caveat.
    let lines: [Line]

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
