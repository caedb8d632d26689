import BodiiStore
import Foundation
import Testing

@testable import BodiiApp
@testable import BodiiCLI
@testable import BodiiDocument

/// `bodii sync` with the real binary (PRODUCT.md §4, §14): two databases with two config folders
/// are two machines sharing one folder.
@Suite struct SyncCommandTests {
    struct Machine {
        let db: String
        let config: String
        func run(_ arguments: [String]) throws -> CommandResult {
            try runBodii(arguments + ["--db", db], environment: ["XDG_CONFIG_HOME": config])
        }
    }

    @Test func aWeighInLoggedOnOneMachineShowsOnTheOtherAfterBothSync() throws {
        let folder = try TemporaryFolder()
        let shared = folder.path("shared")
        let laptop = Machine(db: folder.path("laptop.sqlite"), config: folder.path("laptop-config"))
        let desktop = Machine(db: folder.path("desktop.sqlite"), config: folder.path("desktop-config"))

        let initialized = try laptop.run(["sync", "init", shared, "--json"])
        #expect(initialized.status == 0, "\(initialized.stderr)")
        let phrase = try #require(
            (try JSONSerialization.jsonObject(with: Data(initialized.stdout.utf8)) as? [String: Any])?["phrase"] as? String)
        let keyFile = folder.path("laptop-config/bodii/sync.key")
        let mode = try FileManager.default.attributesOfItem(atPath: keyFile)[.posixPermissions] as? NSNumber
        #expect(mode?.intValue == 0o600)
        #expect(try !String(contentsOfFile: keyFile, encoding: .utf8).contains(phrase))

        let joined = try desktop.run(["sync", "join", shared, "--phrase", phrase])
        #expect(joined.status == 0, "\(joined.stderr)")

