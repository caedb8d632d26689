import BodiiDomain
import Foundation
import Testing
@testable import BodiiImport
import ImportSamples

/// The generated export (AppleHealthSample: UTC+9, two step sources, kg and lb, stages with
/// InBed, meals with a Correlation, both workout layouts) read back day by day against the
/// figures the generator says it wrote.
@Suite struct AppleHealthSampleTests {
    @Test func everyDayReadsBackAsTheGeneratorWroteIt() throws {
        let first = try #require(LocalDate(year: 2026, month: 10, day: 1))
        var xml = Data()
        let expected = try AppleHealthSample(firstDay: first, days: 21, heartRatePerHour: 2).write { xml.append($0) }
        let path = try HealthFixture.write(String(decoding: xml, as: UTF8.self))
        let data = try AppleHealthReader.readEverything(path: path, latestDay: first.adding(days: 30))

        #expect(expected.count == 21)
        let activity = Dictionary(uniqueKeysWithValues: data.activity.map { ($0.date, $0) })
        let body = Dictionary(grouping: data.body, by: \.date)
        let sleep = Dictionary(uniqueKeysWithValues: data.sleep.map { ($0.date, $0) })
        let exercise = Dictionary(grouping: data.exercise, by: \.date)
        let food = Dictionary(grouping: data.food, by: \.date)
        for (day, want) in expected {
            #expect(activity[day]?.steps == want.steps, "\(day)")
            #expect(abs((activity[day]?.activeKcal ?? -1) - want.activeKcal) < 0.11, "\(day)")
            let weight = try #require(body[day]?.first, "\(day)")
            #expect(body[day]?.count == 1)
            #expect(abs((weight.weightKg ?? 0) - (want.weightKg ?? 0)) < 0.001, "\(day)")
            #expect(weight.bodyFatPercent.map { ($0 * 10).rounded() } == want.bodyFatPercent.map { ($0 * 10).rounded() }, "\(day)")
            #expect(sleep[day]?.minutes == want.sleepMinutes, "\(day)")
            #expect(exercise[day, default: []].count == want.workouts, "\(day)")
            #expect(food[day, default: []].reduce(0) { $0 + $1.kcal } == want.eatenKcal, "\(day)")
        }
        // One lunch per day repeated inside a Correlation: skipped, never counted twice.
        #expect(data.skipped[.food] == ["inside a food Correlation (a duplicate)": 21])
        #expect(data.stepsBySource.count == 2)
    }
}
