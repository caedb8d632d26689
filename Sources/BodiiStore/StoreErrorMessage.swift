import Foundation
import GRDB

/// One line for the user about an error from the store: what happened and what to do. SQLite's
/// own text is kept out: GRDB's description carries the whole SQL statement, several lines long.
public enum StoreErrorMessage {
    /// Nil for errors that are not the database's (the caller says those its own way).
    public static func line(for error: any Error, database path: String) -> String? {
        if let store = error as? StoreError { return store.description }
        guard let database = error as? DatabaseError else { return nil }
        switch database.resultCode {
        case .SQLITE_FULL:
            return "the disk holding \(path) is full: nothing was saved; free some space and try again"
        case .SQLITE_CORRUPT, .SQLITE_NOTADB:
            return StoreError.damaged(path: path, backups: backups(of: path)).description
        case .SQLITE_READONLY, .SQLITE_PERM, .SQLITE_AUTH:
            return "cannot write to \(path): the file or its folder is read-only; nothing was saved"
        case .SQLITE_BUSY, .SQLITE_LOCKED:
            return "\(path) is busy: another program kept it locked; nothing was saved, try again"
        case .SQLITE_CANTOPEN:
            return "cannot open the database \(path): check that the file and its folder can be read"
        case .SQLITE_IOERR:
            return "reading or writing \(path) failed (a disk error); nothing was saved"
        case .SQLITE_CONSTRAINT:
            return "the database refused a value out of range; nothing was saved"
        default:
            return "the database \(path) failed (SQLite error \(database.resultCode.rawValue)); nothing was saved"
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
