import BodiiDomain
import Foundation
import Testing

/// Body and Sleep with the real binary in tmux: an entry added with the keyboard shows in the
/// tab's history and in `bodii today --json`.
@Suite(.serialized) struct BodySleepEndToEndTests {
    let folder: TemporaryFolder
    init() throws { folder = try TemporaryFolder() }

    private func start(_ db: String) throws -> TmuxSession {
        #expect(try runBodii(["demo", "--days", "10", "--db", db]).status == 0)
        return try startAppInTmux(db: db)
    }

    @Test(.enabled(if: tmuxAvailable, "tmux is not installed: run scripts/test, which installs it"))
    func weighInTypedInTheBodyTabIsInTheHistoryAndToday() throws {
        let db = folder.path("body.sqlite")
        let t = try start(db)
        try t.waitFor(text: "Calories")
        try t.send("2")
        try t.waitFor(text: "History")
        try t.send("a")
        try t.waitFor(text: "Log weight")
        try t.type("71.3")
        try t.send("Tab")
        try t.type("21.5")
        try t.send("Enter")
        let screen = try t.waitFor(text: "Logged 71.3 kg")
        #expect(screen.contains("\(TestClock.today.iso)  71.3 kg"), "the new weigh-in heads the history:\n\(screen)")
        #expect(screen.contains("21.5 %"))
        try t.send("q")
        try t.waitFor(text: "EXITED 0.")
        let json = try todayJSON(db: db)
        #expect(json["weight_kg"] as? Double == 71.3)
        #expect(json["body_fat_percent"] as? Double == 21.5)
    }

    @Test(.enabled(if: tmuxAvailable, "tmux is not installed: run scripts/test, which installs it"))
    func nightTypedInTheSleepTabIsInTheListAndToday() throws {
        let db = folder.path("sleep.sqlite")
        let t = try start(db)
        try t.waitFor(text: "Calories")
        try t.send("5")
        try t.waitFor(text: "Nights")
        try t.send("a")
        try t.waitFor(text: "Log a night")
        try t.send("Tab", "Tab")
        try t.type("6h50")
        try t.send("Tab")
        try t.type("4")
        try t.send("Enter")
        // The demo has a night today: replacing it asks first (issue 23 #19).
        try t.waitFor(text: "Replace the night")
        try t.send("y")
        let screen = try t.waitFor(text: "u to undo")
        #expect(screen.contains("6 h 50"))
        #expect(screen.contains("4/5"))
        try t.send("q")
        try t.waitFor(text: "EXITED 0.")
        let sleep = try #require(try todayJSON(db: db)["sleep"] as? [String: Any])
        #expect((sleep["minutes"] as? NSNumber)?.intValue == 410)
        #expect((sleep["quality"] as? NSNumber)?.intValue == 4)
    }
}
