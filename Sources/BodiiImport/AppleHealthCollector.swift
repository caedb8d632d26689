import BodiiDomain
import Foundation

/// What an Apple Health export holds that Bodii takes (PRODUCT.md §9), as domain values, with
/// what was left out and why. Body records come without snapshots: those need the profile.
public struct AppleHealthData: Sendable {
    public static let source = "apple-health"

    public var body: [BodyRecord] = []
    public var activity: [ActivitySnapshot] = []
    public var sleep: [SleepRecord] = []
    public var exercise: [ExerciseRecord] = []
    public var food: [FoodRecord] = []
    /// Per kind of record written: the reasons records were left out, with their counts.
    public var skipped: [MergeCounts.Kind: [String: Int]] = [:]
    /// Record types Bodii does not take (heart rate, distance…), with their counts.
    public var otherTypes: [String: Int] = [:]
    /// Steps each source recorded (before counting them once), most first.
    public var stepsBySource: [(source: String, steps: Int)] = []
    /// Active energy each source recorded, most first.
    public var activeKcalBySource: [(source: String, kcal: Double)] = []
    /// Records and workouts read.
    public var recordCount = 0

    public init() {}

    mutating func skip(_ kind: MergeCounts.Kind, _ reason: String, count: Int = 1) {
        skipped[kind, default: [:]][reason, default: 0] += count
    }

    public var otherCount: Int { otherTypes.values.reduce(0, +) }
}

/// The most an import holds, so memory stays flat whatever the file (PRODUCT.md §9: under 64 MB).
/// Each is far above what a real export has; a file over one is refused, not cut short.
public enum AppleHealthLimits {
    /// Memory for what an import keeps (after identical records collapsed), on top of the ~36 MB
    /// the program itself takes. Each thing kept is charged what it was measured to cost through
    /// the read and the merge (`/usr/bin/time -v` on generated exports), so the peak stays under 64 MB.
    public static let budgetBytes = 22 << 20
    /// A weigh-in, body-fat reading, workout or meal: it becomes a database row in the merge.
    static let rowCost = 500
    /// A sleep record (only nights are written).
    static let sleepCost = 150
    /// An hour of steps or active energy from one source.
    static let bucketCost = 64
    /// At most: 46,137 weigh-ins, workouts and meals (ten years of a scale, a Watch and a food
    /// diary are about 25,000), or 153,791 sleep records (a Watch's stages, ≈ 30 a night: 14
    /// years), or 360,448 hours of steps and energy by source (16 hours a day, two sources: 15 years).
    public static let maxRows = budgetBytes / rowCost
    /// Distinct source names and record types remembered by name; the rest are counted together.
    static let names = 1_000
    /// Longest name echoed into the summary (and `--json`); longer ones are cut with "…".
    static let echoedName = 80
}

/// Collects an export's elements as they stream past and turns them into `AppleHealthData`.
/// Keeps only aggregates (hourly step and energy buckets per source) and the records that become
/// Bodii records — identical ones collapsed as they arrive — so its memory does not grow with the
/// file: not with heart-rate bulk, nor with the same weigh-in written a million times.
public final class AppleHealthCollector: XMLElementHandler {
    /// Records dated after this day are left out (a clock set wrong on the phone).
    let latestDay: LocalDate
    private(set) var data = AppleHealthData()
    private(set) var sawRoot = false
    private(set) var rootName: String?
    /// Set when the export holds more than `AppleHealthLimits` allow: the reader refuses the file.
    private(set) var overLimit: String?

    private var sources: [String] = []
    private var sourceIndex: [String: Int] = [:]
    private var lastSourceBytes: [UInt8] = []
    private var lastSource = -1

