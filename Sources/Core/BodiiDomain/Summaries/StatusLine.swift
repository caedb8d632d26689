import Foundation

/// `bodii status`: one line of today's numbers for a status bar (tmux, polybar, a prompt), from a
/// template with `{placeholders}`. Every value comes from the same computations as `today` and
/// the dashboard; a value that is not known shows as "–", never as a made-up 0.
public struct StatusLine: Equatable, Sendable {
    public enum Placeholder: String, CaseIterable, Sendable {
        case eaten, target, left, weight, trend, sleep, steps, streak, checkin, fast
        case actionsDue = "actions_due"
        case useSoon = "use_soon"
    }

    enum Piece: Equatable, Sendable {
        case text(String)
        case value(Placeholder)
    }

    let pieces: [Piece]

    /// Fits 40 columns: "1234/1800 kcal · 79.8 kg ↓ · 7h30 · ✓".
    public static let defaultTemplate = "{eaten}/{target} kcal · {weight} {trend} · {sleep} · {checkin}"
    /// The default while a fast is on: the fast's time joins the line ("· fast 14 h 20").
    public static let fastingTemplate = defaultTemplate + " · fast {fast}"

    /// A brace pair holding a known name is a placeholder; any other brace is text, but a pair
    /// holding a word that is not a placeholder is refused, so a typo never prints silently.
    public init(template: String) throws(ValidationError) {
        var pieces: [Piece] = []
        var text = ""
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{") {
            text += rest[..<open]
            let afterOpen = rest.index(after: open)
            guard let close = rest[afterOpen...].firstIndex(where: { $0 == "}" || $0 == "{" }), rest[close] == "}" else {
                text.append("{")
                rest = rest[afterOpen...]
                continue
            }
            let name = String(rest[afterOpen..<close])
            if let placeholder = Placeholder(rawValue: name) {
                if !text.isEmpty { pieces.append(.text(text)) }
                text = ""
                pieces.append(.value(placeholder))
            } else if name.allSatisfy({ $0.isLetter || $0 == "_" }) && !name.isEmpty {
                throw ValidationError(field: "placeholder", value: "{\(name)}", allowed: Self.allowedList, problem: .unknown)
            } else {
                text += rest[open...close]
            }
            rest = rest[rest.index(after: close)...]
        }
        text += rest
        if !text.isEmpty { pieces.append(.text(text)) }
        self.pieces = pieces
    }

    /// "{eaten}, {target}, …".
    public static var allowedList: String { Placeholder.allCases.map { "{\($0.rawValue)}" }.joined(separator: ", ") }

    /// The line, with each placeholder replaced by its value and the whole made safe for a terminal.
    public func render(_ values: Values) -> String {
        TerminalText.printable(
            pieces.map { piece in
                switch piece {
                case .text(let text): return text
                case .value(let placeholder): return values.text(for: placeholder)
                }
            }.joined())
    }

    /// The day's numbers the placeholders show.
    public struct Values: Equatable, Sendable {
        public var summary: DaySummary
        public var weight: WeightGlance
        public var units: UnitSystem
        public var currentStreak: Int
        public var checkedIn: Bool
        /// The day's imported step count, if any.
        public var steps: Int?
        /// Open review actions due on the day or before it (overdue).
        public var actionsDue: Int
        /// Pantry lots to use within `StockOverview.defaultUseSoonDays` or expired: the dashboard's "Use soon".
        public var useSoon: Int
        /// Minutes into the fast on, nil when none is.
        public var fastMinutes: Int?

        public init(
            summary: DaySummary, weight: WeightGlance, units: UnitSystem, currentStreak: Int, checkedIn: Bool,
            steps: Int? = nil, actionsDue: Int = 0, useSoon: Int = 0, fastMinutes: Int? = nil
        ) {
            self.fastMinutes = fastMinutes
            self.summary = summary
            self.weight = weight
            self.units = units
            self.currentStreak = currentStreak
            self.checkedIn = checkedIn
            self.steps = steps
            self.actionsDue = actionsDue
            self.useSoon = useSoon
        }

        static let unknown = "–"

        func text(for placeholder: Placeholder) -> String {
            let fmt = UnitFormatter(units)
            switch placeholder {
            case .eaten: return Self.kcal(summary.eatenKcal)
            case .target: return summary.targets.map { Self.kcal($0.kcal) } ?? Self.unknown
            case .left:
                return summary.targets.map { Self.kcal($0.left(eaten: summary.eatenKcal, burned: summary.burnedKcal)) } ?? Self.unknown
            case .weight: return weight.latest.map { fmt.mass($0.kg) } ?? Self.unknown
            case .trend: return weight.direction(units: units)?.arrow ?? Self.unknown
            case .sleep: return summary.sleepMinutes.map(DurationFormat.compact) ?? Self.unknown
            case .steps: return steps.map(ActivityText.grouped) ?? Self.unknown
            case .actionsDue: return String(actionsDue)
            case .useSoon: return String(useSoon)
            case .streak: return String(currentStreak)
            case .checkin: return checkedIn ? "✓" : "○"
            case .fast: return fastMinutes.map(DurationFormat.hoursMinutes) ?? Self.unknown
            }
        }

        /// Whole kcal with a real minus sign ("−120" when over the target).
        static func kcal(_ value: Double) -> String {
            SignedNumber.whole(value)
        }
    }

    /// Reads what the line shows for `day`: the day's summary, weight and check-in streak.
    public static func values(
        on day: LocalDate, now: Date,
        source: any DaySummaryQuery.Source & CheckInRepository & ProfileRepository
            & ActivityRepository & ReviewRepository & PantryRepository & FastRepository
    ) throws -> Values {
        let weights = try DaySummaryQuery(source: source).trendWindow(endingOn: day)
        let summary = try DaySummaryQuery(source: source).summary(for: day, weights: weights)
        let weight = try WeightGlance.compute(day: day, weights: weights) {
            try source.latestBodyRecord(onOrBefore: day).flatMap { r in r.weightKg.map { WeighIn(date: r.date, kg: $0) } }
        }
        let recent = Set(try source.checkIns(in: DateRange(ending: day, days: 2)).map(\.date))
        return Values(
            summary: summary, weight: weight, units: try source.loadProfile()?.unitSystem ?? .metric,
            currentStreak: try source.checkInStreaks(endingOn: day).current, checkedIn: recent.contains(day),
            steps: try source.activitySnapshot(on: day)?.steps,
            actionsDue: try source.allActions(includingClosed: false).filter { $0.status == .open && $0.due.map { $0 <= day } == true }
                .count,
            useSoon: StockOverview.rows(try source.pantrySnapshot(), today: day, onlyWithin: StockOverview.defaultUseSoonDays).count,
            fastMinutes: try source.currentFast()?.minutes(at: now))
    }
}
