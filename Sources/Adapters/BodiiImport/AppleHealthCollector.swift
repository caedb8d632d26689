import BodiiDomain
import Foundation
/// Collects an export's elements as they stream past and turns them into `AppleHealthData`.
/// Keeps only aggregates (hourly step and energy buckets per source) and the records that become
/// Bodii records — identical ones collapsed as they arrive — so its memory does not grow with the
/// file: not with heart-rate bulk, nor with the same weigh-in written a million times.
public final class AppleHealthCollector: XMLElementHandler {
    /// Records dated after this day are left out (a clock set wrong on the phone).
    let latestDay: LocalDate
    /// Whether this pass keeps every day, counts, or keeps a run of days (`AppleHealthParts`).
    var mode: AppleHealthPassMode
    /// The last weigh-in before a part's days: what its first workouts without energy are reckoned with.
    let weightBefore: Double?
    /// The first pass's cost of each day, for planning parts when the export outgrows one pass.
    var dayCharges: AppleHealthDayCharges?
    var hourBits: AppleHealthHourBits?
    /// Records without a usable date, by reason: they belong to no part, so the first pass counts them.
    var undatedSkips: [MergeCounts.Kind: [String: Int]] = [:]
    var data = AppleHealthData()  // set by the record handlers (AppleHealthCollector+Records)
    private(set) var sawRoot = false
    private(set) var rootName: String?
    /// Set when a part holds more than `AppleHealthLimits` allow: the reader splits it.
    private(set) var overLimit = false

    var sources: [String] = []
    var sourceIndex: [String: Int] = [:]
    var lastSourceBytes: [UInt8] = []
    var lastSource = -1

    /// An hour of one source, packed in one Int (8 bytes a key, not 16): local hours since 1970
    /// (days since epoch × 24 + local hour) × 1024 + the source's index (fewer than 1024).
    typealias Bucket = Int
    static func bucket(hour: Int, source: Int) -> Bucket { hour * 1024 + source }
    static func hour(of bucket: Bucket) -> Int { floorDiv(bucket, 1024) }
    static func source(of bucket: Bucket) -> Int { bucket - hour(of: bucket) * 1024 }
    var steps: [Bucket: Double] = [:]
    var energy: [Bucket: Double] = [:]
    /// Bytes charged against `AppleHealthLimits.budgetBytes`.
    var charged = 0

    struct Weight {
        let time: HealthTimestamp
        let kg: Double
    }
    /// By external id ("weight/<stamp>/<kg>"): the same weigh-in from two sources is one.
    var weights: [String: Weight] = [:]
    struct Fat: Hashable {
        let time: HealthTimestamp
        let tenths: Int  // percent × 10
    }
    var fats = Set<Fat>()