    /// An hour of one source, packed in one Int (8 bytes a key, not 16): local hours since 1970
    /// (days since epoch × 24 + local hour) × 1024 + the source's index (fewer than 1024).
    private typealias Bucket = Int
    private static func bucket(hour: Int, source: Int) -> Bucket { hour * 1024 + source }
    private static func hour(of bucket: Bucket) -> Int { floorDiv(bucket, 1024) }
    private static func source(of bucket: Bucket) -> Int { bucket - hour(of: bucket) * 1024 }
    private var steps: [Bucket: Double] = [:]
    private var energy: [Bucket: Double] = [:]
    /// Bytes charged against `AppleHealthLimits.budgetBytes`.
    private var charged = 0

    private struct Weight {
        let time: HealthTimestamp
        let kg: Double
    }
    /// By external id ("weight/<stamp>/<kg>"): the same weigh-in from two sources is one.
    private var weights: [String: Weight] = [:]
    private struct Fat: Hashable {
        let time: HealthTimestamp
        let tenths: Int    // percent × 10
    }
    private var fats = Set<Fat>()

    /// A sleep record in 24 bytes (not 56): years of a Watch's stages are hundreds of thousands.
    private struct SleepPiece: Hashable {
        let startInstant: Int
        let seconds: Int32         // at most a day
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
            let day = AppleHealthCollector.floorDiv(local, 86_400)
            return HealthTimestamp(day: LocalDate(daysSinceEpoch: day), secondOfDay: local - day * 86_400, offsetSeconds: offset)
        }
    }
    private var sleepPieces = Set<SleepPiece>()

    private struct OpenWorkout {
        let id: String
        let type: String
        let start: HealthTimestamp
        let end: HealthTimestamp
        var minutes: Double?
        var kcal: Double?
        var statisticsKcal: Double?
        var statisticsBad = false
    }
    private var workout: OpenWorkout?
    private var workouts: [String: OpenWorkout] = [:]
    private var correlationDepth = 0

    private var food: [FoodRecord] = []
    private var foodIds = Set<String>()

    public init(latestDay: LocalDate) {
        self.latestDay = latestDay
    }

    // MARK: - Streaming

    public func didStart(_ element: XMLElementStart) {
        if !sawRoot {
            sawRoot = true
            rootName = String(cString: element.name)
            return
        }
        guard overLimit == nil else { return }
        if element.isNamed("Record") {
            data.recordCount += 1
            record(element)
        } else if element.isNamed("Workout") {
            data.recordCount += 1
            startWorkout(element)
        } else if element.isNamed("WorkoutStatistics") {
            workoutStatistics(element)
        } else if element.isNamed("Correlation") {
            correlationDepth += 1
        }
    }

    public func didEnd(_ name: UnsafePointer<UInt8>) {
        if XMLBytes.equalsCString(name, "Workout") {
            if let open = workout { keepWorkout(open) }
            workout = nil
        } else if XMLBytes.equalsCString(name, "Correlation") {
            correlationDepth = max(0, correlationDepth - 1)
        }
    }

    private static let prefix = "HKQuantityTypeIdentifier"

    private func record(_ element: XMLElementStart) {
        guard let type = element.value("type") else { return }
        if XMLBytes.equals(type, "HKQuantityTypeIdentifierStepCount") {
            bucket(element, into: &steps, kind: .activity, what: "steps", range: Validation.stepsPerDayRange, unitFactor: { _ in 1 })
        } else if XMLBytes.equals(type, "HKQuantityTypeIdentifierActiveEnergyBurned") {
            bucket(element, into: &energy, kind: .activity, what: "active energy", range: Validation.activeKcalRange, unitFactor: Self.kcalFactor)
        } else if XMLBytes.equals(type, "HKCategoryTypeIdentifierSleepAnalysis") {
            sleep(element)
        } else if XMLBytes.equals(type, "HKQuantityTypeIdentifierBodyMass") {
            bodyMass(element)
        } else if XMLBytes.equals(type, "HKQuantityTypeIdentifierBodyFatPercentage") {
            bodyFat(element)
        } else if XMLBytes.equals(type, "HKQuantityTypeIdentifierDietaryEnergyConsumed") {
            dietaryEnergy(element)
        } else {
            // Most of an export is heart rate and the like: counted by type, the name made once per run of a type.
            if !lastOtherType.isEmpty, type.elementsEqual(lastOtherType) {
                lastOtherRun += 1
                return
            }
            flushOtherRun()
            lastOtherType = Array(type.prefix(AppleHealthLimits.echoedName * 4 + 1))
            lastOtherRun = 1
        }
    }

    private var lastOtherType: [UInt8] = []
    private var lastOtherRun = 0

    private func flushOtherRun() {
        guard lastOtherRun > 0 else { return }
        var name = String(decoding: lastOtherType, as: UTF8.self)
        for p in [Self.prefix, "HKCategoryTypeIdentifier", "HKDataType"] where name.hasPrefix(p) {
            name.removeFirst(p.count)
        }
        name = Self.echoable(name)
        if data.otherTypes[name] == nil, data.otherTypes.count >= AppleHealthLimits.names { name = "(more types)" }
        data.otherTypes[name, default: 0] += lastOtherRun
        lastOtherRun = 0
    }

    /// A name from the file as the summary may show it: at most `echoedName` characters, cut with "…".
    static func echoable(_ name: String) -> String {
        name.count > AppleHealthLimits.echoedName ? String(name.prefix(AppleHealthLimits.echoedName - 1)) + "…" : name
    }

    /// The record's start, or nil after counting it as skipped: dates are within 1900…`latestDay`
    /// (today + 1), as typed dates are.
    private func start(_ element: XMLElementStart, _ kind: MergeCounts.Kind) -> HealthTimestamp? {
        guard let bytes = element.value("startDate"), let time = HealthTimestamp.parse(bytes) else {
            data.skip(kind, "no readable date")
            return nil
        }
        guard time.day <= latestDay else {
            data.skip(kind, "dated in the future")
            return nil
        }
        guard time.day >= Validation.earliestDate else {
            data.skip(kind, "dated before \(Validation.earliestDate.year)")
            return nil
        }
        return time
    }

    private func number(_ element: XMLElementStart, _ key: StaticString) -> Double? {
        element.value(key).flatMap(Self.plainNumber)
    }

    /// A plain decimal number as exports write them ("1234", "12.5", "-3", "7.3e-05"), finite;
    /// nil for anything else — hex ("0x50"), "inf", "nan", spaces — which `Double(String)` would take.
    static func plainNumber(_ b: UnsafeBufferPointer<UInt8>) -> Double? {
        if let fast = decimal(b) { return fast }
        guard !b.isEmpty, b.count <= 40 else { return nil }
        var i = 0
        func digits() -> Int {
            var n = 0
            while i < b.count, b[i] >= 0x30, b[i] <= 0x39 { i += 1; n += 1 }
            return n
        }
        if b[i] == 0x2B || b[i] == 0x2D { i += 1 }
        var mantissa = digits()
        if i < b.count, b[i] == 0x2E {
            i += 1
            mantissa += digits()
        }
        guard mantissa > 0 else { return nil }
        if i < b.count, b[i] == 0x65 || b[i] == 0x45 {
            i += 1
            if i < b.count, b[i] == 0x2B || b[i] == 0x2D { i += 1 }
            guard digits() > 0 else { return nil }
        }
        guard i == b.count, let value = Double(String(decoding: b, as: UTF8.self)), value.isFinite else { return nil }
        return value
    }

    /// "1234" or "12.5" without making a String (most values); nil for anything else (signs,
    /// exponents, more than 15 digits), which `plainNumber` then reads.
    static func decimal(_ b: UnsafeBufferPointer<UInt8>) -> Double? {
        guard !b.isEmpty, b.count <= 16 else { return nil }
        var whole: Int64 = 0
        var scale: Int64 = 1
        var seenPoint = false
        var digits = 0
        for c in b {
            if c == 0x2E {
                guard !seenPoint else { return nil }
                seenPoint = true
                continue
            }
            let d = Int64(c) &- 48
            guard d >= 0, d <= 9 else { return nil }
            whole = whole * 10 + d
            digits += 1
            if seenPoint { scale *= 10 }
        }
        guard digits > 0 else { return nil }
        return Double(whole) / Double(scale)
    }

    /// The source's index; `sourceName`, or `source` in exports of 2015.
    private func source(_ element: XMLElementStart) -> Int {
        guard let bytes = element.value("sourceName") ?? element.value("source") else { return intern("") }
        if lastSource >= 0, bytes.elementsEqual(lastSourceBytes) { return lastSource }
        lastSourceBytes = Array(bytes)
        lastSource = intern(Self.echoable(String(decoding: bytes.prefix(AppleHealthLimits.echoedName * 4 + 1), as: UTF8.self)))
        return lastSource
    }

    /// Where sources past `AppleHealthLimits.names` are counted (index 1000: buckets pack fewer than 1024).
    static let moreSources = "(more sources)"

    private func intern(_ name: String) -> Int {
        if let i = sourceIndex[name] { return i }
        if sources.count >= AppleHealthLimits.names, name != Self.moreSources { return intern(Self.moreSources) }
        sources.append(name)
        sourceIndex[name] = sources.count - 1
        return sources.count - 1
    }

    /// Charges something kept against the budget; past it the file is refused.
    private func keep(_ cost: Int = AppleHealthLimits.rowCost) {
        charged += cost
        if charged > AppleHealthLimits.budgetBytes {
            overLimit = "more than one import can keep (at most \(ActivityText.grouped(AppleHealthLimits.maxRows)) weigh-ins, "
                + "workouts and meals; fewer alongside years of sleep stages and hourly steps)"
        }
    }

    /// kcal per unit of energy: kcal and Cal (food calories) are the same; kJ is 1/4.184.
    static func kcalFactor(_ unit: UnsafeBufferPointer<UInt8>?) -> Double? {
        guard let unit else { return 1 }
        if XMLBytes.equals(unit, "kcal") || XMLBytes.equals(unit, "Cal") { return 1 }
        if XMLBytes.equals(unit, "kJ") { return 1 / 4.184 }
        if XMLBytes.equals(unit, "cal") { return 0.001 }
        return nil
    }

    /// "2–75 %": a range as the skip reasons name it.
    static func rangeText(_ range: ClosedRange<Double>, _ unit: String) -> String {
        "\(DecimalText.format(range.lowerBound))–\(DecimalText.format(range.upperBound)) \(unit)"
    }

    /// Adds a sample to its hour buckets. A sample that spans hours (one crossing midnight) is
    /// split across them in proportion to time, so each day gets its own part.
    private func bucket(_ element: XMLElementStart, into buckets: inout [Bucket: Double], kind: MergeCounts.Kind, what: String,
                        range: ClosedRange<Double>, unitFactor: (UnsafeBufferPointer<UInt8>?) -> Double?) {
        guard let time = start(element, kind) else { return }
        guard let raw = number(element, "value"), let factor = unitFactor(element.value("unit")) else {
            data.skip(kind, "unreadable value or unit")
            return
        }
        let value = raw * factor
        guard value.isFinite, range.contains(value) else {
            data.skip(kind, "\(what) out of range (\(Self.rangeText(range, what == "steps" ? "a day" : "kcal a day")))")
            return
        }
        var span = 0
        if let endBytes = element.value("endDate"), let end = HealthTimestamp.parse(endBytes), end.instant > time.instant {
            span = end.instant - time.instant
        }
        guard span <= 2 * 86_400 else {
            data.skip(kind, "a sample spanning more than two days")
            return
        }
        let source = source(element)
        let localStart = time.instant + time.offsetSeconds
        let lastHour = Self.floorDiv((latestDay.daysSinceEpoch + 1) * 86_400, 3600)
        func add(_ hour: Int, _ amount: Double) {
            guard hour < lastHour else { return }   // the part after `latestDay`
            let key = Self.bucket(hour: hour, source: source)
            // Charged apart from `buckets`, which is `steps` or `energy` itself, borrowed for the whole call.
            if buckets[key] == nil { keep(AppleHealthLimits.bucketCost) }
            buckets[key, default: 0] += amount
        }
        guard span > 0 else {
            add(Self.floorDiv(localStart, 3600), value)
            return
        }
        var t = localStart
        while t < localStart + span {
            let hour = Self.floorDiv(t, 3600)
            let next = min(localStart + span, (hour + 1) * 3600)
            add(hour, value * Double(next - t) / Double(span))
            t = next
        }
    }

    static func floorDiv(_ a: Int, _ b: Int) -> Int { a >= 0 ? a / b : (a - b + 1) / b }

    private func bodyMass(_ element: XMLElementStart) {
        guard let time = start(element, .body) else { return }
        let factor: Double?
        if let unit = element.value("unit") {
            if XMLBytes.equals(unit, "kg") { factor = 1 }
            else if XMLBytes.equals(unit, "lb") { factor = 0.45359237 }
            else if XMLBytes.equals(unit, "g") { factor = 0.001 }
            else if XMLBytes.equals(unit, "st") { factor = 6.35029318 }
            else { factor = nil }
        } else {
            factor = 1
        }
        guard let value = number(element, "value"), let factor else {
            data.skip(.body, "unreadable value or unit")
            return
        }
        let kg = value * factor
        guard kg.isFinite, Validation.weightRangeKg.contains(kg) else {
            data.skip(.body, "weight out of range (\(Self.rangeText(Validation.weightRangeKg, "kg")))")
            return
        }
        let id = "weight/\(element.string("startDate") ?? "")/\(DecimalText.format(kg, decimals: 2))"
        guard weights[id] == nil else {
            data.skip(.body, "the same weigh-in from another source")
            return
        }
        weights[id] = Weight(time: time, kg: kg)
        keep()
    }

    private func bodyFat(_ element: XMLElementStart) {
        guard let time = start(element, .body) else { return }
        guard var value = number(element, "value") else {
            data.skip(.body, "unreadable value or unit")
            return
        }
        // Health stores a fraction (0.215 with unit "%"); a few apps wrote the percentage itself.
        if value <= 1 { value *= 100 }
        guard Validation.bodyFatRangePercent.contains(value) else {
            data.skip(.body, "body fat out of range (\(Self.rangeText(Validation.bodyFatRangePercent, "%")))")
            return
        }
        if fats.insert(Fat(time: time, tenths: Int((value * 10).rounded()))).inserted { keep() }
    }

    private func sleep(_ element: XMLElementStart) {
        guard let time = start(element, .sleep) else { return }
        guard let endBytes = element.value("endDate"), let end = HealthTimestamp.parse(endBytes), end.instant > time.instant,
              let value = element.value("value") else {
            data.skip(.sleep, "no readable end or stage")
            return
        }
        let asleep: Bool
        if XMLBytes.equals(value, "HKCategoryValueSleepAnalysisInBed") {
            asleep = false
        } else if XMLBytes.equals(value, "HKCategoryValueSleepAnalysisAwake") {
            return   // awake time is neither asleep nor the night's edge
        } else if XMLBytes.equals(value, "HKCategoryValueSleepAnalysisAsleep")
                    || XMLBytes.equals(value, "HKCategoryValueSleepAnalysisAsleepUnspecified")
                    || XMLBytes.equals(value, "HKCategoryValueSleepAnalysisAsleepCore")
                    || XMLBytes.equals(value, "HKCategoryValueSleepAnalysisAsleepDeep")
                    || XMLBytes.equals(value, "HKCategoryValueSleepAnalysisAsleepREM") {
            asleep = true
        } else {
            data.skip(.sleep, "unknown sleep stage")
            return
        }
        guard end.instant - time.instant <= 24 * 3600 else {
            data.skip(.sleep, "a stage longer than a day")
            return
        }
        if sleepPieces.insert(SleepPiece(start: time, end: end, asleep: asleep)).inserted { keep(AppleHealthLimits.sleepCost) }
    }

    private func startWorkout(_ element: XMLElementStart) {
        workout = nil
        guard let time = start(element, .exercise) else { return }
        guard let endBytes = element.value("endDate"), let end = HealthTimestamp.parse(endBytes), end.instant >= time.instant else {
            data.skip(.exercise, "no readable end")
            return
        }
        var type = Self.echoable(element.string("workoutActivityType") ?? "HKWorkoutActivityTypeOther")
        if type.hasPrefix("HKWorkoutActivityType") { type.removeFirst("HKWorkoutActivityType".count) }
        var minutes: Double?
        if let durationBytes = element.value("duration") {
            guard let duration = Self.plainNumber(durationBytes) else {
                data.skip(.exercise, "unreadable duration or energy")
                return
            }
            let unit = element.string("durationUnit") ?? "min"
            switch unit {
            case "s", "sec": minutes = duration / 60
            case "hr", "h": minutes = duration * 60
            default: minutes = duration
            }
        }
        var kcal: Double?
        if let totalBytes = element.value("totalEnergyBurned") {
            guard let total = Self.plainNumber(totalBytes), let factor = Self.kcalFactor(element.value("totalEnergyBurnedUnit")) else {
                data.skip(.exercise, "unreadable duration or energy")
                return
            }
            kcal = total * factor
        }
        workout = OpenWorkout(id: "workout/\(element.string("startDate") ?? "")/\(type)", type: type, start: time, end: end,
                              minutes: minutes, kcal: kcal)
    }

    private func workoutStatistics(_ element: XMLElementStart) {
        guard var open = workout, let type = element.value("type"),
              XMLBytes.equals(type, "HKQuantityTypeIdentifierActiveEnergyBurned") else { return }
        guard let sum = number(element, "sum"), let factor = Self.kcalFactor(element.value("unit")) else {
            open.statisticsBad = true
            workout = open
            return
        }
        open.statisticsKcal = (open.statisticsKcal ?? 0) + sum * factor
        workout = open
    }

    /// A workout as it ends: its minutes and energy in their ranges, or skipped with the reason.
    private func keepWorkout(_ open: OpenWorkout) {
        let rawMinutes = open.minutes ?? Double(open.end.instant - open.start.instant) / 60
        guard rawMinutes.isFinite, rawMinutes.rounded() >= 1 else {
            data.skip(.exercise, rawMinutes.isFinite && rawMinutes >= 0 ? "shorter than a minute" : "minutes out of range (1–1440 min)")
            return
        }
        guard rawMinutes.rounded() <= Double(Validation.minutesRange.upperBound) else {
            data.skip(.exercise, "longer than a day")
            return
        }
        if open.kcal == nil, open.statisticsBad {
            data.skip(.exercise, "unreadable duration or energy")
            return
        }
        if let kcal = open.kcal ?? open.statisticsKcal, !(kcal.isFinite && Validation.activeKcalRange.contains(kcal)) {
            data.skip(.exercise, "energy out of range (\(Self.rangeText(Validation.activeKcalRange, "kcal")))")
            return
        }
        guard workouts[open.id] == nil else {
            data.skip(.exercise, "the same workout from another source")
            return
        }
        workouts[open.id] = open
        keep()
    }

    private func dietaryEnergy(_ element: XMLElementStart) {
        guard correlationDepth == 0 else {
            data.skip(.food, "inside a food Correlation (a duplicate)")
            return
        }
        guard let time = start(element, .food) else { return }
        guard let value = number(element, "value"), let factor = Self.kcalFactor(element.value("unit")) else {
            data.skip(.food, "unreadable value or unit")
            return
        }
        let kcal = (value * factor * 10).rounded() / 10
        guard kcal != 0 else {
            data.skip(.food, "zero calories")
            return
        }
        guard kcal.isFinite, QuickAdd.kcalRange.contains(kcal) else {
            data.skip(.food, "energy out of range (\(Self.rangeText(QuickAdd.kcalRange, "kcal")))")
            return
        }
        let stamp = element.string("startDate") ?? ""
        let id = "dietary/\(stamp)/\(DecimalText.format(kcal, decimals: 1))"
        guard foodIds.insert(id).inserted else {
            data.skip(.food, "the same entry from another source")
            return
        }
        keep()
        food.append(FoodRecord(date: time.day, meal: Meal.likely(atHour: time.hour), foodId: Self.quickAddFood,
                               foodName: "Quick add (Apple Health)", grams: 1, kcal: kcal, proteinG: 0, carbsG: 0, fatG: 0,
                               loggedAt: time.date, provenance: Provenance(source: AppleHealthData.source, externalId: id)))
    }

    public static let quickAddFood = FoodID("quick-add")

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
        return out
    }

    /// A whole number from a computed figure that is known finite and small (checked, never trapping).
    static func whole(_ value: Double) -> Int? {
        guard value.isFinite, abs(value) < 1e15 else { return nil }
        return Int(value.rounded())
    }

    private func activityDays(_ out: inout AppleHealthData) -> [ActivitySnapshot] {
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
            return ActivitySnapshot(date: date, steps: steps, activeKcal: kcal,
                                    provenance: Provenance(source: AppleHealthData.source, externalId: "activity/\(date.iso)"))
        }
    }

    /// A night in the making: its asleep (or, without stages, in-bed) time and its edges.
    private struct Night {
        var first: HealthTimestamp
        var last: HealthTimestamp
        var pieces: [SleepPiece]
    }

    /// Pieces sorted by start, grouped while each starts within `gap` of the group's end so far.
    private static func group(_ pieces: [SleepPiece], gap: Int) -> [Night] {
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
    private static func unionSeconds(_ pieces: [SleepPiece]) -> Int {
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
    private func nights(_ out: inout AppleHealthData) -> [SleepRecord] {
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
        for night in staged + Self.group(inBedOnly, gap: Self.inBedGapSeconds) {
            let seconds = Self.unionSeconds(night.pieces)
            guard seconds > 0 else { continue }
            let minutes = min(1440, seconds / 60 + (seconds % 60 >= 30 ? 1 : 0))
            let wake = night.last
            let record = SleepRecord(date: wake.day, bedtime: night.first.clockTime, wakeTime: wake.clockTime, minutes: minutes,
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

    private func bodyRecords(_ out: inout AppleHealthData) -> [BodyRecord] {
        var fatsByDay: [LocalDate: [Fat]] = [:]
        for fat in fats { fatsByDay[fat.time.day, default: []].append(fat) }
        var usedFat = Set<Fat>()
        var records: [BodyRecord] = []
        for (id, weight) in weights.sorted(by: { ($0.value.time.instant, $0.key) < ($1.value.time.instant, $1.key) }) {
            // The day's body-fat reading nearest in time goes with the weigh-in.
            let fat = fatsByDay[weight.time.day]?.min {
                (abs($0.time.instant - weight.time.instant), $0.time.instant) < (abs($1.time.instant - weight.time.instant), $1.time.instant)
            }
            if let fat { usedFat.insert(fat) }
            records.append(BodyRecord(date: weight.time.day, weightKg: (weight.kg * 1000).rounded() / 1000,
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
            records.append(BodyRecord(date: fat.time.day, weightKg: nil, bodyFatPercent: percent, recordedAt: fat.time.date,
                                      provenance: Provenance(source: AppleHealthData.source, externalId: id)))
        }
        if otherReadings > 0 { out.skip(.body, "another body fat reading of a day with a weigh-in", count: otherReadings) }
        return records.sorted { ($0.recordedAt, $0.provenance.externalId ?? "") < ($1.recordedAt, $1.provenance.externalId ?? "") }
    }

    private func exerciseRecords(_ out: inout AppleHealthData) -> [ExerciseRecord] {
        var latestWeight: Double?
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
            let kcal = (workout.kcal ?? workout.statisticsKcal).map { ($0 * 10).rounded() / 10 }
                ?? ExerciseLogging.kcal(met: met, weightKg: latestWeight ?? ExerciseLogging.assumedWeightKg, minutes: minutes)
            records.append(ExerciseRecord(date: workout.start.day, activity: mapped.name, minutes: minutes, intensity: .moderate,
                                          met: met, kcal: max(0, kcal), loggedAt: workout.start.date,
                                          provenance: Provenance(source: AppleHealthData.source, externalId: workout.id)))
        }
        return records
    }
}

/// Apple Health's workout types (`HKWorkoutActivityType…`) as activities of Bodii's catalog.
public enum WorkoutTypes {
    static let table: [String: String] = [
        "Running": "Running", "Walking": "Walking", "Cycling": "Cycling", "Swimming": "Swimming", "Hiking": "Hiking",
        "Yoga": "Yoga", "TraditionalStrengthTraining": "Strength training", "FunctionalStrengthTraining": "Strength training",
        "HighIntensityIntervalTraining": "HIIT", "Elliptical": "Elliptical trainer", "Rowing": "Rowing machine",
        "StairClimbing": "Stair climber machine", "Stairs": "Stair climbing", "Pilates": "Pilates", "Dance": "Dancing",
        "SocialDance": "Dancing", "CardioDance": "Dance fitness (jazzercise)", "CrossTraining": "Circuit training",
        "MixedCardio": "Aerobics", "MixedMetabolicCardioTraining": "Aerobics", "JumpRope": "Jump rope", "Boxing": "Boxing",
        "Kickboxing": "Boxing", "MartialArts": "Martial arts", "Soccer": "Soccer", "Basketball": "Basketball",
        "Tennis": "Tennis", "Golf": "Golf", "Climbing": "Rock climbing", "DownhillSkiing": "Skiing, downhill or snowboarding",
        "Snowboarding": "Skiing, downhill or snowboarding", "CrossCountrySkiing": "Skiing, cross-country",
        "PaddleSports": "Canoeing or kayaking", "SurfingSports": "Surfing", "Badminton": "Badminton",
        "TableTennis": "Table tennis", "Squash": "Squash", "Racquetball": "Racquetball", "Volleyball": "Volleyball",
        "Rugby": "Rugby", "Cricket": "Cricket", "Baseball": "Baseball or softball", "Softball": "Baseball or softball",
        "AmericanFootball": "American football", "Hockey": "Ice hockey", "TaiChi": "Tai chi", "Flexibility": "Stretching",
        "Cooldown": "Stretching", "MindAndBody": "Yoga", "WaterFitness": "Water aerobics", "Bowling": "Bowling",
        "Fencing": "Fencing", "Gymnastics": "Gymnastics", "EquestrianSports": "Horseback riding", "SkatingSports": "Ice skating",
        "WheelchairWalkPace": "Walking", "WheelchairRunPace": "Running", "HandCycling": "Cycling",
    ]

    /// MET of a workout type the catalog does not know (a moderate effort).
    public static let fallbackMET = 4.0

    /// The catalog activity for a type ("Running", without the `HKWorkoutActivityType` prefix), or
    /// the type's words ("Fitness gaming") when the catalog has none.
    public static func activity(for type: String) -> (name: String, activity: Activity?) {
        if let name = table[type], let activity = ActivityCatalog.activity(named: name) { return (activity.name, activity) }
        var words = ""
        for c in type {
            if c.isUppercase, !words.isEmpty { words += " " + c.lowercased() } else { words.append(c) }
        }
        return (words.isEmpty ? "Workout" : words, nil)
    }
}
