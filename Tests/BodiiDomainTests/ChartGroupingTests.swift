import Testing
@testable import BodiiDomain

/// Charts cover their whole range (PRODUCT.md §1): the groups of days behind the bars.
@Suite struct ChartGroupingTests {
    @Test(arguments: ChartRange.allCases)
    func groupsCoverTheRangeExactlyAtEveryWidth(range: ChartRange) throws {
        let span = range.dates(endingOn: try date("2026-11-22"))
        for columns in 1...250 {
            let grouping = ChartGrouping.fitting(span, columns: columns)
            let groups = grouping.groups
            #expect(groups.first?.start == span.start, "\(range.label) at \(columns)")
            #expect(groups.last?.end == span.end, "\(range.label) at \(columns)")
            for (a, b) in zip(groups, groups.dropFirst()) { #expect(a.end.adding(days: 1) == b.start) }
            #expect(grouping.dayCounts.reduce(0, +) == span.dayCount)
            // The finest step of the ladder that fits, whenever one does.
            if columns >= 5 { #expect(groups.count <= columns, "\(range.label) at \(columns): \(groups.count) bars") }
            if let finer = ChartGrouping.ladder.last(where: { $0 < grouping.daysPerBar }) {
                #expect(ChartGrouping(range: span, daysPerBar: finer).groups.count > columns, "\(range.label) at \(columns)")
            }
        }
    }

    @Test func aShortRemainderJoinsTheFirstBarAndTheLastBarIsWhole() throws {
        let year = ChartRange.year.dates(endingOn: try date("2026-11-22"))
        // 365 = 52 weeks + 1 day: the spare day joins the first week rather than standing alone.
        let weeks = ChartGrouping(range: year, daysPerBar: 7)
        #expect(weeks.groups.count == 52)
        #expect(weeks.dayCounts.first == 8 && weeks.dayCounts.dropFirst().allSatisfy { $0 == 7 })
        // 365 = 6 × 56 + 29: 29 days is over half a group, so it is a bar of its own.
        let eightWeeks = ChartGrouping(range: year, daysPerBar: 56)
        #expect(eightWeeks.dayCounts == [29, 56, 56, 56, 56, 56, 56])
        #expect(eightWeeks.groups.last == DateRange(start: try date("2026-09-28"), end: try date("2026-11-22")))
    }

    @Test func barsAreMeansAndExerciseIsAWeeklyRate() throws {
        let span = DateRange(ending: try date("2026-11-22"), days: 11)
        let grouping = ChartGrouping(range: span, daysPerBar: 7)  // 4 + 7 days: the 4 are a bar of their own
        #expect(grouping.dayCounts == [4, 7])
        let values: [Double?] = [60, nil, 30, nil, nil, nil, nil, nil, nil, nil, nil]
        #expect(grouping.means(values) == [45, nil])
        // 90 minutes in 4 days is 157.5 a week; a week without any is a gap, not zero.
        #expect(grouping.weeklyRates(values) == [157.5, nil])
    }
}
