import BodiiDomain
import BodiiSearch
import TerminalKit

/// The searchable activity list: a query field over the catalog, results updated on every key,
/// one selected. Pure state; the view model owns it.
struct ActivityPicker: Equatable {
    enum Outcome: Equatable {
        case chosen(Activity)
        case cancel, edited
    }

    private(set) var query = TextField(placeholder: "type to search, e.g. run, swim, yoga", maxLength: Validation.maxInputLength)
    private(set) var results: [Activity] = ActivityCatalog.all
    private(set) var selected = 0

    static let page = 10

    /// The user's units: what some words mean depends on them ("football").
    let units: UnitSystem

    /// Opens with `query` typed, or with the whole list and `current` selected.
    init(query text: String = "", current: Activity? = nil, units: UnitSystem = .metric) {
        self.units = units
        if !text.isEmpty {
            query.setText(text)
            results = ActivityCatalog.search(text, units: units)
        }
        if let current, let i = results.firstIndex(of: current) { selected = i }
    }

    var selection: Activity? { results.indices.contains(selected) ? results[selected] : nil }
    var hasInput: Bool { !query.text.isEmpty }

    mutating func handle(_ key: Key) -> Outcome {
        switch key {
        case .escape: return .cancel
        case .enter:
            return selection.map(Outcome.chosen) ?? .edited
        case .down, .ctrl("n"): move(by: 1)
        case .up, .ctrl("p"): move(by: -1)
        case .pageDown: move(by: Self.page)
        case .pageUp: move(by: -Self.page)
        default:
            let before = query.text
            _ = query.handle(key)
            if query.text != before {
                results = ActivityCatalog.search(query.text, units: units)
                selected = 0
            }
        }
        return .edited
    }

    private mutating func move(by n: Int) {
        guard !results.isEmpty else { return }
        selected = min(results.count - 1, max(0, selected + n))
    }
}

/// "8.3 / 9.8 / 11.8", or one value when intensity does not change it.
func metSummary(_ a: Activity) -> String {
    if a.isSingleEntry { return FastFormat.oneDecimal(a.moderate.met) }
    return Intensity.allCases.map { FastFormat.oneDecimal(a.met(for: $0)) }.joined(separator: " / ")
}

/// The picker in a modal: the query, the matching activities with their METs, and the selected
/// one's Compendium codes.
struct ActivityPickerView: Widget {
    let title: String
    let picker: ActivityPicker
    let closeHint: String

    func render(in area: Rect, buffer: inout Buffer, context: RenderContext) {
        let modal = Modal(
            title: title, rightTitle: "\(picker.results.count) of \(ActivityCatalog.all.count)",
            width: 76, height: max(10, area.height - 2))
        let inner = modal.draw(in: area, buffer: &buffer, context: context).inset(left: 1, right: 1)
        guard inner.height >= 5 else { return }
        let (searchRow, rest) = inner.splitTop(2)
        let label = "Search "
        buffer.write(label, x: searchRow.x, y: searchRow.y, style: context.style(.accent))
        let fieldRect = Rect(x: searchRow.x + label.count, y: searchRow.y, width: max(0, min(44, searchRow.width - label.count)), height: 1)
        picker.query.render(in: fieldRect, buffer: &buffer, context: context)

        let (list, footer) = rest.splitBottom(2)
        let window = Table.window(selected: picker.selected, rowCount: picker.results.count, visibleRows: list.height - 1)
        var table = Table(
            columns: [
                TableColumn("Activity"), TableColumn("Group", width: .length(8)),
                TableColumn("MET low / mod / high", width: .length(20), alignment: .right),
            ],
            rows: picker.results[window].map { a in
                TableRow([Span(a.name), Span(a.category.label, .muted), Span(metSummary(a), .accent)])
            }, selected: picker.selected - window.lowerBound,
            emptyMessage: "No activity matches — Backspace to widen the search.", columnSpacing: 1)
        table.moreAbove = window.lowerBound > 0
        table.moreBelow = window.upperBound < picker.results.count
        table.render(in: list, buffer: &buffer, context: context)

        let (codesRow, hintRow) = footer.splitTop(1)
        if let a = picker.selection {
            let codes = a.isSingleEntry ? a.moderate.code : Intensity.allCases.map { a.entry(for: $0).code }.joined(separator: " / ")
            buffer.write(
                [Span("Compendium 2011: ", .muted), Span(codes, .text)], x: codesRow.x, y: codesRow.y,
                maxWidth: codesRow.width, context: context)
        }
        buffer.write(Line("↑/↓ choose · Enter select · \(closeHint)", .muted), in: hintRow, context: context)
    }
}
