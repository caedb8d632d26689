import GRDB
import Synchronization

extension BodiiDatabase {
    /// For test processes only; Bodii itself never calls it. Databases opened afterwards never wait
    /// for the disk (`PRAGMA synchronous = OFF`, while they are created and migrated too): a test's
    /// file is deleted when the test ends, so what a power cut would lose does not matter, and the
    /// fsyncs were most of a test database's set-up. The product's commits stay `FULL` (see `init`).
    public static func skipDiskSyncsInTests() { diskSyncsSkipped.withLock { $0 = true } }

    private static let diskSyncsSkipped = Mutex(false)

    /// `PRAGMA synchronous` for the writer: FULL, unless a test process said otherwise.
    static var synchronousMode: String { diskSyncsSkipped.withLock { $0 } ? "OFF" : "FULL" }

    /// GRDB's default configuration for a connection that writes; in a test process that asked
    /// for it, one that skips the disk syncs from its first statement on.
    static func writingConfiguration() -> Configuration {
        var config = Configuration()
        if synchronousMode == "OFF" { config.prepareDatabase { db in try db.execute(sql: "PRAGMA synchronous = OFF") } }
        return config
    }
}
