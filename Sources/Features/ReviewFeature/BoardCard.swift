import BodiiDomain
import TerminalKit

/// The board's columns, left to right: the actions still open from earlier periods (only when
/// there are any: they come first, PRODUCT.md §8), then Keep, Problem, Try and Action.
public enum BoardColumn: Int, CaseIterable, Sendable {
    case carried, keep, problem, `try`, action

    public var title: String {
        switch self {
        case .carried: return "Open from before"
        case .keep: return "Keep"
        case .problem: return "Problem"
        case .try: return "Try"
        case .action: return "Action"
        }
    }

    var itemKind: ReviewItemKind? {
        switch self {
        case .keep: return .keep
        case .problem: return .problem
        case .try: return .try
        case .carried, .action: return nil
        }
    }

    var role: Role {
        switch self {
        case .carried, .action: return .action
        case .keep: return .keep
        case .problem: return .problem
        case .try: return .try
        }
    }
}

/// One card of the board: a note or an action.
public enum BoardCard: Equatable, Sendable, Identifiable {
    case item(ReviewItem)
    case action(ReviewAction)

    public var id: Int64? {
        switch self {
        case .item(let i): return i.id
        case .action(let a): return a.id
        }
    }

    public var text: String {
        switch self {
        case .item(let i): return i.text
        case .action(let a): return a.text
        }
    }
}
