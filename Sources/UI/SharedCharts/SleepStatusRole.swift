import BodiiDomain
import TerminalKit

extension SleepStatus {
    /// How a night's status is coloured on every screen: 7–9 h good, under 5 h bad.
    public var role: Role {
        switch self {
        case .bad: return .bad
        case .poor, .long: return .warn
        case .fair: return .text
        case .good: return .good
        }
    }
}
