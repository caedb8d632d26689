import BodiiDomain
import Foundation

/// The collected records made into a day's domain values: activity days, nights, body records
/// and workouts, each deduplicated across sources.
extension AppleHealthCollector {
    // MARK: - The result

    /// Asleep stages further apart than this are two sleeps: waking in the night for up to three
    /// hours (untracked, or with a phone on the nightstand) is still the same night.
    static let sleepGapSeconds = 3 * 3600
    /// In-bed records with no stages (iPhone Bedtime / Sleep Schedule) further apart than this are
    /// two: HealthKit writes no sleep for rest shorter than an hour, so a longer gap is a getting-up.
    static let inBedGapSeconds = 3600

    public func finish() -> AppleHealthData {
        flushOtherRun()
        var out = data
        out.activity = activityDays(&out)
        out.sleep = nights(&out)
        out.body = bodyRecords(&out)
        out.exercise = exerciseRecords(&out)
        out.food = food
        out.measurements = measuring.measurements
        attachNutrients(&out)
        out.lastWeightKg = weights.values.max { $0.time.instant < $1.time.instant }?.kg ?? weightBefore
        return out
    }

    /// A whole number from a computed figure that is known finite and small (checked, never trapping).
    static func whole(_ value: Double) -> Int? {
        guard value.isFinite, abs(value) < 1e15 else { return nil }
        return Int(value.rounded())
    }

    func activityDays(_ out: inout AppleHealthData) -> [ActivitySnapshot] {
        /// Per hour, the source with the most (iPhone and Watch count the same steps): one figure per day.
        func perDay(_ buckets: [Bucket: Double]) -> (days: [Int: Double], bySource: [Int: Double]) {
            var best: [Int: Double] = [:]
            var bySource: [Int: Double] = [:]
            for (bucket, value) in buckets {
                let hour = Self.hour(of: bucket)
                best[hour] = max(best[hour] ?? 0, value)
                bySource[Self.source(of: bucket), default: 0] += value
            }
            var days: [Int: Double] = [:]
            for (hour, value) in best {
                days[Self.floorDiv(hour, 24), default: 0] += value
            }
            return (days, bySource)
        }
        let stepDays = perDay(steps)
        let energyDays = perDay(energy)
        out.stepsBySource = stepDays.bySource.map { (sources[$0.key], Self.whole($0.value) ?? 0) }.sorted { $0.steps > $1.steps }
        out.activeKcalBySource = energyDays.bySource.map { (sources[$0.key], $0.value) }.sorted { $0.kcal > $1.kcal }
        let days = Set(stepDays.days.keys).union(energyDays.days.keys).sorted()
        return days.compactMap { d in
            let date = LocalDate(daysSinceEpoch: d)
            var steps = stepDays.days[d].flatMap(Self.whole)
            var kcal = energyDays.days[d].map { ($0 * 10).rounded() / 10 }
            if let s = steps, !Validation.stepsPerDayRange.contains(Double(s)) {
                out.skip(.activity, "days with steps out of range (\(Self.rangeText(Validation.stepsPerDayRange, "a day")))")
                steps = nil
            }
            if let k = kcal, !(k.isFinite && Validation.activeKcalRange.contains(k)) {
                out.skip(.activity, "days with active energy out of range (\(Self.rangeText(Validation.activeKcalRange, "kcal a day")))")
                kcal = nil
            }
            guard steps != nil || kcal != nil else { return nil }
            return ActivitySnapshot(
                date: date, steps: steps, activeKcal: kcal,
                provenance: Provenance(source: AppleHealthData.source, externalId: "activity/\(date.iso)"))
        }
    }

    /// A night in the making: its asleep (or, without stages, in-bed) time and its edges.
    struct Night {
        var first: HealthTimestamp
        var last: HealthTimestamp
        var pieces: [SleepPiece]
    }

