/// A one-row trend, one cell per value (the most recent values when there are more than cells).
/// `nil` is a blank; a flat series sits at mid height so it doesn't look empty.
public struct Sparkline: Widget, Equatable, Sendable {
    public var values: [Double?]
    public var role: Role
    public var scale: ClosedRange<Double>?

    public init(_ values: [Double?], role: Role = .series1, scale: ClosedRange<Double>? = nil) {
        self.values = values
        self.role = role
        self.scale = scale
    }

    public func render(in area: Rect, buffer: inout Buffer, context: RenderContext) {
        guard !area.isEmpty else { return }
        let shown = values.suffix(area.width)
        let finite = shown.compactMap { $0 }.filter(\.isFinite)
        let lo = scale?.lowerBound ?? finite.min() ?? 0
        let hi = scale?.upperBound ?? finite.max() ?? 1
        let y = area.y + area.height - 1
        for (i, value) in shown.enumerated() {
            guard let v = value, v.isFinite else { continue }
            let eighths = hi > lo ? 1 + ChartScale.cell((min(hi, max(lo, v)) - lo) / (hi - lo) * 7, in: 0...7) : 4
            buffer.write(context.symbols.barLevel(eighths: eighths), x: area.x + i, y: y, style: context.style(role))
        }
    }
}
