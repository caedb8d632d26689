/// One line of a line chart. `nil` values break the line. A series of points only (raw
/// weigh-ins under a trend line) draws its values as dots without joining them.
public struct ChartSeries: Equatable, Sendable {
    public var values: [Double?]
    public var role: Role
    public var joined: Bool

    public init(_ values: [Double?], role: Role = .series1, joined: Bool = true) {
        self.values = values
        self.role = role
        self.joined = joined
    }
}

/// A line chart in braille dots (2×4 per cell), or `*` points joined by `.` in ASCII,
/// with y min/max labels in the unit and x labels. Later series draw over earlier ones.
///
/// Points spread from the left edge to the right one; or, with `slots`, they follow the slots of
/// bar charts drawn beside it: `slots[i]` points fall across the columns of bar `i`, and `labels`
/// are then one per slot, placed like the bars' labels.
public struct LineChart: Widget, Equatable, Sendable {
    public var series: [ChartSeries]
    public var labels: [String]
    public var unit: String
    public var scale: ClosedRange<Double>?
    public var slots: [Int]?
    /// Columns the y labels take at least, so charts drawn together share one axis width.
    public var axisWidth: Int

    public init(
        series: [ChartSeries], labels: [String] = [], unit: String = "", scale: ClosedRange<Double>? = nil,
        slots: [Int]? = nil, axisWidth: Int = 0
    ) {
        self.series = series
        self.labels = labels
        self.unit = unit
        self.scale = scale
        self.slots = slots
        self.axisWidth = axisWidth
    }

    /// The columns this chart's y labels need.
    public var labelWidth: Int {
        let (lo, hi) = range
        return ChartFrame.labelWidth([ChartScale.label(hi, unit: unit), ChartScale.label(lo, unit: unit)])
    }

    var range: (lo: Double, hi: Double) {
        if let scale, scale.upperBound > scale.lowerBound { return (scale.lowerBound, scale.upperBound) }
        let all = series.flatMap { $0.values.compactMap { $0 } }.filter(\.isFinite)
        guard let lo = all.min(), let hi = all.max() else { return (0, 1) }
        return ChartScale.nice(lo, hi, coarse: false)
    }

    public func render(in area: Rect, buffer: inout Buffer, context: RenderContext) {
        guard !area.isEmpty else { return }
        let (lo, hi) = range
        let top = ChartScale.label(hi, unit: unit), bottom = ChartScale.label(lo, unit: unit)
        let frame = ChartFrame(area: area, yLabels: [top, bottom], hasXLabels: !labels.isEmpty, minLabelWidth: axisWidth)
        let plot = frame.plot
        guard !plot.isEmpty else { return }
        frame.drawYLabels([(0, top), (plot.height - 1, bottom)], buffer: &buffer, context: context)

        let count = series.map(\.values.count).max() ?? 0
        let unicode = context.symbols.isUnicode
        // Dot resolution: braille packs 2×4 dots in a cell; ASCII has one "dot" per cell.
        let (sx, sy) = unicode ? (2, 4) : (1, 1)
        let dotsW = plot.width * sx, dotsH = plot.height * sy
        var grid = DotCanvas(width: plot.width, height: plot.height)

        let slotted = slots.map { SlottedPoints(counts: $0, layout: ChartSlots(width: plot.width, count: $0.count)) }
        func dotX(_ i: Int) -> Int {
            if let slotted { return slotted.dotX(i, dotsPerColumn: sx) }
            return count <= 1 ? 0 : Int((Double(i * (dotsW - 1)) / Double(count - 1)).rounded())
        }
        func dotY(_ v: Double) -> Int {
            let f = (hi - v) / (hi - lo) * Double(dotsH - 1)
            return ChartScale.cell(f, in: 0...max(0, dotsH - 1))
        }

        for (s, line) in series.enumerated() {
            var previous: (x: Int, y: Int)?
            for (i, value) in line.values.enumerated() {
                guard let v = value, v.isFinite else { previous = nil; continue }
                let point = (x: dotX(i), y: dotY(v))
                if line.joined, let p = previous {
                    grid.line(from: p, to: point, series: s, sx: sx, sy: sy, isPoint: false)
                }
                grid.line(from: point, to: point, series: s, sx: sx, sy: sy, isPoint: true)
                previous = point
            }
        }

        for cy in 0..<plot.height {
            for cx in 0..<plot.width {
                let cell = grid[cx, cy]
                guard cell.bits != 0, let s = cell.series else { continue }
                let symbol: String
                if unicode {
                    symbol = String(Character(Unicode.Scalar(0x2800 + UInt32(cell.bits)) ?? " "))
                } else {
                    symbol = cell.isPoint ? "*" : "."
                }
                buffer.write(symbol, x: plot.x + cx, y: plot.y + cy, style: context.style(series[s].role))
            }
        }

        let xLabels: [(center: Int, text: String)]
        if let slotted {
            xLabels = labels.prefix(slotted.layout.count).enumerated().compactMap { (i, text) in
                slotted.layout.center(i).map { (center: plot.x + $0, text: text) }
            }
        } else {
            xLabels = labels.prefix(count).enumerated().map { (i, text) in (center: plot.x + dotX(i) / sx, text: text) }
        }
        frame.drawXLabels(xLabels, buffer: &buffer, context: context)
    }
}

