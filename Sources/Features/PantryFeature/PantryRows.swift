import BodiiDomain
import TerminalKit

/// The three views of the Pantry tab, switched with `s`, `l` and `p`.
public enum PantryView: String, CaseIterable, Sendable {
    case stock, list, prices

    public var title: String {
        switch self {
        case .stock: return "Stock"
        case .list: return "Shopping list"
        case .prices: return "Prices"
        }
    }

    var key: Character {
        switch self {
        case .stock: return "s"
        case .list: return "l"
        case .prices: return "p"
        }
    }
}

/// How close a lot is to its best-before date (PRODUCT.md §10: "use soon" is ≤ 3 days, then expired).
public enum Freshness: Equatable, Sendable {
    case expired, soon, fine, undated

    var role: Role {
        switch self {
        case .expired: return .bad
        case .soon: return .warn
        case .fine, .undated: return .text
        }
    }

    /// The mark in front of the name, so urgency reads without colour too.
    func mark(_ symbols: Symbols) -> String {
        switch self {
        case .expired: return symbols.isUnicode ? "✗ " : "x "
        case .soon: return "! "
        case .fine, .undated: return "  "
        }
    }
}

/// "in 2 d", "today", "1 d ago": the days left to a best-before date, for a narrow column.
enum DaysLeftText {
    static func of(_ days: Int?) -> String {
        guard let days else { return "—" }
        switch days {
        case 0: return "today"
        case 1...: return "\(days) d"
        default: return "\(-days) d ago"
        }
    }
}
