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
        // Issue 47: the day's waist (from cm or in), resting heart rate and blood pressure, each once.
        let measured = Dictionary(grouping: data.measurements, by: \.date)
        for (day, want) in expected {
            let of = Dictionary(grouping: measured[day, default: []], by: \.kind)
            #expect(of[.waist]?.count == (want.waistCm == nil ? nil : 1), "\(day)")
            #expect(abs((of[.waist]?.first?.value ?? 0) - (want.waistCm ?? 0)) < 0.001, "\(day)")
            #expect(of[.restingHeartRate]?.map(\.value) == want.restingHeartRate.map { [$0] }, "\(day)")
            let bp = of[.bloodPressure]?.map { [$0.value, $0.diastolic ?? 0] }
            #expect(bp == want.systolic.map { [[$0, want.diastolic ?? -1]] }, "\(day)")
        }
        #expect(data.measurements.allSatisfy { $0.provenance.source == AppleHealthData.source && $0.provenance.externalId != nil })
        let impossible = expected.values.reduce(0) { $0 + $1.impossibleMeasurements }
        // The numbers a reading repeats at the top level are not readings of their own.
        let readings = data.measurements.filter { $0.kind == .bloodPressure }.count
        #expect(
            impossible == 1 && readings == 10
                && data.skipped[.measurement] == [
                    "waist out of range (40–250 cm)": impossible,
                    "a blood pressure number outside its Correlation (a duplicate)": 2 * readings,
                ])
        // One lunch per day repeated inside a Correlation: skipped, never counted twice.
        #expect(data.skipped[.food] == ["inside a food Correlation (a duplicate)": 21])
        #expect(data.stepsBySource.count == 2)
    }
}
