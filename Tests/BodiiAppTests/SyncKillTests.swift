import Foundation
import Testing

/// Issue 30's proof: `bodii sync` killed with SIGKILL in the middle of applying a file leaves the
/// database as it was before that file, and the next `bodii sync` applies it whole.
@Suite struct SyncKillTests {
    @Test func aSyncKilledMidApplyLeavesTheDatabaseAsBeforeAndTheNextSyncCompletes() throws {
        let folder = try TemporaryFolder()
        let shared = folder.path("shared")
        let laptop = SyncCommandTests.Machine(db: folder.path("laptop.sqlite"), config: folder.path("laptop-config"))
        let desktop = SyncCommandTests.Machine(db: folder.path("desktop.sqlite"), config: folder.path("desktop-config"))
        let initialized = try laptop.run(["sync", "init", shared, "--json"])
        #expect(initialized.status == 0, "\(initialized.stderr)")
        let phrase = try #require(
            (try JSONSerialization.jsonObject(with: Data(initialized.stdout.utf8)) as? [String: Any])?["phrase"] as? String)
        #expect(try desktop.run(["sync", "join", shared, "--phrase", phrase]).status == 0)
        #expect(try desktop.run(["log", "weight", "90"]).status == 0)
        #expect(try desktop.run(["sync"]).status == 0)
        // The catch-up: a year of history in one transaction, then two weigh-ins: one file of three entries.
        let demo = try laptop.run(["demo", "--days", "365"])
        #expect(demo.status == 0, "\(demo.stderr)")
        #expect(try laptop.run(["log", "weight", "81.5"]).status == 0)
        #expect(try laptop.run(["log", "weight", "81.2"]).status == 0)
        #expect(try laptop.run(["sync"]).status == 0)

        let bytesBefore = try Data(contentsOf: URL(fileURLWithPath: desktop.db))
        let exportBefore = try exportWithoutTime(desktop)
        let statusBefore = try desktop.run(["sync", "status", "--json"]).stdout
        #expect(exportBefore.contains("90"))

        // Killed once the year is applied, inside the file's transaction (the hook: ChangeApplier).
        let killed = try runBodii(
            ["sync", "--db", desktop.db],
            environment: ["XDG_CONFIG_HOME": desktop.config, "BODII_SYNC_TEST_KILL_AFTER_CHANGES": "1000"])
        #expect(killed.status == SIGKILL, "\(killed.stdout) \(killed.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: desktop.db)) == bytesBefore)
        #expect(try exportWithoutTime(desktop) == exportBefore)
        #expect(try desktop.run(["sync", "status", "--json"]).stdout == statusBefore)

        let completed = try desktop.run(["sync"])
        #expect(completed.status == 0, "\(completed.stderr)")
        #expect(completed.stdout.contains("1 file"), "\(completed.stdout)")
        #expect(try laptop.run(["sync"]).status == 0)
        #expect(try exportWithoutTime(desktop) == exportWithoutTime(laptop))
    }

    private func exportWithoutTime(_ machine: SyncCommandTests.Machine) throws -> String {
        let exported = try machine.run(["export", "--format", "json"])
        #expect(exported.status == 0, "\(exported.stderr)")
        return exported.stdout.split(separator: "\n").filter { !$0.contains("\"exported_at\"") }.joined(separator: "\n")
    }
}
