import Testing
@testable import BodiiDomain

/// Issue 26: the Insights heading said "1 go together".
@Suite struct InsightHeadingTests {
    @Test func theCountOfFindingsAgreesWithItsVerb() {
        #expect(InsightLines.together(0) == "none go together")
        #expect(InsightLines.together(1) == "1 goes together")
        #expect(InsightLines.together(3) == "3 go together")
    }

    /// Issue 26's captures: "Last 90 days · 90 days to today" on a 60-day history. The heading
    /// counts from the first day with data; a range without data keeps its own length.
    @Test func theHeadingCountsTheDaysThereAreData() throws {
        let today = try #require(LocalDate(year: 2026, month: 11, day: 25))
        let range = DateRange(ending: today, days: 90)
        let sixty = (0..<60).map { today.adding(days: -$0) }
        let series = InsightSeries(range: range, values: [.mood: Dictionary(uniqueKeysWithValues: sixty.map { ($0, 3.0) })])
        let result = InsightFinder.find(series)
        #expect(result.daysCovered == 60)
        #expect(InsightLines.heading(result, today: today).hasPrefix("60 days to today"))
        // One series, nothing tested: the heading does not say "0 pairs tested · none go together"
        // above "Nothing to compare yet".
        #expect(result.tested == 0)
        #expect(InsightLines.heading(result, today: today) == "60 days to today")
        #expect(InsightLines.nothingFound(result)?.hasPrefix("Nothing to compare yet") == true)
        // A named period (the Review's week or month) counts every day, as its Summary does.
        #expect(InsightLines.heading(result, today: today, everyDay: true).hasPrefix("90 days to today"))
        #expect(range.daysToLabel(today: today.adding(days: 1)) == "90 days to yesterday")
        let empty = InsightFinder.find(InsightSeries(range: range, values: [:]))
        #expect(InsightLines.heading(empty, today: today).hasPrefix("90 days to today"))
    }
}
