import BodiiDomain
import BodiiStore
import Foundation
import ReviewFeature
import SnapshotTesting
import TerminalKit
import Testing

/// `i` on the Review: the Insights view of the period and the last 90 days, over the Review.
@MainActor
@Suite struct ReviewInsightsTests {
    /// 90 days to the fixed day: exercise on some days and (planted) 40 min more sleep on the
    /// nights after them; a flat weight.
    static func plantedDatabase() throws -> TestDatabase {
        let db = try TestDatabase(profile: DemoHistory.profile)
        var state: UInt64 = 11
        func uniform() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return (Double(state >> 11) + 0.5) / Double(1 << 53)
        }
        var batch = HistoryBatch()
        var exercised = Set<LocalDate>()
        for k in 0..<90 {
            let day = TestDay.fixed.adding(days: -k)
            if uniform() < 0.45 {
                exercised.insert(day)
                batch.exercise.append(ExerciseRecord(date: day, activity: "Running", minutes: 40, intensity: .moderate, met: 8, kcal: 300))
            }
            batch.bareBody.append(
                BodyRecord(
                    date: day, weightKg: 80 + (uniform() - 0.5),
                    recordedAt: Date(timeIntervalSince1970: Double(day.daysSinceEpoch) * 86_400)))
        }
        for k in 0..<90 {
            let day = TestDay.fixed.adding(days: -k)
            let minutes = 420 + (exercised.contains(day.adding(days: -1)) ? 40 : 0) + Int((uniform() - 0.5) * 60)
            batch.sleep.append(SleepRecord(date: day, minutes: minutes, status: SleepMath.status(minutes: minutes)))
        }
        try db.repositories.write(batch)
        return db
    }

    private func openInsights(_ db: TestDatabase) throws -> any Screen {
        let vm = ReviewViewModel(source: db.repositories, clock: db.clock)
        vm.didBecomeVisible()
        guard case .requests(let requests) = vm.handle(.char("i")), case .present(let flow)? = requests.first else {
            Issue.record("i did not open the insights")
            throw CocoaError(.featureUnsupported)
        }
        return flow
    }

    @Test func thePlantedEffectReadsAtEightyColumnsInUnicodeAndASCII() throws {
        let db = try Self.plantedDatabase()
        let flow = try openInsights(db)
        let screen = render(flow, .small).text
        #expect(screen.contains("Last 90 days"))
        #expect(screen.contains("longer on nights after you exercised more than"), "\(screen)")
        // Both sections end today, so their 4 weeks of weight are one and said once.
        #expect(screen.components(separatedBy: "Weight over the last 4 weeks").count == 2, "\(screen)")
        assertSnapshot(of: screen, as: .lines, named: "80x21-planted")
        let ascii = render(flow, .small, context: RenderContext(theme: .fallback, symbols: .ascii)).text
        let nonASCII = ascii.unicodeScalars.filter { !$0.isASCII }
        #expect(nonASCII.isEmpty, "\(ascii)")
        assertSnapshot(of: ascii, as: .lines, named: "80x21-planted-ascii")
    }

    @Test func scrollingReachesTheEndAndEscCloses() throws {
        let db = try Self.plantedDatabase()
        let flow = try openInsights(db)
        _ = render(flow, .small)
        #expect(flow.handle(.end) == .handled)
        let end = render(flow, .small).text
        #expect(end.contains("does not show that one causes the"), "\(end)")
        #expect(flow.handle(.escape) == .close)
        #expect(flow.handle(.char("q")) == .ignored)
    }
}
