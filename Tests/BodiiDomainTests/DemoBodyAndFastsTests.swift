import Foundation
import Testing
@testable import BodiiDomain

/// `bodii demo`'s measurements and fasts (issue 47): plausible, deterministic, never later than
/// now, and consistent with the meals (the first food of a fasting day is the fast's end).
@Suite struct DemoBodyAndFastsTests {
    static let end = LocalDate(year: 2026, month: 12, day: 6) ?? LocalDate(daysSinceEpoch: 20_793)
    /// 2026-12-06 12:00 UTC, as `BODII_NOW` in the manual's tries.
    static let now = Date(timeIntervalSince1970: Double(end.daysSinceEpoch) * 86_400 + 12 * 3600)

    static let foods: [FoodID: Food] = Dictionary(
        uniqueKeysWithValues: DemoHistory.menuFoodIDs.map { id in
            (id, Food(id: id, name: "Food \(id)", source: "USDA SR", per100g: Nutrients(kcal: 100, proteinG: 5, carbsG: 10, fatG: 4)))
        })

    @Test func aYearHasWeeklyTapeMeasurementsThatFollowTheWeight() throws {
        let batch = DemoHistory(days: 365, endDate: Self.end, now: Self.now).makeBatch(foods: Self.foods)
        #expect(batch.measurements.allSatisfy { $0.problem == nil && $0.recordedAt <= Self.now })
        let byKind = Dictionary(grouping: batch.measurements, by: \.kind)
        for kind in [MeasurementKind.waist, .hips, .neck] { #expect((40...52).contains(byKind[kind]?.count ?? 0), "\(kind)") }
        #expect((18...34).contains(byKind[.bloodPressure]?.count ?? 0))
        #expect((35...50).contains(byKind[.restingHeartRate]?.count ?? 0))
        // The waist goes with the week's weigh-ins: heavier weeks, wider waist.
        let weights = Dictionary(batch.body.map { ($0.0.date, $0.0.weightKg ?? 0) }, uniquingKeysWith: { a, _ in a })
        let pairs = (byKind[.waist] ?? []).compactMap { m in weights[m.date].map { ($0, m.value) } }
        #expect(pairs.count > 30)
        #expect(try #require(InsightStatistics.pearson(pairs.map(\.0), pairs.map(\.1))) > 0.5)
        // The Navy estimate of the latest tape is a body fat a man of 178 cm has.
        let latest = Dictionary(batch.measurements.map { ($0.kind, $0) }, uniquingKeysWith: { _, b in b })
        let navy = try #require(NavyBodyFat.percent(profile: DemoHistory.profile, latest: latest))
        #expect((12...28).contains(navy), "\(navy)")
    }

    @Test func fastsComeInSixteenEightWeeksSomeBrokenAndBreakfastBreaksThem() throws {
        let demo = DemoHistory(days: 365, endDate: Self.end, now: Self.now)
        let batch = demo.makeBatch(foods: Self.foods)
        #expect(batch.fasts == demo.makeBatch(foods: Self.foods).fasts, "deterministic")
        let done = batch.fasts.filter { !$0.isOngoing }
        #expect((60...180).contains(done.count), "\(done.count) fasts")
        let reached = done.filter { $0.reachedGoal(at: Self.now) }.count
        #expect(reached > done.count / 2 && reached < done.count, "\(reached) of \(done.count) reached 16 h")
        #expect(batch.fasts.allSatisfy { $0.startedAt < Self.now && ($0.endedAt ?? Self.now) <= Self.now })
        // No more than one fast is on, and only one whose end has not come.
        #expect(batch.fasts.filter(\.isOngoing).count <= 1)
        // Each finished fast ends at the first food after its start (when that day's meals are logged).
        let firstFood = Dictionary(batch.food.map { ($0.date, $0.loggedAt) }, uniquingKeysWith: min)
        var checked = 0
        for fast in done {
            guard let end = fast.endedAt, let first = firstFood[LocalDate(end, timeZone: .gmt)] else { continue }
            #expect(first == end, "\(fast)")
            checked += 1
        }
        #expect(checked > done.count * 3 / 4)
    }
}
