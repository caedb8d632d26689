/// Vertical bars with eighth-cell precision, an optional target line or band, min/max labels with
/// the unit and x labels. `nil` values are gaps; a real value, even zero, always shows a sliver.
/// By default the bars share the width in equal slots (`ChartSlots`), as wide as the room allows;
/// a fixed `barWidth` keeps bars that narrow. When there are more values than room, the most
/// recent (rightmost) ones are shown.
public struct BarChart: Widget, Equatable, Sendable {
    public enum Target: Equatable, Sendable {
        case line(Double)
        case band(ClosedRange<Double>)
        /// Each bar's own target (nil: none), marked across that bar: a target that changes from
        /// day to day is drawn as it was on each day, never today's across all of them.
        case perBar([Double?])
    }

    public var values: [Double?]
    public var labels: [String]
    public var unit: String
    public var target: Target?
    /// Fixed scale; by default 0 (or the lowest value, if negative) up to the highest value or target.
    public var scale: ClosedRange<Double>?
    public var role: Role
    /// Bars beyond the target (above a line, outside a band) are drawn in this role, if set.
    public var offTargetRole: Role?
    public var targetRole: Role
    public var barWidth: Int?
    /// Columns between bars of a fixed `barWidth` (slots choose their own).
    public var gap: Int
    /// Columns the y labels take at least, so charts drawn together share one axis width.
    public var axisWidth: Int

    public init(
        values: [Double?], labels: [String] = [], unit: String = "", target: Target? = nil,
        scale: ClosedRange<Double>? = nil, role: Role = .series1, offTargetRole: Role? = nil,
        targetRole: Role = .muted, barWidth: Int? = nil, gap: Int = 1, axisWidth: Int = 0
    ) {
        self.values = values
        self.labels = labels
        self.unit = unit
        self.target = target
        self.scale = scale
        self.role = role
        self.offTargetRole = offTargetRole
        self.targetRole = targetRole
        self.barWidth = barWidth
        self.gap = gap
        self.axisWidth = axisWidth
    }

    var yLabels: [String] {
        let (lo, hi) = range
        return [ChartScale.label(hi, unit: unit), ChartScale.label(lo, unit: unit)]
            + labelledTargets.map { ChartScale.label($0, unit: unit) }
    }

    /// The targets named on the y axis: a line's or band's, or the last bar's own.
    var labelledTargets: [Double] {
        guard case .perBar(let targets) = target else { return targetValues }
        return targets.indices.reversed().lazy.compactMap(barTarget).first.map { [$0] } ?? []
    }

    /// The columns this chart's y labels need: what `axisWidth` of charts drawn beside it must be.
    public var labelWidth: Int { ChartFrame.labelWidth(yLabels) }

    /// The targets labelled on the y axis and drawn across the plot (per-bar targets are not).
    var targetValues: [Double] {
        switch target {
        case .line(let v): return [v]
        case .band(let r): return [r.lowerBound, r.upperBound]
        case .perBar, nil: return []
        }
    }

    /// Bar `index`'s own target, for `.perBar`.
    func barTarget(_ index: Int) -> Double? {
        guard case .perBar(let targets) = target, targets.indices.contains(index), let t = targets[index], t.isFinite else { return nil }
        return t
    }

    var range: (lo: Double, hi: Double) {
        if let scale, scale.upperBound > scale.lowerBound { return (scale.lowerBound, scale.upperBound) }
        var all = values.compactMap { $0 }.filter(\.isFinite) + targetValues
        if case .perBar(let targets) = target { all += targets.compactMap { $0 }.filter(\.isFinite) }
        let lo = min(0, all.min() ?? 0)
        return ChartScale.nice(lo, max(all.max() ?? 1, lo + 1))
    }

    /// The row (0 = top) of a plot `height` rows tall on which `v` lies, on the scale `lo...hi`:
    /// row r from the bottom holds the values from lo + r·step up to lo + (r + 1)·step, step =
    /// (hi − lo) / height; `hi` itself is on the top row.
    public static func row(of v: Double, lo: Double, hi: Double, height: Int) -> Int {
        let f = (v - lo) / (hi - lo) * Double(height)
        return height - 1 - ChartScale.cell(f, in: 0...max(0, height - 1), rule: .down)
    }

    /// Every target drawn across the plot or across a bar.
    var allTargets: [Double] {
        if case .perBar(let targets) = target { return targets.compactMap { $0 }.filter(\.isFinite) }
        return targetValues
    }

    /// The scale of a plot `height` rows tall: `range`, raised a row at a time (to round numbers)
    /// while a target's line would fall on the top row, which carries the scale's top label — a
    /// line there read as that value (issue 26: the 2193 kcal line on the row labelled "3500").
    public func plotScale(height: Int) -> (lo: Double, hi: Double) {
        var (lo, hi) = range
        guard height >= 2, let highest = allTargets.max(), highest >= lo else { return (lo, hi) }
        for _ in 0..<8 where Self.row(of: highest, lo: lo, hi: hi, height: height) == 0 {
            (lo, hi) = ChartScale.nice(lo, hi + (hi - lo) / Double(height))
        }
        return (lo, hi)
    }