    /// A sleep record in 24 bytes (not 56): years of a Watch's stages are hundreds of thousands.
    struct SleepPiece: Hashable {
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
            let day = AppleHealthCollector.floorDiv(local, 86_400)
            return HealthTimestamp(day: LocalDate(daysSinceEpoch: day), secondOfDay: local - day * 86_400, offsetSeconds: offset)
        }
    }
    var sleepPieces = Set<SleepPiece>()

    struct OpenWorkout {
        let id: String
        let type: String
        let start: HealthTimestamp
        let end: HealthTimestamp
        var minutes: Double?
        var kcal: Double?
        var statisticsKcal: Double?
        var statisticsBad = false
    }
    var workout: OpenWorkout?
    var workouts: [String: OpenWorkout] = [:]
    var correlationDepth = 0
    var measuring = AppleHealthMeasurements()

    var food: [FoodRecord] = []
    var foodIds = Set<String>()
    /// The first entry at each start (`startDate` as written), and the nutrients recorded then.
    var foodByStamp: [String: Int] = [:]
    var dietary: [String: [NutrientKey: Double]] = [:]

    /// A first pass (`part` nil), or a pass keeping the days of `part`.
    init(latestDay: LocalDate, part: ClosedRange<LocalDate>? = nil, weightBefore: Double? = nil) {
        self.latestDay = latestDay
        self.weightBefore = weightBefore
        if let part {
            mode = .part(part)
        } else {
            mode = .whole
            dayCharges = AppleHealthDayCharges(first: Validation.earliestDate, last: latestDay)
        }
    }

    // MARK: - Streaming

    public func didStart(_ element: XMLElementStart) {
        if !sawRoot {
            sawRoot = true
            rootName = String(cString: element.name)
            return
        }
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
            startCorrelation(element)
        }
    }

    public func didEnd(_ name: UnsafePointer<UInt8>) {
        if XMLBytes.equalsCString(name, "Workout") {
            if let open = workout { keepWorkout(open) }
            workout = nil
        } else if XMLBytes.equalsCString(name, "Correlation") {
            correlationDepth = max(0, correlationDepth - 1)
            endCorrelation()
        }
    }

    static let prefix = "HKQuantityTypeIdentifier"

    func record(_ element: XMLElementStart) {
        guard let type = element.value("type") else { return }
        if measurementRecord(element, type) { return }
        if XMLBytes.equals(type, "HKQuantityTypeIdentifierStepCount") {
            bucket(element, into: &steps, kind: .activity, what: "steps", range: Validation.stepsPerDayRange, unitFactor: { _ in 1 })
        } else if XMLBytes.equals(type, "HKQuantityTypeIdentifierActiveEnergyBurned") {
            bucket(
                element, into: &energy, kind: .activity, what: "active energy", range: Validation.activeKcalRange,
                unitFactor: Self.kcalFactor)
        } else if XMLBytes.equals(type, "HKCategoryTypeIdentifierSleepAnalysis") {
            sleep(element)
        } else if XMLBytes.equals(type, "HKQuantityTypeIdentifierBodyMass") {
            bodyMass(element)
        } else if XMLBytes.equals(type, "HKQuantityTypeIdentifierBodyFatPercentage") {
            bodyFat(element)
        } else if XMLBytes.equals(type, "HKQuantityTypeIdentifierDietaryEnergyConsumed") {
            dietaryEnergy(element)
        } else if let key = Self.dietaryKey(type) {
            dietaryNutrient(element, key)
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

    var lastOtherType: [UInt8] = []
    var lastOtherRun = 0

    func flushOtherRun() {
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
    /// (today + 1), as typed dates are. Nil, uncounted, for a day this pass does not keep; while
    /// counting, nil after charging the record to its day.
    func start(_ element: XMLElementStart, _ kind: MergeCounts.Kind) -> HealthTimestamp? {
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
    func skipUndated(_ kind: MergeCounts.Kind, _ reason: String) {
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
    func skip(_ kind: MergeCounts.Kind, _ reason: String, on day: LocalDate) {
        if keeps(day) { data.skip(kind, reason) }
    }

    func number(_ element: XMLElementStart, _ key: StaticString) -> Double? {
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
    func source(_ element: XMLElementStart) -> Int {
        guard let bytes = element.value("sourceName") ?? element.value("source") else { return intern("") }
        if lastSource >= 0, bytes.elementsEqual(lastSourceBytes) { return lastSource }
        lastSourceBytes = Array(bytes)
        lastSource = intern(Self.echoable(String(decoding: bytes.prefix(AppleHealthLimits.echoedName * 4 + 1), as: UTF8.self)))
        return lastSource
    }

    /// Where sources past `AppleHealthLimits.names` are counted (index 1000: buckets pack fewer than 1024).
    static let moreSources = "(more sources)"

    func intern(_ name: String) -> Int {
        if let i = sourceIndex[name] { return i }
        if sources.count >= AppleHealthLimits.names, name != Self.moreSources { return intern(Self.moreSources) }
        sources.append(name)
        sourceIndex[name] = sources.count - 1
        return sources.count - 1
    }

    /// Charges something kept on `day` against the budget. Past it, a first pass drops what it
    /// kept and goes on counting (the export is then read in parts); a part is split by the reader.
    func keep(_ cost: Int = AppleHealthLimits.rowCost, on day: LocalDate) {
        charged += cost
        dayCharges?.charge(cost, on: day)
        guard charged > AppleHealthLimits.budgetBytes else { return }
        switch mode {
        case .whole: startCounting()
        case .counting: break
        case .part: overLimit = true
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
    func bucket(
        _ element: XMLElementStart, into buckets: inout [Bucket: Double], kind: MergeCounts.Kind, what: String,
        range: ClosedRange<Double>, unitFactor: (UnsafeBufferPointer<UInt8>?) -> Double?
    ) {
        guard let time = start(element, kind) else { return }
        guard let raw = number(element, "value"), let factor = unitFactor(element.value("unit")) else {
            skip(kind, "unreadable value or unit", on: time.day)
            return
        }
        let value = raw * factor
        guard value.isFinite, range.contains(value) else {
            skip(kind, "\(what) out of range (\(Self.rangeText(range, what == "steps" ? "a day" : "kcal a day")))", on: time.day)
            return
        }
        var span = 0
        if let endBytes = element.value("endDate"), let end = HealthTimestamp.parse(endBytes), end.instant > time.instant {
            span = end.instant - time.instant
        }
        guard span <= 2 * 86_400 else {
            skip(kind, "a sample spanning more than two days", on: time.day)
            return
        }
        let source = source(element)
        let localStart = time.instant + time.offsetSeconds
        let lastHour = Self.floorDiv((latestDay.daysSinceEpoch + 1) * 86_400, 3600)
        func add(_ hour: Int, _ amount: Double) {
            guard hour < lastHour else { return }  // the part after `latestDay`
            guard keeps(LocalDate(daysSinceEpoch: Self.floorDiv(hour, 24))) else { return }
            let key = Self.bucket(hour: hour, source: source)
            // Charged apart from `buckets`, which is `steps` or `energy` itself, borrowed for the whole call.
            if buckets[key] == nil { keep(AppleHealthLimits.bucketCost, on: LocalDate(daysSinceEpoch: Self.floorDiv(hour, 24))) }
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
}