/// Points placed over bar slots: the points of slot `i` spread evenly across its bar's columns.
struct SlottedPoints {
    let counts: [Int]
    let layout: ChartSlots
    /// The slot of each point and its place in the slot.
    private let owners: [(slot: Int, index: Int)]

    init(counts: [Int], layout: ChartSlots) {
        self.counts = counts
        self.layout = layout
        owners = counts.enumerated().flatMap { slot, n in (0..<max(0, n)).map { (slot, $0) } }
    }

    /// The dot column of point `i` (off the plot, negative, when its slot fell off the left).
    func dotX(_ i: Int, dotsPerColumn sx: Int) -> Int {
        guard i < owners.count else { return layout.width * sx }
        let (slot, index) = owners[i]
        guard let bar = layout.bar(slot) else { return -1 }
        let dots = Double(bar.width * sx)
        let within = (Double(index) + 0.5) / Double(max(1, counts[slot])) * dots
        return bar.x * sx + min(Int(dots) - 1, Int(within.rounded(.down)))
    }
}

/// Cells of dots: braille bits per cell, which series drew last, and (for ASCII) whether a data
/// point, not just the line between points, lies in the cell.
struct DotCanvas {
    struct Cell { var bits: UInt8 = 0; var series: Int?; var isPoint = false }
    let width: Int, height: Int
    private var cells: [Cell]

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        cells = Array(repeating: Cell(), count: width * height)
    }

    subscript(x: Int, y: Int) -> Cell { cells[y * width + x] }

    // Braille dot bits by (column, row) inside a cell.
    static let bit: [[UInt8]] = [[0x01, 0x02, 0x04, 0x40], [0x08, 0x10, 0x20, 0x80]]

    mutating func set(dotX: Int, dotY: Int, series: Int, sx: Int, sy: Int, isPoint: Bool) {
        let cx = dotX / sx, cy = dotY / sy
        guard dotX >= 0, dotY >= 0, cx < width, cy < height else { return }
        let i = cy * width + cx
        cells[i].bits |= sx == 2 ? Self.bit[dotX % 2][dotY % 4] : 1
        cells[i].series = series
        if isPoint { cells[i].isPoint = true }
    }

    /// Bresenham's line between two dots.
    mutating func line(from a: (x: Int, y: Int), to b: (x: Int, y: Int), series: Int, sx: Int, sy: Int, isPoint: Bool) {
        var x = a.x, y = a.y
        let dx = abs(b.x - a.x), dy = -abs(b.y - a.y)
        let stepX = a.x < b.x ? 1 : -1, stepY = a.y < b.y ? 1 : -1
        var err = dx + dy
        while true {
            set(dotX: x, dotY: y, series: series, sx: sx, sy: sy, isPoint: isPoint)
            if x == b.x && y == b.y { break }
            let e2 = 2 * err
            if e2 >= dy { err += dy; x += stepX }
            if e2 <= dx { err += dx; y += stepY }
        }
    }
}
