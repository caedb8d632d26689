import Foundation
import Testing

/// Issue 48: `sync init` and `sync join` killed (SIGKILL) at a seeded random moment go on when run
/// again — the key is saved before anything else, the phrase is printed again, the device number
/// is the same — and the two machines end with the same export. (The moment is random; what is
/// asserted holds at every moment, so the test cannot be flaky.)
@Suite struct SyncSetUpResumeTests {
    typealias Machine = SyncCommandTests.Machine

    /// A moment from 0 to 1.5 s (init and join of 90 days take about that here), from `seed`.
    static func moment(_ seed: UInt64) -> useconds_t {
        var z = seed &* 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return useconds_t((z ^ (z >> 31)) % 1_500_000)
    }

    /// Runs `arguments` on `machine` and kills it with SIGKILL after `seed`'s moment (or lets it end).
    static func killed(_ machine: Machine, _ arguments: [String], seed: UInt64) throws -> CommandResult {
        let running = try startBodii(arguments + ["--db", machine.db], environment: ["XDG_CONFIG_HOME": machine.config])
        usleep(moment(seed))
        kill(running.process.processIdentifier, SIGKILL)
        return running.finish()
    }

    static func phrase(_ result: CommandResult) throws -> String {
        try #require((try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])?["phrase"] as? String)
    }

    static func export(_ machine: Machine) throws -> String {
        let exported = try machine.run(["export", "--format", "json"])
        #expect(exported.status == 0, "\(exported.stderr)")
        return exported.stdout.split(separator: "\n").filter { !$0.contains("\"exported_at\"") }.joined(separator: "\n")
    }

    /// Two machines in `folder`, the laptop with 90 days of history, and the shared folder's path.
    static func machines(in folder: TemporaryFolder) throws -> (laptop: Machine, desktop: Machine, shared: String) {
        let laptop = Machine(db: folder.path("laptop.sqlite"), config: folder.path("laptop-config"))
        let desktop = Machine(db: folder.path("desktop.sqlite"), config: folder.path("desktop-config"))
        #expect(try laptop.run(["demo", "--days", "90"]).status == 0)
        return (laptop, desktop, folder.path("shared"))
    }

    @Test(arguments: [11, 12, 13] as [UInt64])
    func anInitKilledAnywhereGoesOnWhenRunAgain(seed: UInt64) throws {
        let folder = try TemporaryFolder()
        let (laptop, desktop, shared) = try Self.machines(in: folder)

        let stopped = try Self.killed(laptop, ["sync", "init", shared], seed: seed)
        let again = try laptop.run(["sync", "init", shared, "--json"])
        #expect(again.status == 0, "stopped: \(stopped.status) \(stopped.stderr); again: \(again.stderr)")
        let phrase = try Self.phrase(again)
        // A phrase the stopped run showed is the one that still opens the folder.
        if stopped.stdout.contains("-") {
            #expect(stopped.stdout.contains(phrase), "\(stopped.stdout)")
        }
        let joined = try desktop.run(["sync", "join", shared, "--phrase", phrase])
        #expect(joined.status == 0, "\(joined.stderr)")
        #expect(try laptop.run(["sync"]).status == 0)
        #expect(try Self.export(desktop) == Self.export(laptop))
    }

    @Test(arguments: [21, 22, 23] as [UInt64])
    func aJoinKilledAnywhereGoesOnWhenRunAgain(seed: UInt64) throws {
        let folder = try TemporaryFolder()
        let (laptop, desktop, shared) = try Self.machines(in: folder)
        let phrase = try Self.phrase(try laptop.run(["sync", "init", shared, "--json"]))
        #expect(try desktop.run(["log", "weight", "90", "--date", "2026-10-01"]).status == 0)

        let stopped = try Self.killed(desktop, ["sync", "join", shared, "--phrase", phrase], seed: seed)
        let again = try desktop.run(["sync", "join", shared, "--phrase", phrase])
        #expect(again.status == 0, "stopped: \(stopped.status) \(stopped.stderr); again: \(again.stderr)")
        #expect(try desktop.run(["sync"]).status == 0)
        #expect(try laptop.run(["sync"]).status == 0)
        #expect(try Self.export(desktop) == Self.export(laptop))
        #expect(try Self.export(laptop).contains("\"weight_kg\":90"))
    }
}
