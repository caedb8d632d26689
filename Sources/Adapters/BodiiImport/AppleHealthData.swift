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
    /// Waist, resting heart rate and blood pressure (issue 47), in time order.
    public var measurements: [BodyMeasurement] = []
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
    /// The last weigh-in (kg) of these records, or the one before them: a part hands it to the next.
    public var lastWeightKg: Double?

    public init() {}

    mutating func skip(_ kind: MergeCounts.Kind, _ reason: String, count: Int = 1) {
        skipped[kind, default: [:]][reason, default: 0] += count
    }

    public var otherCount: Int { otherTypes.values.reduce(0, +) }
}

/// The most one pass over an export keeps, so memory stays flat whatever the file (PRODUCT.md §9:
/// under 64 MB). An export holding more is read in runs of days (`AppleHealthPlan`); only a single
/// day holding more than this is refused, which no real export comes near.
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
    /// At most in one pass: 46,137 weigh-ins, workouts and meals (ten years of a scale, a Watch
    /// and a food diary are about 25,000), or 153,791 sleep records (a Watch's stages, ≈ 30 a
    /// night: 14 years), or 360,448 hours of steps and energy by source (16 hours a day, two
    /// sources: 15 years). A single day is refused past it.
    public static let maxRows = budgetBytes / rowCost
    /// Distinct source names and record types remembered by name; the rest are counted together.
    static let names = 1_000
    /// Longest name echoed into the summary (and `--json`); longer ones are cut with "…".
    static let echoedName = 80
}
