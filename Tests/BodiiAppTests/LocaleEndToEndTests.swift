import Foundation
import Testing

/// Issue 9, item 9, in a real terminal: the app under `LANG=C` draws pure ASCII, and nothing that
/// was Unicode vanishes — minus signs and the arrows of key hints included.
@Suite(.serialized) struct LocaleEndToEndTests {
    let folder: TemporaryFolder
    init() throws { folder = try TemporaryFolder() }

    @Test(.enabled(if: tmuxAvailable, "tmux is not installed: run scripts/test, which installs it"))
    func theAppUnderLangCIsPureASCII() throws {
        let db = folder.path("locale.sqlite")
        #expect(try runBodii(["demo", "--days", "60", "--db", db]).status == 0)
        let command = "sh -c '\(BodiiBinary.url.path) --db \(db); echo \"EXITED $?.\"; sleep 60'"
        let t = try TmuxSession(command: command, width: 100, height: 30, environment: ["LANG": "C", "LC_ALL": "C"])
        // The demo goal loses weight: its rate keeps its minus sign. Waited for rather than looked
        // for once "Calories" shows: tmux may show the first rows of a frame still being drawn.
        let rate = #"Lose -\d+\.\d kg/wk"#
        var screens = [try t.waitFor("the goal's rate with its minus sign") { $0.range(of: rate, options: .regularExpression) != nil }]
        for (key, marker) in [("2", "History"), ("3", "Meals"), ("4", "Sessions"), ("5", "Nights"), ("6", "Profile")] {
            try t.send(key)
            screens.append(try t.waitFor(text: marker))
        }
        try t.send("?")
        screens.append(try t.waitFor(text: "Esc"))
        for screen in screens {
            let bad = screen.split(separator: "\n").filter { !$0.utf8.allSatisfy { $0 < 0x80 } }
            #expect(bad.isEmpty, "non-ASCII on screen: \(bad)")
            #expect(!screen.contains(" /  "), "a key hint lost its arrows:\n\(screen)")
        }
        try t.send("Escape")
        try t.send("q")
        try t.waitFor(text: "EXITED 0.")
    }
}
