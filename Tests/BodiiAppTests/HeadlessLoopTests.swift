import BodiiApp
import BodiiCLI
import BodiiDocument
import BodiiDomain
import Foundation
import TerminalKit
import Testing

/// The headless app runs the real loop (`AppLoop`) on the test backend: keys in, diffs out.
@MainActor
@Suite struct HeadlessLoopTests {
    @Test func theLoopOnTheTestBackendDrawsWhatTheShellRenders() throws {
        let folder = try TemporaryFolder()
        let (db, app) = try demoApp(days: 20, in: folder)
        let backend = TestBackend(
            width: 80, height: 24,
            inputs: [
                .event(.key(.char("3"))), .idle, .event(.key(.char("2"))),
                .event(.resize(width: 100, height: 30)), .event(.key(.char("1"))),
            ])
        #expect(app.run(on: backend) == 0)  // the script ran out: the loop ends like `q`
        // One frame per input and the first; what the diffs built is the frame the shell renders.
        #expect(backend.framesDrawn == 6)
        let reference = try HeadlessApp(databasePath: db, clock: FixedClock(day: TestClock.today))
        for key in ["3", "2", "1"] { reference.press(.char(Character(key))) }
        #expect(backend.screen.lines == reference.render(width: 100, height: 30).lines)
        // Only changes were sent: far fewer cells than six whole screens.
        #expect(backend.cellsSent < 80 * 24 * 3 + 100 * 30)
    }

    @Test func quitEndsTheLoop() throws {
        let folder = try TemporaryFolder()
        let (_, app) = try demoApp(days: 3, in: folder)
        let backend = TestBackend(width: 80, height: 24, inputs: [.event(.key(.char("q"))), .event(.key(.char("2")))])
        #expect(app.run(on: backend) == 0)
        #expect(backend.framesDrawn == 1)  // the first frame; the loop ends on q and "2" is never read
    }
}
