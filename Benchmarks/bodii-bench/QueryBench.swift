import BodiiDomain
import BodiiStore
import BodiiUI
import Foundation
import SharedCharts

/// The store's and domain's queries on their own, outside the app.
func benchQueries(dbURL: URL, today: LocalDate) throws {
    let reader = try BodiiDatabase(url: dbURL)
    let query = DaySummaryQuery(source: reader.repositories)
    print("today query:                    " + (try measure(500) { _ = try query.summary(for: today) }).line)
    for range in [ChartRange.week, .year] {
        print(
            "dashboard data, \(range.label) charts:  "
                + (try measure(200) {
                    _ = try DashboardState.load(day: today, range: range, from: reader.repositories)
                }).line)
    }
    // A month's nutrient averages against the targets, as the Nutrients view reads them (issue 27, budget 20 ms).
    let nutrients = NutrientQuery(source: reader.repositories)
    print("nutrients, month averages:      " + (try measure(100) { _ = try nutrients.report(.month, endingOn: today) }).line)
    print("check-in streaks, 10 years:     " + (try measure(200) { _ = try reader.repositories.checkInStreaks(endingOn: today) }).line)
    // Insights (issue 28, budget 200 ms): every pair of series over the whole 10-year history.
    let wholeHistory = DateRange(ending: today, days: 3653)
    print(
        "insights, 10 years:             "
            + (try measure(5) { _ = try InsightReport.load(range: wholeHistory, source: reader.repositories) }).line)
    // Issue 27's budget: a month of nutrient intakes (every nutrient, per day, with what is partial) ≤ 20 ms.
    let lastMonth = DateRange(ending: today, days: 30)
    print("nutrient intakes, a month:      " + (try measure(200) { _ = try reader.repositories.nutrientIntakes(in: lastMonth) }).line)
    print("bundled themes parse:           " + measure(50) { _ = ThemeLoader.bundled() }.line)
}
