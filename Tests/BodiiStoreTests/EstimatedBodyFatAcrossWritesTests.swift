import BodiiDomain
import Foundation
import Testing
@testable import BodiiStore

/// Issue 47 item 1: with the Navy estimate chosen for Katch-McArdle, the tape is one of a day's
/// target inputs, so the app's kept targets follow a measurement written here or by a command,
/// and only the days after it are worked out again.
@Suite struct EstimatedBodyFatAcrossWritesTests {
    let today = day("2026-11-20")
    var range: DateRange { DateRange(start: today.adding(days: -20), end: today) }

    /// 60 days of weigh-ins with Mifflin-St Jeor snapshots, a man of 180 cm, waist 90 and neck 40
    /// cm 30 days ago, and a formula target that lets the estimate stand in.
    func fill(_ repos: SQLiteRepositories) throws {
        try repos.saveProfile(
            Profile(name: "Bo", sex: .male, birthDate: day("1986-01-01"), heightCm: 180, activityLevel: .moderate))
        for k in 0..<60 {
            let date = today.adding(days: k - 59)
            try repos.addBodyRecord(body(date, kg: 80), snapshot: snapshot(date, bmr: 1750, tdee: 2600))
        }
        try repos.addMeasurement(BodyMeasurement(date: today.adding(days: -30), kind: .waist, value: 90))
        try repos.addMeasurement(BodyMeasurement(date: today.adding(days: -30), kind: .neck, value: 40))
        _ = try repos.saveActiveGoal(
            Goal(
                type: .maintain, weeklyRateKg: 0, dailyCalorieTarget: nil, proteinG: nil, carbsG: nil, fatG: nil,
                createdOn: today.adding(days: -40), choice: TargetChoice(calories: .formula, bodyFat: .estimated)))
    }

    func targets(_ repos: SQLiteRepositories) throws -> [Double?] {
        let history = try TargetHistory.load(range: range, source: repos)
        return range.days.map { history.targets(on: $0)?.kcal }
    }

    func fresh(_ url: URL) throws -> [Double?] {
        let command = try BodiiDatabase(url: url, access: .command)
        defer { try? command.close() }
        return try targets(command.repositories)
    }

    @Test func aMeasurementMovesTheDaysAfterItOnlyWhoeverWroteIt() throws {
        try withTemporaryFolder { folder in
            let url = folder.appendingPathComponent("bodii.sqlite")
            let app = try BodiiDatabase(url: url)
            defer { try? app.close() }
            try fill(app.repositories)
            _ = try app.repositories.outsideWriteStamp()
            let before = try targets(app.repositories)
            // Katch-McArdle at 80 kg with the Navy 18.37 %: 370 + 21.6 · 80 · 0.8163 = 1780.6; × 1.55.
            #expect(before.allSatisfy { $0 == (1780.61 * 1.55).rounded() }, "\(before)")
            let memo = try #require(app.repositories.dayTargetsMemo())
            let worked = memo.workedOut

            let measured = today.adding(days: -10)
            try app.repositories.addMeasurement(BodyMeasurement(date: measured, kind: .waist, value: 100))
            let after = try targets(app.repositories)
            #expect(after == (try fresh(url)), "every day reads the file's targets")
            let index = range.start.days(until: measured)
            #expect(after[...index] == before[...index], "the day it was measured keeps its target")
            #expect(after[(index + 1)...].allSatisfy { ($0 ?? 0) < (before.last ?? 0) ?? 0 }, "a wider waist: less lean mass")
            #expect(memo.workedOut == worked + measured.days(until: today), "only the days after the measurement")

            let command = try BodiiDatabase(url: url, access: .command)
            try command.repositories.addMeasurement(BodyMeasurement(date: today.adding(days: -5), kind: .neck, value: 42))
            try command.close()
            _ = try app.repositories.outsideWriteStamp()
            let afterCommand = try targets(app.repositories)
            #expect(afterCommand == (try fresh(url)))
            #expect(afterCommand != after)
        }
    }
}
