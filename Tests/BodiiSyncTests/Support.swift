import BodiiDomain
import BodiiStore
import BodiiTestSupport
import Foundation
import GRDB
import Testing

@testable import BodiiSync

/// A temporary folder, deleted afterwards: in memory (/dev/shm) where there is one, since the
/// property test commits and fsyncs thousands of times (real SQLite files all the same).
func withTemporaryFolder<T>(_ body: (URL) throws -> T) throws -> T {
    let memory = URL(fileURLWithPath: "/dev/shm")
    let base = FileManager.default.isWritableFile(atPath: memory.path) ? memory : FileManager.default.temporaryDirectory
    let folder = base.appendingPathComponent("bodii-sync-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    return try body(folder)
}

func day(_ iso: String) -> LocalDate {
    guard let d = LocalDate(iso: iso) else { preconditionFailure("bad test date \(iso)") }
    return d
}

/// A deterministic generator (SplitMix64), so a failing seed can be replayed.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// One device: a database file of its own.
final class Replica {
    let name: String
    let url: URL
    let database: BodiiDatabase

    init(_ name: String, in folder: URL) throws {
        self.name = name
        url = folder.appendingPathComponent("\(name).sqlite")
        // A file already there (a copy made with VACUUM INTO) is opened as it is; else a new one.
        let utc = TimeZone(identifier: "UTC") ?? .current
        database =
            FileManager.default.fileExists(atPath: url.path)
            ? try TestDatabaseFile.openExisting(at: url, timeZone: utc, catalog: nil)
            : try TestDatabaseFile.open(at: url, timeZone: utc, catalog: nil)
    }

    var repos: SQLiteRepositories { database.repositories }

    /// Every synced table and daily_log, row by row in key order, as text.
    func dump() throws -> [String] {
        try database.withWriterConnection { db in
            try (SyncEngine.tables + ["daily_log"]).flatMap { table in
                try Row.fetchAll(db, sql: "SELECT * FROM \(table) ORDER BY 1").map { "\(table) \($0)" }
            }
        }
    }

    /// Runs SQL on the database file (to look or to break things).
    func sql<T>(_ body: (Database) throws -> T) throws -> T {
        try database.withWriterConnection(body)
    }
}

/// `bodii export --format json` of a database by the built binary, without its `exported_at` line.
func exportDocument(_ db: String) throws -> String {
    let run = try runBuiltBodii(["export", "--format", "json", "--db", db], environment: ["BODII_NOW": "2026-11-22T10:30:00+01:00"])
    #expect(run.status == 0)
    return run.stdout.split(separator: "\n").filter { !$0.contains("\"exported_at\"") }.joined(separator: "\n")
}

/// Runs the built `bodii` (next to the test bundle) with `environment` over this process's.
func runBuiltBodii(_ arguments: [String], environment: [String: String] = [:]) throws -> (status: Int32, stdout: String, stderr: String) {
    var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    var binary = folder.appendingPathComponent("bodii")
    for _ in 0..<4 where !FileManager.default.isExecutableFile(atPath: binary.path) {
        folder = folder.deletingLastPathComponent()
        binary = folder.appendingPathComponent("bodii")
    }
    let process = Process()
    process.executableURL = binary
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let out = Pipe()
    // Standard error into a file: two pipes read one after the other could stall the child.
    let errURL = FileManager.default.temporaryDirectory.appendingPathComponent("bodii-stderr-\(UUID().uuidString)")
    _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
    defer { try? FileManager.default.removeItem(at: errURL) }
    process.standardOutput = out
    process.standardError = try FileHandle(forWritingTo: errURL)
    try process.run()
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let errData = FileManager.default.contents(atPath: errURL.path) ?? Data()
    return (process.terminationStatus, String(decoding: outData, as: UTF8.self), String(decoding: errData, as: UTF8.self))
}

/// Two machines joined to one sync folder with nothing else in it: `a` set it up, `b` joined.
/// Suites add what they do with it in their own extensions.
struct JoinedPair {
    let a: Replica
    let b: Replica
    let shared: URL
    let key: SyncKey
    var both: [Replica] { [a, b] }

    init(in folder: URL) throws {
        shared = folder.appendingPathComponent("shared")
        try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: true)
        a = try Replica("a", in: folder)
        b = try Replica("b", in: folder)
        key = try SyncEngine.initialize(a.database, folder: shared)
        _ = try SyncEngine.join(b.database, folder: shared, key: key)
    }
}
