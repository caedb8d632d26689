import Foundation
import Testing
import BodiiDomain
import BodiiStore
import DashboardFeature
import TerminalKit
import SharedCharts

/// Issue 9, item 13: counts agree with their nouns ("1 night", "streak 1 day"), through one helper.
@MainActor
@Suite struct GrammarTests {
    @Test func reportWithOneNightAndAOneDayStreak() throws {
        let db = try TestDatabase(profile: DemoHistory.profile)
        try db.repositories.saveCheckIn(CheckIn(date: TestDay.fixed, mood: 4))
        _ = try db.repositories.addSleepRecord(
            SleepRecord(
                date: TestDay.fixed, bedtime: nil, wakeTime: nil, minutes: 420,
                quality: nil, status: .good))
        let state = try DashboardState.load(day: TestDay.fixed, longestStreak: true, from: db.repositories)
        let period = try PeriodSummary.load(range: ChartRange.week.dates(endingOn: TestDay.fixed), source: db.repositories)
        let report = DashboardReport(state: state, day: TestDay.fixed, period: period)
        var buffer = Buffer(width: 100, height: report.height)
        report.render(in: buffer.area, buffer: &buffer, context: snapshotContext)
        #expect(buffer.text.contains("streak 1 day ·") && buffer.text.contains("longest 1 day\n"), "\(buffer.text)")
        #expect(buffer.text.contains("on 1 night,"), "\(buffer.text)")
    }
}
