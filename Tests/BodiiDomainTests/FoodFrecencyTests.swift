import Testing
@testable import BodiiDomain

@Suite struct FoodFrecencyTests {
    let latest = LocalDate(year: 2026, month: 11, day: 20)!

    func day(_ age: Int) -> String { latest.adding(days: -age).iso }

    @Test func pointsFallWithAgeAndStopAfterTheWindow() {
        #expect(
            [0, 3, 4, 14, 15, 30, 31, 90, 91, 180, 181].map(FoodFrecency.points(age:))
                == [100, 100, 70, 70, 50, 50, 30, 30, 10, 10, 0])
        // The first day counted is the window's start, as the store reads it.
        #expect(FoodFrecency(latest: latest).firstDay == "2026-05-24")
    }

    @Test func entriesCountByTheirBandAndOlderOnesNotAtAll() {
        var frecency = FoodFrecency(latest: latest)
        for (age, entry) in [(0, 10), (3, 9), (4, 8), (15, 7), (31, 6), (91, 5), (180, 4), (181, 3)] {
            frecency.add(foodID: "oats", day: day(age), entry: Int64(entry))
        }
        let oats = frecency.ranked.first
        #expect(frecency.ranked.count == 1)
        #expect(oats?.points == Double(100 + 100 + 70 + 50 + 30 + 10 + 10))
        #expect(oats?.lastDay == day(0))
        #expect(oats?.lastEntry == 10)
    }

    @Test func aWeekOfHabitOutranksYesterdayAndTiesGoToTheLatest() {
        var frecency = FoodFrecency(latest: latest)
        for age in 0..<7 { frecency.add(foodID: "oats", day: day(age), entry: Int64(100 - age)) }
        frecency.add(foodID: "banana", day: day(1), entry: 50)
        frecency.add(foodID: "egg", day: day(1), entry: 60)  // same points as banana, logged later
        frecency.add(foodID: "milk", day: day(0), entry: 1)  // same points, a later day
        frecency.add(foodID: "old", day: day(200), entry: 2)  // outside the window
        #expect(frecency.ranked.map(\.foodID) == ["oats", "milk", "egg", "banana"])
        #expect(frecency.ranked.first?.points == Double(100 * 4 + 70 * 3))
    }
}
