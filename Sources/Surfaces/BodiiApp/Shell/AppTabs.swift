import BodiiDocument
import BodiiDomain
import BodiiStore
import BodyFeature
import DashboardFeature
import DietFeature
import ExerciseFeature
import MomentsFeature
import PantryFeature
import ReviewFeature
import SettingsFeature
import SleepFeature
import SharedCharts
import TerminalKit

/// What a tab is made from: the repositories, the clock, the day every tab shares, and the few
/// things only the shell knows (the themes there are, the database path).
@MainActor
package struct TabContext {
    /// The stores of every port, composed (`SQLiteRepositories`): a tab is handed it as the ports
    /// it reads; the Health import job and the planner get it whole, without a downcast.
    package let repositories: SQLiteRepositories
    package let clock: any Clock
    let selection: SelectedDay
    let themeNames: [String]
    let themeProblems: [String]
    package let databasePath: String
}

/// One entry of the tab list.
@MainActor
package struct TabEntry {
    package let title: String
    package let make: (TabContext) -> any TabScreen
}

/// The tabs, in order (PRODUCT.md §1–2: keys 1–6 never change). The tab bar, the number keys,
/// help, the README's key table and the tests' sweeps all read this list, so a new tab is one
/// entry here plus its target.
@MainActor
enum AppTabs {
    package static let all: [TabEntry] = [
        TabEntry(title: "Dashboard") {
            let (repositories, clock) = ($0.repositories, $0.clock)
            return DashboardViewModel(
                source: repositories, clock: clock, selection: $0.selection, fasts: repositories,
                momentList: { day in try MomentList.flow(day: day, store: repositories, clock: clock) })
        },
        TabEntry(title: "Body") { BodyTab.make(source: $0.repositories, clock: $0.clock) },
        TabEntry(title: "Diet") { context in
            let repositories = context.repositories
            let environment = DietEnvironment(
                store: repositories, diary: FoodDiary(store: repositories), days: DaySummaryQuery(source: repositories),
                clock: context.clock, nutrients: NutrientQuery(source: repositories))
            return DietViewModel(environment: environment, selection: context.selection)
        },
        TabEntry(title: "Exercise") { ExerciseViewModel(source: $0.repositories, clock: $0.clock, selection: $0.selection) },
        TabEntry(title: "Sleep") { SleepViewModel(source: $0.repositories, clock: $0.clock, selection: $0.selection) },
        TabEntry(title: "Settings") { context in
            SettingsViewModel(
                store: context.repositories, clock: context.clock, themeNames: context.themeNames,
                themeProblems: context.themeProblems, databasePath: context.databasePath,
                importJob: AppleHealthImportJob.maker(
                    repositories: context.repositories, databasePath: context.databasePath, clock: context.clock),
                currency: ProcessConfig.currency)
        },
        TabEntry(title: "Review") { ReviewViewModel(source: $0.repositories, clock: $0.clock) },
        TabEntry(title: "Pantry") { context in
            let tab = PantryViewModel(source: context.repositories, clock: context.clock, currency: ProcessConfig.currency)
            tab.planner = PlanLoader.planner(repositories: context.repositories, clock: context.clock)
            return tab
        },
    ]

    static var titles: [String] { all.map(\.title) }

    /// "1–6": the number keys of the tabs that exist.
    static var numberKeysLabel: String { all.count == 1 ? "1" : "1–\(all.count)" }
}
