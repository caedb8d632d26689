import BodiiDomain
import Foundation

/// The sleep records of an export as they stream past (stages and in-bed time, each kept once
/// whatever the number of sources), made into one `SleepRecord` a night when the pass ends.
struct AppleHealthSleep {
    /// Asleep stages further apart than this are two sleeps: waking in the night for up to three
    /// hours (untracked, or with a phone on the nightstand) is still the same night.
    static let sleepGapSeconds = 3 * 3600
    /// In-bed records with no stages (iPhone Bedtime / Sleep Schedule) further apart than this are
    /// two: HealthKit writes no sleep for rest shorter than an hour, so a longer gap is a getting-up.
    static let inBedGapSeconds = 3600

    /// A sleep record in 24 bytes (not 56): years of a Watch's stages are hundreds of thousands.
    struct Piece: Hashable {
        let startInstant: Int
        let seconds: Int32  // at most a day
        let startOffset: Int32
        let endOffset: Int32
        let asleep: Bool

        init(start: HealthTimestamp, end: HealthTimestamp, asleep: Bool) {
            startInstant = start.instant
            seconds = Int32(clamping: end.instant - start.instant)
            startOffset = Int32(clamping: start.offsetSeconds)
            endOffset = Int32(clamping: end.offsetSeconds)
            self.asleep = asleep
        }

        var start: HealthTimestamp { Self.timestamp(startInstant, Int(startOffset)) }
        var end: HealthTimestamp { Self.timestamp(startInstant + Int(seconds), Int(endOffset)) }

        static func timestamp(_ instant: Int, _ offset: Int) -> HealthTimestamp {
            let local = instant + offset
            let day = AppleHealthValues.floorDiv(local, 86_400)
            return HealthTimestamp(day: LocalDate(daysSinceEpoch: day), secondOfDay: local - day * 86_400, offsetSeconds: offset)
        }
    }

    private var pieces = Set<Piece>()

    mutating func add(_ element: XMLElementStart, pass: inout AppleHealthPass) {
        guard let time = pass.start(element, .sleep) else { return }
        guard let endBytes = element.value("endDate"), let end = HealthTimestamp.parse(endBytes), end.instant > time.instant,
            let value = element.value("value")
        else {
            pass.skip(.sleep, "no readable end or stage", on: time.day)
            return
        }
        let asleep: Bool
        if XMLBytes.equals(value, "HKCategoryValueSleepAnalysisInBed") {
            asleep = false
        } else if XMLBytes.equals(value, "HKCategoryValueSleepAnalysisAwake") {
            return  // awake time is neither asleep nor the night's edge
        } else if XMLBytes.equals(value, "HKCategoryValueSleepAnalysisAsleep")
            || XMLBytes.equals(value, "HKCategoryValueSleepAnalysisAsleepUnspecified")
            || XMLBytes.equals(value, "HKCategoryValueSleepAnalysisAsleepCore")
            || XMLBytes.equals(value, "HKCategoryValueSleepAnalysisAsleepDeep")
            || XMLBytes.equals(value, "HKCategoryValueSleepAnalysisAsleepREM")
        {
            asleep = true
        } else {
            pass.skip(.sleep, "unknown sleep stage", on: time.day)
            return
        }
        guard end.instant - time.instant <= 24 * 3600 else {
            pass.skip(.sleep, "a stage longer than a day", on: time.day)
            return
        }
        if pieces.insert(Piece(start: time, end: end, asleep: asleep)).inserted { pass.keep(AppleHealthLimits.sleepCost, on: time.day) }
    }

    /// A night in the making: its asleep (or, without stages, in-bed) time and its edges.
    struct Night {
        var first: HealthTimestamp
        var last: HealthTimestamp
        var pieces: [Piece]
    }

    /// Pieces sorted by start, grouped while each starts within `gap` of the group's end so far.
    static func group(_ pieces: [Piece], gap: Int) -> [Night] {
        var nights: [Night] = []
        for piece in pieces.sorted(by: { ($0.start.instant, $0.end.instant) < ($1.start.instant, $1.end.instant) }) {
            if let i = nights.indices.last, piece.start.instant <= nights[i].last.instant + gap {
                nights[i].pieces.append(piece)
                if piece.end.instant > nights[i].last.instant { nights[i].last = piece.end }
            } else {
                nights.append(Night(first: piece.start, last: piece.end, pieces: [piece]))
            }
        }
        return nights
    }

    /// Seconds covered by the union of the pieces (sources overlap; nothing counts twice).
    static func unionSeconds(_ pieces: [Piece]) -> Int {
        var total = 0
        var runStart = Int.min
        var runEnd = Int.min
        for piece in pieces.sorted(by: { $0.start.instant < $1.start.instant }) {
            if piece.start.instant > runEnd {
                if runEnd > runStart { total += runEnd - runStart }
                runStart = piece.start.instant
                runEnd = piece.end.instant
            } else {
                runEnd = max(runEnd, piece.end.instant)
            }
        }
        if runEnd > runStart { total += runEnd - runStart }
        return total
    }

    /// Nights from the sleep records. Asleep stages group into sleeps (`sleepGapSeconds`); an
    /// in-bed record belongs to a sleep only when it overlaps that sleep's stages, so bed and wake
    /// come from that night's own records, never from a later, separate one. In-bed records that
    /// overlap no stages (iPhone Bedtime, Sleep Schedule) make nights of their own, their in-bed
    /// time as the duration — what the Health app shows for them. Only nights ending on a day
    /// `pass` keeps are made: those ending before are the part before's.
    func nights(_ out: inout AppleHealthData, pass: AppleHealthPass) -> [SleepRecord] {
        var staged = Self.group(pieces.filter(\.asleep), gap: Self.sleepGapSeconds)
        // The stages' own spans, sorted and apart: the first ending after an in-bed record starts is its only candidate.
        let spans = staged.map { (first: $0.first.instant, last: $0.last.instant) }
        var inBedOnly: [Piece] = []
        for piece in pieces where !piece.asleep {
            var lo = 0, hi = spans.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if spans[mid].last <= piece.start.instant { lo = mid + 1 } else { hi = mid }
            }
            if lo < spans.count, spans[lo].first < piece.end.instant {
                if piece.start < staged[lo].first { staged[lo].first = piece.start }
                if staged[lo].last < piece.end { staged[lo].last = piece.end }
            } else {
                inBedOnly.append(piece)
            }
        }
        var byWakeDay: [LocalDate: SleepRecord] = [:]
        for night in staged + Self.group(inBedOnly, gap: Self.inBedGapSeconds) where pass.keeps(night.last.day) {
            let seconds = Self.unionSeconds(night.pieces)
            guard seconds > 0 else { continue }
            let minutes = min(1440, seconds / 60 + (seconds % 60 >= 30 ? 1 : 0))
            let wake = night.last
            let record = SleepRecord(
                date: wake.day, bedtime: night.first.clockTime, wakeTime: wake.clockTime, minutes: minutes,
                status: SleepMath.status(minutes: minutes),
                provenance: Provenance(source: AppleHealthData.source, externalId: "sleep/\(wake.day.iso)"))
            if let other = byWakeDay[wake.day] {
                out.skip(.sleep, "a shorter sleep ending the same day (a nap)")
                if other.minutes >= record.minutes { continue }
            }
            byWakeDay[wake.day] = record
        }
        return byWakeDay.values.sorted { $0.date < $1.date }
    }
}
