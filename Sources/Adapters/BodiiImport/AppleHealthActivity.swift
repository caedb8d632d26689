import BodiiDomain
import Foundation

/// Steps and active energy as they stream past, summed per hour and source: what becomes each
/// day's `ActivitySnapshot` (the source with the most in each hour: iPhone and Watch count the
/// same steps), and the totals by source the summary shows.
struct AppleHealthActivity {
    /// An hour of one source, packed in one Int (8 bytes a key, not 16): local hours since 1970
    /// (days since epoch × 24 + local hour) × 1024 + the source's index (fewer than 1024).
    typealias Bucket = Int
    static func bucket(hour: Int, source: Int) -> Bucket { hour * 1024 + source }
    static func hour(of bucket: Bucket) -> Int { AppleHealthValues.floorDiv(bucket, 1024) }
    static func source(of bucket: Bucket) -> Int { bucket - hour(of: bucket) * 1024 }

    /// Which figure a record adds to.
    enum Figure {
        case steps, energy

        var what: String { self == .steps ? "steps" : "active energy" }
        var range: ClosedRange<Double> { self == .steps ? Validation.stepsPerDayRange : Validation.activeKcalRange }
        var rangeUnit: String { self == .steps ? "a day" : "kcal a day" }

        func unitFactor(_ unit: UnsafeBufferPointer<UInt8>?) -> Double? {
            self == .steps ? 1 : AppleHealthValues.kcalFactor(unit)
        }
    }

    private var steps: [Bucket: Double] = [:]
    private var energy: [Bucket: Double] = [:]

    /// Adds a sample to its hour buckets. A sample that spans hours (one crossing midnight) is
    /// split across them in proportion to time, so each day gets its own part.
    mutating func add(_ element: XMLElementStart, _ figure: Figure, pass: inout AppleHealthPass) {
        guard let time = pass.start(element, .activity) else { return }
        guard let raw = AppleHealthValues.number(element, "value"), let factor = figure.unitFactor(element.value("unit")) else {
            pass.skip(.activity, "unreadable value or unit", on: time.day)
            return
        }
        let value = raw * factor
        guard value.isFinite, figure.range.contains(value) else {
            pass.skip(
                .activity, "\(figure.what) out of range (\(AppleHealthValues.rangeText(figure.range, figure.rangeUnit)))", on: time.day)
            return
        }
        let span = AppleHealthValues.span(element, from: time)
        guard span <= 2 * 86_400 else {
            pass.skip(.activity, "a sample spanning more than two days", on: time.day)
            return
        }
        let source = pass.sources.index(of: element)
        let localStart = time.instant + time.offsetSeconds
        let lastHour = AppleHealthValues.floorDiv((pass.latestDay.daysSinceEpoch + 1) * 86_400, 3600)
        func addToHour(_ hour: Int, _ amount: Double) {
            guard hour < lastHour else { return }  // the part after `latestDay`
            let day = LocalDate(daysSinceEpoch: AppleHealthValues.floorDiv(hour, 24))
            guard pass.keeps(day) else { return }
            let key = Self.bucket(hour: hour, source: source)
            switch figure {
            case .steps:
                if steps[key] == nil { pass.keep(AppleHealthLimits.bucketCost, on: day) }
                steps[key, default: 0] += amount
            case .energy:
                if energy[key] == nil { pass.keep(AppleHealthLimits.bucketCost, on: day) }
                energy[key, default: 0] += amount
            }
        }
        guard span > 0 else {
            addToHour(AppleHealthValues.floorDiv(localStart, 3600), value)
            return
        }
        var t = localStart
        while t < localStart + span {
            let hour = AppleHealthValues.floorDiv(t, 3600)
            let next = min(localStart + span, (hour + 1) * 3600)
            addToHour(hour, value * Double(next - t) / Double(span))
            t = next
        }
    }

    /// Per hour, the source with the most: one figure per day; and each source's total.
    private static func perDay(_ buckets: [Bucket: Double]) -> (days: [Int: Double], bySource: [Int: Double]) {
        var best: [Int: Double] = [:]
        var bySource: [Int: Double] = [:]
        for (bucket, value) in buckets {
            let hour = hour(of: bucket)
            best[hour] = max(best[hour] ?? 0, value)
            bySource[source(of: bucket), default: 0] += value
        }
        var days: [Int: Double] = [:]
        for (hour, value) in best {
            days[AppleHealthValues.floorDiv(hour, 24), default: 0] += value
        }
        return (days, bySource)
    }

    /// The days' snapshots; the totals by source (named from `sources`) and days out of range go to `out`.
    func days(_ out: inout AppleHealthData, sources: [String]) -> [ActivitySnapshot] {
        let stepDays = Self.perDay(steps)
        let energyDays = Self.perDay(energy)
        out.stepsBySource = stepDays.bySource.map { (sources[$0.key], AppleHealthValues.whole($0.value) ?? 0) }
            .sorted { $0.steps > $1.steps }
        out.activeKcalBySource = energyDays.bySource.map { (sources[$0.key], $0.value) }.sorted { $0.kcal > $1.kcal }
        let days = Set(stepDays.days.keys).union(energyDays.days.keys).sorted()
        return days.compactMap { d in
            let date = LocalDate(daysSinceEpoch: d)
            var steps = stepDays.days[d].flatMap(AppleHealthValues.whole)
            var kcal = energyDays.days[d].map { ($0 * 10).rounded() / 10 }
            if let s = steps, !Validation.stepsPerDayRange.contains(Double(s)) {
                out.skip(.activity, "days with steps out of range (\(AppleHealthValues.rangeText(Validation.stepsPerDayRange, "a day")))")
                steps = nil
            }
            if let k = kcal, !(k.isFinite && Validation.activeKcalRange.contains(k)) {
                out.skip(
                    .activity,
                    "days with active energy out of range (\(AppleHealthValues.rangeText(Validation.activeKcalRange, "kcal a day")))")
                kcal = nil
            }
            guard steps != nil || kcal != nil else { return nil }
            return ActivitySnapshot(
                date: date, steps: steps, activeKcal: kcal,
                provenance: Provenance(source: AppleHealthData.source, externalId: "activity/\(date.iso)"))
        }
    }
}
