import BodiiDomain
import GRDB

extension SQLiteRepositories: OutsideWriteWatching {
    /// SQLite's `PRAGMA data_version` on the writer's connection: it changes when another
    /// connection commits, never for this connection's own commits (sqlite.org/pragma.html#pragma_data_version).
    /// Asked on the writer so the same connection answers every time (a pool's readers rotate).
    /// A change also ends the figures kept until the next write (`DerivedFigures`).
    public func outsideWriteStamp() throws -> Int {
        let version = try writeWithoutTransaction { db in try Int.fetchOne(db, sql: "PRAGMA data_version") ?? 0 }
        derived?.noticeOutsideVersion(version)
        return version
    }
}

extension SQLiteRepositories: WriteWatching {
    /// `data_version` for other connections' commits, `total_changes()` for the writer's own (it
    /// counts every row the connection changed since it opened), on the writer as above.
    public func writeStamp() throws -> WriteStamp {
        let stamp = try writeWithoutTransaction { db in
            WriteStamp(
                outside: try Int.fetchOne(db, sql: "PRAGMA data_version") ?? 0,
                own: try Int.fetchOne(db, sql: "SELECT total_changes()") ?? 0)
        }
        derived?.noticeOutsideVersion(stamp.outside)
        return stamp
    }
}
