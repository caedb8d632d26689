/// One line of key hints, `q quit  ? help  a add`: keys in the accent role, help in muted.
/// Hints that don't fit are dropped from the end whole, never cut in the middle.
public struct Footer: Widget, Equatable, Sendable {
    public var bindings: [KeyBinding]

    public init(_ bindings: [KeyBinding]) { self.bindings = bindings }

    /// The footer hints of several key maps (e.g. the focused view's, then the app's).
    public init(keyMaps: [KeyMap]) { self.bindings = keyMaps.flatMap(\.footer) }

    public func render(in area: Rect, buffer: inout Buffer, context: RenderContext) {
        guard !area.isEmpty else { return }
        var x = area.x + 1
        for binding in bindings {
            let spans = [Span(binding.keyLabel, .accent), Span(" " + binding.help, .muted)]
            let w = spans.reduce(0) { $0 + $1.width }
            guard x + w <= area.maxX else { break }
            buffer.write(spans, x: x, y: area.y, maxWidth: w, context: context)
            x += w + 2
        }
    }
}
