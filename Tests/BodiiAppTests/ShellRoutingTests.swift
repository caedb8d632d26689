import BodiiApp
import BodiiCLI
import BodiiDocument
import BodiiDomain
import BodiiStore
import Foundation
import TerminalKit
import Testing

/// The shell's routing, in-process on a real database: modals get keys first, then the tab, then
/// the global keys; help lists what works where it is opened; all tabs share the selected day.
/// (The tmux tests keep what only a real terminal shows: signals, the terminal restored, colours.)
@MainActor
@Suite struct ShellRoutingTests {
    let folder: TemporaryFolder
    let app: HeadlessApp

    init() throws {
        folder = try TemporaryFolder()
        app = try demoApp(days: 30, in: folder).app
    }

    @Test func numberKeysTabAndShiftTabMoveBetweenTabs() {
        app.press(.char("3"))
        #expect(app.screen().contains("Day total"))
        app.press(.tab)
        #expect(app.screen().contains("Sessions"))
        app.press(.backTab)
        app.press(.backTab)
        #expect(app.screen().contains("History"), "Body")
        app.press(.char("1"))
        #expect(app.screen().contains("Calories"))
    }

    @Test func aModalGetsKeysBeforeTheTabsAndTheGlobalKeys() {
        app.press(.char("c"))
        #expect(app.screen().contains("Step 1 of 4"))
        app.press(.char("3"))  // typed into the weight field, not a tab switch
        #expect(app.screen().contains("Step 1 of 4"))
        #expect(!app.screen().contains("Day total"))
        app.press(.char("q"))  // not a quit either
        #expect(!app.shouldQuit)
        app.press(.escape)
        app.press(.char("y"))  // "3" was typed: Esc asks first (issue 26)
        #expect(!app.screen().contains("Step 1 of 4"))
        app.press(.char("q"))
        #expect(app.shouldQuit)
    }

    @Test func searchTextHasTheKeyboard() {
        app.press(.char("3"))
        app.press(.char("a"))
        app.type("qj1")  // letters and digits type; none quits, moves or switches
        let screen = app.screen()
        #expect(screen.contains("qj1"), "\(screen)")
        #expect(!app.shouldQuit)
        app.press(.escape)
        #expect(app.screen().contains("Day total"))
    }

    @Test func helpListsTheViewsKeysAndTheGlobalOnes() {
        let before = app.screen()
        app.press(.char("?"))
        let help = app.screen()
        #expect(help.contains("previous / next day"))
        #expect(help.contains("daily check-in"))
        #expect(help != before)
        app.press(.escape)
        #expect(app.screen() == before, "Esc closes the help and nothing else changed")
        app.press(.char("c"))
        app.press(.char("?"))  // inside a text step: a character for the field, no help
        #expect(app.screen().contains("Step 1 of 4"))
    }

    @Test func oneSelectedDayForEveryTabAndTheCheckIn() {
        app.press(.char("["))
        #expect(app.screen().contains("Sat 21 Nov 2026"))
        app.press(.char("3"))
        #expect(app.screen().contains("Sat 21 Nov 2026"), "Diet shows the day the dashboard moved to")
        app.press(.char("5"))
        app.press(.char("]"))
        app.press(.char("1"))
        #expect(app.screen().contains("Sun 22 Nov 2026"), "and back, from the Sleep tab")
        app.press(.char("["))
        app.press(.char("c"))
        #expect(app.screen().contains("Check-in · Sat 21 Nov 2026"))
    }
}

/// Issue 23 #20: below 80×24 the screen shows only "Terminal too small"; no key may act on what
/// cannot be seen (`3 x y` deleted a food entry, Enter advanced the check-in). Only quit acts.
@MainActor
@Suite struct TooSmallWindowTests {
    @Test func keysDoNothingWhileTheWindowIsTooSmallExceptQuit() throws {
        let folder = try TemporaryFolder()
        let (db, app) = try demoApp(days: 30, in: folder)
        let foodsBefore = try #require(try todayJSON(db: db)["foods"] as? [Any]).count
        try #require(foodsBefore > 0)
        app.press(.char("3"))
        let dietBefore = app.screen()
        #expect(dietBefore.contains("Day total"))

        #expect(app.screen(width: 60, height: 20).contains("Terminal too small"))
        app.type("xy")  // delete the selected entry, confirm
        app.press(.char("c"))  // the check-in…
        app.press(.enter)  // …advanced
        app.press(.char("1"))
        app.press(.tab)
        #expect(app.screen(width: 79, height: 30).contains("Terminal too small"))
        app.press(.char("x"))
        #expect(!app.shouldQuit)

        #expect(app.screen() == dietBefore, "back at 100×30 nothing moved")
        #expect(try #require(try todayJSON(db: db)["foods"] as? [Any]).count == foodsBefore)

        _ = app.screen(width: 60, height: 20)
        app.press(.char("q"))
        #expect(app.shouldQuit)
    }
}
