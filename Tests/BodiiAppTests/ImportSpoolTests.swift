import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Issue 48 item 1: what an import is given never fills the disk. A device is refused, a FIFO
/// without a writer is refused within seconds by every importer, and `import bodii`'s copy of a
/// pipe lives in a file with no name, so nothing is left in `$TMPDIR` however the process ends.
@Suite struct ImportSpoolTests {
    static let importers = [["import", "bodii"], ["import", "cronometer"], ["import", "apple-health"]]

    @Test(arguments: importers)
    func devZeroIsRefusedAndNothingIsLeft(_ command: [String]) throws {
        let folder = try TemporaryFolder(), tmp = try TemporaryFolder()
        let r = try runBodii(command + ["/dev/zero", "--db", folder.path("a.sqlite")], environment: ["TMPDIR": tmp.url.path])
        #expect(r.status == 66, "\(r.stderr)")
        #expect(r.stderr.contains("/dev/zero") && r.stderr.contains("is a device or socket"), "\(r.stderr)")
        #expect(r.stderr.split(separator: "\n").count == 1)
        #expect(try tmp.contents().isEmpty)
        #expect(!FileManager.default.fileExists(atPath: folder.path("a.sqlite")))
    }

    @Test(arguments: importers)
    func aFIFOWithoutAWriterIsRefused(_ command: [String]) throws {
        let folder = try TemporaryFolder()
        let fifo = folder.path("export")
        try #require(mkfifo(fifo, 0o600) == 0)
        let started = Date()
        let r = try runBodii(command + [fifo, "--db", folder.path("a.sqlite")])
        #expect(r.status == 66, "\(r.stderr)")
        #expect(r.stderr.contains("is a FIFO with no writer"), "\(r.stderr)")
        #expect(Date().timeIntervalSince(started) < 10)
        #expect(!FileManager.default.fileExists(atPath: folder.path("a.sqlite")))
    }

    @Test func aFolderIsSaidToBeOne() throws {
        let folder = try TemporaryFolder()
        let r = try runBodii(["import", "bodii", folder.url.path, "--db", folder.path("a.sqlite")])
        #expect(r.status == 66, "\(r.stderr)")
        #expect(r.stderr.contains("is a folder"), "\(r.stderr)")
        #expect(!r.stderr.contains("NSCocoaErrorDomain"))
    }

    /// The copy of a FIFO is made, then the process is stopped by `signal` while it still reads:
    /// `$TMPDIR` is empty after, Ctrl-C, TERM and `kill -9` alike.
    @Test(arguments: [SIGINT, SIGTERM, SIGKILL])
    func anInterruptedCopyLeavesNothing(_ signal: Int32) throws {
        let folder = try TemporaryFolder(), tmp = try TemporaryFolder()
        let fifo = folder.path("pipe.json")
        try #require(mkfifo(fifo, 0o600) == 0)
        let watch = try FolderWatch(tmp.url.path)
        let pid = try Self.spawn(["import", "bodii", fifo, "--db", folder.path("b.sqlite")], tmpdir: tmp.url.path)
        let writer = try #require(FileHandle(forWritingAtPath: fifo))
        defer { try? writer.close() }
        try writer.write(contentsOf: Data(#"{"format":"bodii-export","version":1,"food":["#.utf8) + Data(repeating: 0x20, count: 1 << 20))
        // The copy is open once the process holds a descriptor on a file in $TMPDIR (bounded wait).
        let spooling = watch.wait(seconds: 30) { Self.holdsAFile(pid, in: tmp.url.path) }
        #expect(spooling, "the import never opened its copy in \(tmp.url.path)")
        #expect(kill(pid, signal) == 0)
        var status: Int32 = 0
        #expect(waitpid(pid, &status, 0) == pid)
        #expect(status & 0x7f == signal, "ended with status \(status), not by the signal")
        #expect(try tmp.contents().isEmpty)
        #expect(!FileManager.default.fileExists(atPath: folder.path("b.sqlite")))
    }

    /// Whether process `pid` holds a descriptor on a file in `folder`.
    static func holdsAFile(_ pid: pid_t, in folder: String) -> Bool {
        let fds = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd")) ?? []
        let links = fds.map { (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\($0)")) ?? "" }
        return links.contains(where: { $0.hasPrefix(folder) })
    }

    /// The real binary started with no signal blocked, as a shell starts it (Foundation's
    /// `Process` hands its children a mask that blocks SIGINT and SIGTERM); output to /dev/null.
    static func spawn(_ arguments: [String], tmpdir: String) throws -> pid_t {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGINT)
        sigaddset(&defaults, SIGTERM)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for fd: Int32 in [0, 1, 2] { posix_spawn_file_actions_addopen(&actions, fd, "/dev/null", fd == 0 ? O_RDONLY : O_WRONLY, 0) }
        let binary = BodiiBinary.url.path
        let argv: [UnsafeMutablePointer<CChar>?] = ([binary] + arguments).map { strdup($0) } + [nil]
        let variables: [String] = ["BODII_NOW=\(TestClock.now)", "LC_ALL=C.UTF-8", "TMPDIR=\(tmpdir)", "PATH=/usr/bin:/bin"]
        let env: [UnsafeMutablePointer<CChar>?] = variables.map { strdup($0) } + [nil]
        defer { for p in argv + env { free(p) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, binary, &actions, &attributes, argv, env)
        guard result == 0 else { throw POSIXError(POSIXErrorCode(rawValue: result) ?? .EINVAL) }
        return pid
    }
}
