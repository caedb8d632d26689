/// A one-row labelled bar: `Protein  ██████░░░░  96 / 140 g`. Over 100 % the bar is full and
/// drawn in `overRole`, so "too much" is visible at a glance.
public struct Gauge: Widget, Equatable, Sendable {
    public var label: String
    public var value: Double
    public var max: Double
    /// Shown right of the bar; defaults to the percentage.
    public var valueText: String?
    public var role: Role
    public var overRole: Role
    /// Columns reserved for the label, so a stack of gauges lines up; defaults to the label's width.
    public var labelWidth: Int?

    public init(
        label: String, value: Double, max: Double, valueText: String? = nil,
        role: Role = .good, overRole: Role = .warn, labelWidth: Int? = nil
    ) {
        self.label = label
        self.value = value
        self.max = max
        self.valueText = valueText
        self.role = role
        self.overRole = overRole
        self.labelWidth = labelWidth
    }

    public var ratio: Double {
        guard max > 0, value.isFinite else { return 0 }
        let r = value / max
        return r.isFinite ? Swift.max(0, r) : 0
    }

    public var isOver: Bool { ratio > 1 }

    public func render(in area: Rect, buffer: inout Buffer, context: RenderContext) {
        guard !area.isEmpty else { return }
        let row = Rect(x: area.x, y: area.y + (area.height - 1) / 2, width: area.width, height: 1)
        let text = valueText ?? (ratio < 1e6 ? "\(Int((ratio * 100).rounded()))%" : "—")
        let barRole = isOver ? overRole : role
        var rest = row
        if !label.isEmpty {
            let lw = Swift.min(labelWidth ?? TextWidth.of(label), Swift.max(0, row.width / 3))
            let (labelRect, r) = rest.splitLeft(lw)
            buffer.write(Line(label, .text), in: labelRect, context: context)
            rest = r.inset(left: 1)
        }
        let textWidth = TextWidth.of(text)
        // The number matters more than the bar: keep it, and give the bar what is left.
        if textWidth + 1 < rest.width {
            let (barRect, textRect) = (
                rest.splitLeft(rest.width - textWidth - 1).0,
                rest.inset(left: rest.width - textWidth)
            )
            drawBar(barRect, role: barRole, buffer: &buffer, context: context)
            buffer.write(Line(text, isOver ? overRole : .text), in: textRect, alignment: .right, context: context)
        } else {
            buffer.write(Line(text, isOver ? overRole : .text), in: rest, context: context)
        }
    }

    func drawBar(_ rect: Rect, role: Role, buffer: inout Buffer, context: RenderContext) {
        guard !rect.isEmpty else { return }
        let filled = Int((Swift.min(1, ratio) * Double(rect.width)).rounded())
        for i in 0..<rect.width {
            let isFilled = i < filled
            buffer.write(
                isFilled ? context.symbols.full : context.symbols.empty, x: rect.x + i, y: rect.y,
                style: context.style(isFilled ? role : .muted))
        }
    }
}
