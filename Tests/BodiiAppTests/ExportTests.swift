import BodiiDomain
import BodiiStore
import Foundation
import Testing

/// `bodii export` and `bodii import bodii` (PRODUCT.md §9): export → import into an empty
/// database → export gives the same document but the export time; importing twice adds nothing.
@Suite struct ExportTests {
    @Test func theRoundTripIsExactAndASecondImportAddsNothing() throws {
        let folder = try TemporaryFolder()
        let a = folder.path("a.sqlite"), b = folder.path("b.sqlite")
        try #require(try runBodii(["demo", "--days", "40", "--db", a]).status == 0)
        try #require(try runBodii(["import", "apple-health", AppleHealthImportTests.export, "--db", a]).status == 0)
        // A drink of water is a food entry (the catalog's tap water): it goes along like one.
        let drink = try runBodii(["log", "water", "0.5", "l", "--db", a])
        try #require(drink.status == 0, "\(drink.stderr)")
        let first = try runBodii(["export", "--out", folder.path("a.json"), "--db", a])
        try #require(first.status == 0, "\(first.stderr)")
        let once = try runBodii(["import", "bodii", folder.path("a.json"), "--db", b])
        try #require(once.status == 0, "\(once.stderr)")
        // bodii demo writes 12 review notes and 6 actions (DemoReviews).
        #expect(once.stdout.contains("review notes 12 added, 0 already there"), "\(once.stdout)")
        #expect(once.stdout.contains("actions 6 added, 0 already there"))
        let drunk = try runBodii(["today", "--json", "--db", b])
        #expect(drunk.stdout.contains("\"water\":{\"logged_ml\":500,"), "\(drunk.stdout.prefix(2000))")
        let twice = try runBodii(["import", "bodii", folder.path("a.json"), "--db", b])
        #expect(twice.stdout.contains("review notes 0 added, 12 already there"), "\(twice.stdout)")
        #expect(twice.stdout.contains("actions 0 added, 6 already there"))
        #expect(twice.stdout.contains("weigh-ins 0 added"))
        #expect(twice.stdout.contains("foods 0 added"))
        #expect(twice.stdout.contains("activity days 0 added"))
        #expect(once.stdout.contains("pantry purchases ") && !once.stdout.contains("pantry purchases 0 added"), "\(once.stdout)")
        #expect(twice.stdout.contains("pantry purchases 0 added"), "\(twice.stdout)")
        // A later clock: only the export time may differ.
        let again = try runBodii(["export", "--db", b], environment: ["BODII_NOW": "2026-11-23T08:00:00+01:00"])
        try #require(again.status == 0, "\(again.stderr)")
        let original = try String(contentsOfFile: folder.path("a.json"), encoding: .utf8)
        func withoutTime(_ s: String) -> [Substring] { s.split(separator: "\n").filter { !$0.contains("\"exported_at\"") } }
        #expect(withoutTime(again.stdout) == withoutTime(original))
        #expect(again.stdout != original)
        #expect(original.contains("\"activity\": [\n"))
        #expect(original.contains("\"external_id\":\"activity/2026-11-21\""))
        // Reviews with their links (a Try names its Problem, an action its Try) and everything of an action.
        #expect(original.contains("\"review_items\": [\n") && original.contains("\"actions\": [\n"))
        #expect(original.contains(#""kind":"try","text":"Phone out of the bedroom at 22:30","problem":"review_item/"#))
        #expect(original.contains(#""text":"Prepare breakfast every evening","try":"review_item/"#))
        #expect(original.contains(#""status":"dropped","drop_note":"oats every day got boring","metric":null"#))
        #expect(original.contains(#""metric":"sleep","target":5"#))
        let b2 = folder.path("b2.sqlite")
        try #require(try runBodii(["import", "bodii", folder.path("a.json"), "--db", b2]).status == 0)
        let list = try runBodii(["action", "list", "--all", "--json", "--db", b2])
        #expect(list.stdout.contains("Book a physio appointment for the knee"))
        // The demo's pantry goes along, linked by external ids, money in euros.
        #expect(original.contains("\"purchases\": [\n"))
        #expect(original.contains("\"stock_lots\": [\n"))
        #expect(original.contains("\"item\":\"grocery_item/1\""))
        #expect(original.contains("\"budget\": {\"period\":\"week\",\"amount\":60,"))
    }

