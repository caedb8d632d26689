import Foundation

/// A small deterministic random generator (SplitMix64), so `bodii demo` gives the same history
/// every time and tests can rely on it.
public struct SeededRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64
    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Roughly normal noise (sum of uniforms), mean 0 and the given standard deviation.
    public mutating func gaussian(sd: Double) -> Double {
        var sum = 0.0
        for _ in 0..<6 { sum += Double.random(in: 0..<1, using: &self) }
        return (sum - 3) * sd * 1.414
    }

    public mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &self) < p }
}

/// A realistic sample user and history for `bodii demo`: weights with daily noise around a slow
/// trend, exercise most days, nights of sleep, check-ins, and meals of real catalog foods.
public struct DemoHistory: Sendable {
    public static let maxDays = 3660
    public let days: Int
    public let endDate: LocalDate
    public let seed: UInt64

    /// Nothing is stamped later than this, so a weigh-in logged now counts as the latest.
    public let now: Date?

    public init(days: Int, endDate: LocalDate, seed: UInt64 = 20_261_122, now: Date? = nil) {
        self.days = days
        self.endDate = endDate
        self.seed = seed
        self.now = now
    }

    private func stamp(_ date: LocalDate, hour: Double) -> Date {
        let at = Date(timeIntervalSince1970: Double(date.daysSinceEpoch) * 86_400 + hour * 3600)
        guard let now else { return at }
        return min(at, now.addingTimeInterval(-60))
    }

    public static let profile = Profile(
        name: "Alex", sex: .male, birthDate: LocalDate(year: 1990, month: 4, day: 12) ?? LocalDate(daysSinceEpoch: 7406),
        heightCm: 178, activityLevel: .moderate)

    /// Demo activities with a Compendium MET value for the intensity the demo uses.
    static let activities: [(name: String, intensity: Intensity, met: Double)] = [
        ("Walking", .moderate, 3.5), ("Running", .moderate, 9.8), ("Cycling", .moderate, 7.5),
        ("Strength training", .moderate, 5.0), ("Yoga", .low, 2.5), ("Swimming", .moderate, 5.8),
        ("Hiking", .moderate, 6.0), ("HIIT", .high, 8.0),
    ]

    /// What the demo user eats: each day one of a few usual breakfasts, lunches and dinners and
    /// up to two snacks, portions 0.95–1.45 times the usual grams; real USDA SR24 foods (id, usual grams).
    /// About 2,100 kcal a day on average, a little under the demo's target while losing weight.
    public static let menu: [(meal: Meal, options: [[(id: String, grams: Double)]])] = [
        (
            .breakfast,
            [
                [("usda:08120", 60), ("usda:01079", 200), ("usda:09040", 118), ("usda:14209", 240)],  // oats, milk, banana, coffee
                [("usda:01132", 120), ("usda:18075", 64), ("usda:01001", 8), ("usda:09206", 200)],  // scrambled eggs, toast, butter, orange juice
                [("usda:01117", 225), ("usda:09050", 100), ("usda:12061", 20), ("usda:14209", 240)],  // yogurt, blueberries, almonds, coffee
            ]
        ),
        (
            .lunch,
            [
                [("usda:05064", 140), ("usda:20037", 180), ("usda:11091", 120), ("usda:04053", 7)],  // chicken breast, brown rice, broccoli, olive oil
                [("usda:15121", 120), ("usda:18075", 64), ("usda:11251", 50), ("usda:11529", 100), ("usda:01009", 20)],  // tuna sandwich
                [("usda:16070", 200), ("usda:18235", 30), ("usda:11124", 80), ("usda:16158", 40)],  // lentils, crackers, carrots, hummus
            ]
        ),
        (
            .dinner,
            [
                [("usda:15237", 150), ("usda:11828", 200), ("usda:11053", 120), ("usda:01001", 10)],  // salmon, baked potato, green beans
                [("usda:20121", 220), ("usda:06931", 150), ("usda:23568", 85), ("usda:01026", 20)],  // spaghetti with meat sauce
                [("usda:05098", 150), ("usda:20045", 180), ("usda:11457", 60), ("usda:09037", 70), ("usda:16015", 100)],  // chicken thigh, rice, beans
            ]
        ),
        (
            .snacks,
            [
                [("usda:09003", 182)], [("usda:12061", 28)], [("usda:01009", 30), ("usda:18235", 20)],
                [("usda:16398", 32), ("usda:09040", 118)], [("usda:09200", 131)], [("usda:01117", 170)],
            ]
        ),
    ]

    static func mealHour(_ meal: Meal) -> Double {
        switch meal {
        case .breakfast: return 7.5
        case .lunch: return 12.5
        case .dinner: return 19
        case .snacks: return 16
        }
    }

    /// Every food the menu uses, for loading them from the catalog.
    public static var menuFoodIDs: [FoodID] {
        var seen = Set<String>()
        return menu.flatMap { $0.options.flatMap { $0.map(\.id) } }.filter { seen.insert($0).inserted }.map(FoodID.init)
    }

