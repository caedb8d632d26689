import BodiiDomain
import BodiiStore
import Foundation
import Testing

/// `bodii insights`: run as a process on real databases, its findings checked against the days'
/// own `today --json`.
@Suite struct InsightsCLITests {
    let folder: TemporaryFolder
    init() throws { folder = try TemporaryFolder() }

    static let days = 70

    /// 70 days to the test clock's today: exercise on some days, and (planted) 40 min more sleep on
    /// the nights after them; nothing else goes with anything.
    private func plantedHistory() throws -> String {
        let db = folder.path("insights.sqlite")
        var state: UInt64 = 42
        func uniform() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return (Double(state >> 11) + 0.5) / Double(1 << 53)
        }
        var batch = HistoryBatch()
        var exercised = Set<LocalDate>()
        for k in 0..<Self.days {
            let day = TestClock.today.adding(days: -k)
            if uniform() < 0.45 {
                exercised.insert(day)
                batch.exercise.append(
                    ExerciseRecord(
                        date: day, activity: "Running", minutes: 30 + Int(uniform() * 4) * 10, intensity: .moderate, met: 8, kcal: 300))
            }
        }
        for k in 0..<Self.days {
            let day = TestClock.today.adding(days: -k)
            let noise = Int((uniform() - 0.5) * 60)
            let minutes = 420 + (exercised.contains(day.adding(days: -1)) ? 40 : 0) + noise
            batch.sleep.append(SleepRecord(date: day, minutes: minutes, status: SleepMath.status(minutes: minutes)))
        }
        try BodiiDatabase(url: URL(fileURLWithPath: db)).repositories.write(batch)
        return db
    }

    @Test func aPlantedFindingMatchesTheDaysTodayJSONShows() throws {
        let db = try plantedHistory()
        let out = try runBodii(["insights", "--days", "\(Self.days)", "--json", "--db", db])
        #expect(out.status == 0, "\(out.stderr)")
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(out.stdout.utf8)) as? [String: Any])
        #expect(doc["days"] as? Int == Self.days)
        let findings = try #require(doc["findings"] as? [[String: Any]])
        let keys: Set<String> = [
            "outcome", "predictor", "lag_days", "n", "rho", "effect", "unit", "ci_low", "ci_high", "p", "q", "sentence",
        ]
        #expect(findings.allSatisfy { Set($0.keys) == keys })
        let finding = try #require(
            findings.first {
                $0["outcome"] as? String == "sleep_minutes" && $0["predictor"] as? String == "exercise_minutes"
                    && $0["lag_days"] as? Int == 1
            })
        let (effect, low, high) = (
            try #require(finding["effect"] as? Double), try #require(finding["ci_low"] as? Double),
            try #require(finding["ci_high"] as? Double)
        )
        #expect(low <= 40 && 40 <= high, "planted 40 min in \(low)…\(high)")
        #expect(try #require(finding["q"] as? Double) < 0.05)

        // By hand, from `today --json` of each day: sleep on D against exercise on D − 1.
        var sleep: [LocalDate: Double] = [:], exercise: [LocalDate: Double] = [:]
        for k in 0..<Self.days {
            let day = TestClock.today.adding(days: -k)
            let json = try runBodii(["today", "--date", day.iso, "--json", "--db", db])
            let today = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
            if let minutes = (today["sleep"] as? [String: Any])?["minutes"] as? Double { sleep[day] = minutes }
            exercise[day] = (today["exercise"] as? [String: Any])?["minutes"] as? Double ?? 0
        }
        // The effect on the test's scale: nights split by the day before's exercise rank above its
        // weekday's mean rank, sleep less its weekday's mean minutes.
        func byWeekdayMean(_ v: [LocalDate: Double]) -> [Int: Double] {
            Dictionary(grouping: v, by: { $0.key.weekdayIndex }).mapValues { $0.map(\.value).reduce(0, +) / Double($0.count) }
        }
        let exerciseDays = exercise.keys.sorted()
        let ranks = Dictionary(
            uniqueKeysWithValues: zip(exerciseDays, InsightStatistics.averageRanks(exerciseDays.map { exercise[$0] ?? 0 })))
        let (rankMeans, sleepMeans) = (byWeekdayMean(ranks), byWeekdayMean(sleep))
        let pairs = sleep.keys.sorted().compactMap { d in
            ranks[d.adding(days: -1)].map { (above: $0 > rankMeans[d.adding(days: -1).weekdayIndex] ?? 0, sleep: (sleep[d] ?? 0) - (sleepMeans[d.weekdayIndex] ?? 0)) }
        }
        #expect(finding["n"] as? Int == pairs.count)
        let above = pairs.filter(\.above).map(\.sleep), rest = pairs.filter { !$0.above }.map(\.sleep)
        let byHand = above.reduce(0, +) / Double(above.count) - rest.reduce(0, +) / Double(rest.count)
        #expect(abs(byHand - effect) < 0.01, "effect \(effect), by hand \(byHand)")
        let sentence = try #require(finding["sentence"] as? String)
        #expect(sentence.contains("; \(above.count) vs \(rest.count) nights; 95 % CI"))

        let text = try runBodii(["insights", "--days", "\(Self.days)", "--db", db])
        #expect(text.status == 0)
        #expect(text.stdout.contains(sentence))
        #expect(text.stdout.contains("does not show that one causes the other"))
    }

    @Test func daysOutOfRangeIsAUsageErrorOnOneLine() throws {
        let db = try plantedHistory()
        let out = try runBodii(["insights", "--days", "5", "--db", db])
        #expect(out.status == 64)
        #expect(out.stderr.contains("days 5 is out of range: allowed 28–7300"))
        #expect(out.stdout.isEmpty)
    }

    @Test func theDemoYearGivesAWellFormedDocument() throws {
        let db = folder.path("demo.sqlite")
        #expect(try runBodii(["demo", "--days", "365", "--db", db]).status == 0)
        let out = try runBodii(["insights", "--days", "365", "--json", "--db", db])
        #expect(out.status == 0, "\(out.stderr)")
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(out.stdout.utf8)) as? [String: Any])
        #expect(doc["days"] as? Int == 365)
        #expect(try #require(doc["pairs_tested"] as? Int) > 50)
        let findings = try #require(doc["findings"] as? [[String: Any]])
        for f in findings {
            #expect(try #require(f["q"] as? Double) < 0.05)
            #expect(try #require(f["n"] as? Int) >= 28)
        }
        try expectIntervalsClearOfZero(findings)
    }

    /// The 30-day demo once showed "You spent 6.85 less on groceries … (95 % CI -18.27 to 4.58
    /// EUR)": a difference it could not tell from none. Every finding's interval is clear of zero,
    /// on the side of its correlation.
    @Test func noFindingHasAnIntervalAcrossZero() throws {
        let db = folder.path("demo30.sqlite")
        #expect(try runBodii(["demo", "--days", "30", "--db", db]).status == 0)
        for days in [28, 90] {
            let out = try runBodii(["insights", "--days", "\(days)", "--json", "--db", db])
            #expect(out.status == 0, "\(out.stderr)")
            let doc = try #require(try JSONSerialization.jsonObject(with: Data(out.stdout.utf8)) as? [String: Any])
            try expectIntervalsClearOfZero(try #require(doc["findings"] as? [[String: Any]]))
        }
    }

    private func expectIntervalsClearOfZero(_ findings: [[String: Any]]) throws {
        for f in findings {
            let (low, high, rho) = (
                try #require(f["ci_low"] as? Double), try #require(f["ci_high"] as? Double), try #require(f["rho"] as? Double)
            )
            #expect(rho > 0 ? low > 0 : high < 0, "\(f["sentence"] ?? "")")
        }
    }
}
