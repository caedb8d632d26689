import Foundation

/// Scales, labels and axes shared by the charts.
enum ChartScale {
    /// Widens `lo...hi` to round numbers so labels are short. Coarse steps are half the range's
    /// magnitude (0…2430 → 0…2500, 0…9.3 → 0…9.5), for bars that start at zero; fine steps are a
    /// tenth of it (80.43…82.61 → 80.4…82.7), for lines that should fill the height — but never
    /// finer than 0.1, the precision weights are shown in (80.52…81.37 → 80.5…81.4, not 80.52).
    static func nice(_ lo: Double, _ hi: Double, coarse: Bool = true) -> (lo: Double, hi: Double) {
        guard lo.isFinite, hi.isFinite else { return (0, 1) }
        if hi <= lo { return (lo - 1, lo + 1) }
        let magnitude = pow(10, floor(log10(hi - lo)))
        let step = coarse ? magnitude / 2 : max(0.1, magnitude / 10)
        let nlo = floor(lo / step) * step, nhi = ceil(hi / step) * step
        return (nlo, nhi > nlo ? nhi : nlo + step)
    }

    /// `f` rounded (by `rule`) and clamped to `bounds`, total: a NaN (from an infinite or huge
    /// stored value) is the low end, never a trap in `Int(_:)`.
    static func cell(_ f: Double, in bounds: ClosedRange<Int>, rule: FloatingPointRoundingRule = .toNearestOrAwayFromZero) -> Int {
        guard !f.isNaN else { return bounds.lowerBound }
        let r = f.rounded(rule)
        if r <= Double(bounds.lowerBound) { return bounds.lowerBound }
        if r >= Double(bounds.upperBound) { return bounds.upperBound }
        return Int(r)
    }

    static func format(_ v: Double) -> String {
        guard v.isFinite else { return "?" }
        // Beyond 1e15 a value has no exact whole Int (and `Int(_:)` of 1e300 traps): shown as "%g".
        guard abs(v) < 1e15 else { return String(format: "%g", v) }
        if abs(v - v.rounded()) < 1e-6 { return String(Int(v.rounded())) }
        if abs(v * 10 - (v * 10).rounded()) < 1e-6 { return String(format: "%.1f", v) }
        return String(format: "%.2f", v)
    }

    static func label(_ v: Double, unit: String) -> String {
        unit.isEmpty ? format(v) : "\(format(v)) \(unit)"
    }
}

/// The y-axis labels column and x-axis labels row around a plot.
struct ChartFrame {
    var plot: Rect
    var axis: Rect
    var xLabelsRow: Rect?

    /// The columns the y labels take: the widest label and a space.
    static func labelWidth(_ yLabels: [String]) -> Int { (yLabels.map { TextWidth.of($0) }.max() ?? 0) + 1 }

    /// Gives the plot what is left after the labels, dropping labels first when space is short.
    /// `minLabelWidth` lets charts drawn together share one axis width, so their plots line up.
    init(area: Rect, yLabels: [String], hasXLabels: Bool, minLabelWidth: Int = 0) {
        let showX = hasXLabels && area.height >= 3
        let (top, bottomRow) = area.splitBottom(showX ? 1 : 0)
        let labelWidth = max(minLabelWidth, Self.labelWidth(yLabels))
        let axisWidth = area.width >= labelWidth + 4 ? labelWidth : 0
        let (axis, plot) = top.splitLeft(axisWidth)
        self.plot = plot
        self.axis = axis
        self.xLabelsRow = showX ? Rect(x: plot.x, y: bottomRow.y, width: plot.width, height: 1) : nil
    }

    /// Draws `labels` at rows (top = 0), skipping any whose row already has one.
    func drawYLabels(_ labels: [(row: Int, text: String)], buffer: inout Buffer, context: RenderContext) {
        guard axis.width > 0 else { return }
        var taken = Set<Int>()
        for label in labels where label.row >= 0 && label.row < axis.height && !taken.contains(label.row) {
            taken.insert(label.row)
            let r = Rect(x: axis.x, y: axis.y + label.row, width: axis.width - 1, height: 1)
            buffer.write(Line(label.text, .muted), in: r, alignment: .right, context: context)
        }
    }

