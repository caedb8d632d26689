import BodiiDomain
import Foundation
import GRDB

/// Two database files that sync as one device — a backup restored after the original synced on,
/// a copy made with `cp` — would hand out the same next ids, and sync would take two records for
/// one (issue 48). So a file that is not the one that last handed out ids here, and a database
/// that has just adopted files another copy of it wrote, leap: every table's next id moves ahead
/// by a random 1–16 million, where the other copy, counting on from where they parted, does not
/// come in years (a 10-year history has ~50,000 rows in its largest table).
extension RowIdAllocator {
    /// The pseudo table under which `sync_id_counter` keeps the inode of the file that last
    /// handed out ids.
    static let fileEntry = "~file"

    /// The tables whose ids come from the device's range, with their id column.
    static var deviceIDTables: [(table: String, column: String)] {
        SyncedTables.synced.filter { $0.identity == .device }.map { ($0.name, "id") } + [("custom_food_number", "n")]
    }

    /// Leaps when this file is not the one that last handed out ids (its inode changed). Called
    /// as each recorded write begins; one stat and one read.
    static func separateFromCopies(_ db: Database) throws {
        guard try device(db) != nil,
            let path = try String.fetchOne(db, sql: "SELECT file FROM pragma_database_list WHERE name = 'main'"), !path.isEmpty
        else { return }
        var info = stat()
        guard stat(path, &info) == 0 else { return }
        let inode = Int64(truncatingIfNeeded: UInt64(info.st_ino) & UInt64(Int64.max))
        guard inode > 0 else { return }
        let recorded = try Int64.fetchOne(
            db.cachedStatement(sql: "SELECT last_id FROM sync_id_counter WHERE table_name = ?"), arguments: [fileEntry])
        guard recorded != inode else { return }
        // The first write of this build records the file; only a change of file leaps.
        if recorded != nil { try leap(db) }
        try db.execute(
            sql: """
                INSERT INTO sync_id_counter (table_name, last_id) VALUES (?, ?)
                ON CONFLICT (table_name) DO UPDATE SET last_id = excluded.last_id
                """, arguments: [fileEntry, inode])
    }

    /// Moves every table's next id ahead by a random 1–16 million (short of the range's end).
    static func leap(_ db: Database) throws {
        guard let device = try device(db) else { return }
        let end = range(of: device).upperBound
        for (table, column) in deviceIDTables {
            let last = try next(for: table, column: column, device: device, db) - 1
            let leapt = last + Int64.random(in: (1 << 20)..<(1 << 24))
            guard leapt < end else { continue }
            try db.execute(sql: "UPDATE sync_id_counter SET last_id = ? WHERE table_name = ?", arguments: [leapt, table])
        }
    }
}

extension SyncConnection {
    /// See `RowIdAllocator.separateFromCopies`.
    public func separateFromCopies() throws { try RowIdAllocator.separateFromCopies(db) }

    /// See `RowIdAllocator.leap`: after adopting files another copy of this database wrote.
    public func leapIds() throws { try RowIdAllocator.leap(db) }
}
