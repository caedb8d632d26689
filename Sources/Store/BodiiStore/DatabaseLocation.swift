import Foundation

/// Where the database file lives (PRODUCT.md §4, "Global").
public enum DatabaseLocation {
    public static let fileName = "bodii.sqlite"

    /// The database path, first match wins: the `--db` value (`explicit`), `BODII_DB`, the config
    /// file's `database` (`configured`), `$XDG_DATA_HOME/bodii/bodii.sqlite`, then
    /// `$HOME/.local/share/bodii/bodii.sqlite`. Empty values count as unset; a relative
    /// `XDG_DATA_HOME` is ignored, as the XDG spec asks. A leading `~/` is expanded with `HOME`.
    public static func resolve(explicit: String?, configured: String? = nil, environment: [String: String]) -> URL {
        let home = nonEmpty(environment["HOME"])
        if let path = nonEmpty(explicit) { return fileURL(path, home: home) }
        if let path = nonEmpty(environment["BODII_DB"]) { return fileURL(path, home: home) }
        if let path = nonEmpty(configured) { return fileURL(path, home: home) }
        if let xdg = nonEmpty(environment["XDG_DATA_HOME"]), xdg.hasPrefix("/") {
            return URL(fileURLWithPath: xdg, isDirectory: true)
                .appendingPathComponent("bodii", isDirectory: true)
                .appendingPathComponent(fileName, isDirectory: false)
        }
        let homeURL =
            home.map { URL(fileURLWithPath: $0, isDirectory: true) }
            ?? FileManager.default.homeDirectoryForCurrentUser
        return
            homeURL
            .appendingPathComponent(".local/share/bodii", isDirectory: true)
            .appendingPathComponent(fileName, isDirectory: false)
    }

    private static func nonEmpty(_ value: String?) -> String? {
        guard let value, !value.isEmpty else { return nil }
        return value
    }

    private static func fileURL(_ path: String, home: String?) -> URL {
        if let home, path == "~" || path.hasPrefix("~/") {
            return URL(fileURLWithPath: home + path.dropFirst(), isDirectory: false)
        }
        return URL(fileURLWithPath: path, isDirectory: false)
    }
}