    /// Draws x labels centred on their columns, left to right, skipping overlaps. The last label
    /// (the most recent day) is placed first, so it is never the one dropped.
    func drawXLabels(_ labels: [(center: Int, text: String)], buffer: inout Buffer, context: RenderContext) {
        guard let row = xLabelsRow else { return }
        let shown = labels.filter { !$0.text.isEmpty }
        func place(_ label: (center: Int, text: String)) -> (x: Int, width: Int) {
            let w = TextWidth.of(label.text)
            return (min(max(label.center - (w - 1) / 2, row.x), row.maxX - w), w)
        }
        var limit = row.maxX + 1
        if let last = shown.last {
            let (x, _) = place(last)
            if x >= row.x {
                buffer.write(last.text, x: x, y: row.y, style: context.style(.muted))
                limit = x
            }
        }
        var nextFree = row.x
        for label in shown.dropLast() {
            let (x, w) = place(label)
            guard x >= nextFree, x + w + 1 <= limit else { continue }
            buffer.write(label.text, x: x, y: row.y, style: context.style(.muted))
            nextFree = x + w + 1
        }
    }
}

/// Slots for `count` bars (or groups of line points) across a plot `width` columns wide, so charts
/// drawn over the same slots line up column for column. Slots are as wide as the room allows —
/// a bar and a gap — and the spare columns go on the left, so the most recent bar ends at the
/// right edge. When slots would be a single column, they spread over the whole width instead
/// (bars one or two columns wide, touching), so a wide plot is never left half empty. With more
/// slots than columns, the oldest fall off the left.
public struct ChartSlots: Equatable, Sendable {
    public let width: Int
    public let count: Int

    public init(width: Int, count: Int) {
        self.width = max(0, width)
        self.count = max(0, count)
    }

    /// The narrowest slot's columns: a bar and the gap after it.
    var slotWidth: Int { count > 0 ? max(1, width / count) : max(1, width) }
    /// A gap between bars once there is room for one, wider for wide bars so they stay apart.
    var gap: Int { slotWidth >= 3 ? max(1, slotWidth / 5) : slotWidth - 1 }
    private var visible: Int { min(count, width) }

    /// Where slot `i`'s bar goes, relative to the plot's left edge, or nil when it fell off.
    public func bar(_ i: Int) -> (x: Int, width: Int)? {
        let shown = i - (count - visible)
        guard i < count, shown >= 0, visible > 0 else { return nil }
        if slotWidth == 1 {
            let start = shown * width / visible
            return (start, (shown + 1) * width / visible - start)
        }
        // The gap goes before each bar, so the last bar ends at the right edge.
        return (width - (visible - shown) * slotWidth + gap, slotWidth - gap)
    }

    /// The column under the middle of slot `i`'s bar, for its x label.
    public func center(_ i: Int) -> Int? { bar(i).map { $0.x + ($0.width - 1) / 2 } }
}

extension Symbols {
    /// The bar glyph for 1–8 eighths of a cell; safe with any number of levels.
    public func barLevel(eighths: Int) -> String {
        guard !barLevels.isEmpty else { return full }
        let e = min(8, max(1, eighths))
        return barLevels[max(0, min(barLevels.count - 1, (e * barLevels.count + 7) / 8 - 1))]
    }
}

/// X labels for charts, which take one label per value ("" = none).
public enum AxisLabels {
    /// A label under the last value and every `step`-th value counting back from it, so the most
    /// recent one ("today") is always named; charts skip labels that would overlap.
    public static func everyNth(count: Int, step: Int, _ label: (Int) -> String) -> [String] {
        guard count > 0 else { return [] }
        let step = max(1, step)
        return (0..<count).map { i in (count - 1 - i) % step == 0 ? label(i) : "" }
    }
}
