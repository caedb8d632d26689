import BodiiApp
import BodiiCLI
import BodiiDocument
import BodiiDomain
import Foundation
import TerminalKit
import Testing

/// Issue 26: Esc in a tab's own form with something typed asks once (the check-in's question),
/// in the real shell on a demo database; with nothing typed it still closes at once.
@MainActor
@Suite struct TabFormEscTests {
    struct Case: Sendable, CustomStringConvertible {
        let tab: Character
        /// Keys that open the form, then the text typed into it.
        let open: [Key]
        let typed: String
        /// Text the open form shows (its title).
        let marker: String
        var description: String { marker }
    }

    nonisolated static let cases: [Case] = [
        Case(tab: "2", open: [.char("a")], typed: "81.5", marker: "Log weight"),
        Case(tab: "3", open: [.char("n")], typed: "Aunt's flapjack", marker: "New custom food"),
        Case(tab: "4", open: [.char("a"), .char("r"), .char("u"), .char("n"), .enter], typed: "30", marker: "Log exercise"),
        Case(tab: "5", open: [.char("a")], typed: "23:10", marker: "Log a night"),
        Case(tab: "6", open: [.enter], typed: "x", marker: "Edit profile"),
        Case(tab: "8", open: [.char("a"), .char("r"), .char("i"), .char("c"), .char("e"), .enter], typed: "2", marker: "Add to stock"),
    ]

    @Test(arguments: cases)
    func escWithTypedInputAsksFirstAndNoKeepsTheForm(_ c: Case) throws {
        let folder = try TemporaryFolder()
        let (_, app) = try demoApp(days: 14, in: folder)
        app.press(.char(c.tab))
        for key in c.open { app.press(key) }
        #expect(app.screen().contains(c.marker), "the form opened:\n\(app.screen())")
        app.type(c.typed)
        app.press(.escape)
        #expect(app.screen().contains(EscConfirmTests.question), "Esc asks first:\n\(app.screen())")
        app.press(.char("n"))
        #expect(!app.screen().contains(EscConfirmTests.question))
        #expect(app.screen().contains(c.marker) && app.screen().contains(c.typed), "no keeps the form as typed:\n\(app.screen())")
        app.press(.escape)
        app.press(.char("y"))
        #expect(!app.screen().contains(c.marker), "yes closes it:\n\(app.screen())")
        #expect(!app.screen().contains(EscConfirmTests.question))
    }

    @Test func aFormWithNothingTypedClosesAtOnce() throws {
        let folder = try TemporaryFolder()
        let (_, app) = try demoApp(days: 14, in: folder)
        app.press(.char("2"))
        app.press(.char("a"))
        #expect(app.screen().contains("Log weight"))
        app.press(.escape)
        #expect(!app.screen().contains("Log weight") && !app.screen().contains(EscConfirmTests.question), "\(app.screen())")
    }

    @Test func escInTheFoodSearchStillStepsBackWithoutAsking() throws {
        let folder = try TemporaryFolder()
        let (_, app) = try demoApp(days: 14, in: folder)
        app.press(.char("3"))
        app.press(.char("a"))
        app.type("banana")
        app.press(.enter)
        #expect(app.screen().contains("Pick a serving"), "\(app.screen())")
        app.press(.escape)
        #expect(!app.screen().contains(EscConfirmTests.question), "\(app.screen())")
        #expect(app.screen().contains("banana"), "back to the query:\n\(app.screen())")
    }
}
