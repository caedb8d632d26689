import Foundation

/// One rounding rule for every number shown whole (issue 23 #24): half away from zero, once, at
/// display. And total (issue 23 #6): a stored value that is not finite, or too large to be any
/// measurement, is unknown (nil, shown "—") — a read never traps on what the database holds.
public enum WholeNumber {
    /// Beyond this magnitude a number is no measurement (and `Int(_:)` of it could trap).
    public static let limit: Double = 1e15

    /// `v` rounded half away from zero (47.5 → 48, −0.5 → −1), or nil when it is unknown.
    public static func of(_ v: Double) -> Int? {
        guard v.isFinite, abs(v) < limit else { return nil }
        return Int(v.rounded(.toNearestOrAwayFromZero))
    }

    /// `v` rounded, as text; `unknown` when it has no whole value (nil, not finite, out of range).
    public static func text(_ v: Double?, unknown: String = "—") -> String {
        guard let v, let n = of(v) else { return unknown }
        return String(n == 0 ? 0 : n)
    }

    /// A checked conversion of a value already meant to be whole (a minute count, a target):
    /// rounded the same way, nil when unknown.
    public static func checked(_ v: Double?) -> Int? { v.flatMap(of) }
}
