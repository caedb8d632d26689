import BodiiUI
@testable import BodiiApp
@testable import BodiiCLI
@testable import BodiiDocument
import BodiiDomain
import BodiiStore
import Foundation
import SettingsFeature
import TerminalKit
import Testing

/// `bodii export --out PATH` over every kind of file system object (issue 23, items 1–4;
/// PRODUCT.md §9 "Output paths"): each case's exit code, one line on stderr, and that nothing
/// but the target changed — the database byte for byte, the folder's other files, a device
/// still a device.
@Suite struct OutputPathTests {
    let folder: TemporaryFolder
    var db: String { folder.path("db.sqlite") }
    init() throws {
        folder = try TemporaryFolder()
        chmod(folder.url.path, 0o755)  // another user reads the database in one case
    }

    func demo(days: Int) throws {
        #expect(try runBodii(["demo", "--days", "\(days)", "--db", db]).status == 0)
    }

    /// One case: the arguments after `export`, the exit code, a phrase stderr must hold (nil:
    /// stderr empty) and the paths besides the target allowed to change.
    struct Case {
        let name: String
        let arguments: [String]
        let status: Int32
        let says: String?
        var changes: Set<String> = []
        var asUser: Int? = nil
    }

    @Test func everyKindOfPathIsWrittenOnlyWhenItMayBe() throws {
        try demo(days: 30)
        let devices = (try Snapshot.kind("/dev/null"), try Snapshot.kind("/dev/full"))
        let dir = folder.url.path
        let fm = FileManager.default
        // The objects, made once; each case lists what it may change.
        try Data("old export\n".utf8).write(to: URL(fileURLWithPath: dir + "/old.json"))
        chmod(dir + "/old.json", 0o640)
        try fm.createSymbolicLink(atPath: dir + "/link.sqlite", withDestinationPath: db)
        #expect(link(db, dir + "/hard.sqlite") == 0)
        try fm.createDirectory(atPath: dir + "/sub", withIntermediateDirectories: false)
        for name in ["folder", "photos.zip", "csv", "clash"] {
            try fm.createDirectory(atPath: dir + "/" + name, withIntermediateDirectories: false)
            try Data("keep me\n".utf8).write(to: URL(fileURLWithPath: dir + "/\(name)/keep.txt"))
        }
        try Data("old body\n".utf8).write(to: URL(fileURLWithPath: dir + "/csv/body.csv"))
        try fm.createDirectory(atPath: dir + "/clash/food.csv", withIntermediateDirectories: false)
        #expect(mkfifo(dir + "/fifo", 0o644) == 0)
        let socketFD = try makeSocket(dir + "/sock")
        defer { close(socketFD) }
        try fm.createDirectory(atPath: dir + "/ro", withIntermediateDirectories: false)
        try Data("old\n".utf8).write(to: URL(fileURLWithPath: dir + "/ro/old.json"))
        chmod(dir + "/ro", 0o555)
        defer { chmod(dir + "/ro", 0o755) }
        try fm.copyItem(atPath: db, toPath: dir + "/shared.sqlite")
        chmod(dir + "/shared.sqlite", 0o644)

        let refused = Int32(64), io = Int32(74)
        var cases: [Case] = [
            Case(name: "absent", arguments: ["--out", dir + "/new.json"], status: 0, says: nil, changes: ["new.json"]),
            Case(name: "regular file", arguments: ["--out", dir + "/old.json"], status: 0, says: nil, changes: ["old.json"]),
            Case(name: "the database", arguments: ["--out", db], status: refused, says: "is Bodii's database"),
            Case(name: "a link to the database", arguments: ["--out", dir + "/link.sqlite"], status: refused, says: "is Bodii's database"),
            Case(
                name: "a hard link to the database", arguments: ["--out", dir + "/hard.sqlite"], status: refused,
                says: "is Bodii's database"),
            Case(
                name: "the database through ..", arguments: ["--out", dir + "/sub/../db.sqlite"], status: refused,
                says: "is Bodii's database"),
            Case(name: "a folder (json)", arguments: ["--out", dir + "/folder"], status: refused, says: "is a folder"),
            Case(
                name: "a folder (zip)", arguments: ["--format", "csv", "--out", dir + "/photos.zip"], status: refused, says: "is a folder"),
            Case(name: "a folder (csv)", arguments: ["--format", "csv", "--out", dir + "/csv"], status: 0, says: nil, changes: ["csv"]),
            Case(
                name: "a folder holding a folder named like a csv", arguments: ["--format", "csv", "--out", dir + "/clash"],
                status: refused,
                says: "holds food.csv, which is not a regular file"),
            Case(
                name: "a file (csv)", arguments: ["--format", "csv", "--out", dir + "/old.json"], status: refused, says: "is not a folder"),
            Case(
                name: "new folder (csv)", arguments: ["--format", "csv", "--out", dir + "/new-csv"], status: 0, says: nil,
                changes: ["new-csv"]),
            Case(name: "new zip", arguments: ["--format", "csv", "--out", dir + "/new.zip"], status: 0, says: nil, changes: ["new.zip"]),
            Case(name: "a FIFO without reader", arguments: ["--out", dir + "/fifo"], status: io, says: "no program is reading from it"),
            Case(name: "/dev/null", arguments: ["--out", "/dev/null"], status: 0, says: nil),
            Case(
                name: "/dev/full", arguments: ["--out", "/dev/full"], status: io, says: "cannot write /dev/full: no space left on device"),
            Case(name: "a socket", arguments: ["--out", dir + "/sock"], status: refused, says: "is a socket"),
            Case(name: "a missing folder", arguments: ["--out", dir + "/none/x.json"], status: io, says: "does not exist"),
            Case(
                name: "a missing folder (csv)", arguments: ["--format", "csv", "--out", dir + "/none/csv"], status: io,
                says: "does not exist"),
            Case(
                name: "a missing folder (zip)", arguments: ["--format", "csv", "--out", dir + "/none/x.zip"], status: io,
                says: "does not exist"),
        ]
        for suffix in ["-wal", "-shm", "-journal"] {
            cases.append(
                Case(name: "the \(suffix)", arguments: ["--out", db + suffix], status: refused, says: "is the database's \(suffix) file"))
            // The database opened through a link: its sidecars are beside the file it points to.
            cases.append(
                Case(
                    name: "the \(suffix) of a linked database", arguments: ["--db", dir + "/link.sqlite", "--out", db + suffix],
                    status: refused, says: "is the database's \(suffix) file"))
        }
        // Root writes into a read-only folder: the refusal is real for another user.
        if getuid() == 0, fm.isExecutableFile(atPath: "/usr/bin/setpriv") {
            cases.append(
                Case(
                    name: "a read-only folder", arguments: ["--out", dir + "/ro/old.json", "--db", dir + "/shared.sqlite"],
                    status: io, says: "permission denied", asUser: 65_534))
        }

        var failures: [String] = []
        for c in cases {
            let before = try Snapshot(dir)
            let databaseBytes = try Data(contentsOf: URL(fileURLWithPath: db))
            let arguments = ["export"] + c.arguments + (c.arguments.contains("--db") ? [] : ["--db", db])
            let r = try runBodii(arguments, asUser: c.asUser)
            if r.status != c.status { failures.append("\(c.name): exit \(r.status), wanted \(c.status): \(r.stderr)") }
            if let says = c.says {
                if !(r.stderr.hasPrefix("bodii: ") && r.stderr.filter({ $0 == "\n" }).count == 1 && r.stderr.contains(says)) {
                    failures.append("\(c.name): stderr \(r.stderr.debugDescription), wanted one line with \(says.debugDescription)")
                }
            } else if !r.stderr.isEmpty {
                failures.append("\(c.name): stderr \(r.stderr.debugDescription)")
            }
            if try Data(contentsOf: URL(fileURLWithPath: db)) != databaseBytes { failures.append("\(c.name): the database changed") }
            let after = try Snapshot(dir)
            for name in Set(before.entries.keys).union(after.entries.keys) where before.entries[name] != after.entries[name] {
                if !c.changes.contains(where: { name == $0 || name.hasPrefix($0 + "/") }) {
                    failures.append("\(c.name): \(name) changed: \(before.entries[name] ?? "absent") → \(after.entries[name] ?? "absent")")
                }
            }
        }
        let report = "\(failures.count) of \(cases.count) cases:\n" + failures.joined(separator: "\n")
        #expect(failures.isEmpty, "\(report)")

        // What the successful cases wrote.
        let stdout = try runBodii(["export", "--db", db]).stdout
        #expect(try String(contentsOfFile: dir + "/new.json", encoding: .utf8) == stdout)
        #expect(try String(contentsOfFile: dir + "/old.json", encoding: .utf8) == stdout)
        #expect(try permissions(dir + "/old.json") == 0o640, "the replaced file keeps its mode")
        #expect(try String(contentsOfFile: dir + "/csv/keep.txt", encoding: .utf8) == "keep me\n")
        #expect(try String(contentsOfFile: dir + "/csv/body.csv", encoding: .utf8).hasPrefix("date,weight_kg"))
        // One CSV per kind the export carries (17, and recipes, saved meals, favourites, nutrient preferences, measurements, fasts and moments).
        let kinds = 24
        #expect(try fm.contentsOfDirectory(atPath: dir + "/csv").filter { $0.hasSuffix(".csv") }.count == kinds)
        #expect(try fm.contentsOfDirectory(atPath: dir + "/new-csv").count == kinds)
        #expect(try Data(contentsOf: URL(fileURLWithPath: dir + "/new.zip")).prefix(2) == Data("PK".utf8))
        #expect(devices.0.hasPrefix("character device") && devices.1.hasPrefix("character device"))
        #expect(try (Snapshot.kind("/dev/null"), Snapshot.kind("/dev/full")) == devices)
        #expect(!fm.fileExists(atPath: dir + "/none"))
        // No temporary left anywhere.
        let all = try fm.subpathsOfDirectory(atPath: dir)
        #expect(all.filter { $0.contains(".bodii-") }.isEmpty, "\(all)")
    }

