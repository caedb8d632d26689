import BodiiDomain
import Foundation

/// Collects an export's elements as they stream past and turns them into `AppleHealthData`.
/// Routes each record to the kind it is (`AppleHealthActivity`, `AppleHealthSleep`,
/// `AppleHealthBody`, `AppleHealthWorkouts`, `AppleHealthMeals`, `AppleHealthMeasurements`),
/// which check it and keep it against the pass's budget (`AppleHealthPass`), and counts the other
/// types. Keeps only aggregates (hourly step and energy buckets per source) and the records that
/// become Bodii records — identical ones collapsed as they arrive — so its memory does not grow
/// with the file: not with heart-rate bulk, nor with the same weigh-in written a million times.
public final class AppleHealthCollector: XMLElementHandler {
    public static let quickAddFood = FoodID("quick-add")

    private(set) var sawRoot = false
    private(set) var rootName: String?
    /// Everything a pass keeps, in one value: one exclusivity check per element, not one per field.
    private var routing: AppleHealthRouting

    /// A first pass (`part` nil), or a pass keeping the days of `part`.
    init(latestDay: LocalDate, part: ClosedRange<LocalDate>? = nil, weightBefore: Double? = nil) {
        routing = AppleHealthRouting(pass: AppleHealthPass(latestDay: latestDay, part: part), weightBefore: weightBefore)
    }

    var mode: AppleHealthPassMode { routing.pass.mode }
    /// Set when a part holds more than `AppleHealthLimits` allow: the reader splits it.
    var overLimit: Bool { routing.pass.overLimit }
    var recordCount: Int { routing.pass.data.recordCount }
    func plannedParts() -> [ClosedRange<LocalDate>] { routing.pass.plannedParts() }

    public func didStart(_ element: XMLElementStart) {
        if !sawRoot {
            sawRoot = true
            rootName = String(cString: element.name)
            return
        }
        // Named here, so that the many other elements (metadata, routes) cost no access to `routing`.
        if element.isNamed("Record") {
            routing.record(element)
        } else if element.isNamed("Workout") {
            routing.startWorkout(element)
        } else if element.isNamed("WorkoutStatistics") {
            routing.workoutStatistics(element)
        } else if element.isNamed("Correlation") {
            routing.startCorrelation(element)
        }
    }

    public func didEnd(_ name: UnsafePointer<UInt8>) {
        if XMLBytes.equalsCString(name, "Workout") {
            routing.endWorkout()
        } else if XMLBytes.equalsCString(name, "Correlation") {
            routing.endCorrelation()
        }
    }

    public func finish() -> AppleHealthData {
        routing.finish()
    }
}

/// The collector's routing: each element to the kind of record it is, the pass they share, and
/// the count of the other types.
private struct AppleHealthRouting {
    private(set) var pass: AppleHealthPass
    /// The last weigh-in before a part's days: what its first workouts without energy are reckoned with.
    let weightBefore: Double?
    private var activity = AppleHealthActivity()
    private var sleep = AppleHealthSleep()
    private var body = AppleHealthBody()
    private var workouts = AppleHealthWorkouts()
    private var meals = AppleHealthMeals()
    private var measuring = AppleHealthMeasurements()
    /// Open `Correlation` elements: a food one repeats the dietary records around it.
    private var correlationDepth = 0
    /// The run of records of one other type being counted (its name, cut; how many).
    private var lastOtherType: [UInt8] = []
    private var lastOtherRun = 0

    init(pass: AppleHealthPass, weightBefore: Double?) {
        self.pass = pass
        self.weightBefore = weightBefore
    }

    mutating func record(_ element: XMLElementStart) {
        pass.data.recordCount += 1
        route(element)
        if pass.dropsKept { dropKept() }
    }

    mutating func startWorkout(_ element: XMLElementStart) {
        pass.data.recordCount += 1
        workouts.start(element, pass: &pass)
    }

    mutating func workoutStatistics(_ element: XMLElementStart) {
        workouts.statistics(element)
    }

    mutating func endWorkout() {
        workouts.end(pass: &pass)
        if pass.dropsKept { dropKept() }
    }

    mutating func startCorrelation(_ element: XMLElementStart) {
        correlationDepth += 1
        measuring.startCorrelation(element, pass: &pass)
    }

    mutating func endCorrelation() {
        correlationDepth = max(0, correlationDepth - 1)
        measuring.endCorrelation(pass: &pass)
        if pass.dropsKept { dropKept() }
    }

    /// A record to the kind its type is, or counted as another type.
    private mutating func route(_ element: XMLElementStart) {
        guard let type = element.value("type") else { return }
        if measuring.record(element, type, pass: &pass) { return }
        if XMLBytes.equals(type, "HKQuantityTypeIdentifierStepCount") {
            activity.add(element, .steps, pass: &pass)
        } else if XMLBytes.equals(type, "HKQuantityTypeIdentifierActiveEnergyBurned") {
            activity.add(element, .energy, pass: &pass)
        } else if XMLBytes.equals(type, "HKCategoryTypeIdentifierSleepAnalysis") {
            sleep.add(element, pass: &pass)
        } else if XMLBytes.equals(type, "HKQuantityTypeIdentifierBodyMass") {
            body.addMass(element, pass: &pass)
        } else if XMLBytes.equals(type, "HKQuantityTypeIdentifierBodyFatPercentage") {
            body.addFat(element, pass: &pass)
        } else if XMLBytes.equals(type, "HKQuantityTypeIdentifierDietaryEnergyConsumed") {
            meals.addEnergy(element, inCorrelation: correlationDepth != 0, pass: &pass)
        } else if let key = AppleHealthMeals.dietaryKey(type) {
            meals.addNutrient(element, key, inCorrelation: correlationDepth != 0, pass: &pass)
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

    private mutating func flushOtherRun() {
        guard lastOtherRun > 0 else { return }
        var name = String(decoding: lastOtherType, as: UTF8.self)
        for p in ["HKQuantityTypeIdentifier", "HKCategoryTypeIdentifier", "HKDataType"] where name.hasPrefix(p) {
            name.removeFirst(p.count)
        }
        name = AppleHealthValues.echoable(name)
        if pass.data.otherTypes[name] == nil, pass.data.otherTypes.count >= AppleHealthLimits.names { name = "(more types)" }
        pass.data.otherTypes[name, default: 0] += lastOtherRun
        lastOtherRun = 0
    }

    /// The first pass outgrew its budget: what the kinds kept is dropped (the parts read it
    /// again); from here on the pass only charges each record to its day.
    private mutating func dropKept() {
        pass.dropsKept = false
        activity = AppleHealthActivity()
        sleep = AppleHealthSleep()
        body = AppleHealthBody()
        workouts = AppleHealthWorkouts()
        meals = AppleHealthMeals()
        measuring.dropKept()
    }

    mutating func finish() -> AppleHealthData {
        flushOtherRun()
        var out = pass.data
        out.activity = activity.days(&out, sources: pass.sources.names)
        out.sleep = sleep.nights(&out, pass: pass)
        out.body = body.records(&out)
        out.exercise = workouts.records(weighIns: body.weighInsByTime, weightBefore: weightBefore)
        out.food = meals.food
        out.measurements = measuring.measurements
        meals.attachNutrients(&out)
        out.lastWeightKg = body.lastWeightKg ?? weightBefore
        return out
    }
}