    @Test func aDatabasesOwnExportReadBackIntoItAddsNothing() throws {
        let folder = try TemporaryFolder()
        let a = folder.path("a.sqlite")
        try #require(try runBodii(["demo", "--days", "20", "--db", a]).status == 0)
        try #require(try runBodii(["export", "--out", folder.path("a.json"), "--db", a]).status == 0)
        let back = try runBodii(["import", "bodii", folder.path("a.json"), "--db", a])
        try #require(back.status == 0, "\(back.stderr)")
        #expect(back.stdout.contains("weigh-ins 0 added"))
        #expect(back.stdout.contains("foods 0 added"))
        #expect(back.stdout.contains("nights 0 added"))
        #expect(back.stdout.contains("review notes 0 added, 12 already there"))
        #expect(back.stdout.contains("actions 0 added, 6 already there"))
        #expect(back.stdout.contains("pantry purchases 0 added"), "\(back.stdout)")
        let pantry = try #require(
            try JSONSerialization.jsonObject(with: Data(runBodii(["pantry", "list", "--json", "--db", a]).stdout.utf8)) as? [Any])
        #expect(!pantry.isEmpty)
        let again = try runBodii(["export", "--db", a])
        let original = try String(contentsOfFile: folder.path("a.json"), encoding: .utf8)
        #expect(again.stdout == original)
    }

    /// A database with its own weigh-in 1 and one imported from another Bodii (also "body/1" there)
    /// exports both under "body/1"; read into a third database both arrive, and again adds nothing.
    @Test func ownAndImportedRecordsUnderOneIdBothSurviveTheRoundTrip() throws {
        let folder = try TemporaryFolder()
        let a = folder.path("a.sqlite"), b = folder.path("b.sqlite"), c = folder.path("c.sqlite")
        try #require(try runBodii(["log", "weight", "80", "--date", "2026-11-20", "--db", a]).status == 0)
        try #require(try runBodii(["log", "weight", "70", "--date", "2026-11-21", "--db", b]).status == 0)
        try #require(try runBodii(["export", "--out", folder.path("b.json"), "--db", b]).status == 0)
        try #require(try runBodii(["import", "bodii", folder.path("b.json"), "--db", a]).status == 0)
        try #require(try runBodii(["export", "--out", folder.path("a.json"), "--db", a]).status == 0)
        let first = try runBodii(["import", "bodii", folder.path("a.json"), "--db", c])
        #expect(first.stdout.contains("weigh-ins 2 added"), "\(first.stdout)")
        let again = try runBodii(["import", "bodii", folder.path("a.json"), "--db", c])
        #expect(again.stdout.contains("weigh-ins 0 added, 2 already there"), "\(again.stdout)")
        for (day, kg) in [("2026-11-20", 80.0), ("2026-11-21", 70.0)] {
            let today = try runBodii(["today", "--date", day, "--json", "--db", c])
            #expect(today.stdout.contains("\"weight_kg\":\(Int(kg))"), "\(day): \(today.stdout)")
        }
    }

    @Test func csvIsOneFilePerKindWithAHeaderRow() throws {
        let folder = try TemporaryFolder()
        let db = folder.path("a.sqlite")
        try #require(try runBodii(["demo", "--days", "10", "--db", db]).status == 0)
        let out = try runBodii(["export", "--format", "csv", "--out", folder.path("csv"), "--from", "2026-11-20", "--db", db])
        try #require(out.status == 0, "\(out.stderr)")
        let sleep = try String(contentsOfFile: folder.path("csv/sleep.csv"), encoding: .utf8)
        let lines = sleep.components(separatedBy: "\r\n").filter { !$0.isEmpty }
        #expect(lines.first == "date,bedtime,wake_time,minutes,quality,status,source,external_id")
        #expect(lines.count >= 3)
        #expect(lines.dropFirst().allSatisfy { String($0.prefix(10)) >= "2026-11-20" })
        let all = try String(contentsOfFile: folder.path("csv/food.csv"), encoding: .utf8)
        #expect(!all.contains("\r\n2026-11-19,"))
        try #require(try runBodii(["export", "--format", "csv", "--out", folder.path("every"), "--db", db]).status == 0)
        let actions = try String(contentsOfFile: folder.path("every/actions.csv"), encoding: .utf8)
        #expect(actions.hasPrefix("period,start,text,try,due,status,drop_note,metric,target,created_on,closed_on,source,external_id\r\n"))
        let notes = try String(contentsOfFile: folder.path("every/review_items.csv"), encoding: .utf8)
        #expect(notes.hasPrefix("period,start,kind,text,problem,source,external_id\r\n"))
        // A kind without records (no review before --from) still has its header row.
        let none = try String(contentsOfFile: folder.path("csv/review_items.csv"), encoding: .utf8)
        #expect(none == "period,start,kind,text,problem,source,external_id\r\n")
        let zip = try runBodii(["export", "--format", "csv", "--out", folder.path("all.zip"), "--db", db])
        #expect(zip.status == 0)
        #expect(FileManager.default.fileExists(atPath: folder.path("all.zip")))
    }

    @Test func aNewerFormatOrNotAnExportIsRefusedAndNothingIsWritten() throws {
        let folder = try TemporaryFolder()
        let db = folder.path("b.sqlite")
        try Data(#"{"format":"bodii-export","version":2,"body":[]}"#.utf8).write(to: URL(fileURLWithPath: folder.path("new.json")))
        let newer = try runBodii(["import", "bodii", folder.path("new.json"), "--db", db])
        #expect(newer.status == 65)
        #expect(newer.stderr.contains("version 2, newer than this Bodii reads"))
        try Data("[1, 2".utf8).write(to: URL(fileURLWithPath: folder.path("bad.json")))
        #expect(try runBodii(["import", "bodii", folder.path("bad.json"), "--db", db]).status == 65)
        #expect(try runBodii(["import", "bodii", folder.path("none.json"), "--db", db]).status == 66)
        #expect(!FileManager.default.fileExists(atPath: db))
        #expect(try runBodii(["export", "--format", "xml", "--db", db]).status == 64)
    }
}
