import BodiiDomain
import Foundation
import Testing
@testable import BodiiApp
@testable import BodiiCLI
@testable import BodiiDocument
import TerminalKit

/// Footer and help list only keys that work where they are shown, and the app's own `c ? q`
/// fit at 80 columns (issue 10, item 3). The real shell on a demo database, without a terminal.
@MainActor @Suite struct FooterHintTests {
    let folder: TemporaryFolder
    let app: HeadlessApp
    init() throws {
        folder = try TemporaryFolder()
        let db = folder.path("hints.sqlite")
        #expect(try runBodii(["demo", "--days", "5", "--db", db]).status == 0)
        // Something to delete on today's Diet page.
        #expect(try runBodii(["log", "food", "banana", "--grams", "100", "--db", db]).status == 0)
        app = try HeadlessApp(databasePath: db, clock: FixedClock(day: TestClock.today))
    }

    func footer() -> String {
        let lines = app.render(width: 80, height: 24).text.split(separator: "\n", omittingEmptySubsequences: false)
        return String(lines.last ?? "")
    }

    func screen() -> String { app.render(width: 80, height: 24).text }

    @Test func theGlobalHintsFitAtEightyColumnsOnEveryTab() {
        for tab in ["1", "2", "3", "4", "5", "6"] {
            app.press(.char(Character(tab)))
            let line = footer()
            for hint in ["c check-in", "? help", "q quit"] {
                #expect(line.contains(hint), "tab \(tab): \(line)")
            }
            // The tab's own hints come first and are never cut in the middle of a word.
            #expect(line.hasPrefix(" ") && !line.dropFirst().hasPrefix(" "), "tab \(tab): \(line)")
        }
    }

    @Test func aQuestionListsOnlyItsAnswers() {
        app.press(.char("3"))
        app.press(.char("x"))
        let line = footer()
        #expect(line.contains("y delete") && line.contains("n/Esc keep"), "\(line)")
        #expect(!line.contains("check-in") && !line.contains("quit"), "\(line)")
        // And indeed: c opens no check-in while the question is open.
        app.press(.char("c"))
        #expect(!screen().contains("Check-in"), "\(screen())")
    }

    @Test func myFoodsListsTheGlobalKeysThatWorkThereOnly() {
        app.press(.char("3"))
        app.press(.char("m"))
        let line = footer()
        #expect(line.contains("? help") && line.contains("q quit"), "\(line)")
        #expect(!line.contains("check-in"), "\(line)")
        app.press(.char("?"))
        let help = screen()
        #expect(help.contains("My foods"), "\(help)")
        #expect(!help.contains("Dashboard, Body, Diet"), "the 1–6 tab keys do not work in My foods: \(help)")
        #expect(!help.contains("daily check-in"), "\(help)")
    }

    @Test func helpOnATabListsEverywhereKeys() {
        app.press(.char("2"))
        app.press(.char("?"))
        let help = screen()
        #expect(help.contains("Everywhere") && help.contains("daily check-in"), "\(help)")
    }
}
