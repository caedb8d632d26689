import BodiiDomain
import BodiiStore
import Foundation
import Testing

/// The daily check-in with the real binary in tmux: `c` from another tab, every step answered
/// with the keyboard, the summary shown, and the answers in the database and `today --json`.
@Suite(.serialized) struct CheckInEndToEndTests {
    let folder: TemporaryFolder
    init() throws { folder = try TemporaryFolder() }

    @Test(.enabled(if: tmuxAvailable, "tmux is not installed: run scripts/test, which installs it"))
    func checkInFromTheSleepTabSavesEverythingAndShowsTheDay() throws {
        let db = folder.path("checkin.sqlite")
        #expect(try runBodii(["demo", "--days", "5", "--db", db]).status == 0)
        let t = try startAppInTmux(db: db)
        try t.waitFor(text: "Calories")
        try t.send("5")
        try t.waitFor(text: "Nights")
        try t.send("c")
        try t.waitFor(text: "Step 1 of 4")
        try t.type("77.4")
        try t.send("Enter")
        try t.waitFor(text: "Step 2 of 4")
        try t.type("23:05")
        try t.send("Tab")
        try t.type("06:35")
        try t.send("Tab")
        try t.type("5")
        try t.send("Enter")
        try t.waitFor(text: "Step 3 of 4")
        try t.type("54")
        try t.send("Enter")
        try t.waitFor(text: "Step 4 of 4")
        try t.type("the run felt easy")
        try t.waitFor(text: "Today I feel great because the run felt easy")
        try t.send("Enter")
        // Waits for the whole summary: a capture can land while the frame is still being drawn.
        try t.waitFor("the day at a glance with the weight and the night") {
            $0.contains("Saved. Today at a glance") && $0.contains("77.4 kg") && $0.contains("7 h 30")
        }
        try t.send("Enter")
        try t.waitFor("summary closed") { !$0.contains("Today at a glance") && $0.contains("Nights") }
        try t.send("q")
        try t.waitFor(text: "EXITED 0.")

        let repos = try BodiiDatabase(url: URL(fileURLWithPath: db)).repositories
        let checkIn = try #require(try repos.checkIn(on: TestClock.today))
        #expect(checkIn.mood == 5 && checkIn.energy == 4)
        #expect(checkIn.note == "Today I feel great because the run felt easy")
        let json = try todayJSON(db: db)
        #expect(json["weight_kg"] as? Double == 77.4)
        let sleep = try #require(json["sleep"] as? [String: Any])
        #expect((sleep["minutes"] as? NSNumber)?.intValue == 450)
        #expect((sleep["quality"] as? NSNumber)?.intValue == 5)
    }
}
