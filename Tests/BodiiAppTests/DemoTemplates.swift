import Foundation

/// `bodii demo` into a new file, run for real once per argument set (and environment) per test
/// run, then copied: the same ~1 s of debug-build demo generation and catalog seeding ran again
/// in ~100 tests for a few distinct argument sets. The first run is the real command on the
/// test's own path; its file and its outputs are kept, and later runs with the same arguments get
/// a byte-for-byte copy of that file and those outputs (the path in them swapped for theirs), so
/// every assertion still checks what a real `bodii demo` wrote and said. Shared across test
/// processes through `BODII_TEST_DEMOS` (a folder `scripts/test` makes per run); without it, per
/// process. A demo that failed, onto an existing file, or with a path in its environment (a
/// config folder of the test's own) always runs for real.
enum DemoTemplates {
    private struct Kept: Codable {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    /// Stands for the database path in the kept outputs.
    private static let pathMark = "\u{1}DB\u{1}"

    /// The result of `bodii arguments` when it is a demo into a new file: a copy of the kept
    /// one, or the real run (then kept). Nil when the command is not one this shares.
    static func run(_ arguments: [String], environment: [String: String]) throws -> CommandResult? {
        guard let db = newDatabase(of: arguments), environment.values.allSatisfy({ !$0.contains("/") }) else { return nil }
        let key = arguments.map { $0 == db ? pathMark : $0 } + environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        let name = "demo-" + fnv1a(key.joined(separator: "\u{0}"))
        let template = folder.appendingPathComponent(name + ".sqlite")
        let keptURL = folder.appendingPathComponent(name + ".json")
        return try whileLocked(folder.appendingPathComponent(name + ".lock")) {
            if let data = try? Data(contentsOf: keptURL) {
                let kept = try JSONDecoder().decode(Kept.self, from: data)
                try copyDatabase(from: template.path, to: db)
                return CommandResult(
                    status: kept.status, stdout: kept.stdout.replacingOccurrences(of: pathMark, with: db),
                    stderr: kept.stderr.replacingOccurrences(of: pathMark, with: db))
            }
            let result = try startBodii(arguments, environment: environment).finish()
            if result.status == 0 {
                try copyDatabase(from: db, to: template.path)
                let kept = Kept(
                    status: result.status, stdout: result.stdout.replacingOccurrences(of: db, with: pathMark),
                    stderr: result.stderr.replacingOccurrences(of: db, with: pathMark))
                try JSONEncoder().encode(kept).write(to: keptURL, options: .atomic)
            }
            return result
        }
    }

    /// The `--db` path of `demo [--days N] --db PATH` (in any order) when no file is there yet
    /// and its folder is.
    private static func newDatabase(of arguments: [String]) -> String? {
        guard let at = arguments.firstIndex(of: "--db"), at + 1 < arguments.count else { return nil }
        let db = arguments[at + 1]
        var rest = arguments
        rest.removeSubrange(at...(at + 1))
        guard rest.first == "demo", rest.count == 1 || (rest.count == 3 && rest[1] == "--days") else { return nil }
        let files = FileManager.default
        guard db.hasPrefix("/"), !files.fileExists(atPath: db), !files.fileExists(atPath: db + "-wal") else { return nil }
        var isFolder: ObjCBool = false
        guard files.fileExists(atPath: (db as NSString).deletingLastPathComponent, isDirectory: &isFolder), isFolder.boolValue else {
            return nil
        }
        return db
    }

    /// The file and a -wal left at exit (SQLite rebuilds the -shm), with the file's mode.
    private static func copyDatabase(from source: String, to target: String) throws {
        let files = FileManager.default
        for suffix in ["", "-wal"] where files.fileExists(atPath: source + suffix) {
            try? files.removeItem(atPath: target + suffix)
            try files.copyItem(atPath: source + suffix, toPath: target + suffix)
            let mode = try files.attributesOfItem(atPath: source + suffix)[.posixPermissions]
            if let mode { try files.setAttributes([.posixPermissions: mode], ofItemAtPath: target + suffix) }
        }
    }

    /// Runs `body` holding an exclusive lock on `url`: one test (of any process) makes a
    /// template, the others with the same arguments wait for it.
    private static func whileLocked<T>(_ url: URL, _ body: () throws -> T) throws -> T {
        let fd = open(url.path, O_CREAT | O_RDWR, 0o600)
        guard fd >= 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path]) }
        defer { close(fd) }
        guard flock(fd, LOCK_EX) == 0 else { throw CocoaError(.fileLocking, userInfo: [NSFilePathErrorKey: url.path]) }
        defer { flock(fd, LOCK_UN) }
        return try body()
    }

    /// The folder the kept demos live in: this run's (`BODII_TEST_DEMOS`) or this process's.
    private static let folder: URL = {
        let url: URL
        if let shared = ProcessInfo.processInfo.environment["BODII_TEST_DEMOS"], !shared.isEmpty {
            url = URL(fileURLWithPath: shared)
        } else {
            url = FileManager.default.temporaryDirectory
                .appendingPathComponent("bodii-test-demos-\(ProcessInfo.processInfo.processIdentifier)")
            atexit { DemoTemplates.removeProcessFolder() }
        }
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }()

    private static func removeProcessFolder() {
        try? FileManager.default.removeItem(
            at: FileManager.default.temporaryDirectory
                .appendingPathComponent("bodii-test-demos-\(ProcessInfo.processInfo.processIdentifier)"))
    }

    /// A stable name for a key (Swift's `Hasher` is seeded per process).
    private static func fnv1a(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return String(hash, radix: 16)
    }
}
