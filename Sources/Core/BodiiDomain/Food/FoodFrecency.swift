/// "Frecency": how often and how lately the user logged each food. It orders the empty-query list
/// (`FoodCatalog.recentFoods`) and lifts foods in search (`FoodHistory`), so both count the same.
///
/// Entries count back from the latest logged day, not from today, so a pause in logging does not
/// empty the list. Each entry adds points by its age: 100 within 3 days, 70 within 2 weeks, 50
/// within a month, 30 within 3 months, 10 before, nothing after `days`. So a food eaten every day
/// of the last week (610) ranks above one eaten once yesterday (100), and a weekly habit of two
/// months (8 × 30–100 ≈ 400) above a one-off from today.
public struct FoodFrecency: Sendable {
    /// Entries more than this many days before the latest logged day do not count.
    public static let days = 180

    /// The points of one entry `age` days before the latest logged day (0 = that day).
    public static func points(age: Int) -> Double {
        switch age {
        case ..<4: 100
        case ..<15: 70
        case ..<31: 50
        case ..<91: 30
        case ...days: 10
        default: 0
        }
    }

    /// One food's standing: its points, then its latest day and entry break ties.
    public struct Standing: Sendable, Equatable {
        public let foodID: String
        public private(set) var points: Double
        public private(set) var lastDay: String
        public private(set) var lastEntry: Int64

        mutating func add(points: Double, day: String, entry: Int64) {
            self.points += points
            lastDay = max(lastDay, day)
            lastEntry = max(lastEntry, entry)
        }
    }

    /// The first day that counts (`days` before the latest), as `YYYY-MM-DD`: what the store
    /// reads from.
    public let firstDay: String
    /// The first day of each age band, newest first, with the band's points. Days are compared as
    /// `YYYY-MM-DD` text (whose order is the calendar's), so an entry costs no date parsing.
    private let bands: [(firstDay: String, points: Double)]
    private var standings: [Standing] = []
    private var indexByFood: [String: Int] = [:]

    public init(latest: LocalDate) {
        firstDay = latest.adding(days: -Self.days).iso
        bands = [3, 14, 30, 90, Self.days].map { age in (latest.adding(days: -age).iso, Self.points(age: age)) }
    }

    /// Counts one log entry of `foodID` on `day` (`YYYY-MM-DD`); days before `firstDay` count
    /// nothing.
    public mutating func add(foodID: String, day: String, entry: Int64) {
        guard let band = bands.first(where: { day >= $0.firstDay }) else { return }
        if let i = indexByFood[foodID] {
            standings[i].add(points: band.points, day: day, entry: entry)
        } else {
            indexByFood[foodID] = standings.count
            standings.append(Standing(foodID: foodID, points: band.points, lastDay: day, lastEntry: entry))
        }
    }

    /// Every food counted, most points first, then the latest logged first.
    public var ranked: [Standing] {
        standings.sorted { a, b in
            if a.points != b.points { return a.points > b.points }
            if a.lastDay != b.lastDay { return a.lastDay > b.lastDay }
            return a.lastEntry > b.lastEntry
        }
    }
}
