import BodiiDomain
import Foundation
import Testing

/// Issue 23, item 13: a dry run writes nothing at all, and `demo` works on a database that
/// already has pantry rows.
@Suite struct NothingWrittenTests {
    let folder: TemporaryFolder
    init() throws { folder = try TemporaryFolder() }

    static func fixture(_ path: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("BodiiImportTests/Fixtures/\(path)").path
    }

    static let imports = [
        ["import", "cronometer", fixture("cronometer/servings.csv")],
        ["import", "apple-health", fixture("apple-health/export.xml")],
    ]

    @Test func aDryRunCreatesNoDatabase() throws {
        let db = folder.path("data/bodii.sqlite")
        try FileManager.default.createDirectory(atPath: folder.path("data"), withIntermediateDirectories: false)
        for command in Self.imports {
            for json in [false, true] {
                let r = try runBodii(command + ["--dry-run", "--db", db] + (json ? ["--json"] : []))
                #expect(r.status == 0, "\(command): \(r.stderr)")
                #expect(json ? r.stdout.contains("\"dry_run\":true") : r.stdout.contains("nothing was written"), "\(r.stdout)")
                #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path("data")).isEmpty, "\(command) created a file")
            }
        }
        // What it would add is what the import then adds.
        let preview = try runBodii(Self.imports[0] + ["--dry-run", "--json", "--db", db]).stdout
        let real = try runBodii(Self.imports[0] + ["--json", "--db", db]).stdout
        func kinds(_ json: String) -> Substring? { json.range(of: "\"kinds\":").map { json[$0.lowerBound...] } }
        #expect(kinds(preview) != nil && kinds(preview) == kinds(real), "\(preview)\n\(real)")
    }

    @Test func aDryRunChangesNoByteOfADatabase() throws {
        let db = folder.path("bodii.sqlite")
        #expect(try runBodii(["log", "weight", "80", "--db", db]).status == 0)
        let before = try FolderState(folder.url.path)
        for command in Self.imports {
            let r = try runBodii(command + ["--dry-run", "--db", db])
            #expect(r.status == 0, "\(command): \(r.stderr)")
            #expect(try FolderState(folder.url.path) == before, "\(command) --dry-run changed the folder")
        }
    }

    @Test func demoWorksAfterPantryAdd() throws {
        let db = folder.path("bodii.sqlite")
        #expect(try runBodii(["pantry", "add", "--name", "Rice", "--qty", "1", "--db", db]).status == 0)
        #expect(try runBodii(["shop", "add", "--name", "Matcha", "--db", db]).status == 0)
        let r = try runBodii(["demo", "--days", "5", "--db", db])
        #expect(r.status == 0, "\(r.stderr)")
        let stock = try runBodii(["pantry", "list", "--db", db]).stdout
        #expect(stock.contains("Rice  1 piece"), "\(stock)")  // the user's lot is still there
        #expect(stock.contains("Salmon fillet"), "\(stock)")  // beside the demo's
        #expect(try runBodii(["shop", "list", "--db", db]).stdout.contains("Matcha"))
    }
}
