import Foundation
import Testing
import BodiiApp
import BodiiCLI
import BodiiDocument
import BodiiDomain
import BodiiStore

/// Issue 26, the screens: what a week of use at 80×24 found — the Review moving every tab's day,
/// CLI writes unseen until a tab switch, history columns that ran together, the check-in card, and
/// charts too short to read. The real binary (tmux) where it is about the screen.
@MainActor
@Suite(.serialized) struct DailyFeelTests {
    @Test func browsingPastWeeksInTheReviewLeavesTheDayOfTheOtherTabsAndTheCheckIn() throws {
        let folder = try TemporaryFolder()
        let (_, app) = try demoApp(days: 30, in: folder)
        app.press(.char("7"))
        app.press(.char("["))
        app.press(.char("["))
        app.press(.char("1"))
        #expect(app.screen().contains("Sun 22 Nov 2026  today"), "the dashboard stays on today:\n\(app.screen())")
        app.press(.char("c"))
        let checkIn = app.screen()
        #expect(checkIn.contains("Check-in · Sun 22 Nov 2026") && !checkIn.contains("days ago"), "\(checkIn)")
    }

    @Test func aCheckInForAnotherDaySaysHowLongAgoItIs() throws {
        let folder = try TemporaryFolder()
        let (_, app) = try demoApp(days: 30, in: folder)
        app.press(.char("["))
        app.press(.char("["))
        app.press(.char("["))
        app.press(.char("c"))
        #expect(app.screen().contains("Check-in · Thu 19 Nov 2026 · 3 days ago"), "\(app.screen())")
    }

    @Test func whatTheCLIWritesShowsOnTheNextTickWithoutATabSwitch() throws {
        let folder = try TemporaryFolder()
        let (db, app) = try demoApp(days: 30, in: folder)
        app.press(.char("2"))
        app.tick()
        #expect(!app.screen().contains("91.3"))
        let logged = try runBodii(["log", "weight", "91.3", "--db", db])
        try #require(logged.status == 0, "\(logged.stderr)")
        #expect(!app.screen().contains("91.3"), "nothing reloads before the tick")
        app.tick()
        #expect(app.screen().contains("91.3"), "the Body tab shows the weigh-in the CLI wrote:\n\(app.screen())")
    }

    @Test func theAppsOwnWritesAreNotTakenForOutsideOnes() throws {
        let folder = try TemporaryFolder()
        let db = folder.path("own.sqlite")
        try #require(try runBodii(["demo", "--days", "20", "--db", db]).status == 0)
        let database = try BodiiDatabase(url: URL(fileURLWithPath: db))
        let repos = database.repositories
        let before = try repos.outsideWriteStamp()
        _ = try repos.addBodyRecord(BodyRecord(date: TestClock.today, weightKg: 80), snapshot: nil)
        #expect(try repos.outsideWriteStamp() == before, "its own commit leaves the stamp")
        try #require(try runBodii(["log", "weight", "80.5", "--db", db]).status == 0)
        #expect(try repos.outsideWriteStamp() != before, "another process's commit moves it")
    }

    @Test func historyColumnsNeverRunTogether() throws {
        let folder = try TemporaryFolder()
        let db = folder.path("history.sqlite")
        // 1500.5 g of butter is 10759 kcal: a fixed 10-column kcal field ran it into the grams.
        let logged = try runBodii(["log", "food", "--id", "usda:01001", "--grams", "1500.5", "--meal", "dinner", "--db", db])
        try #require(logged.status == 0, "\(logged.stderr)")
        try #require(try runBodii(["log", "food", "--id", "usda:01001", "--grams", "5", "--meal", "breakfast", "--db", db]).status == 0)
        let out = try runBodii(["history", "butter", "--db", db], environment: ["LANG": "C.UTF-8"])
        let lines = out.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 2, "\(out.stdout)")
        let big = try #require(lines.first { $0.contains("1500.5 g") })
        #expect(big.contains("1500.5 g  10759 kcal"), "two spaces between columns: \(big)")
        // Every row's columns start at the same places.
        #expect(Set(lines.map { $0.range(of: "kcal")?.lowerBound.utf16Offset(in: $0) }).count == 1, "\(out.stdout)")
    }

    @Test func oneMinusSignForEverySignedFigure() {
        #expect(SignedNumber.whole(-884) == "−884")
        #expect(UnitFormatter(.metric).massChange(-0.3) == "−0.3 kg")
        #expect(SignedNumber.whole(34, change: true) == "+34" && SignedNumber.whole(0, change: true) == "0")
    }

    /// The dashboard at 80×24 in a real terminal, Unicode then ASCII: charts with room to read,
    /// a check-in card that explains its marks, and no ASCII mark that means two things.
    @Test(arguments: [false, true])
    func theDashboardAt80x24(ascii: Bool) throws {
        try #require(tmuxAvailable)
        let folder = try TemporaryFolder()
        let db = folder.path("screen.sqlite")
        try #require(try runBodii(["demo", "--days", "60", "--db", db]).status == 0)
        let command = "\(BodiiBinary.url.path) --db \(db)\(ascii ? " --ascii" : "")"
        let tmux = try TmuxSession(command: command, width: 80, height: 24, environment: ["LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"])
        let screen = try tmux.waitFor(text: "Exercise")
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // The trend charts: from the row of their top border to their bottom border.
        let chartTop = try #require(lines.lastIndex { $0.contains("Calories kcal") }, "\(screen)")
        let chartBottom = try #require(
            lines.indices.first { $0 > chartTop && (lines[$0].hasPrefix("╰") || lines[$0].hasPrefix("+")) },
            "\(screen)")
        #expect(chartBottom - chartTop - 1 >= 6, "five plot rows and the x labels:\n\(screen)")
        let legend = ascii ? "=on ~near xoff R:rev" : "✓on ~near ✗off R:rev"
        #expect(screen.contains(legend), "the card's marks are explained on it:\n\(screen)")
        #expect(screen.contains("M T W T F S S"), "the days have their weekday over them:\n\(screen)")
    }
}
