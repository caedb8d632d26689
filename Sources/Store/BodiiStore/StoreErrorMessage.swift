import Foundation
import GRDB

/// One line for the user about an error from the store: what happened and what to do. SQLite's
/// own text is kept out: GRDB's description carries the whole SQL statement, several lines long.
public enum StoreErrorMessage {
    /// Nil for errors that are not the database's (the caller says those its own way). Without
    /// `path` (a screen, which shows no paths) the file is called "the database".
    public static func line(for error: any Error, database path: String?) -> String? {
        if let store = error as? StoreError { return store.description }
        if error is RowDecodingError { return "the database holds a row Bodii cannot read; nothing was saved" }
        if error is RecordError { return "that record is no longer in the database; nothing was saved" }
        guard let database = error as? DatabaseError else { return nil }
        let file = path ?? "the database"
        switch database.resultCode {
        case .SQLITE_FULL:
            return "the disk holding \(file) is full: nothing was saved; free some space and try again"
        case .SQLITE_CORRUPT, .SQLITE_NOTADB:
            guard let path else { return "the database file is damaged; nothing was saved" }
            return StoreError.damaged(path: path, backups: backups(of: path)).description
        case .SQLITE_READONLY, .SQLITE_PERM, .SQLITE_AUTH:
            return "cannot write to \(file): the file or its folder is read-only; nothing was saved"
        case .SQLITE_BUSY, .SQLITE_LOCKED:
            return "\(file) is busy: another program kept it locked; nothing was saved, try again"
        case .SQLITE_CANTOPEN:
            return "cannot open \(path.map { "the database \($0)" } ?? "the database"): check that the file and its folder can be read"
        case .SQLITE_IOERR:
            return "reading or writing \(file) failed (a disk error); nothing was saved"
        case .SQLITE_CONSTRAINT:
            return "the database refused a value out of range; nothing was saved"
        default:
            return
                "\(path.map { "the database \($0)" } ?? "the database") failed (SQLite error \(database.resultCode.rawValue)); nothing was saved"
        }
    }

    /// The backups kept beside `path` (`bodii.sqlite.backup-v3`), by name.
    static func backups(of path: String) -> [String] {
        let url = URL(fileURLWithPath: path)
        let prefix = url.lastPathComponent + ".backup-"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.deletingLastPathComponent().path)) ?? []
        return names.filter { $0.hasPrefix(prefix) && !$0.hasSuffix(".partial") }.sorted()
    }
}

// GRDB's errors print the SQL statement they ran (their `description`, and so
// `localizedDescription`). Screens show errors by `errorDescription` (TerminalKit's `ErrorLine`),
// so GRDB's errors give the same line as the CLI's, without a path.
extension DatabaseError: @retroactive LocalizedError {
    public var errorDescription: String? { StoreErrorMessage.line(for: self, database: nil) }
}

extension RowDecodingError: @retroactive LocalizedError {
    public var errorDescription: String? { StoreErrorMessage.line(for: self, database: nil) }
}

extension RecordError: @retroactive LocalizedError {
    public var errorDescription: String? { StoreErrorMessage.line(for: self, database: nil) }
}

extension StoreError {
    /// A failure to open or inspect `path`, without SQLite's statement text.
    static func describing(_ error: DatabaseError, path: String) -> StoreError {
        switch error.resultCode {
        case .SQLITE_CORRUPT, .SQLITE_NOTADB:
            return .damaged(path: path, backups: StoreErrorMessage.backups(of: path))
        default:
            return .cannotOpen(path: path, reason: error.message ?? "SQLite error \(error.resultCode.rawValue)")
        }
    }
}
