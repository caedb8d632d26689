import BodiiApp
import BodiiCLI
import BodiiDocument
import BodiiDomain
import Foundation
import Testing

/// The built `bodii` binary, next to the test bundle in the build folder (`scripts/test` builds it first).
enum BodiiBinary {
    static var url: URL {
        if let explicit = ProcessInfo.processInfo.environment["BODII_BINARY"] { return URL(fileURLWithPath: explicit) }
        var dir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        // The test runner may live inside the .xctest bundle on some layouts.
        for _ in 0..<4 {
            let candidate = dir.appendingPathComponent("bodii")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            dir = dir.deletingLastPathComponent()
        }
        return URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("bodii")
    }
}

/// The fixed clock every run of the binary gets (`BODII_NOW`), so no test depends on the hour: a
/// Sunday morning at 10:30 in UTC+1 (breakfast until 10:59).
enum TestClock {
    static let now = "2026-11-22T10:30:00+01:00"
    static let today = LocalDate(year: 2026, month: 11, day: 22) ?? LocalDate(daysSinceEpoch: 20_779)
}

struct CommandResult {
    let status: Int32
    let stdout: String
    let stderr: String
}

/// Runs `bodii` with arguments and an environment, collecting both outputs; with `asUser`, as
/// that user id (the tests run as root: to see what another user may do). A demo into a new file
/// is a copy of the run's first real one with the same arguments (`DemoTemplates`).
func runBodii(_ arguments: [String], environment: [String: String] = [:], asUser: Int? = nil) throws -> CommandResult {
    if asUser == nil, let demo = try DemoTemplates.run(arguments, environment: environment) { return demo }
    return try startBodii(arguments, environment: environment, asUser: asUser).finish()
}

/// A `bodii` process started without waiting for it.
struct RunningBodii {
    let process: Process
    let out: Pipe
    let err: Pipe

    /// Waits for the exit, collecting both outputs.
    func finish() -> CommandResult {
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return CommandResult(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
    }
}

func startBodii(_ arguments: [String], environment: [String: String] = [:], asUser: Int? = nil) throws -> RunningBodii {
    let process = Process()
    if let user = asUser {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
        process.arguments = ["--reuid=\(user)", "--regid=\(user)", "--clear-groups", BodiiBinary.url.path] + arguments
    } else {
        process.executableURL = BodiiBinary.url
        process.arguments = arguments
    }
    process.environment = BodiiEnvironment.with(environment)
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = FileHandle.nullDevice
    try process.run()
    return RunningBodii(process: process, out: out, err: err)
}

/// The environment every run of `bodii` gets, as a process or in-process: the test process's,
/// without `BODII_DB`, on the fixed clock, in a UTF-8 locale, with `extra` on top.
enum BodiiEnvironment {
    private static let inherited = ProcessInfo.processInfo.environment

    static func with(_ extra: [String: String] = [:]) -> [String: String] {
        var env = inherited
        env.removeValue(forKey: "BODII_DB")
        env.removeValue(forKey: "BODII_TEST_DEMOS")
        env["BODII_NOW"] = TestClock.now
        // Output follows the locale (ASCII unless UTF-8): tests choose it rather than inherit it.
        env["LC_ALL"] = "C.UTF-8"
        for (k, v) in extra { env[k] = v }
        return env
    }
}

/// A temporary folder removed when the value goes away.
final class TemporaryFolder {
    let url: URL
    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("bodii-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }
    deinit { try? FileManager.default.removeItem(at: url) }
    func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    /// Every file in the folder with its bytes: equal before and after a command that wrote nothing.
    func contents() throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: url.path) {
            files[name] = try Data(contentsOf: url.appendingPathComponent(name))
        }
        return files
    }
}

/// The real app in tmux on `db`, in a UTF-8 locale; when it exits the pane shows "EXITED <code>."
func startAppInTmux(db: String) throws -> TmuxSession {
    let command = "sh -c '\(BodiiBinary.url.path) --db \(db); echo \"EXITED $?.\"; sleep 60'"
    return try TmuxSession(command: command, environment: ["LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"])
}

/// `bodii today --json` on `db`, parsed (the command must succeed).
func todayJSON(db: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
    let out = try runBodii(["today", "--json", "--db", db])
    #expect(out.status == 0, "\(out.stderr)", sourceLocation: sourceLocation)
    return try #require(try JSONSerialization.jsonObject(with: Data(out.stdout.utf8)) as? [String: Any], sourceLocation: sourceLocation)
}

/// A demo database of `days` days in `folder`, and the app on it in-process on the fixed clock.
@MainActor
func demoApp(days: Int, in folder: TemporaryFolder) throws -> (db: String, app: HeadlessApp) {
    let db = folder.path("app.sqlite")
    let demo = try runBodii(["demo", "--days", "\(days)", "--db", db])
    try #require(demo.status == 0, "\(demo.stderr)")
    return (db, try HeadlessApp(databasePath: db, clock: FixedClock(day: TestClock.today)))
}

/// `bodii export` of `db` with the top-level list `key` cut out (from its key to the line closing
/// it), as an export written before that record kind existed; and how many lines the list took.
func exportWithout(_ key: String, db: String) throws -> (text: String, cutLines: Int) {
    let exported = try runBodii(["export", "--db", db])
    try #require(exported.status == 0)
    var lines = exported.stdout.components(separatedBy: "\n")
    let start = try #require(lines.firstIndex { $0.hasPrefix("  \"\(key)\": [") })
    let end = try #require(lines[start...].firstIndex { $0 == "  ]," })
    lines.removeSubrange(start...end)
    return (lines.joined(separator: "\n"), end - start + 1)
}

/// The round trip of one list of the document: `exported` (written from `a`) imports into `b` with
/// all `count` of `list` added, a second time with none, back into `a` as its own, and both then
/// export what `a` did (but the time of export). Returns what the first import printed.
@discardableResult
func expectDocumentRoundTrip(
    _ list: String, count: Int, exported: String, from a: String, into b: String, sourceLocation: SourceLocation = #_sourceLocation
) throws -> String {
    let original = try String(contentsOfFile: exported, encoding: .utf8)
    let once = try runBodii(["import", "bodii", exported, "--db", b])
    try #require(once.status == 0, "\(once.stderr)", sourceLocation: sourceLocation)
    #expect(once.stdout.contains("\(list) \(count) added, 0 already there"), "\(once.stdout)", sourceLocation: sourceLocation)
    let twice = try runBodii(["import", "bodii", exported, "--db", b])
    #expect(twice.stdout.contains("\(list) 0 added, \(count) already there"), "\(twice.stdout)", sourceLocation: sourceLocation)
    // Read back into the database it came from: they are its own, not new.
    let home = try runBodii(["import", "bodii", exported, "--db", a])
    #expect(home.stdout.contains("\(list) 0 added, \(count) already there"), "\(home.stdout)", sourceLocation: sourceLocation)
    func withoutTime(_ s: String) -> [Substring] { s.split(separator: "\n").filter { !$0.contains("\"exported_at\"") } }
    for db in [a, b] {
        let again = try runBodii(["export", "--db", db])
        #expect(withoutTime(again.stdout) == withoutTime(original), "\(db): \(again.stdout)", sourceLocation: sourceLocation)
    }
    return once.stdout
}
