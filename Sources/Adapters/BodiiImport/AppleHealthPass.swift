import BodiiDomain
import Foundation

/// What one pass over an export shares between the kinds of record: which days it keeps (its
/// mode), the budget it charges what they keep against, the sources by index, and the counts of
/// what was read and skipped. Each kind's handler gets it `inout`; the collector owns it.
struct AppleHealthPass {
    /// Records dated after this day are left out (a clock set wrong on the phone).
    let latestDay: LocalDate
    /// Whether this pass keeps every day, counts, or keeps a run of days (`AppleHealthParts`).
    private(set) var mode: AppleHealthPassMode
    /// The first pass's cost of each day, for planning parts when the export outgrows one pass.
    private var dayCharges: AppleHealthDayCharges?
    private var hourBits: AppleHealthHourBits?
    /// Records without a usable date, by reason: they belong to no part, so the first pass counts them.
    private var undatedSkips: [MergeCounts.Kind: [String: Int]] = [:]
    /// Bytes charged against `AppleHealthLimits.budgetBytes`.
    private var charged = 0
    /// Set when a part holds more than `AppleHealthLimits` allow: the reader splits it.
    private(set) var overLimit = false
    /// Set when the first pass has just outgrown its budget: the collector drops what the kinds kept.
    var dropsKept = false
    /// The counts so far: records read, skipped ones by reason, other types.
    var data = AppleHealthData()
    var sources = AppleHealthSources()

    /// A first pass (`part` nil), or a pass keeping the days of `part`.
    init(latestDay: LocalDate, part: ClosedRange<LocalDate>?) {
        self.latestDay = latestDay
        if let part {
            mode = .part(part)
        } else {
            mode = .whole
            dayCharges = AppleHealthDayCharges(first: Validation.earliestDate, last: latestDay)
        }
    }

    /// The record's start, or nil after counting it as skipped: dates are within 1900…`latestDay`
    /// (today + 1), as typed dates are. Nil, uncounted, for a day this pass does not keep; while
    /// counting, nil after charging the record to its day.
    mutating func start(_ element: XMLElementStart, _ kind: MergeCounts.Kind) -> HealthTimestamp? {
        guard let bytes = element.value("startDate"), let time = HealthTimestamp.parse(bytes) else {
            skipUndated(kind, "no readable date")
            return nil
        }
        guard time.day <= latestDay else {
            skipUndated(kind, "dated in the future")
            return nil
        }
        guard time.day >= Validation.earliestDate else {
            skipUndated(kind, "dated before \(Validation.earliestDate.year)")
            return nil
        }
        switch mode {
        case .whole:
            return time
        case .counting:
            chargeUnkept(element, kind, time)
            return nil
        case .part(let days):
            // Nights and hourly samples starting up to two days before can reach into the part.
            let reach = kind == .sleep || kind == .activity ? 2 : 0
            return days.lowerBound.adding(days: -reach) <= time.day && time.day <= days.upperBound ? time : nil
        }
    }

    /// A record without a usable date is counted by the first pass only.
    private mutating func skipUndated(_ kind: MergeCounts.Kind, _ reason: String) {
        if case .part = mode { return }
        data.skip(kind, reason)
        undatedSkips[kind, default: [:]][reason, default: 0] += 1
    }

    /// Whether this pass writes `day`'s records and counts their skips (a part's days before
    /// its first are read only for what crosses into it).
    func keeps(_ day: LocalDate) -> Bool {
        guard case .part(let days) = mode else { return true }
        return days.contains(day)
    }

    /// Counts a skipped record of `day`, when this pass keeps that day.
    mutating func skip(_ kind: MergeCounts.Kind, _ reason: String, on day: LocalDate) {
        if keeps(day) { data.skip(kind, reason) }
    }

    /// Charges something kept on `day` against the budget. Past it, a first pass drops what it
    /// kept and goes on counting (the export is then read in parts); a part is split by the reader.
    mutating func keep(_ cost: Int = AppleHealthLimits.rowCost, on day: LocalDate) {
        charged += cost
        dayCharges?.charge(cost, on: day)
        guard charged > AppleHealthLimits.budgetBytes else { return }
        switch mode {
        case .whole: startCounting()
        case .counting: break
        case .part: overLimit = true
        }
    }

    /// The first pass outgrew its budget: what it kept is dropped (the parts read it again) and,
    /// from here on, each record is only charged to its day.
    private mutating func startCounting() {
        mode = .counting
        dropsKept = true
        // Skips of dated records are counted again by the part that reads their day.
        data.skipped = undatedSkips
        hourBits = AppleHealthHourBits(firstDay: Validation.earliestDate, lastDay: latestDay)
    }

    /// While counting: charges a record to its day as keeping it would (the same weigh-in from
    /// two sources counts twice: a part only gets smaller). Hourly samples are charged once per
    /// hour and source, as their buckets are.
    private mutating func chargeUnkept(_ element: XMLElementStart, _ kind: MergeCounts.Kind, _ time: HealthTimestamp) {
        switch kind {
        case .sleep: dayCharges?.charge(AppleHealthLimits.sleepCost, on: time.day)
        case .activity: chargeHours(element, time)
        default: dayCharges?.charge(AppleHealthLimits.rowCost, on: time.day)
        }
    }

    private mutating func chargeHours(_ element: XMLElementStart, _ time: HealthTimestamp) {
        let span = AppleHealthValues.span(element, from: time)
        guard span <= 2 * 86_400 else { return }
        let source = sources.index(of: element)
        let localStart = time.instant + time.offsetSeconds
        var hour = AppleHealthValues.floorDiv(localStart, 3600)
        let lastHour = AppleHealthValues.floorDiv(localStart + max(span, 1) - 1, 3600)
        while hour <= lastHour {
            if hourBits?.insert(hour: hour, source: source) == true {
                dayCharges?.charge(AppleHealthLimits.bucketCost, on: LocalDate(daysSinceEpoch: AppleHealthValues.floorDiv(hour, 24)))
            }
            hour += 1
        }
    }

    /// The runs of days to read a counted export in, each within a share of the budget that
    /// leaves room for the two days before it a part also reads.
    func plannedParts() -> [ClosedRange<LocalDate>] {
        dayCharges?.runs(upTo: AppleHealthLimits.budgetBytes * 3 / 4) ?? []
    }
}

/// The sources records name, by index (hourly buckets pack it in 10 bits): at most
/// `AppleHealthLimits.names`, the rest counted together.
struct AppleHealthSources {
    /// Where sources past `AppleHealthLimits.names` are counted (index 1000: buckets pack fewer than 1024).
    static let more = "(more sources)"

    private(set) var names: [String] = []
    private var indexByName: [String: Int] = [:]
    /// The last source read, as written: runs of records from one source are the rule.
    private var lastBytes: [UInt8] = []
    private var last = -1

    /// The source's index; `sourceName`, or `source` in exports of 2015.
    mutating func index(of element: XMLElementStart) -> Int {
        guard let bytes = element.value("sourceName") ?? element.value("source") else { return intern("") }
        if last >= 0, bytes.elementsEqual(lastBytes) { return last }
        lastBytes = Array(bytes)
        last = intern(AppleHealthValues.echoable(String(decoding: bytes.prefix(AppleHealthLimits.echoedName * 4 + 1), as: UTF8.self)))
        return last
    }

    private mutating func intern(_ name: String) -> Int {
        if let i = indexByName[name] { return i }
        if names.count >= AppleHealthLimits.names, name != Self.more { return intern(Self.more) }
        names.append(name)
        indexByName[name] = names.count - 1
        return names.count - 1
    }
}
