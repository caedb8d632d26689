/// A rectangle of terminal cells. Origin is top-left; sizes never go negative.
public struct Rect: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = max(0, width)
        self.height = max(0, height)
    }

    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    public var isEmpty: Bool { width == 0 || height == 0 }
    public var maxX: Int { x + width }
    public var maxY: Int { y + height }
    public var area: Int { width * height }
    public var description: String { "(\(x),\(y) \(width)x\(height))" }

    /// Shrinks every side by the given margins (clamped to an empty rect).
    public func inset(top: Int = 0, left: Int = 0, bottom: Int = 0, right: Int = 0) -> Rect {
        Rect(x: x + left, y: y + top, width: width - left - right, height: height - top - bottom)
    }

    public func inset(by n: Int) -> Rect { inset(top: n, left: n, bottom: n, right: n) }

    public func intersection(_ other: Rect) -> Rect {
        let nx = max(x, other.x), ny = max(y, other.y)
        let mx = min(maxX, other.maxX), my = min(maxY, other.maxY)
        return Rect(x: nx, y: ny, width: mx - nx, height: my - ny)
    }

    public func contains(x px: Int, y py: Int) -> Bool {
        px >= x && px < maxX && py >= y && py < maxY
    }

    /// A rect of at most `w`×`h` centred in this one.
    public func centered(width w: Int, height h: Int) -> Rect {
        let cw = min(w, width), ch = min(h, height)
        return Rect(x: x + (width - cw) / 2, y: y + (height - ch) / 2, width: cw, height: ch)
    }

    /// The top `n` rows, and the rest.
    public func splitTop(_ n: Int) -> (Rect, Rect) {
        let n = min(max(0, n), height)
        return (Rect(x: x, y: y, width: width, height: n), Rect(x: x, y: y + n, width: width, height: height - n))
    }

    /// The rest, and the bottom `n` rows.
    public func splitBottom(_ n: Int) -> (Rect, Rect) {
        let n = min(max(0, n), height)
        return (Rect(x: x, y: y, width: width, height: height - n), Rect(x: x, y: maxY - n, width: width, height: n))
    }

    /// The left `n` columns, and the rest.
    public func splitLeft(_ n: Int) -> (Rect, Rect) {
        let n = min(max(0, n), width)
        return (Rect(x: x, y: y, width: n, height: height), Rect(x: x + n, y: y, width: width - n, height: height))
    }
}

/// How a run of space is shared out among parts, like ratatui's `Constraint`.
public enum Constraint: Equatable, Sendable {
    case length(Int)
    case percentage(Int)
    case fill(Int)  // weight of what remains
    case min(Int)  // at least n, then shares remaining space like fill(1)
}

public enum Direction: Sendable { case horizontal, vertical }

public enum Layout {
    /// Splits `area` along `direction`, with `spacing` cells between parts. Parts always fit inside `area`.
    public static func split(_ area: Rect, _ direction: Direction, _ constraints: [Constraint], spacing: Int = 0) -> [Rect] {
        guard !constraints.isEmpty else { return [] }
        let total = direction == .horizontal ? area.width : area.height
        let gaps = spacing * (constraints.count - 1)
        let available = max(0, total - gaps)
        var sizes = [Int](repeating: 0, count: constraints.count)
        var used = 0
        var weights = 0
        for (i, c) in constraints.enumerated() {
            switch c {
            case .length(let n): sizes[i] = max(0, n)
            case .percentage(let p): sizes[i] = available * max(0, min(100, p)) / 100
            case .min(let n): sizes[i] = max(0, n); weights += 1
            case .fill(let w): weights += max(0, w)
            }
            used += sizes[i]
        }
        // Fixed parts may overflow a small area: shrink from the end so earlier parts survive.
        var overflow = used - available
        var i = constraints.count - 1
        while overflow > 0 && i >= 0 {
            let cut = min(overflow, sizes[i])
            sizes[i] -= cut
            overflow -= cut
            i -= 1
        }
        var remaining = max(0, available - sizes.reduce(0, +))
        if weights > 0 && remaining > 0 {
            let pool = remaining
            var lastFlexible = -1
            for (i, c) in constraints.enumerated() {
                let w: Int
                switch c {
                case .fill(let n): w = max(0, n)
                case .min: w = 1
                default: w = 0
                }
                guard w > 0 else { continue }
                let share = pool * w / weights
                sizes[i] += share
                remaining -= share
                lastFlexible = i
            }
            if lastFlexible >= 0 { sizes[lastFlexible] += remaining }
        }
        var rects: [Rect] = []
        var offset = direction == .horizontal ? area.x : area.y
        for size in sizes {
            // Spacing can push empty trailing parts past the end; keep even those inside `area`.
            offset = min(offset, direction == .horizontal ? area.maxX : area.maxY)
            switch direction {
            case .horizontal: rects.append(Rect(x: offset, y: area.y, width: size, height: area.height))
            case .vertical: rects.append(Rect(x: area.x, y: offset, width: area.width, height: size))
            }
            offset += size + spacing
        }
        return rects
    }
}
