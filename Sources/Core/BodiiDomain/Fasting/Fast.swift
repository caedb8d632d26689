import Foundation

/// One fast (issue 47 item 2): from its start to its end, or still going; `goalHours` is what the
/// person meant to reach (16 for 16:8).
public struct Fast: Equatable, Sendable, Identifiable {
    public var id: Int64?
    /// The day the fast started, by the person's calendar: how lists and exports date it.
    public var date: LocalDate
    public var startedAt: Date
    /// Nil while the fast is on.
    public var endedAt: Date?
    public var goalHours: Double
    public var provenance: Provenance

    public init(
        id: Int64? = nil, date: LocalDate, startedAt: Date, endedAt: Date? = nil, goalHours: Double,
        provenance: Provenance = .bodii
    ) {
        self.id = id
        self.date = date
        self.startedAt = startedAt
        self.endedAt = endedAt
        self.goalHours = goalHours
        self.provenance = provenance
    }

    public var isOngoing: Bool { endedAt == nil }

    /// Whole minutes fasted by `now` (or by its end).
    public func minutes(at now: Date) -> Int {
        max(0, Int((endedAt ?? now).timeIntervalSince(startedAt) / 60))
    }

    /// Whether it lasted its goal (an ongoing fast: by `now`).
    public func reachedGoal(at now: Date) -> Bool { Double(minutes(at: now)) >= goalHours * 60 }
}

/// Where fasts are kept.
public protocol FastRepository {
    @discardableResult
    func addFast(_ fast: Fast) throws -> Fast
    func updateFast(_ fast: Fast) throws
    @discardableResult
    func deleteFast(id: Int64) throws -> Fast?
    /// The fasts that started in `range`, in start order.
    func fasts(in range: DateRange) throws -> [Fast]
    /// The fast on now, if any: the latest started that has no end.
    func currentFast() throws -> Fast?
    /// The finished fasts that ended on a day of `range` (in the person's time zone), each with
    /// that day, in end order: what Insights counts a fast for.
    func finishedFasts(endingIn range: DateRange) throws -> [(ended: LocalDate, fast: Fast)]
}

/// The fasting goals people name (Zero's presets), and any number of hours.
public enum FastingGoal {
    public static let presets: [(name: String, hours: Double)] = [("16:8", 16), ("18:6", 18), ("20:4", 20)]
    public static let defaultHours: Double = 16
    public static let hoursRange: ClosedRange<Double> = 1...72
    /// The goals the `fast` table keeps (up to a week): wider than a form's, so what another
    /// Bodii stored always reads back (the document's check).
    public static let storedHoursRange: ClosedRange<Double> = 1...168

    /// "16:8", "18:6", "20:4", or hours ("14", "36h"); the default when empty.
    public static func hours(_ text: String) throws(ValidationError) -> Double {
        let t = text.trimmingCharacters(in: .whitespaces).lowercased()
        if t.isEmpty { return defaultHours }
        if let preset = presets.first(where: { $0.name == t }) { return preset.hours }
        let allowed = presets.map(\.name).joined(separator: ", ") + ", or 1–72 hours"
        let number = t.hasSuffix("h") ? String(t.dropLast()) : t
        return try Validation.number(number, original: text, field: "goal", range: hoursRange, allowed: allowed)
    }

    /// "16:8" for 16 hours, "14 h" otherwise.
    public static func name(_ hours: Double) -> String {
        presets.first { $0.hours == hours }?.name ?? "\(DecimalText.format(hours)) h"
    }
}

extension ClockTime {
    /// The time of day `date` is in `timeZone` ("12:30").
    public init(_ date: Date, timeZone: TimeZone) {
        // Floor division, so an instant before 1970 is still the minute it is in.
        let seconds = Int(date.timeIntervalSince1970.rounded(.down)) + timeZone.secondsFromGMT(for: date)
        minutesAfterMidnight = ((seconds / 60) % 1440 + 1440) % 1440
    }
}
