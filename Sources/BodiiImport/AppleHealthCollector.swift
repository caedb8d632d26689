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

/// Collects an export's elements as they stream past and turns them into `AppleHealthData`.
/// Keeps only aggregates (hourly step and energy buckets per source) and the few records that
/// become Bodii records, so its memory does not grow with heart-rate bulk.
public final class AppleHealthCollector: XMLElementHandler {
    /// Records dated after this day are left out (a clock set wrong on the phone).
    let latestDay: LocalDate
    private(set) var data = AppleHealthData()
    private(set) var sawRoot = false
    private(set) var rootName: String?

    private var sources: [String] = []
    private var sourceIndex: [String: Int] = [:]
    private var lastSourceBytes: [UInt8] = []
    private var lastSource = -1

    private struct Bucket: Hashable {
        let hour: Int      // days since epoch × 24 + local hour
        let source: Int
    }
    private var steps: [Bucket: Double] = [:]
    private var energy: [Bucket: Double] = [:]

    private struct Weight {
        let time: HealthTimestamp
        let stamp: String
        let kg: Double
    }
    private var weights: [Weight] = []
    private var fats: [LocalDate: [(time: HealthTimestamp, percent: Double)]] = [:]

    private struct SleepPiece {
        let start: HealthTimestamp
        let end: HealthTimestamp
        let asleep: Bool
    }
    private var sleepPieces: [SleepPiece] = []

