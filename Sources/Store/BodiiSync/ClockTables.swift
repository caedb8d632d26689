import BodiiStore
import Foundation

/// Which value of a cell is newer: causal length first (a delete or re-insert outranks every
/// write of an earlier incarnation of the row), then the hybrid logical clock, then the device
/// number (ties between two devices writing in the same millisecond and counter).
struct CellClock: Comparable {
    let length: Int64
    let hlc: Int64
    let device: Int64

    init(length: Int64, hlc: Int64, device: Int64) {
        self.length = length
        self.hlc = hlc
        self.device = device
    }

    init(_ stored: SyncClockValue) {
        self.init(length: stored.length, hlc: stored.hlc, device: stored.device)
    }

    var stored: SyncClockValue { SyncClockValue(length: length, hlc: hlc, device: device) }

    static func < (a: CellClock, b: CellClock) -> Bool {
        (a.length, a.hlc, a.device) < (b.length, b.hlc, b.device)
    }
}

/// Sync's clock rules over the store's bookkeeping tables (`SyncConnection`, migration v16).
enum ClockTables {
    /// The next hybrid logical clock: milliseconds since 1970 shifted left 16 bits (a counter in
    /// the low bits), never below the last one handed out or seen plus one.
    /// A clock whose last one is the largest an Int64 holds stays there instead of trapping
    /// (files with clocks ahead of the machine's are refused, so it takes a damaged database).
    static func nextClock(_ connection: SyncConnection, now: Date = Date()) throws -> Int64 {
        let last = try connection.lastClock()
        let next = max(clock(at: now), last == .max ? last : last + 1)
        try connection.raiseClock(to: next)
        return next
    }

    /// The clock of a moment, counter 0.
    static func clock(at date: Date) -> Int64 {
        Int64(max(0, min(date.timeIntervalSince1970 * 1000, 9e12))) << 16
    }

    /// The row's causal length (0: never seen by sync).
    static func length(_ table: String, _ key: String, _ connection: SyncConnection) throws -> Int64 {
        try connection.rowClock(table, key)?.length ?? 0
    }

    static func row(_ table: String, _ key: String, _ connection: SyncConnection) throws -> CellClock? {
        try connection.rowClock(table, key).map(CellClock.init)
    }

    static func cells(_ table: String, _ key: String, _ connection: SyncConnection) throws -> [Int: CellClock] {
        try connection.cellClocks(table, key).mapValues(CellClock.init)
    }
}
