import GRDB

extension BodiiDatabase {
    /// For tests only; Bodii itself never binds it. Databases opened while it is true (a task-local
    /// value: `$skipsDiskSyncsInTests.withValue(true) { … }`) never wait for the disk
    /// (`PRAGMA synchronous = OFF`, while they are created and migrated too): a test's file is
    /// deleted when the test ends, and the fsyncs were most of a test database's set-up. Every
    /// other open, the product's, stays `FULL` (see `init`).
    @TaskLocal public static var skipsDiskSyncsInTests = false

    /// `PRAGMA synchronous` for the writer: FULL, unless a test opens it without disk syncs.
    static var synchronousMode: String { skipsDiskSyncsInTests ? "OFF" : "FULL" }

    /// GRDB's default configuration for a connection that writes; in a test that asked for it,
    /// one that skips the disk syncs from its first statement on.
    static func writingConfiguration() -> Configuration {
        var config = Configuration()
        if skipsDiskSyncsInTests { config.prepareDatabase { db in try db.execute(sql: "PRAGMA synchronous = OFF") } }
        return config
    }
}
