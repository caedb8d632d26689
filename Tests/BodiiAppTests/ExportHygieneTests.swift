import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Issue 48 item 9, the export and import smalls: a stopped export leaves no hidden temporary,
/// an escape in `--out` is not echoed, a missing file's path is named whole, a budget of 0 in a
/// document is bad data (65), not an I/O error.
@Suite struct ExportHygieneTests {
    /// The export writes into a file with no name beside its target: stopped by `signal` while
    /// it writes, it leaves the folder as it was.
    @Test(arguments: [SIGINT, SIGKILL])
    func aStoppedExportLeavesNoTemporary(_ signal: Int32) throws {
        try Self.stopWhileWriting(signal) { out in ["--out", out.path("e.json")] }
    }

    /// A CSV export into a folder (new, or one that exists) writes its files with no names until
    /// all are written: killed while writing, it leaves no hidden folder or file behind.
    @Test(arguments: [true, false])
    func aKilledFolderExportLeavesNoTemporary(_ newFolder: Bool) throws {
        try Self.stopWhileWriting(SIGKILL) { out in ["--format", "csv", "--out", newFolder ? out.path("csv") : out.url.path] }
    }

    /// Exports a 1,000-day demo with `arguments(out)`, sends `signal` once the process holds a
    /// file in `out` (a bounded wait), and expects `out` as empty as it was.
    static func stopWhileWriting(_ signal: Int32, _ arguments: (TemporaryFolder) -> [String]) throws {
        let folder = try TemporaryFolder(), out = try TemporaryFolder()
        let db = folder.path("d.sqlite")
        #expect(try runBodii(["demo", "--days", "1000", "--db", db]).status == 0)
        let watch = try FolderWatch(out.url.path)
        let pid = try ImportSpoolTests.spawn(["export", "--db", db] + arguments(out), tmpdir: folder.url.path)
        let writing = watch.wait(seconds: 30) { ImportSpoolTests.holdsAFile(pid, in: out.url.path) }
        #expect(writing, "the export never opened a file in \(out.url.path)")
        #expect(kill(pid, signal) == 0)
        var status: Int32 = 0
        #expect(waitpid(pid, &status, 0) == pid)
        #expect(status & 0x7f == signal)
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.url.path).isEmpty)
    }

    @Test func anEscapeInTheOutputPathIsNotEchoed() throws {
        let folder = try TemporaryFolder()
        let db = folder.path("d.sqlite")
        #expect(try runBodii(["demo", "--days", "3", "--db", db]).status == 0)
        let json = try runBodii(["export", "--db", db, "--out", folder.path("\u{1B}[2Jx.json")])
        #expect(json.status == 0, "\(json.stderr)")
        #expect(json.stdout.contains("Exported to") && !json.stdout.contains("\u{1B}"), "\(json.stdout)")
        let csv = try runBodii(["export", "--db", db, "--format", "csv", "--out", folder.path("\u{1B}[2Jcsv")])
        #expect(csv.status == 0, "\(csv.stderr)")
        #expect(csv.stdout.contains("CSV files to") && !csv.stdout.contains("\u{1B}"), "\(csv.stdout)")
        let imported = try runBodii(["import", "bodii", folder.path("\u{1B}[2Jx.json"), "--db", folder.path("e.sqlite")])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(!imported.stdout.contains("\u{1B}"), "\(imported.stdout)")
    }

    @Test(arguments: [["import", "bodii"], ["import", "cronometer"]])
    func aMissingFileIsNamedWhole(_ command: [String]) throws {
        let folder = try TemporaryFolder()
        let missing = folder.path("exports/2026/a-rather-long-name-for-an-export.json")
        let r = try runBodii(command + [missing, "--db", folder.path("a.sqlite")])
        #expect(r.status == 66, "\(r.stderr)")
        #expect(r.stderr.contains(missing), "\(r.stderr)")
    }

    @Test func aBudgetOfZeroInADocumentIsBadData() throws {
        let folder = try TemporaryFolder()
        let file = folder.path("b.json")
        for (amount, code) in [("0", Int32(65)), ("0.01", 0)] {
            let document =
                #"{"format":"bodii-export","version":1,"budget":{"amount":AMOUNT,"period":"week","currency":"EUR","set_on":"2026-11-01"}}"#
            try Data(document.replacingOccurrences(of: "AMOUNT", with: amount).utf8).write(to: URL(fileURLWithPath: file))
            let r = try runBodii(["import", "bodii", file, "--db", folder.path("a\(amount).sqlite")])
            #expect(r.status == code, "\(amount): \(r.stderr)")
            if code != 0 { #expect(r.stderr.contains("amount") && r.stderr.contains("nothing was written"), "\(r.stderr)") }
        }
    }
}
