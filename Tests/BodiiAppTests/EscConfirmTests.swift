import BodiiApp
import BodiiCLI
import BodiiDocument
import BodiiDomain
import Foundation
import TerminalKit
import Testing

/// Issue 26: Esc on a dialog holding what the user typed asks once (the question `q` asks), in
/// the real shell on a real database; with nothing typed it closes at once, as before.
@MainActor
@Suite struct EscConfirmTests {
    static let question = "Close and lose what you typed?"

    @Test func theCheckInAsksBeforeThrowingAwayStepThree() throws {
        let folder = try TemporaryFolder()
        let (db, app) = try demoApp(days: 30, in: folder)
        app.press(.char("c"))
        #expect(app.screen().contains("Step 1 of 4"))
        app.press(.escape)  // nothing typed: closes at once
        #expect(!app.screen().contains("Step 1 of 4"))
        #expect(!app.screen().contains(Self.question))

        let before = try runBodii(["today", "--json", "--db", db]).stdout
        app.press(.char("c"))
        app.press(.enter)  // weight kept
        app.press(.enter)  // last night as filled in
        app.press(.char("4"))  // mood
        #expect(app.screen().contains("Step 3 of 4"))
        app.press(.escape)
        #expect(app.screen().contains(Self.question))
        app.press(.char("n"))
        #expect(!app.screen().contains(Self.question))
        #expect(app.screen().contains("Step 3 of 4"), "no keeps the answers")
        app.press(.escape)
        app.press(.char("y"))
        #expect(!app.screen().contains("Step 3 of 4"))
        #expect(!app.screen().contains(Self.question))
        #expect(try runBodii(["today", "--json", "--db", db]).stdout == before, "nothing was written")
        app.press(.char("q"))
        #expect(app.shouldQuit, "the shell has its keys back")
    }

    @Test func onboardingAsksBeforeReplacingWhatWasTypedByDefaults() throws {
        let folder = try TemporaryFolder()
        let db = folder.path("new.sqlite")
        let app = try HeadlessApp(databasePath: db, clock: FixedClock(day: TestClock.today))
        #expect(app.screen().contains("Welcome to Bodii"))
        app.type("Sam")
        app.press(.escape)
        #expect(app.screen().contains(Self.question))
        app.press(.escape)  // Esc answers no
        #expect(app.screen().contains("Welcome to Bodii"))
        #expect(app.screen().contains("Sam"))
        app.press(.escape)
        app.press(.char("y"))
        #expect(!app.screen().contains("Welcome to Bodii"))
        let profile = try runBodii(["profile", "--json", "--db", db])
        #expect(profile.status == 0, "\(profile.stderr)")
        #expect(!profile.stdout.contains("\"Sam\""), "the defaults were saved, not what was typed")
    }

    @Test func onboardingWithNothingTypedSkipsAtOnce() throws {
        let folder = try TemporaryFolder()
        let app = try HeadlessApp(databasePath: folder.path("new.sqlite"), clock: FixedClock(day: TestClock.today))
        app.press(.escape)
        #expect(!app.screen().contains("Welcome to Bodii"))
        #expect(!app.screen().contains(Self.question))
    }
}
