import Foundation
import Testing

/// Issue 48's smaller sync findings, with the real binary: each was a way to end up stuck,
/// silently behind, or with a file Bodii should not have made.
@Suite struct SyncFaultCommandTests {
    typealias Machine = SyncCommandTests.Machine

    /// Two machines joined to `folder/shared`.
    static func pair(in folder: TemporaryFolder) throws -> (laptop: Machine, desktop: Machine, shared: String, phrase: String) {
        let shared = folder.path("shared")
        let laptop = Machine(db: folder.path("laptop.sqlite"), config: folder.path("laptop-config"))
        let desktop = Machine(db: folder.path("desktop.sqlite"), config: folder.path("desktop-config"))
        let phrase = try SyncSetUpResumeTests.phrase(try laptop.run(["sync", "init", shared, "--json"]))
        #expect(try desktop.run(["sync", "join", shared, "--phrase", phrase]).status == 0)
        return (laptop, desktop, shared, phrase)
    }

    static func device(_ machine: Machine) throws -> Int {
        try #require(
            (try JSONSerialization.jsonObject(with: Data(try machine.run(["sync", "status", "--json"]).stdout.utf8)) as? [String: Any])?[
                "device"] as? Int)
    }

    @Test func statusOfAMissingDatabaseMakesNothing() throws {
        let folder = try TemporaryFolder()
        let missing = Machine(db: folder.path("nowhere/missing.sqlite"), config: folder.path("config"))
        let status = try missing.run(["sync", "status"])
        #expect(status.status == 66, "\(status.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("nowhere")))
    }

    /// A database that cannot be opened: `init` fails before it makes the shared folder.
    @Test func aFailingInitMakesNoSharedFolder() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.path("a-folder.sqlite"), withIntermediateDirectories: true)
        let broken = Machine(db: folder.path("a-folder.sqlite"), config: folder.path("config"))
        let refused = try broken.run(["sync", "init", folder.path("shared")])
        #expect(refused.status != 0)
        #expect(!FileManager.default.fileExists(atPath: folder.path("shared")))
        #expect(!FileManager.default.fileExists(atPath: folder.path("config/bodii/sync.key")))
    }

    /// An emptied sync.toml used to loop between "run join again" and "the key exists".
    @Test func anEmptiedSyncTomlIsMendedByJoiningAgain() throws {
        let folder = try TemporaryFolder()
        let (_, desktop, shared, phrase) = try Self.pair(in: folder)
        try Data().write(to: URL(fileURLWithPath: folder.path("desktop-config/bodii/sync.toml")))
        let broken = try desktop.run(["sync"])
        #expect(broken.status == 65)
        #expect(broken.stderr.contains("run `bodii sync join DIR --phrase P` again"), "\(broken.stderr)")
        let mended = try desktop.run(["sync", "join", shared, "--phrase", phrase])
        #expect(mended.status == 0, "\(mended.stderr)")
        #expect(try desktop.run(["sync"]).status == 0)
    }

    /// Under umask 000 the key and sync.toml are still the owner's alone.
    @Test func theKeyAndSettingsArePrivateUnderAnyUmask() throws {
        let folder = try TemporaryFolder()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "umask 000; exec \"$0\" sync init \"$1\" --db \"$2\" >/dev/null", BodiiBinary.url.path, folder.path("shared"), folder.path("a.sqlite")]
        process.environment = ProcessInfo.processInfo.environment.merging(["XDG_CONFIG_HOME": folder.path("config"), "BODII_NOW": TestClock.now]) { $1 }
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        for name in ["sync.key", "sync.toml"] {
            let mode = try FileManager.default.attributesOfItem(atPath: folder.path("config/bodii/\(name)"))[.posixPermissions] as? NSNumber
            #expect(mode?.intValue == 0o600, "\(name)")
        }
    }

    /// Two `bodii sync` at once on one machine: the second waits for the first, neither fails.
    @Test func twoSyncsAtOnceBothFinish() throws {
        let folder = try TemporaryFolder()
        let (laptop, desktop, _, _) = try Self.pair(in: folder)
        #expect(try laptop.run(["demo", "--days", "60"]).status == 0)
        #expect(try laptop.run(["sync"]).status == 0)
        let environment = ["XDG_CONFIG_HOME": desktop.config]
        let first = try startBodii(["sync", "--db", desktop.db], environment: environment)
        let second = try startBodii(["sync", "--db", desktop.db], environment: environment)
        for result in [first.finish(), second.finish()] {
            #expect(result.status == 0, "\(result.stderr)")
            #expect(!result.stderr.contains("locked") && !result.stderr.contains("busy"), "\(result.stderr)")
        }
        #expect(try desktop.run(["sync"]).stdout.contains("Nothing new."))
    }

    /// 10,000 stray names in a device folder are said in one line, not 10,000.
    @Test func strayFilesAreCountedInOneLine() throws {
        let folder = try TemporaryFolder()
        let (laptop, desktop, shared, _) = try Self.pair(in: folder)
        let strays = "\(shared)/\(try Self.device(laptop))"
        for n in 0..<10_000 { #expect(FileManager.default.createFile(atPath: "\(strays)/junk-\(n)", contents: Data())) }
        let synced = try desktop.run(["sync"])
        #expect(synced.status == 0, "\(synced.stderr)")
        #expect(synced.stderr.split(separator: "\n").count == 1, "\(synced.stderr.prefix(500))")
        #expect(synced.stderr.contains("10000 names are not a sync file"), "\(synced.stderr)")
    }

    /// A file deleted from the folder: every `bodii sync` says so and exits 66, `--json` lists it
    /// in `gaps`, `sync status` too, until it is back.
    @Test func aDeletedFileIsSaidAtEverySyncUntilItIsBack() throws {
        let folder = try TemporaryFolder()
        let (laptop, desktop, shared, _) = try Self.pair(in: folder)
        let device = try Self.device(laptop)
        for kg in ["81", "82"] {
            #expect(try laptop.run(["log", "weight", kg]).status == 0)
            #expect(try laptop.run(["sync"]).status == 0)
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: "\(shared)/\(device)").filter { $0.hasSuffix(".bodiisync") }.sorted()
        let first = try #require(files.first)
        let path = "\(shared)/\(device)/\(first)"
        let kept = try Data(contentsOf: URL(fileURLWithPath: path))
        try FileManager.default.removeItem(atPath: path)

        let text = try desktop.run(["sync"])
        #expect(text.status == 66, "\(text.stderr)")
        #expect(text.stderr.contains("missing from"), "\(text.stderr)")
        let json = try desktop.run(["sync", "--json"])
        #expect(json.status == 66)
        let gaps = (try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])?["gaps"] as? [[String: Any]]
        #expect(gaps?.first?["device"] as? Int == device, "\(json.stdout)")
        #expect(try desktop.run(["sync", "status"]).stdout.contains("Missing:"))

        try kept.write(to: URL(fileURLWithPath: path))
        let healed = try desktop.run(["sync"])
        #expect(healed.status == 0, "\(healed.stderr)")
        #expect(try todayJSON(db: desktop.db)["weight_kg"] as? Double == 82)
    }

    /// A 1 GiB file in the shared folder is refused in one line and never read: the process
    /// stays under §9's 64 MB.
    @Test func aHugeFileInTheFolderIsRefusedInBoundedMemory() throws {
        let folder = try TemporaryFolder()
        let (laptop, desktop, shared, _) = try Self.pair(in: folder)
        // At the number the desktop reads next from the laptop.
        let status = try desktop.run(["sync", "status", "--json"])
        let applied = ((try JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [String: Any])?["applied"] as? [String: Int]) ?? [:]
        let next = (applied[String(try Self.device(laptop))] ?? 0) + 1
        let url = URL(fileURLWithPath: "\(shared)/\(try Self.device(laptop))/" + String(format: "%08d.bodiisync", next))
        #expect(FileManager.default.createFile(atPath: url.path, contents: nil))
        let handle = try FileHandle(forWritingTo: url)
        try handle.truncate(atOffset: 1 << 30)
        try handle.close()

        let measured = try MeasuredRun(["sync", "--db", desktop.db], environment: ["XDG_CONFIG_HOME": desktop.config])
        #expect(measured.status == 65)
        #expect(measured.stderr.contains("larger than any sync file"), "\(measured.stderr)")
        #expect(measured.maxResidentKB < 64 * 1024, "\(measured.maxResidentKB) KB")
    }
}

/// The binary run to its end under GNU time (`scripts/ensure-deps --test` installs it), which
/// gives its own peak memory: the test process's rusage would count the test runner's memory,
/// which a child shares until it execs.
struct MeasuredRun {
    let status: Int32
    let stderr: String
    let maxResidentKB: Int

    init(_ arguments: [String], environment: [String: String]) throws {
        let report = FileManager.default.temporaryDirectory.appendingPathComponent("bodii-measured-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: report) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/time")
        process.arguments = ["-f", "%M", "-o", report.path, BodiiBinary.url.path] + arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment.merging(["BODII_NOW": TestClock.now]) { $1 }) { $1 }
        let err = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        status = process.terminationStatus
        let lines = ((try? String(contentsOf: report, encoding: .utf8)) ?? "").split(separator: "\n")
        maxResidentKB = lines.last.flatMap { Int($0) } ?? Int.max
    }
}
