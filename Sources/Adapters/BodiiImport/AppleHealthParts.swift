import BodiiDomain
import Foundation

/// How a pass over an export keeps what it reads (issue 48 #7). An export whose records fit
/// `AppleHealthLimits.budgetBytes` is read once (`whole`). When one outgrows it, the pass drops
/// what it kept and only counts, per day, what each day would cost (`counting`); the export is
/// then read again once per run of days that fits (`part`), each run merged before the next is
/// read, so memory stays flat whatever the history's length.
enum AppleHealthPassMode {
    case whole
    case counting
    /// Keeps the records of `days` (and, for nights and hourly samples that cross midnight, of
    /// the two days before, whose parts are then dropped).
    case part(ClosedRange<LocalDate>)
}

/// The runs of days a long export is read in.
public struct AppleHealthPlan: Sendable {
    /// What the first pass counted over the whole file: records, other types, records without a
    /// usable date (which belong to no day). The parts' own counts are added as they are read.
    public var summary: AppleHealthData
    public var parts: [ClosedRange<LocalDate>]
}

/// An export as read by the first pass: whole, or too long for one pass and planned in parts.
public enum AppleHealthContents: Sendable {
    case whole(AppleHealthData)
    case inParts(AppleHealthPlan)
}

/// What each day of an export costs to keep, counted by the first pass.
struct AppleHealthDayCharges {
    let first: LocalDate
    private(set) var bytes: [Int]

    init(first: LocalDate, last: LocalDate) {
        self.first = first
        bytes = Array(repeating: 0, count: max(0, first.days(until: last) + 1))
    }

    mutating func charge(_ cost: Int, on day: LocalDate) {
        let i = first.days(until: day)
        guard bytes.indices.contains(i) else { return }
        bytes[i] += cost
    }

    /// Consecutive runs of days, each costing at most `limit` (a day costing more is a run alone),
    /// from the first day with anything to the last day counted: a night is charged to the day it
    /// starts and kept by the day it ends, which may follow the last day charged.
    func runs(upTo limit: Int) -> [ClosedRange<LocalDate>] {
        guard let lo = bytes.firstIndex(where: { $0 > 0 }), let hi = bytes.lastIndex(where: { $0 > 0 }) else { return [] }
        var runs: [ClosedRange<LocalDate>] = []
        var start = lo
        var sum = 0
        for i in lo...hi {
            if sum > 0, sum + bytes[i] > limit {
                runs.append(first.adding(days: start)...first.adding(days: i - 1))
                start = i
                sum = 0
            }
            sum += bytes[i]
        }
        runs.append(first.adding(days: start)...first.adding(days: bytes.count - 1))
        return runs
    }
}

/// The hours of each source that hold a step or energy sample, one bit each, for counting what
/// the hourly buckets of a long export cost without keeping them (the first four sources apart,
/// the rest together: real exports have one to three).
struct AppleHealthHourBits {
    static let slots = 4
    let firstHour: Int
    let hours: Int
    private var bits: [[UInt64]] = Array(repeating: [], count: slots)

    init(firstDay: LocalDate, lastDay: LocalDate) {
        firstHour = firstDay.daysSinceEpoch * 24
        hours = max(0, (firstDay.days(until: lastDay) + 1) * 24)
    }

    /// Sets the bit of `hour` (local hours since 1970) for `source`; true when it was not set.
    mutating func insert(hour: Int, source: Int) -> Bool {
        let i = hour - firstHour
        guard i >= 0, i < hours else { return false }
        let slot = min(source, Self.slots - 1)
        if bits[slot].isEmpty { bits[slot] = Array(repeating: 0, count: (hours + 63) / 64) }
        let mask: UInt64 = 1 << UInt64(i % 64)
        guard bits[slot][i / 64] & mask == 0 else { return false }
        bits[slot][i / 64] |= mask
        return true
    }
}

extension AppleHealthData {
    /// Adds a part's counts to the whole import's summary: skipped records by reason, steps and
    /// energy by source. Records, other types and the record count stay the first pass's.
    public mutating func absorbCounts(of part: AppleHealthData) {
        for (kind, reasons) in part.skipped {
            for (reason, n) in reasons { skip(kind, reason, count: n) }
        }
        stepsBySource = Self.summed(stepsBySource.map { ($0.source, Double($0.steps)) } + part.stepsBySource.map { ($0.source, Double($0.steps)) })
            .map { (source: $0.0, steps: Int($0.1)) }
        activeKcalBySource = Self.summed(activeKcalBySource.map { ($0.source, $0.kcal) } + part.activeKcalBySource.map { ($0.source, $0.kcal) })
            .map { (source: $0.0, kcal: $0.1) }
    }

    /// Values of one name added together, most first.
    static func summed(_ pairs: [(String, Double)]) -> [(String, Double)] {
        var totals: [String: Double] = [:]
        for (name, value) in pairs { totals[name, default: 0] += value }
        return totals.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.map { ($0.key, $0.value) }
    }
}
