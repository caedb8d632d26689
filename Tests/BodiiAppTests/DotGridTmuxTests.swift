import Foundation
import Testing

/// Issue 47 item 4, as a user does it: the real binary in tmux, `g` on the Dashboard opens the dot
/// grid at the year, `Enter` zooms to the month, the week and the day, `Esc` back out to the year
/// and then to the Dashboard; `s` changes the series.
@Suite(.serialized) struct DotGridTmuxTests {
    static let now = "2026-12-06T12:00:00+00:00"

    @Test(.enabled(if: tmuxAvailable, "tmux is not installed: run scripts/test, which installs it"))
    func zoomsFromTheYearToTheDayAndBack() throws {
        let folder = try TemporaryFolder()
        let db = folder.path("grid.sqlite")
        let demo = try runBodii(["demo", "--days", "60", "--db", db], environment: ["BODII_NOW": Self.now])
        try #require(demo.status == 0, "\(demo.stderr)")
        let command = "sh -c '\(BodiiBinary.url.path) --db \(db); sleep 60'"
        let t = try TmuxSession(
            command: command, width: 80, height: 24, environment: ["BODII_NOW": Self.now, "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"])
        try t.waitFor(text: "Calories kcal")
        try t.send("g")
        let year = try t.waitFor(text: "Check-ins · 2026")
        #expect(year.contains("Jan") && year.contains("Dec") && year.contains("Sun 6 Dec 2026"), "\(year)")
        try t.send("Enter")
        try t.waitFor(text: "Check-ins · December 2026")
        try t.send("Enter")
        try t.waitFor(text: "week of 30 Nov 2026")
        try t.send("Enter")
        let day = try t.waitFor(text: "Check-ins · Sun 6 Dec 2026")
        for section in ["Calories on target", "Sleep", "Fasts"] { #expect(day.contains(section), "\(day)") }
        try t.send("s")
        try t.waitFor(text: "Calories on target · Sun 6 Dec 2026")
        try t.send("[")
        try t.waitFor(text: "Calories on target · Sat 5 Dec 2026")
        try t.send("Escape")
        try t.waitFor(text: "week of 30 Nov 2026")
        try t.send("Escape")
        try t.waitFor(text: "Calories on target · December 2026")
        try t.send("Escape")
        try t.waitFor(text: "Calories on target · 2026")
        try t.send("Escape")
        let back = try t.waitFor(text: "Calories kcal")
        #expect(!back.contains("Calories on target ·"), "\(back)")
    }
}