    /// The history; with `foods` (the catalog's foods of `menuFoodIDs`) it includes meals, logged
    /// on nine days in ten. A dish whose food is missing from `foods` is left out. The meals come
    /// from their own random stream, so the rest of the history is the same with or without them.
    public func makeBatch(profile: Profile = DemoHistory.profile, foods: [FoodID: Food] = [:]) -> HistoryBatch {
        var rng = SeededRandom(seed: seed)
        var mealRng = SeededRandom(seed: seed ^ 0x00F0_0D00_F00D)
        var batch = HistoryBatch()
        let start = endDate.adding(days: -(days - 1))
        var drift = 0.0
        var bodyRecords: [BodyRecord] = []
        var weights: [Double] = []
        let plan = fastPlan()
        for offset in 0..<days {
            let date = start.adding(days: offset)
            // A slow multi-year wave with a winter bump, losing gently towards today, plus a small
            // random walk and day-to-day water noise on the scale.
            let back = Double(days - 1 - offset)
            drift = drift * 0.98 + rng.gaussian(sd: 0.05)
            let weight = 79 + 3 * (1 - cos(2 * .pi * back / 1460)) + sin(2 * .pi * back / 365) + drift
            let measured = ((weight + rng.gaussian(sd: 0.45)) * 10).rounded() / 10
            weights.append(weight)
            if rng.chance(0.86) {
                let fat = offset % 7 == 0 ? ((18 + (weight - 76) * 0.45 + rng.gaussian(sd: 0.4)) * 10).rounded() / 10 : nil
                let at = stamp(date, hour: 7 + Double(offset % 40) / 60)
                bodyRecords.append(BodyRecord(date: date, weightKg: measured, bodyFatPercent: fat, recordedAt: at))
            }
            if rng.chance(0.62) {
                let a = DemoHistory.activities[Int.random(in: 0..<DemoHistory.activities.count, using: &rng)]
                let minutes = Int.random(in: 4...15, using: &rng) * 5
                let kcal = ExerciseEnergy.addedKcal(met: a.met, weightKg: measured, minutes: minutes)
                let at = stamp(date, hour: 18)
                batch.exercise.append(
                    ExerciseRecord(
                        date: date, activity: a.name, minutes: minutes, intensity: a.intensity,
                        met: a.met, kcal: (kcal * 10).rounded() / 10, loggedAt: at))
            }
            if rng.chance(0.93) {
                let bedMinute = (23 * 60 + Int(rng.gaussian(sd: 40)) + 1440) % 1440
                let duration = max(240, min(660, 450 + Int(rng.gaussian(sd: 45))))
                let wakeMinute = (bedMinute + duration) % 1440
                let bed = ClockTime(hour: bedMinute / 60, minute: bedMinute % 60)
                let wake = ClockTime(hour: wakeMinute / 60, minute: wakeMinute % 60)
                let quality = max(1, min(5, 3 + Int((Double(duration - 420) / 45 + rng.gaussian(sd: 0.8)).rounded())))
                batch.sleep.append(
                    SleepRecord(
                        date: date, bedtime: bed, wakeTime: wake, minutes: duration, quality: quality,
                        status: SleepMath.status(minutes: duration)))
            }
            if !foods.isEmpty, mealRng.chance(0.9) {
                for (meal, options) in Self.menu {
                    let dishes = meal == .snacks ? Int.random(in: 0...2, using: &mealRng) : 1
                    for _ in 0..<dishes {
                        let dish = options[Int.random(in: 0..<options.count, using: &mealRng)]
                        let scale = Double.random(in: 0.95...1.45, using: &mealRng)
                        // A fasting day eats the same meals later: breakfast breaks the fast.
                        let hour = plan[offset].map { $0.hour(of: meal) } ?? Self.mealHour(meal)
                        // Nothing eaten later than now on the last day.
                        if let now, Date(timeIntervalSince1970: Double(date.daysSinceEpoch) * 86_400 + hour * 3600) > now { continue }
                        for item in dish {
                            guard let food = foods[FoodID(item.id)] else { continue }
                            let grams = max(5, (item.grams * scale / 5).rounded() * 5)
                            batch.food.append(
                                FoodLogging.record(
                                    food: food, grams: grams, meal: meal, date: date,
                                    loggedAt: stamp(date, hour: hour)))
                        }
                    }
                }
            }
            if rng.chance(0.72) {
                let full = rng.chance(0.8)
                let mood = max(1, min(5, 3 + Int(rng.gaussian(sd: 0.9).rounded())))
                // The demo's one planted link, for Insights to find: more energy on a day a fast ended.
                let lift = plan[offset].map { $0.isBroken ? 0.3 : 1.0 } ?? 0
                let energy = max(1, min(5, 3 + Int((rng.gaussian(sd: 0.9) + lift).rounded())))
                let notes = [
                    "slept well", "long day at work", "good run this morning", "a bit tired", "ate out with friends", "feeling strong",
                ]
                batch.checkIns.append(
                    CheckIn(
                        date: date, mood: mood, energy: full ? energy : nil,
                        note: full ? notes[Int.random(in: 0..<notes.count, using: &rng)] : nil))
            }
        }
        // A recent body-fat reading keeps the formula steady, as when logging one by one.
        batch.body = BodyLogging.withSnapshots(bodyRecords, profile: profile).measured  // every demo record has a weight
        batch.measurements = measurements(weights: weights)
        batch.fasts = fasts(plan)
        return batch
    }
}
