import BodiiDomain
import BodiiStore
import Foundation
import TerminalKit

/// Everything the app and the commands run on: the open database, the clock, the themes.
/// The composition root builds it once per process.
final class AppEnvironment {
    let database: BodiiDatabase
    let clock: any Clock
    let processEnvironment: [String: String]

    var repositories: SQLiteRepositories { database.repositories }

    init(database: BodiiDatabase, clock: any Clock, processEnvironment: [String: String]) {
        self.database = database
        self.clock = clock
        self.processEnvironment = processEnvironment
    }

    /// Opens the database at `--db`, `$BODII_DB` or the default path; store errors become
    /// one-line failures with the right exit code.
    /// With `mustExist`, a missing file is an error and nothing is created (commands that only
    /// read, or need a profile, must not leave an empty database behind).
    static func open(databasePath: String?, mustExist: Bool = false, clock known: (any Clock)? = nil) throws -> AppEnvironment {
        let env = ProcessInfo.processInfo.environment
        let clock = try known ?? ProcessClock.current(environment: env)
        let url = DatabaseLocation.resolve(explicit: databasePath, environment: env)
        if mustExist && !FileManager.default.fileExists(atPath: url.path) {
            throw CommandFailure.noInput("no Bodii database at \(url.path) yet: run `bodii` to set up your profile, or `bodii demo` for sample data")
        }
        do {
            let database = try BodiiDatabase(url: url)
            if let backup = database.backupURL {
                StandardError.write("bodii: upgraded \(url.path); the previous version is kept at \(backup.path)")
            }
            return AppEnvironment(database: database, clock: clock, processEnvironment: env)
        } catch let error as StoreError {
            switch error {
            case .cannotOpen, .backupFailed: throw CommandFailure.io(error.description)
            default: throw CommandFailure.data(error.description)
            }
        }
    }

    /// Bundled themes, overlaid by the user's own from `$XDG_CONFIG_HOME/bodii/themes`.
    func loadThemes() -> ThemeCatalog {
        ThemeCatalog.load(environment: processEnvironment)
    }
}

/// The themes the user can pick from, by name, with problems in user files kept for Settings.
struct ThemeCatalog {
    var themes: [String: Theme]
    var problems: [String]

    var names: [String] {
        let bundledOrder = ["default-dark", "light", "high-contrast", "mono"]
        return bundledOrder.filter { themes[$0] != nil } + themes.keys.filter { !bundledOrder.contains($0) }.sorted()
    }

    func theme(named name: String) -> Theme {
        themes[name] ?? themes[Profile.defaultTheme] ?? .fallback
    }

    static func userThemesDirectory(environment: [String: String]) -> URL? {
        if let xdg = environment["XDG_CONFIG_HOME"], !xdg.isEmpty {
            return URL(fileURLWithPath: xdg).appendingPathComponent("bodii/themes")
        }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return URL(fileURLWithPath: home).appendingPathComponent(".config/bodii/themes")
    }

    static func load(environment: [String: String]) -> ThemeCatalog {
        var catalog = ThemeCatalog(themes: ThemeLoader.bundled(), problems: [])
        if let dir = userThemesDirectory(environment: environment), FileManager.default.fileExists(atPath: dir.path) {
            let result = ThemeLoader.loadDirectory(dir)
            for (name, theme) in result.themes { catalog.themes[name] = theme }
            catalog.problems = result.failures.sorted { $0.key < $1.key }.map { "\($0.key).toml: \($0.value)" }
        }
        return catalog
    }
}