    func isOffTarget(_ v: Double, index: Int) -> Bool {
        switch target {
        case .line(let t): return v > t
        case .band(let r): return !r.contains(v)
        case .perBar: return barTarget(index).map { v > $0 } ?? false
        case nil: return false
        }
    }

    public func render(in area: Rect, buffer: inout Buffer, context: RenderContext) {
        guard !area.isEmpty else { return }
        let showX = !labels.isEmpty && area.height >= 3
        let (lo, hi) = plotScale(height: area.height - (showX ? 1 : 0))
        let top = ChartScale.label(hi, unit: unit), bottom = ChartScale.label(lo, unit: unit)
        let targetLabels = targetValues.map { ChartScale.label($0, unit: unit) }
        var barTargetLabels: [Double] = []
        if case .perBar? = target { barTargetLabels = labelledTargets }
        let frame = ChartFrame(
            area: area, yLabels: [top, bottom] + targetLabels + barTargetLabels.map { ChartScale.label($0, unit: unit) },
            hasXLabels: !labels.isEmpty, minLabelWidth: axisWidth)
        let plot = frame.plot
        guard !plot.isEmpty else { return }
        let count = values.count
        guard count > 0 else { return }
        let columns = barColumns(count: count, width: plot.width)

        func rowFromTop(_ v: Double) -> Int { Self.row(of: v, lo: lo, hi: hi, height: plot.height) }
        /// A real value's bar in eighths of a cell: at least one, so even zero shows.
        func barEighths(_ v: Double) -> Int {
            ChartScale.cell((v - lo) / (hi - lo) * Double(plot.height * 8), in: 1...max(1, plot.height * 8))
        }

        // The top label first, then the targets' (on the rows their lines are drawn), then the
        // bottom one: a row shows one label, and a target's line must carry its own.
        var yLabels = [(row: 0, text: top)]
        for (v, text) in zip(targetValues, targetLabels) {
            let row = rowFromTop(v)
            yLabels.append((row, text))
            for x in plot.x..<plot.maxX {
                buffer.write(context.symbols.horizontal, x: x, y: plot.y + row, style: context.style(targetRole))
            }
        }
        for v in barTargetLabels { yLabels.append((rowFromTop(v), ChartScale.label(v, unit: unit))) }
        yLabels.append((plot.height - 1, bottom))
        frame.drawYLabels(yLabels, buffer: &buffer, context: context)

        var xLabels: [(center: Int, text: String)] = []
        for index in 0..<count {
            guard let (x0, bw) = columns(index) else { continue }
            let x = plot.x + x0
            if index < labels.count { xLabels.append((x + (bw - 1) / 2, labels[index])) }
            defer {
                // A bar's own target is drawn across the gap before it, and across the bar where the
                // bar stops short of it; a bar that reaches the target's row keeps its glyph there, so
                // bars near their targets still differ by their tops (issue 26: on the row of the
                // line they all read the same). Over the target, the bar's colour says so.
                if let t = barTarget(index) {
                    let row = rowFromTop(t), y = plot.y + row
                    let reaches = values[index].map { $0.isFinite && barEighths($0) > (plot.height - 1 - row) * 8 } ?? false
                    let previousEnd = index > 0 ? columns(index - 1).map { $0.x + $0.width } ?? 0 : 0
                    let from = x0 > previousEnd ? x - 1 : x
                    for cx in from..<(reaches ? x : x + bw) {
                        buffer.write(context.symbols.horizontal, x: cx, y: y, style: context.style(targetRole))
                    }
                }
            }
            guard let v = values[index], v.isFinite else { continue }
            let eighths = barEighths(v)
            let style = context.style(offTargetRole.map { isOffTarget(v, index: index) ? $0 : role } ?? role)
            for r in 0..<plot.height {
                let units = min(8, eighths - r * 8)
                guard units > 0 else { break }
                let symbol = context.symbols.barLevel(eighths: units)
                for dx in 0..<bw { buffer.write(symbol, x: x + dx, y: plot.maxY - 1 - r, style: style) }
            }
        }
        frame.drawXLabels(xLabels, buffer: &buffer, context: context)
    }

    /// Where bar `i` of `count` goes in a plot `width` wide: its first column and its width, or
    /// nil when it doesn't fit (the oldest bars give way).
    func barColumns(count: Int, width: Int) -> (Int) -> (x: Int, width: Int)? {
        guard let fixed = barWidth else {
            let slots = ChartSlots(width: width, count: count)
            return { i in slots.bar(i) }
        }
        var gap = max(0, self.gap)
        let bw = max(1, fixed)
        let fit = max(1, (width + gap) / (bw + gap))
        let first = max(0, count - fit)
        if count <= fit && count > 1 {
            // Spread few bars over the width, but not so far apart that they stop reading as a series.
            gap = max(gap, min(bw + 1, (width - count * bw) / (count - 1)))
        }
        return { [gap] i in
            let x = (i - first) * (bw + gap)
            return i >= first && x + bw <= width ? (x, bw) : nil
        }
    }
}
