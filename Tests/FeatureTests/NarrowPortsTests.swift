import BodiiDomain
import DashboardFeature
import ReviewFeature
import SharedCharts
import TerminalKit
import Testing

/// Issue 25 #2: the Dashboard and Review tabs (and the SharedCharts loaders under them) take only
/// the ports they use, as Diet and Pantry do. Built from values typed as those narrow
/// compositions, they draw what they draw from the whole store.
@MainActor
@Suite struct NarrowPortsTests {
    @Test func dashboardAndReviewRunOnTheirOwnPorts() throws {
        let db = try ReviewViewModelTests.reviewDatabase()
        let dashboardPorts: any DashboardViewModel.Source = db.repositories
        let reviewPorts: any ReviewViewModel.Store = db.repositories
        let chartPorts: any PeriodCharts.Source = db.repositories

        let dashboard = DashboardViewModel(source: dashboardPorts, clock: db.clock)
        dashboard.didBecomeVisible()
        let whole = DashboardViewModel(source: db.repositories, clock: db.clock)
        whole.didBecomeVisible()
        let dashboardScreen = render(dashboard, .large).text
        #expect(dashboardScreen == render(whole, .large).text)
        #expect(dashboardScreen.contains("Calories") && dashboard.status == nil, "\(dashboardScreen)")

        let review = ReviewViewModel(source: reviewPorts, clock: db.clock)
        review.didBecomeVisible()
        #expect(review.review != nil && review.charts != nil && review.status == nil)
        let week = try #require(review.review?.period)
        let charts = try PeriodCharts.load(range: try #require(week.elapsed(today: db.clock.today)), source: chartPorts)
        #expect(charts.days == review.charts?.days)
    }
}
