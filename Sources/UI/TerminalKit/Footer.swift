/// One line of key hints, `a add  e edit … c check-in  ? help  q quit`: keys in the accent role,
/// help in muted. The `trailing` hints (the app's own: check-in, help, quit) are always shown, at
/// the right end; the others fill the room left from the left, in order (most useful first), and
/// those that don't fit are dropped from the end whole, never cut in the middle.
public struct Footer: Widget, Equatable, Sendable {
    public var bindings: [KeyBinding]
    public var trailing: [KeyBinding]

    public init(_ bindings: [KeyBinding], trailing: [KeyBinding] = []) {
        self.bindings = bindings
        self.trailing = trailing
    }

    /// The footer hints of several key maps (e.g. the focused view's, then the app's).
    public init(keyMaps: [KeyMap]) { self.init(keyMaps.flatMap(\.footer)) }

    static func spans(_ binding: KeyBinding) -> [Span] {
        [Span(binding.keyLabel, .accent), Span(" " + (binding.brief ?? binding.help), .muted)]
    }
    static func width(_ bindings: [KeyBinding]) -> Int {
        bindings.reduce(0) { total, b in total + spans(b).reduce(0) { $0 + $1.width } } + max(0, bindings.count - 1) * 2
    }

    public func render(in area: Rect, buffer: inout Buffer, context: RenderContext) {
        guard !area.isEmpty else { return }
        let trailingWidth = Self.width(trailing)
        let right = trailing.isEmpty ? area.maxX : area.maxX - 1 - trailingWidth
        var x = area.x + 1
        for binding in bindings {
            let spans = Self.spans(binding)
            let w = spans.reduce(0) { $0 + $1.width }
            guard x + w <= (trailing.isEmpty ? area.maxX : right - 2) else { break }
            buffer.write(spans, x: x, y: area.y, maxWidth: w, context: context)
            x += w + 2
        }
        x = max(area.x + 1, right)
        for binding in trailing {
            let spans = Self.spans(binding)
            let w = spans.reduce(0) { $0 + $1.width }
            guard x + w <= area.maxX else { break }
            buffer.write(spans, x: x, y: area.y, maxWidth: w, context: context)
            x += w + 2
        }
    }
}
