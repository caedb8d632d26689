import TerminalKit

/// The day-stepping keys every dated view shares: `[` previous, `]` next, `t` today.
public enum DayStep: Sendable {
    case previous, next, today

    public init?(_ key: Key) {
        switch key {
        case .char("["): self = .previous
        case .char("]"): self = .next
        case .char("t"): self = .today
        default: return nil
        }
    }

    /// Days to move, or nil for "back to today".
    public var offset: Int? {
        switch self {
        case .previous: return -1
        case .next: return 1
        case .today: return nil
        }
    }

    public static let bindings = [
        KeyBinding([.char("["), .char("]")], label: "[ ]", help: "previous / next day", footer: true, brief: "day"),
        KeyBinding([.char("t")], help: "today"),
    ]
}

/// The chart-range keys (PRODUCT.md §2): `-` widens the range (week → month → quarter → year),
/// `+` narrows it back. `=` is `+` without Shift.
public enum ChartZoom: Sendable {
    case wider, narrower

    public init?(_ key: Key) {
        switch key {
        case .char("-"): self = .wider
        case .char("+"), .char("="): self = .narrower
        default: return nil
        }
    }

    public static let bindings = [
        KeyBinding(
            [.char("-"), .char("+"), .char("=")], label: "-/+", help: "chart range: week, month, quarter, year", footer: true,
            brief: "range")
    ]
}

extension DayStep {
    /// `[` `]` `t` as actions.
    public static func actions<Action: Sendable>(_ make: @escaping @Sendable (DayStep) -> Action) -> [BoundKey<Action>] {
        bindings.map { $0.performs { key in DayStep(key).map(make) } }
    }
}

extension ChartZoom {
    /// `-` `+` as actions.
    public static func actions<Action: Sendable>(_ make: @escaping @Sendable (ChartZoom) -> Action) -> [BoundKey<Action>] {
        bindings.map { $0.performs { key in ChartZoom(key).map(make) } }
    }
}
