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
