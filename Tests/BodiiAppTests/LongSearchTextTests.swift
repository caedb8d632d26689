import Foundation
import Testing

/// Issue 48: 100,000 characters of search text took 17.9 s. Search text is capped at
/// `Validation.maxSearchLength` (200) characters wherever it enters: every command that takes
/// search words refuses more in one line (exit 65) and writes nothing; exactly 200 still works.
@Suite struct LongSearchTextTests {
    let folder: TemporaryFolder
    init() throws { folder = try TemporaryFolder() }

    @Test func everyCommandThatSearchesRefusesLongTextInOneLine() throws {
        let db = folder.path("long.sqlite")
        let long = String(String(repeating: "banana ", count: 14_286).prefix(100_000))
        let commands: [[String]] = [
            ["search", long], ["log", "food", long], ["log", "food", long, "--grams", "100"], ["log", "exercise", long, "--minutes", "30"],
            ["pantry", "add", long, "--qty", "1"], ["shop", "add", long], ["history", long],
        ]
        for args in commands {
            let r = try runBodii(args + ["--db", db])
            #expect(r.status == 65, "\(args.first ?? "") \(args.dropFirst().first ?? ""): \(r.status) \(r.stderr)")
            #expect(r.stderr.split(separator: "\n").count == 1 && r.stderr.contains("at most 200 characters"), "\(r.stderr)")
            #expect(r.stderr.count < 200, "the message quotes the start of the text, not all of it")
        }
        #expect(!FileManager.default.fileExists(atPath: db), "nothing written")
        // 200 characters are searched (an extra word is dropped rather than empty the list).
        let fits = "banana " + String(repeating: "x", count: 193)
        let r = try runBodii(["search", fits, "--db", db, "--limit", "1"])
        #expect(r.status == 0 || r.status == 1, "\(r.stderr)")
        #expect(!r.stderr.contains("at most 200"))
    }
}