    @Test func aFIFOWithAReaderGetsTheDocumentAndStaysAFIFO() throws {
        try demo(days: 30)
        let fifo = folder.path("pipe")
        #expect(mkfifo(fifo, 0o644) == 0)
        let expected = Data(try runBodii(["export", "--db", db]).stdout.utf8)
        // A reader there before the export opens. The read-write descriptor is a writer too, so
        // the read end sees no end of file before the export is done; closing it then ends the
        // read whatever the export did (one that renamed over the FIFO never wrote into it).
        let keepOpen = open(fifo, O_RDWR)
        let fd = open(fifo, O_RDONLY | O_NONBLOCK)
        #expect(keepOpen >= 0 && fd >= 0)
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        defer { close(fd) }
        let received = Received()
        let reader = Thread {
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while true {
                let n = read(fd, &buffer, buffer.count)
                if n <= 0 { break }
                received.append(buffer[0..<n])
            }
            received.finish()
        }
        reader.start()
        let r = try runBodii(["export", "--db", db, "--out", fifo])
        close(keepOpen)
        received.wait()
        #expect(r.status == 0, "\(r.stderr)")
        #expect(received.data == expected)
        #expect(try Snapshot.kind(fifo) == "fifo")
    }

    /// A full disk, as a file size limit (`ulimit -f`): the export fails in one line with 74 and
    /// the zip, the JSON file and the CSV folder it would have replaced are as they were.
    @Test func aFailedWriteLeavesWhatWasThere() throws {
        try demo(days: 200)
        let dir = folder.url.path
        try Data("old export\n".utf8).write(to: URL(fileURLWithPath: dir + "/old.json"))
        #expect(try runBodii(["export", "--format", "csv", "--db", db, "--out", dir + "/old.zip"]).status == 0)
        try FileManager.default.createDirectory(atPath: dir + "/csv", withIntermediateDirectories: false)
        try Data("old body\n".utf8).write(to: URL(fileURLWithPath: dir + "/csv/body.csv"))
        // 40 kB: the -shm SQLite maps (32 kB) fits; the largest file of 200 days does not, nor their zip.
        for args in [
            ["--out", dir + "/old.json"], ["--format", "csv", "--out", dir + "/old.zip"], ["--format", "csv", "--out", dir + "/csv"],
            ["--format", "csv", "--out", dir + "/new-csv"],
        ] {
            let before = try Snapshot(dir)
            let r = try runLimited(["export", "--db", db] + args, kilobytes: 40)
            #expect(r.status == 74, "\(args): \(r.status) \(r.stderr)")
            #expect(
                r.stderr.hasPrefix("bodii: cannot write \(args[args.count - 1])") && r.stderr.hasSuffix(": file too large\n")
                    && r.stderr.filter { $0 == "\n" }.count == 1, "\(args): \(r.stderr)")
            #expect(try Snapshot(dir) == before, "\(args) changed the folder")
        }
    }

    /// Settings → Data → Export writes through the same rules as `bodii export --out`.
    @Test func theAppsExportFollowsTheSameRules() async throws {
        try demo(days: 5)
        let dir = folder.url.path
        try FileManager.default.createDirectory(atPath: dir + "/photos.zip", withIntermediateDirectories: false)
        try Data("keep me\n".utf8).write(to: URL(fileURLWithPath: dir + "/photos.zip/keep.txt"))
        let store = try BodiiDatabase(url: URL(fileURLWithPath: db), access: .readOnly)
        let make = AppleHealthImportJob.maker(repositories: store.repositories, databasePath: db, clock: SystemClock())
        let before = try Snapshot(dir)
        for (action, path, reason) in [
            (SettingsViewModel.DataAction.exportJSON, db, "is Bodii's database"), (.exportJSON, db + "-wal", "-wal file"),
            (.exportCSV, dir + "/photos.zip", "is a folder"), (.exportJSON, "/dev/full", "no space left on device"),
        ] {
            do {
                _ = try await make(action, path).job.run(JobReporter { _ in })
                Issue.record("\(path) was written")
            } catch let failure as ImportFailure {
                #expect(failure.message.contains(reason), "\(failure.message)")
            }
        }
        #expect(try Snapshot(dir) == before)
        _ = try await make(.exportJSON, dir + "/app.json").job.run(JobReporter { _ in })
        #expect(try String(contentsOfFile: dir + "/app.json", encoding: .utf8).hasPrefix("{\n  \"format\": \"bodii-export\""))
    }

    // MARK: - Helpers

    /// `bodii` with a file size limit; SIGXFSZ is the export's to ignore.
    func runLimited(_ arguments: [String], kilobytes: Int) throws -> CommandResult {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", "ulimit -f \(kilobytes); exec \"$0\" \"$@\"", BodiiBinary.url.path] + arguments
        var env = ProcessInfo.processInfo.environment
        env.removeValue(forKey: "BODII_DB")
        env["BODII_NOW"] = TestClock.now
        env["LC_ALL"] = "C.UTF-8"
        process.environment = env
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        return RunningBodii(process: process, out: out, err: err).finish()
    }

    func makeSocket(_ path: String) throws -> Int32 {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (i, b) in bytes.prefix(raw.count - 1).enumerated() { raw[i] = b }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        #expect(fd >= 0 && bound == 0)
        return fd
    }
}

