import BodiiDomain
import BodiiStore
import Foundation
import Testing

/// `bodii report`: the dashboard as plain text, run as a process on a real database.
@Suite struct ReportTests {
    let folder: TemporaryFolder
    init() throws { folder = try TemporaryFolder() }

    private func demo() throws -> String {
        let db = folder.path("report.sqlite")
        #expect(try runBodii(["demo", "--days", "120", "--db", db]).status == 0)
        return db
    }

    @Test func monthReportHasTodaysNumbersTheRangeAndFourCharts() throws {
        let db = try demo()
        let out = try runBodii(["report", "--range", "month", "--db", db])
        #expect(out.status == 0, "\(out.stderr)")
        #expect(out.stdout.contains("report for the last month"))
        let summary = try DaySummaryQuery(source: BodiiDatabase(url: URL(fileURLWithPath: db)).repositories).summary(for: TestClock.today)
        let target = try #require(summary.targetKcal)
        #expect(out.stdout.contains("target \(Int(target)) · left"), "the same target as the dashboard and today --json")
        for title in ["─ Calories ─", "─ Weight ─", "─ Sleep ─", "─ Exercise ─"] { #expect(out.stdout.contains(title)) }
        let lines = out.stdout.split(separator: "\n")
        #expect(lines.allSatisfy { $0.count <= 80 }, "fits 80 columns")
        #expect(lines.allSatisfy { $0.last != " " }, "no trailing spaces for e-mail")
        #expect(!out.stdout.contains("\u{1B}"), "no escape sequences")
    }

    @Test func asciiReportHasNoUnicodeDrawing() throws {
        let db = try demo()
        let out = try runBodii(["report", "--range", "year", "--ascii", "--db", db])
        #expect(out.status == 0, "\(out.stderr)")
        #expect(out.stdout.contains("report for the last year"))
        #expect(out.stdout.contains("+-"))
        let drawing = out.stdout.unicodeScalars.filter { (0x2500...0x28FF).contains($0.value) }
        #expect(drawing.isEmpty, "box drawing, blocks or braille in --ascii output")
    }

    /// Issue 9, item 9: `--ascii`, or a locale that isn't UTF-8, means every byte is ASCII — in
    /// the report, `today`, help and errors — with `-` for minus.
    @Test func asciiAndANonUTF8LocalePrintOnlyASCII() throws {
        let db = try demo()
        let cLocale = ["LC_ALL": "C", "LANG": "C"]
        let runs = [
            ("report --ascii", try runBodii(["report", "--range", "quarter", "--ascii", "--db", db])),
            ("report in C", try runBodii(["report", "--range", "year", "--db", db], environment: cLocale)),
            ("today in C", try runBodii(["today", "--db", db], environment: cLocale)),
            ("help in C", try runBodii(["report", "--help"], environment: cLocale)),
            ("error in C", try runBodii(["report", "--width", "10", "--db", db], environment: cLocale)),
        ]
        for (name, out) in runs {
            let text = out.stdout + out.stderr
            #expect(!text.isEmpty, "\(name)")
            let bad = text.split(separator: "\n").filter { !$0.utf8.allSatisfy { $0 < 0x80 } }
            #expect(bad.isEmpty, "\(name): \(bad)")
        }
        #expect(runs[1].1.stdout.contains("Calories"))
        let utf8 = try runBodii(["report", "--db", db], environment: ["LC_ALL": "C.UTF-8"])
        #expect(utf8.stdout.contains("─ Calories"), "a UTF-8 locale still draws Unicode")
    }

    @Test func badRangeAndMissingDatabase() throws {
        let db = try demo()
        let bad = try runBodii(["report", "--range", "fortnight", "--db", db])
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("range \"fortnight\" is not one of week, month, quarter, year"))
        let missing = try runBodii(["report", "--db", folder.path("nope.sqlite")])
        #expect(missing.status == 66)
        #expect(!FileManager.default.fileExists(atPath: folder.path("nope.sqlite")))
    }
}
