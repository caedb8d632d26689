import Foundation
import Testing

/// Issue 47 item 3: moments noted from the command line and, with `M`, from any tab of the app.
@Suite(.serialized) struct MomentEndToEndTests {
    static let now = "2026-12-06T12:00:00+00:00"

    @Test(.enabled(if: tmuxAvailable, "tmux is not installed: run scripts/test, which installs it"))
    func aMomentIsNotedFromThreeTabsInTwoKeysAndShowsOnTheDashboard() throws {
        let folder = try TemporaryFolder()
        let db = folder.path("moments.sqlite")
        let demo = try runBodii(["demo", "--days", "30", "--db", db], environment: ["BODII_NOW": Self.now])
        try #require(demo.status == 0, "\(demo.stderr)")
        let command = "sh -c '\(BodiiBinary.url.path) --db \(db); sleep 60'"
        let t = try TmuxSession(
            command: command, width: 100, height: 30, environment: ["BODII_NOW": Self.now, "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"])
        try t.waitFor(text: "charts: last")
        // From the Dashboard, Sleep and Settings: M, the words, Enter.
        for (tab, words) in [("1", "coffee with Ana +social 4/5"), ("5", "slept badly +tired"), ("8", "walk +outdoors 5/5")] {
            try t.send(tab)
            try t.send("M")
            try t.waitFor(text: "A moment")
            try t.type(words)
            try t.send("Enter")
            try t.waitFor(text: "Moment noted at 12:00")
        }
        // A refused line stays, with what is allowed under it; Esc (asked) drops it.
        try t.send("M")
        try t.type("bad 9/5")
        try t.send("Enter")
        try t.waitFor(text: "allowed 1/5–5/5")
        try t.send("Escape")
        try t.waitFor(text: "lose what you typed")
        try t.send("y")
        try t.send("1")
        let screen = try t.waitFor(text: "Moments ")
        #expect(screen.contains("12:00 walk +outdoors 5/5"), "newest first: \(screen)")
        // m lists the day's moments: the first told again at another time, the second deleted after y/n.
        try t.send("m")
        try t.waitFor(text: "3 moments")
        try t.send("Enter")
        try t.waitFor(text: "Edit moment")
        try t.send("C-u")
        try t.type("coffee with Ana and Bo +social 5/5")
        try t.send("Tab")
        try t.send("C-u")
        try t.type("09:30")
        try t.send("Enter")
        try t.waitFor(text: "Moment changed at 09:30")
        try t.send("j")
        try t.send("x")
        try t.waitFor(text: "Delete moment")
        try t.send("y")
        try t.waitFor(text: "2 moments")
        let list = try runBodii(["moments", "--db", db, "--json"], environment: ["BODII_NOW": Self.now])
        // The demo's own moments of other days are in the list too: ours are today's three texts.
        let typed: Set<String> = ["walk", "slept badly", "coffee with Ana and Bo"]
        let moments = try #require(try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]])
            .filter { ($0["date"] as? String) == "2026-12-06" && typed.contains($0["text"] as? String ?? "") }
        #expect(moments.compactMap { $0["text"] as? String } == ["walk", "coffee with Ana and Bo"])
        #expect(moments.compactMap { $0["tags"] as? [String] } == [["outdoors"], ["social"]])
        #expect(moments.compactMap { $0["at"] as? String }.last == "2026-12-06T09:30:00+00:00")
    }

    @Test func theCommandLineNotesAndListsMomentsAndRefusesNonsenseWithoutWriting() throws {
        let folder = try TemporaryFolder()
        let db = folder.path("cli.sqlite")
        let env = ["BODII_NOW": Self.now]
        let noted = try runBodii(["moment", "walk", "with", "Sam", "+social", "+outdoors", "--feel", "4", "--db", db], environment: env)
        #expect(noted.status == 0 && noted.stdout.contains("Moment noted at 12:00: walk with Sam +social +outdoors 4/5"), "\(noted.stderr)")
        let earlier = try runBodii(["moment", "coffee +work 3/5", "--at", "09:15", "--db", db], environment: env)
        #expect(earlier.status == 0, "\(earlier.stderr)")
        for (arguments, message) in [
            (["moment", "tired 7/5"], "feeling \"7/5\" is out of range: allowed 1/5–5/5"),
            (["moment", "x", "+so!cial"], "tag \"+so!cial\" is not in a valid format"),
            (["moment", "hi 3/5", "--feel", "4"], "feeling given twice"),
            (["moment", "x", "--feel", "0"], "--feel \"0\" is out of range"),
            (["moment", "x", "--at", "25:00"], "--at \"25:00\""),
            (["moments", "--tag", "a b"], "--tag \"a b\" is not a tag"),
            (["moments", "--days", "0"], "--days \"0\" is out of range"),
        ] {
            let r = try runBodii(arguments + ["--db", db], environment: env)
            #expect(r.status == 65 && r.stderr.contains(message) && r.stderr.split(separator: "\n").count == 1, "\(arguments): \(r.stderr)")
        }
        let missing = try runBodii(["moment", "--db", db], environment: env)
        #expect(missing.status == 64)
        let text = try runBodii(["moments", "--db", db], environment: env)
        #expect(text.stdout == "2026-12-06 (today)\n  12:00  walk with Sam +social +outdoors 4/5\n  09:15  coffee +work 3/5\n")
        let tagged = try runBodii(["moments", "--tag", "+WORK", "--db", db], environment: env)
        #expect(tagged.stdout.contains("coffee") && !tagged.stdout.contains("walk"))
        let none = try runBodii(["moments", "--tag", "gym", "--db", db], environment: env)
        #expect(none.status == 0 && none.stdout == "No moments with +gym in the last 30 days.\n")
        let today = try runBodii(["today", "--db", db], environment: env)
        #expect(today.stdout.contains("Moments     09:15  coffee +work 3/5\n            12:00  walk with Sam"), "\(today.stdout)")
        let fresh = folder.path("none.sqlite")
        let empty = try runBodii(["moments", "--db", fresh], environment: env)
        #expect(empty.status == 0 && !FileManager.default.fileExists(atPath: fresh), "listing makes no database")
    }
}