/// What a folder holds, recursively: a regular file by its mode and bytes, anything else by its
/// kind (never opened: reading a FIFO would wait for a writer).
struct Snapshot: Equatable {
    let entries: [String: String]

    init(_ root: String) throws {
        var entries: [String: String] = [:]
        for name in try FileManager.default.subpathsOfDirectory(atPath: root) {
            let full = root + "/" + name
            let kind = try Self.kind(full)
            if kind == "file" {
                let data = try Data(contentsOf: URL(fileURLWithPath: full))
                entries[name] = "file \(String(try permissions(full), radix: 8)) \(data.count) \(data.hashValue)"
            } else {
                entries[name] = kind
            }
        }
        self.entries = entries
    }

    static func kind(_ path: String) throws -> String {
        var info = stat()
        guard lstat(path, &info) == 0 else { return "absent" }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return "file"
        case S_IFDIR: return "folder"
        case S_IFLNK: return "link to " + ((try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? "?")
        case S_IFIFO: return "fifo"
        case S_IFSOCK: return "socket"
        case S_IFCHR: return "character device \(info.st_rdev)"
        default: return "other"
        }
    }
}

/// Bytes a reader thread collected, and when it is done.
final class Received: @unchecked Sendable {
    private let lock = NSCondition()
    private var bytes = Data()
    private var done = false

    var count: Int { lock.lock(); defer { lock.unlock() }; return bytes.count }
    var data: Data { lock.lock(); defer { lock.unlock() }; return bytes }
    func append(_ slice: ArraySlice<UInt8>) { lock.lock(); bytes.append(contentsOf: slice); lock.unlock() }
    func finish() { lock.lock(); done = true; lock.broadcast(); lock.unlock() }
    func wait() { lock.lock(); while !done { lock.wait() }; lock.unlock() }
}
