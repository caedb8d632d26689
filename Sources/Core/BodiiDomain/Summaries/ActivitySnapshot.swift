import Foundation

/// A day's activity from a phone or watch (PRODUCT.md §5, FitIQ's daily activity): steps and active
/// energy, as the source counted them. Active energy is shown beside the day, never added to what
/// the day burned: workouts already count there (as exercise), and the watch's active energy holds
/// them again.
public struct ActivitySnapshot: Equatable, Sendable, Identifiable {
    /// Where it came from ("apple-health" and its external id "activity/2026-11-21").
    public var provenance: Provenance
    public var id: Int64?
    public var date: LocalDate
    public var steps: Int?
    public var activeKcal: Double?

    public init(id: Int64? = nil, date: LocalDate, steps: Int?, activeKcal: Double?, provenance: Provenance = .bodii) {
        self.id = id
        self.date = date
        self.steps = steps
        self.activeKcal = activeKcal
        self.provenance = provenance
    }

    /// The same figures (ignoring the id): what a re-import compares.
    public func hasSameFigures(as other: ActivitySnapshot) -> Bool {
        date == other.date && steps == other.steps && activeKcal.map { ($0 * 10).rounded() } == other.activeKcal.map { ($0 * 10).rounded() }
    }
}

public protocol ActivityRepository {
    /// The day's snapshot; with several sources, the one written last.
    func activitySnapshot(on date: LocalDate) throws -> ActivitySnapshot?
    /// One snapshot per day (as `activitySnapshot(on:)` picks it), in date order.
    func activitySnapshots(in range: DateRange) throws -> [ActivitySnapshot]
}

/// How a day's activity reads: "8,412 steps · 512 active kcal".
public enum ActivityText {
    public static func line(_ a: ActivitySnapshot) -> String {
        var parts: [String] = []
        if let steps = a.steps { parts.append(grouped(steps) + (steps == 1 ? " step" : " steps")) }
        if let kcal = a.activeKcal { parts.append("\(WholeNumber.text(kcal)) active kcal") }
        return parts.isEmpty ? "—" : parts.joined(separator: " · ")
    }

    /// 12345 → "12,345".
    public static func grouped(_ n: Int) -> String {
        let digits = String(abs(n))
        var out = ""
        for (i, c) in digits.enumerated() {
            if i > 0, (digits.count - i) % 3 == 0 { out.append(",") }
            out.append(c)
        }
        return (n < 0 ? "-" : "") + out
    }
}
