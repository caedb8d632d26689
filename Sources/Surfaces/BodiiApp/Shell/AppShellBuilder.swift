import BodiiDomain
import BodiiUI
import BodyFeature
import CheckInFeature
import DashboardFeature
import DietFeature
import ExerciseFeature
import Foundation
import MomentsFeature
import SettingsFeature
import SleepFeature
import SharedCharts
import TerminalKit

/// The composition root of the full-screen app: builds the view models on the environment's
/// repositories and wires the theme preview from Settings back into the shell.
@MainActor
struct AppShellBuilder {
    package let environment: AppEnvironment
    package let symbols: Symbols
    /// What the terminal shows: themes are adapted to it (`Theme.adapted(to:)`).
    let colorDepth: ColorDepth
    /// Sync's schedule and state, when this machine syncs (Settings → Data shows it).
    package var sync: AppSync? = nil

    /// The config file's defaults and problems (the process's own file unless told otherwise).
    package var config: ConfigFile = ProcessConfig.current

    package func build() -> AppShell {
        let repos = environment.repositories
        let clock = environment.clock
        let catalog = environment.loadThemes()
        let profile = try? repos.loadProfile()
        let themeFor: (String) -> Theme = { name in
            let theme = catalog.theme(named: name)
            return theme.adapted(to: colorDepth)
        }
        // The profile's saved theme wins; the config file's is the default until one is saved.
        let savedTheme = profile?.themeName ?? config.values.theme ?? Profile.defaultTheme
        let context = RenderContext(theme: themeFor(savedTheme), symbols: symbols)

        // One selected day for every tab and the check-in (PRODUCT.md §1).
        let selection = SelectedDay(clock.today)
        let tabContext = TabContext(
            repositories: repos, clock: clock, selection: selection, themeNames: catalog.names,
            themeProblems: catalog.problems, databasePath: environment.database.url.path)
        let tabs = AppTabs.all.map { $0.make(tabContext) }
        if let sync, let settings = tabs.lazy.compactMap({ $0 as? SettingsViewModel }).first {
            settings.syncStatus = { sync.statusLines() }
        }
        let shell = AppShell(
            tabs: tabs, context: context,
            makeCheckIn: { CheckInViewModel(source: repos, clock: clock, day: selection.date) },
            makeMomentCapture: { MomentCapture.flow(store: repos, clock: clock) },
            theme: { name in themeFor(name ?? savedTheme) }, outsideWrites: repos)
        shell.select(tab: 0)
        if profile == nil {
            shell.present(
                OnboardingViewModel(
                    store: repos, clock: clock, fallbackName: Self.fallbackName(environment.processEnvironment),
                    unitSystem: config.values.units ?? .metric, themeName: savedTheme))
        }
        if let problem = ProcessConfig.statusText(config.problems) { shell.show(StatusMessage(problem, kind: .error)) }
        return shell
    }

    /// The login name, capitalised, as the default display name ("Friend" when unknown).
    package static func fallbackName(_ env: [String: String]) -> String {
        guard let user = env["USER"] ?? env["LOGNAME"], !user.isEmpty, user != "root",
            user.allSatisfy({ $0.isLetter })
        else { return "Friend" }
        return user.prefix(1).uppercased() + user.dropFirst()
    }
}
