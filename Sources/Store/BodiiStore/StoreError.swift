import Foundation

/// Errors of the store, each with a one-line message for the user that names the file involved.
public enum StoreError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file exists, is not empty, and does not start with the SQLite header. It was not touched.
    case notADatabase(String)
    /// A SQLite database that Bodii did not create (it has tables but no Bodii migrations). Not touched.
    case notABodiiDatabase(String)
    /// The database was written by a newer Bodii (it has migrations this build does not know). Not touched.
    case newerVersion(String)
    /// The file or its folder could not be created, opened or read.
    case cannotOpen(path: String, reason: String)
    /// The path holds a FIFO, a device or a socket: never opened, changed or created beside.
    case notARegularFile(path: String, kind: String)
    /// The path is a symbolic link to a file that does not exist; nothing is created through it.
    case danglingLink(path: String, target: String)
    /// Nothing at the path, and the command only reads.
    case noDatabase(String)
    /// An older Bodii database, and the command only reads (upgrading it would write).
    case needsUpgrade(String)
    /// SQLite says the file is damaged; `backups` are the copies kept beside it.
    case damaged(path: String, backups: [String])
    /// A backup before migrating could not be written; the database was left as it was.
    case backupFailed(path: String, reason: String)
    /// An update or delete named a record that has no id, or whose id is not in the database.
    case recordNotFound(kind: String, id: Int64?)
    /// A stored value could not be read back (e.g. a malformed date in a column).
    case invalidStoredValue(column: String, value: String)
    /// An update named a food that is not one of the user's custom foods.
    case customFoodNotFound(String)
    /// The food catalog built into this binary could not be read (a broken build).
    case invalidCatalog(String)

    public var description: String {
        switch self {
        case .notADatabase(let path):
            return "\(path) is not a Bodii database (not a SQLite file); it was left unchanged. Use --db to choose another file."
        case .notABodiiDatabase(let path):
            return "\(path) is a SQLite database from another program; it was left unchanged. Use --db to choose another file."
        case .newerVersion(let path):
            return "\(path) was written by a newer version of Bodii; it was left unchanged. Please upgrade Bodii."
        case .cannotOpen(let path, let reason):
            return "cannot open the database \(path): \(reason)"
        case .notARegularFile(let path, let kind):
            return "\(path) is \(kind), not a database file; it was left unchanged. Use --db to choose a regular file."
        case .danglingLink(let path, let target):
            return "\(path) is a link to \(target), which does not exist; nothing was created. Fix the link or use --db."
        case .noDatabase(let path):
            return "no Bodii database at \(path) yet: run `bodii` to set up your profile, or `bodii demo` for sample data"
        case .needsUpgrade(let path):
            return
                "\(path) was written by an older Bodii and must be upgraded first, which this read-only command does not do: run `bodii` or any `bodii log` once"
        case .damaged(let path, let backups):
            let hint =
                backups.isEmpty
                ? "restore a copy of it if you have one"
                : "copies made before upgrades are kept beside it (\(backups.joined(separator: ", "))): move the damaged file away and copy one of them to its name"
            return "the database \(path) is damaged (SQLite: malformed); \(hint)"
        case .backupFailed(let path, let reason):
            return "cannot write the backup \(path) before upgrading the database: \(reason); nothing was changed"
        case .recordNotFound(let kind, let id):
            return "no \(kind) with id \(id.map(String.init) ?? "(none)") in the database"
        case .invalidStoredValue(let column, let value):
            return "the database holds an invalid value in \(column): \(value)"
        case .customFoodNotFound(let id):
            return "no custom food with id \(id) in the database"
        case .invalidCatalog(let reason):
            return "the food catalog built into Bodii cannot be read: \(reason)"
        }
    }
}

extension StoreError: LocalizedError {
    /// The same one-line message, for code that prints `localizedDescription`.
    public var errorDescription: String? { description }
}