    /// Pieces sorted by start, grouped while each starts within `gap` of the group's end so far.
    static func group(_ pieces: [SleepPiece], gap: Int) -> [Night] {
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
    static func unionSeconds(_ pieces: [SleepPiece]) -> Int {
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
    /// time as the duration — what the Health app shows for them.
    func nights(_ out: inout AppleHealthData) -> [SleepRecord] {
        var staged = Self.group(sleepPieces.filter(\.asleep), gap: Self.sleepGapSeconds)
        // The stages' own spans, sorted and apart: the first ending after an in-bed record starts is its only candidate.
        let spans = staged.map { (first: $0.first.instant, last: $0.last.instant) }
        var inBedOnly: [SleepPiece] = []
        for piece in sleepPieces where !piece.asleep {
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
        // A part keeps the nights that end on its days; those ending before are the part before's.
        for night in staged + Self.group(inBedOnly, gap: Self.inBedGapSeconds) where keeps(night.last.day) {
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

    func bodyRecords(_ out: inout AppleHealthData) -> [BodyRecord] {
        var fatsByDay: [LocalDate: [Fat]] = [:]
        for fat in fats { fatsByDay[fat.time.day, default: []].append(fat) }
        var usedFat = Set<Fat>()
        var records: [BodyRecord] = []
        for (id, weight) in weights.sorted(by: { ($0.value.time.instant, $0.key) < ($1.value.time.instant, $1.key) }) {
            // The day's body-fat reading nearest in time goes with the weigh-in.
            let fat = fatsByDay[weight.time.day]?.min {
                (abs($0.time.instant - weight.time.instant), $0.time.instant) < (
                    abs($1.time.instant - weight.time.instant), $1.time.instant
                )
            }
            if let fat { usedFat.insert(fat) }
            records.append(
                BodyRecord(
                    date: weight.time.day, weightKg: (weight.kg * 1000).rounded() / 1000,
                    bodyFatPercent: fat.map { Double($0.tenths) / 10 },
                    recordedAt: weight.time.date, provenance: Provenance(source: AppleHealthData.source, externalId: id)))
        }
        // A day without a weigh-in keeps each reading as a body-fat-only record (issue 23 #23: a
        // smart scale that measured no weight). A weigh-in day's other readings stay counted.
        var otherReadings = 0
        for fat in fats.subtracting(usedFat).sorted(by: { ($0.time.instant, $0.tenths) < ($1.time.instant, $1.tenths) }) {
            if fatsByDay[fat.time.day]?.contains(where: usedFat.contains) == true {
                otherReadings += 1
                continue
            }
            let percent = Double(fat.tenths) / 10
            let id = "bodyfat/\(fat.time.instant)/\(DecimalText.format(percent, decimals: 1))"
            records.append(
                BodyRecord(
                    date: fat.time.day, weightKg: nil, bodyFatPercent: percent, recordedAt: fat.time.date,
                    provenance: Provenance(source: AppleHealthData.source, externalId: id)))
        }
        if otherReadings > 0 { out.skip(.body, "another body fat reading of a day with a weigh-in", count: otherReadings) }
        return records.sorted { ($0.recordedAt, $0.provenance.externalId ?? "") < ($1.recordedAt, $1.provenance.externalId ?? "") }
    }

    func exerciseRecords(_ out: inout AppleHealthData) -> [ExerciseRecord] {
        var latestWeight = weightBefore
        let weightsByTime = weights.values.sorted { $0.time.instant < $1.time.instant }
        var w = 0
        var records: [ExerciseRecord] = []
        for workout in workouts.values.sorted(by: { ($0.start.instant, $0.id) < ($1.start.instant, $1.id) }) {
            while w < weightsByTime.count, weightsByTime[w].time.instant <= workout.start.instant {
                latestWeight = weightsByTime[w].kg
                w += 1
            }
            // Checked when the workout ended: finite and within 1…1440.
            let minutes = Self.whole(workout.minutes ?? Double(workout.end.instant - workout.start.instant) / 60) ?? 1
            let mapped = WorkoutTypes.activity(for: workout.type)
            let met = mapped.activity?.met(for: .moderate) ?? WorkoutTypes.fallbackMET
            let kcal =
                (workout.kcal ?? workout.statisticsKcal).map { ($0 * 10).rounded() / 10 }
                ?? ExerciseLogging.kcal(met: met, weightKg: latestWeight ?? ExerciseLogging.assumedWeightKg, minutes: minutes)
            records.append(
                ExerciseRecord(
                    date: workout.start.day, activity: mapped.name, minutes: minutes, intensity: .moderate,
                    met: met, kcal: max(0, kcal), loggedAt: workout.start.date,
                    provenance: Provenance(source: AppleHealthData.source, externalId: workout.id)))
        }
        return records
    }
}