        #expect(try laptop.run(["log", "weight", "81.5"]).status == 0)
        let sent = try laptop.run(["sync", "--json"])
        #expect(sent.status == 0, "\(sent.stderr)")
        let received = try desktop.run(["sync"])
        #expect(received.status == 0, "\(received.stderr)")
        let laptopDevice = try #require(
            (try JSONSerialization.jsonObject(with: Data(try laptop.run(["sync", "status", "--json"]).stdout.utf8)) as? [String: Any])?[
                "device"] as? Int)
        #expect(received.stdout.contains("From device \(laptopDevice): 1 file, 1 weigh-in."))

        let today = try todayJSON(db: desktop.db)
        #expect(today["weight_kg"] as? Double == 81.5)

        let status = try desktop.run(["sync", "status", "--json"])
        // Device numbers are random, one per machine.
        #expect(!status.stdout.contains("\"device\":\(laptopDevice),"))
        #expect(status.stdout.contains("\"applied\":{\"\(laptopDevice)\":"))
    }

    /// The summary names every kind of record sync carries in words, never by its table.
    @Test func everySyncedTableHasAKindInTheSummary() {
        for table in SyncedTables.synced {
            #expect(SyncSummaryText.kinds[table.name] != nil, "\(table.name) has no name in `bodii sync`'s summary")
        }
    }

    @Test func aWrongPhraseIsRefusedInOneLine() throws {
        let folder = try TemporaryFolder()
        let shared = folder.path("shared")
        let first = Machine(db: folder.path("a.sqlite"), config: folder.path("a-config"))
        let second = Machine(db: folder.path("b.sqlite"), config: folder.path("b-config"))
        #expect(try first.run(["sync", "init", shared]).status == 0)
        // A phrase that is one, but of another key.
        let other = Machine(db: folder.path("c.sqlite"), config: folder.path("c-config"))
        let otherInit = try other.run(["sync", "init", folder.path("elsewhere"), "--json"])
        let phrase = try #require(
            (try JSONSerialization.jsonObject(with: Data(otherInit.stdout.utf8)) as? [String: Any])?["phrase"] as? String)
        let refused = try second.run(["sync", "join", shared, "--phrase", phrase])
        #expect(refused.status == 65)
        #expect(refused.stderr.split(separator: "\n").count == 1)
        #expect(refused.stderr.contains("the phrase does not open the sync folder"))
        #expect(!FileManager.default.fileExists(atPath: folder.path("b-config/bodii/sync.key")))

        let typo = try second.run(["sync", "join", shared, "--phrase", "ABCD-EFGH"])
        #expect(typo.status == 65)
        let notSetUp = try second.run(["sync"])
        #expect(notSetUp.status == 66)
        #expect(notSetUp.stderr.contains("sync is not set up"))
    }

    static func phrase(_ initialized: CommandResult) throws -> String {
        try #require(
            (try JSONSerialization.jsonObject(with: Data(initialized.stdout.utf8)) as? [String: Any])?["phrase"] as? String)
    }

    /// `sync init` writes what is here at once: a machine joining right after finds it.
    @Test func aMachineJoiningRightAfterInitFindsTheData() throws {
        let folder = try TemporaryFolder()
        let shared = folder.path("shared")
        let laptop = Machine(db: folder.path("laptop.sqlite"), config: folder.path("laptop-config"))
        let desktop = Machine(db: folder.path("desktop.sqlite"), config: folder.path("desktop-config"))
        #expect(try laptop.run(["log", "weight", "82.4"]).status == 0)
        let initialized = try laptop.run(["sync", "init", shared, "--json"])
        try #require(initialized.status == 0, "\(initialized.stderr)")
        let pending = try laptop.run(["sync", "status", "--json"])
        #expect(pending.stdout.contains("\"pending\":0"), "\(pending.stdout)")
        let joined = try desktop.run(["sync", "join", shared, "--phrase", try Self.phrase(initialized)])
        #expect(joined.status == 0, "\(joined.stderr)")
        #expect(joined.stdout.contains("1 weigh-in"), "\(joined.stdout)")
        #expect(try todayJSON(db: desktop.db)["weight_kg"] as? Double == 82.4)
    }

    /// The config folder is one machine's: a second database's `sync init` with it would replace
    /// the key the first syncs with. Refused in one line, nothing touched.
    @Test func aSecondInitWithOneConfigFolderIsRefused() throws {
        let folder = try TemporaryFolder()
        let config = folder.path("config")
        let first = Machine(db: folder.path("a.sqlite"), config: config)
        let second = Machine(db: folder.path("b.sqlite"), config: config)
        #expect(try first.run(["sync", "init", folder.path("shared")]).status == 0)
        let keyFile = folder.path("config/bodii/sync.key")
        let settingsFile = folder.path("config/bodii/sync.toml")
        let key = try String(contentsOfFile: keyFile, encoding: .utf8)
        let settings = try String(contentsOfFile: settingsFile, encoding: .utf8)
        #expect(try second.run(["log", "weight", "70"]).status == 0)

        let refused = try second.run(["sync", "init", folder.path("other")])
        #expect(refused.status == 65)
        #expect(refused.stderr.split(separator: "\n").count == 1, "\(refused.stderr)")
        #expect(refused.stderr.contains("sync.key exists"), "\(refused.stderr)")
        #expect(try String(contentsOfFile: keyFile, encoding: .utf8) == key)
        #expect(try String(contentsOfFile: settingsFile, encoding: .utf8) == settings)
        #expect(!FileManager.default.fileExists(atPath: folder.path("other")))
        let notSetUp = try second.run(["sync", "status"])
        #expect(notSetUp.status == 66, "\(notSetUp.stdout)")
        // The first machine still syncs with its key.
        #expect(try first.run(["sync"]).status == 0)
    }

    /// `join` into a config folder that already syncs a database would replace its key: refused
    /// like a second `init`, before the database, the folder or the config is touched.
    @Test func aJoinIntoAConfigFolderThatSyncsIsRefused() throws {
        let folder = try TemporaryFolder()
        let config = folder.path("config")
        let first = Machine(db: folder.path("a.sqlite"), config: config)
        let second = Machine(db: folder.path("b.sqlite"), config: config)
        let elsewhere = Machine(db: folder.path("c.sqlite"), config: folder.path("other-config"))
        #expect(try first.run(["sync", "init", folder.path("shared")]).status == 0)
        let other = try elsewhere.run(["sync", "init", folder.path("other"), "--json"])
        let phrase = try #require(
            (try JSONSerialization.jsonObject(with: Data(other.stdout.utf8)) as? [String: Any])?["phrase"] as? String)
        let keyFile = folder.path("config/bodii/sync.key")
        let settingsFile = folder.path("config/bodii/sync.toml")
        let key = try String(contentsOfFile: keyFile, encoding: .utf8)
        let settings = try String(contentsOfFile: settingsFile, encoding: .utf8)
        let devicesBefore = try FileManager.default.contentsOfDirectory(atPath: folder.path("other"))

        let refused = try second.run(["sync", "join", folder.path("other"), "--phrase", phrase])
        #expect(refused.status == 65)
        #expect(refused.stderr.split(separator: "\n").count == 1, "\(refused.stderr)")
        #expect(refused.stderr.contains("sync.key exists"), "\(refused.stderr)")
        #expect(refused.stderr.contains("bodii sync status") && refused.stderr.contains("XDG_CONFIG_HOME"), "\(refused.stderr)")
        #expect(try String(contentsOfFile: keyFile, encoding: .utf8) == key)
        #expect(try String(contentsOfFile: settingsFile, encoding: .utf8) == settings)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path("other")) == devicesBefore)
        #expect(!FileManager.default.fileExists(atPath: second.db))
        // The first machine still syncs with its key.
        #expect(try first.run(["sync"]).status == 0)
    }

    /// A sync folder that went away between runs (a drive not mounted leaves its empty mount
    /// point; a folder deleted leaves nothing): one line, exit 66, nothing written anywhere.
    @Test func aSyncFolderThatWentAwayIsSaidInOneLine() throws {
        let folder = try TemporaryFolder()
        let shared = folder.path("shared")
        let laptop = Machine(db: folder.path("laptop.sqlite"), config: folder.path("laptop-config"))
        #expect(try laptop.run(["sync", "init", shared]).status == 0)
        #expect(try laptop.run(["log", "weight", "81.5"]).status == 0)
        #expect(try laptop.run(["sync"]).status == 0)
        #expect(try laptop.run(["log", "weight", "81.2"]).status == 0)
        let lastSync = try String(contentsOfFile: folder.path("laptop-config/bodii/sync.last"), encoding: .utf8)
        let pending = try laptop.run(["sync", "status", "--json"]).stdout
        #expect(!pending.contains("\"pending\":0"), "\(pending)")

        try FileManager.default.removeItem(atPath: shared)
        try FileManager.default.createDirectory(atPath: shared, withIntermediateDirectories: false)  // the empty mount point
        let unmounted = try laptop.run(["sync"])
        #expect(unmounted.status == 66)
        #expect(unmounted.stderr.split(separator: "\n").count == 1, "\(unmounted.stderr)")
        #expect(unmounted.stderr.contains("sync folder missing or not mounted"), "\(unmounted.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: shared).isEmpty)

        try FileManager.default.removeItem(atPath: shared)
        let deleted = try laptop.run(["sync"])
        #expect(deleted.status == 66)
        #expect(deleted.stderr.contains("sync folder missing or not mounted"), "\(deleted.stderr)")
        #expect(!FileManager.default.fileExists(atPath: shared))
        // The weigh-in waits to be written; the last sync is still the last one that ran.
        #expect(try laptop.run(["sync", "status", "--json"]).stdout == pending)
        #expect(try String(contentsOfFile: folder.path("laptop-config/bodii/sync.last"), encoding: .utf8) == lastSync)
    }
}
