import BodiiDomain
import Foundation
import Testing
@testable import BodiiStore

/// Issue 30 through the real binary: a database that joins sync shows every figure as before,
/// and what the commands and importers write afterwards takes its ids from the device.
@Suite struct SyncIdentityCommandTests {
    /// What the commands print about a database, with ids shown as they were before it joined
    /// (a number of 2^32 or more by its low 32 bits) and the export's own time left out.
    static func figures(_ db: String, in folder: TemporaryFolder) throws -> [String] {
        let commands = [
            ["today", "--json"], ["report", "--range", "month"], ["report", "--review"], ["insights", "--days", "30", "--json"],
            ["nutrients", "--range", "week"], ["pantry", "list", "--json"], ["budget", "--json"], ["history", "banana"],
            ["export", "--out", folder.path("figures.json")],
        ]
        var out: [String] = []
        for command in commands {
            let run = try runBodii(command + ["--db", db])
            #expect(run.status == 0, "\(command): \(run.stderr)")
            out.append(lowBits(run.stdout))
        }
        let export = try String(contentsOfFile: folder.path("figures.json"), encoding: .utf8)
        out.append(lowBits(export.split(separator: "\n").filter { !$0.contains("\"exported_at\"") }.joined(separator: "\n")))
        return out
    }

    static func lowBits(_ text: String) -> String {
        var out = "", digits = ""
        func flush() {
            if let n = Int64(digits), n >= 1 << 32 { out += String(n & 0xFFFF_FFFF) } else { out += digits }
            digits = ""
        }
        for c in text {
            if c.isASCII && c.isNumber { digits.append(c) } else { flush(); out.append(c) }
        }
        flush()
        return out
    }

    @Test func joiningChangesNoFigureAndWhatIsWrittenAfterTakesTheDevicesIds() throws {
        let folder = try TemporaryFolder()
        let a = folder.path("a.sqlite"), b = folder.path("b.sqlite")
        for db in [a, b] { try #require(try runBodii(["demo", "--days", "30", "--db", db]).status == 0) }
        try #require(try runBodii(["export", "--out", folder.path("b.json"), "--db", b]).status == 0)
        let before = try Self.figures(a, in: folder)
        let device = try #require(DeviceNumber(12))
        do {
            let db = try BodiiDatabase(url: URL(fileURLWithPath: a))
            try db.adoptDevice(device)
            try db.close()
        }
        #expect(try Self.figures(a, in: folder) == before)

        for command in [
            ["import", "apple-health", AppleHealthImportTests.export], ["import", "bodii", folder.path("b.json")],
            ["import", "cronometer", CronometerImportTests.fixture("servings.csv")],
            ["log", "weight", "79.5"], ["log", "food", "--id", "usda:01001", "--grams", "5", "--meal", "breakfast"],
            ["log", "exercise", "yoga", "--minutes", "30"], ["log", "sleep", "--bed", "23:40", "--wake", "06:55", "--quality", "2"],
            ["pantry", "add", "--name", "Rice", "--qty", "1", "--price", "480"], ["review", "add", "keep", "Walked every day"],
            ["action", "add", "Walk after lunch"],
        ] {
            let run = try runBodii(command + ["--db", a])
            #expect(run.status == 0, "\(command): \(run.stderr)")
        }
        let db = try BodiiDatabase(url: URL(fileURLWithPath: a))
        defer { try? db.close() }
        let range = RowIdAllocator.range(of: device)
        for table in SyncedTables.synced where table.identity == .device {
            let outside = try db.fetchStrings(
                "SELECT COUNT(*) FROM \(table.name) WHERE id NOT BETWEEN \(range.lowerBound) AND \(range.upperBound)")
            #expect(outside == ["0"], "\(table.name) has rows outside device 12's range")
        }
        #expect(try db.fetchStrings("SELECT COUNT(*) FROM review WHERE id < \(RowIdAllocator.naturalBase)") == ["0"])
        #expect(
            try db.fetchStrings(
                """
                SELECT COUNT(*) FROM food WHERE source IN ('custom', 'recipe')
                    AND CAST(substr(id, 8) AS INTEGER) NOT BETWEEN \(range.lowerBound) AND \(range.upperBound)
                """) == ["0"])
        #expect(try db.fetchStrings("SELECT COUNT(*) FROM activity_snapshot") != ["0"])
    }
}
