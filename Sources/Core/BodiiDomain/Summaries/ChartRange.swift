/// How far back a trend chart looks (PRODUCT.md §2, `-` / `+`): week → month → quarter → year.
public enum ChartRange: Int, CaseIterable, Sendable, Comparable {
    case week, month, quarter, year

    /// Days shown, ending on the selected day.
    public var days: Int {
        switch self {
        case .week: return 7
        case .month: return 30
        case .quarter: return 91
        case .year: return 365
        }
    }

    public var label: String {
        switch self {
        case .week: return "week"
        case .month: return "month"
        case .quarter: return "quarter"
        case .year: return "year"
        }
    }

    /// One step longer (`-`, zoom out); a year stays a year.
    public var wider: ChartRange { ChartRange(rawValue: rawValue + 1) ?? self }
    /// One step shorter (`+`, zoom in); a week stays a week.
    public var narrower: ChartRange { ChartRange(rawValue: rawValue - 1) ?? self }

    /// The days of the range ending on `day`.
    public func dates(endingOn day: LocalDate) -> DateRange { DateRange(ending: day, days: days) }

    public static func < (a: ChartRange, b: ChartRange) -> Bool { a.rawValue < b.rawValue }
}