    private struct OpenWorkout {
        let type: String
        let start: HealthTimestamp
        let end: HealthTimestamp
        let stamp: String
        var minutes: Double?
        var kcal: Double?
        var statisticsKcal: Double?
    }
    private var workout: OpenWorkout?
    private var workouts: [OpenWorkout] = []
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
            if let workout { workouts.append(workout) }
            workout = nil
        } else if XMLBytes.equalsCString(name, "Correlation") {
            correlationDepth = max(0, correlationDepth - 1)
        }
    }

    private static let prefix = "HKQuantityTypeIdentifier"

    private func record(_ element: XMLElementStart) {
        guard let type = element.value("type") else { return }
        if XMLBytes.equals(type, "HKQuantityTypeIdentifierStepCount") {
            bucket(element, into: &steps, kind: .activity, unitFactor: { _ in 1 })
        } else if XMLBytes.equals(type, "HKQuantityTypeIdentifierActiveEnergyBurned") {
            bucket(element, into: &energy, kind: .activity, unitFactor: Self.kcalFactor)
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
            lastOtherType = Array(type)
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
        data.otherTypes[name, default: 0] += lastOtherRun
        lastOtherRun = 0
    }

    /// The record's start, or nil after counting it as skipped.
    private func start(_ element: XMLElementStart, _ kind: MergeCounts.Kind) -> HealthTimestamp? {
        guard let bytes = element.value("startDate"), let time = HealthTimestamp.parse(bytes) else {
            data.skip(kind, "no readable date")
            return nil
        }
        guard time.day <= latestDay else {
            data.skip(kind, "dated in the future")
            return nil
        }
        return time
    }

    private func number(_ element: XMLElementStart, _ key: StaticString) -> Double? {
        guard let bytes = element.value(key) else { return nil }
        return Self.decimal(bytes) ?? Double(String(decoding: bytes, as: UTF8.self)).flatMap { $0.isFinite ? $0 : nil }
    }

    /// "1234" or "12.5" without making a String (most values); nil for anything else (signs,
    /// exponents, more than 15 digits), which `Double(String)` then reads.
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

    private func source(_ element: XMLElementStart) -> Int {
        guard let bytes = element.value("sourceName") else { return intern("") }
        if lastSource >= 0, bytes.elementsEqual(lastSourceBytes) { return lastSource }
        lastSourceBytes = Array(bytes)
        lastSource = intern(String(decoding: bytes, as: UTF8.self))
        return lastSource
    }

    private func intern(_ name: String) -> Int {
        if let i = sourceIndex[name] { return i }
        sources.append(name)
        sourceIndex[name] = sources.count - 1
        return sources.count - 1
    }

    /// kcal per unit of energy: kcal and Cal (food calories) are the same; kJ is 1/4.184.
    static func kcalFactor(_ unit: UnsafeBufferPointer<UInt8>?) -> Double? {
        guard let unit else { return 1 }
        if XMLBytes.equals(unit, "kcal") || XMLBytes.equals(unit, "Cal") { return 1 }
        if XMLBytes.equals(unit, "kJ") { return 1 / 4.184 }
        if XMLBytes.equals(unit, "cal") { return 0.001 }
        return nil
    }

    private func bucket(_ element: XMLElementStart, into buckets: inout [Bucket: Double], kind: MergeCounts.Kind,
                        unitFactor: (UnsafeBufferPointer<UInt8>?) -> Double?) {
        guard let time = start(element, kind) else { return }
        guard let value = number(element, "value"), value >= 0, let factor = unitFactor(element.value("unit")) else {
            data.skip(kind, "unreadable value or unit")
            return
        }
        buckets[Bucket(hour: time.day.daysSinceEpoch * 24 + time.hour, source: source(element)), default: 0] += value * factor
    }

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
        guard kg >= 20, kg <= 500 else {
            data.skip(.body, "weight out of range")
            return
        }
        let stamp = element.string("startDate") ?? ""
        weights.append(Weight(time: time, stamp: stamp, kg: kg))
    }

    private func bodyFat(_ element: XMLElementStart) {
        guard let time = start(element, .body) else { return }
        guard var value = number(element, "value") else {
            data.skip(.body, "unreadable value or unit")
            return
        }
        // Health stores a fraction (0.215 with unit "%"); a few apps wrote the percentage itself.
        if value <= 1 { value *= 100 }
        guard value > 1, value < 80 else {
            data.skip(.body, "body fat out of range")
            return
        }
        fats[time.day, default: []].append((time, value))
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
        sleepPieces.append(SleepPiece(start: time, end: end, asleep: asleep))
    }

    private func startWorkout(_ element: XMLElementStart) {
        guard let time = start(element, .exercise) else { return }
        guard let endBytes = element.value("endDate"), let end = HealthTimestamp.parse(endBytes), end.instant >= time.instant else {
            data.skip(.exercise, "no readable end")
            return
        }
        var type = element.string("workoutActivityType") ?? "HKWorkoutActivityTypeOther"
        if type.hasPrefix("HKWorkoutActivityType") { type.removeFirst("HKWorkoutActivityType".count) }
        var minutes: Double?
        if let duration = number(element, "duration") {
            let unit = element.string("durationUnit") ?? "min"
            switch unit {
            case "s", "sec": minutes = duration / 60
            case "hr", "h": minutes = duration * 60
            default: minutes = duration
            }
        }
        var kcal: Double?
        if let total = number(element, "totalEnergyBurned"), let factor = Self.kcalFactor(element.value("totalEnergyBurnedUnit")) {
            kcal = total * factor
        }
        workout = OpenWorkout(type: type, start: time, end: end, stamp: element.string("startDate") ?? "",
                              minutes: minutes, kcal: kcal)
    }

    private func workoutStatistics(_ element: XMLElementStart) {
        guard var open = workout, let type = element.value("type"),
              XMLBytes.equals(type, "HKQuantityTypeIdentifierActiveEnergyBurned"),
              let sum = number(element, "sum"), let factor = Self.kcalFactor(element.value("unit")) else { return }
        open.statisticsKcal = (open.statisticsKcal ?? 0) + sum * factor
        workout = open
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
        guard kcal > 0, kcal <= 20_000 else {
            data.skip(.food, kcal == 0 ? "zero calories" : "energy out of range")
            return
        }
        let stamp = element.string("startDate") ?? ""
        let id = "dietary/\(stamp)/\(DecimalText.format(kcal, decimals: 1))"
        guard foodIds.insert(id).inserted else {
            data.skip(.food, "the same entry from another source")
            return
        }
        food.append(FoodRecord(date: time.day, meal: Meal.likely(atHour: time.hour), foodId: Self.quickAddFood,
                               foodName: "Quick add (Apple Health)", grams: 1, kcal: kcal, proteinG: 0, carbsG: 0, fatG: 0,
                               loggedAt: time.date, provenance: Provenance(source: AppleHealthData.source, externalId: id)))
    }

    public static let quickAddFood = FoodID("quick-add")

    // MARK: - The result

    /// The gap between two records that starts a new sleep.
    static let sleepGapSeconds = 3 * 3600

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

    private func activityDays(_ out: inout AppleHealthData) -> [ActivitySnapshot] {
        /// Per hour, the source with the most (iPhone and Watch count the same steps): one figure per day.
        func perDay(_ buckets: [Bucket: Double]) -> (days: [Int: Double], bySource: [Int: Double]) {
            var best: [Int: Double] = [:]
            var bySource: [Int: Double] = [:]
            for (bucket, value) in buckets {
                best[bucket.hour] = max(best[bucket.hour] ?? 0, value)
                bySource[bucket.source, default: 0] += value
            }
            var days: [Int: Double] = [:]
            for (hour, value) in best {
                let day = hour >= 0 ? hour / 24 : (hour - 23) / 24
                days[day, default: 0] += value
            }
            return (days, bySource)
        }
        let stepDays = perDay(steps)
        let energyDays = perDay(energy)
        out.stepsBySource = stepDays.bySource.map { (sources[$0.key], Int($0.value.rounded())) }.sorted { $0.steps > $1.steps }
        out.activeKcalBySource = energyDays.bySource.map { (sources[$0.key], $0.value) }.sorted { $0.kcal > $1.kcal }
        let days = Set(stepDays.days.keys).union(energyDays.days.keys).sorted()
        return days.map { d in
            let date = LocalDate(daysSinceEpoch: d)
            return ActivitySnapshot(date: date, steps: stepDays.days[d].map { min(1_000_000, Int($0.rounded())) },
                                    activeKcal: energyDays.days[d].map { min(100_000, ($0 * 10).rounded() / 10) },
                                    provenance: Provenance(source: AppleHealthData.source, externalId: "activity/\(date.iso)"))
        }
    }

    private func nights(_ out: inout AppleHealthData) -> [SleepRecord] {
        let pieces = sleepPieces.sorted { $0.start.instant < $1.start.instant }
        var sessions: [[SleepPiece]] = []
        var sessionEnd = Int.min
        for piece in pieces {
            if sessions.isEmpty || piece.start.instant > sessionEnd + Self.sleepGapSeconds {
                sessions.append([piece])
            } else {
                sessions[sessions.count - 1].append(piece)
            }
            sessionEnd = max(sessionEnd, piece.end.instant)
        }
        var byWakeDay: [LocalDate: SleepRecord] = [:]
        for session in sessions {
            // Asleep is the union of the asleep stages (sources overlap; stages never add up twice).
            var asleepSeconds = 0
            var runStart = Int.min
            var runEnd = Int.min
            for piece in session where piece.asleep {
                if piece.start.instant > runEnd {
                    if runEnd > runStart { asleepSeconds += runEnd - runStart }
                    runStart = piece.start.instant
                    runEnd = piece.end.instant
                } else {
                    runEnd = max(runEnd, piece.end.instant)
                }
            }
            if runEnd > runStart { asleepSeconds += runEnd - runStart }
            guard asleepSeconds > 0 else {
                out.skip(.sleep, "in bed only, no sleep stages")
                continue
            }
            guard let first = session.first?.start, let last = session.max(by: { $0.end.instant < $1.end.instant })?.end else { continue }
            let minutes = min(1440, Int((Double(asleepSeconds) / 60).rounded()))
            let night = SleepRecord(date: last.day, bedtime: first.clockTime, wakeTime: last.clockTime, minutes: minutes,
                                    status: SleepMath.status(minutes: minutes),
                                    provenance: Provenance(source: AppleHealthData.source, externalId: "sleep/\(last.day.iso)"))
            if let other = byWakeDay[last.day] {
                out.skip(.sleep, "a shorter sleep ending the same day (a nap)")
                if other.minutes >= night.minutes { continue }
            }
            byWakeDay[last.day] = night
        }
        return byWakeDay.values.sorted { $0.date < $1.date }
    }

    private func bodyRecords(_ out: inout AppleHealthData) -> [BodyRecord] {
        var seen = Set<String>()
        var usedFat = Set<String>()
        var records: [BodyRecord] = []
        for weight in weights.sorted(by: { $0.time.instant < $1.time.instant }) {
            let id = "weight/\(weight.stamp)/\(DecimalText.format(weight.kg, decimals: 2))"
            guard seen.insert(id).inserted else {
                out.skip(.body, "the same weigh-in from another source")
                continue
            }
            // The day's body-fat reading nearest in time goes with the weigh-in.
            let fat = fats[weight.time.day]?.min { abs($0.time.instant - weight.time.instant) < abs($1.time.instant - weight.time.instant) }
            if let fat { usedFat.insert("\(fat.time.instant)/\(fat.percent)") }
            records.append(BodyRecord(date: weight.time.day, weightKg: (weight.kg * 1000).rounded() / 1000,
                                      bodyFatPercent: fat.map { ($0.percent * 10).rounded() / 10 },
                                      recordedAt: weight.time.date, provenance: Provenance(source: AppleHealthData.source, externalId: id)))
        }
        let unused = fats.values.joined().filter { !usedFat.contains("\($0.time.instant)/\($0.percent)") }.count
        if unused > 0 { out.skip(.body, "body fat on a day without a weight", count: unused) }
        return records
    }

    private func exerciseRecords(_ out: inout AppleHealthData) -> [ExerciseRecord] {
        var latestWeight: Double?
        let weightsByTime = weights.sorted { $0.time.instant < $1.time.instant }
        var w = 0
        var records: [ExerciseRecord] = []
        var seen = Set<String>()
        for workout in workouts.sorted(by: { $0.start.instant < $1.start.instant }) {
            while w < weightsByTime.count, weightsByTime[w].time.instant <= workout.start.instant {
                latestWeight = weightsByTime[w].kg
                w += 1
            }
            let rawMinutes = workout.minutes ?? Double(workout.end.instant - workout.start.instant) / 60
            let minutes = Int(rawMinutes.rounded())
            guard minutes >= 1 else {
                out.skip(.exercise, "shorter than a minute")
                continue
            }
            guard minutes <= 1440 else {
                out.skip(.exercise, "longer than a day")
                continue
            }
            let id = "workout/\(workout.stamp)/\(workout.type)"
            guard seen.insert(id).inserted else {
                out.skip(.exercise, "the same workout from another source")
                continue
            }
            let mapped = WorkoutTypes.activity(for: workout.type)
            let met = mapped.activity?.met(for: .moderate) ?? WorkoutTypes.fallbackMET
            let kcal = (workout.kcal ?? workout.statisticsKcal).map { ($0 * 10).rounded() / 10 }
                ?? ExerciseLogging.kcal(met: met, weightKg: latestWeight ?? ExerciseLogging.assumedWeightKg, minutes: minutes)
            records.append(ExerciseRecord(date: workout.start.day, activity: mapped.name, minutes: minutes, intensity: .moderate,
                                          met: met, kcal: max(0, kcal), loggedAt: workout.start.date,
                                          provenance: Provenance(source: AppleHealthData.source, externalId: id)))
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
