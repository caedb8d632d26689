import BodiiDomain
import BodiiStore
import BodiiSync
import BodiiUI
import Foundation
import TerminalKit

/// Everything the app and the commands run on: the open database, the clock, the themes.
/// The composition root builds it once per process.
package final class AppEnvironment {
    package let database: BodiiDatabase
    package let clock: any Clock
    let processEnvironment: [String: String]

    package var repositories: SQLiteRepositories { database.repositories }

    package init(database: BodiiDatabase, clock: any Clock, processEnvironment: [String: String]) {
        self.database = database
        self.clock = clock
        self.processEnvironment = processEnvironment
    }

    /// Opens the database at `--db`, `$BODII_DB` or the default path; store errors become
    /// one-line failures with the right exit code. Commands write through one connection
    /// (`.command`: opening changes nothing); the full-screen app uses a pool (`.readWrite`).
    /// Commands that only read pass `.readOnly`: they never create, migrate or change the file, and
    /// a missing one is "no Bodii database yet" (66).
    package static func open(
        databasePath: String?, access: BodiiDatabase.Access = .command,
        clock known: (any Clock)? = nil
    ) throws -> AppEnvironment {
        let env = ProcessConfig.environment
        let clock = try known ?? ProcessClock.current(environment: env)
        let url = databaseURL(explicit: databasePath)
        do {
            let database = try BodiiDatabase(url: url, access: access, timeZone: ProcessTimeZone.current)
            // Sync records every write of a database that syncs (BodiiSync, PRODUCT.md §14).
            if access != .readOnly { try SyncEngine.installRecorder(on: database) }
            if let backup = database.backupURL {
                StandardError.write("bodii: upgraded \(url.path); the previous version is kept at \(backup.path)")
            }
            return AppEnvironment(database: database, clock: clock, processEnvironment: env)
        } catch let error as StoreError {
            throw CommandFailure(error)
        }
    }

    /// The database when its file is there (opened as `open` would), nil when it is not: for a
    /// command that must check its arguments against the profile without creating a database.
    /// A command that only reads passes `.readOnly`.
    package static func openIfPresent(
        databasePath: String?, access: BodiiDatabase.Access = .command,
        clock: any Clock
    ) throws -> AppEnvironment? {
        let url = databaseURL(explicit: databasePath)
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        return try open(databasePath: databasePath, access: access, clock: clock)
    }

    /// The database file: `--db`, `BODII_DB`, the config file's `database`, the default.
    package static func databaseURL(explicit: String?) -> URL {
        DatabaseLocation.resolve(
            explicit: explicit, configured: ProcessConfig.current.values.database,
            environment: ProcessConfig.environment)
    }

    /// Bundled themes, overlaid by the user's own from `$XDG_CONFIG_HOME/bodii/themes`.
    func loadThemes() -> ThemeCatalog {
        ThemeCatalog.load(environment: processEnvironment)
    }
}

/// The themes the user can pick from, by name, with problems in user files kept for Settings.
/// A bundled theme is parsed when it is asked for: a start draws with one theme, and parsing all
/// four (TOML) was 2.8 M of the ~124 M instructions before the first frame.
package struct ThemeCatalog {
    /// The user's own themes, parsed when the catalog is loaded (their problems show in Settings);
    /// one named like a bundled theme replaces it.
    package var userThemes: [String: Theme]
    package var problems: [String]

    private static let bundledOrder = ["default-dark", "light", "high-contrast", "mono"]

    package var names: [String] {
        let bundled = Set(BundledThemes.all.keys)
        let first = Self.bundledOrder.filter { bundled.contains($0) || userThemes[$0] != nil }
        return first + bundled.union(userThemes.keys).filter { !Self.bundledOrder.contains($0) }.sorted()
    }

    package func theme(named name: String) -> Theme {
        Self.theme(name, among: userThemes) ?? Self.theme(Profile.defaultTheme, among: userThemes) ?? .fallback
    }

    private static func theme(_ name: String, among user: [String: Theme]) -> Theme? {
        user[name] ?? BundledThemes.all[name].flatMap { try? ThemeLoader.parse($0, name: name) }
    }

    static func userThemesDirectory(environment: [String: String]) -> URL? {
        if let xdg = environment["XDG_CONFIG_HOME"], !xdg.isEmpty {
            return URL(fileURLWithPath: xdg).appendingPathComponent("bodii/themes")
        }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return URL(fileURLWithPath: home).appendingPathComponent(".config/bodii/themes")
    }

    /// The names a theme may be picked by, without reading the files (the config file checks
    /// its `theme` against them on every start, so this stays a directory listing).
    static func availableNames(environment: [String: String]) -> [String] {
        let bundled =
            bundledOrder.filter { BundledThemes.all[$0] != nil }
            + BundledThemes.all.keys.filter { !bundledOrder.contains($0) }.sorted()
        guard let dir = userThemesDirectory(environment: environment),
            let files = try? FileManager.default.contentsOfDirectory(atPath: dir.path)
        else { return bundled }
        let user = files.filter { $0.hasSuffix(".toml") }.map { String($0.dropLast(5)) }.filter { !bundled.contains($0) }.sorted()
        return bundled + user
    }

    package static func load(environment: [String: String]) -> ThemeCatalog {
        var catalog = ThemeCatalog(userThemes: [:], problems: [])
        if let dir = userThemesDirectory(environment: environment), FileManager.default.fileExists(atPath: dir.path) {
            let result = ThemeLoader.loadDirectory(dir)
            catalog.userThemes = result.themes
            catalog.problems = result.failures.sorted { $0.key < $1.key }.map { "\($0.key).toml: \($0.value)" }
        }
        return catalog
    }
}

extension CommandFailure {
    /// A store error with its exit code: a file that is missing or cannot be a database file is
    /// "no input" (66), one that cannot be read or written is I/O (74), the rest is bad data (65).
    package init(_ error: StoreError) {
        switch error {
        case .noDatabase, .danglingLink, .notARegularFile: self = .noInput(error.description)
        case .cannotOpen, .backupFailed: self = .io(error.description)
        default: self = .data(error.description)
        }
        storeError = error
    }
}
