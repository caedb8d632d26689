import BodiiDomain
import BodiiStore
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

    /// Issue 41: under `LANG=C` the terminal still sends UTF-8, and a character that is not ASCII
    /// no longer drops what was typed with it ("café au lait" arrived as "caf", "1½ cups milk" as
    /// "1"): the search shows "cafe au lait" (drawn in ASCII) and the line logs one and a half cups.
    @Test(.enabled(if: tmuxAvailable, "tmux is not installed: run scripts/test, which installs it"))
    func textTypedUnderLangCKeepsWhatIsNotASCII() throws {
        let db = folder.path("typed.sqlite")
        let profile = ["profile", "set", "--name", "Sam", "--sex", "female", "--birth-date", "1990-04-02", "--height", "168"]
        #expect(try runBodii(profile + ["--db", db]).status == 0)
        let line = "1½ cups milk"
        let expected = try runBodii(["log", "food", line, "--dry-run", "--json", "--db", db])
        #expect(expected.status == 0)
        let t = try TmuxSession(
            command: "\(BodiiBinary.url.path) --db \(db)", width: 80, height: 24, environment: ["LANG": "C", "LC_ALL": "C"])
        try t.waitFor(text: "1 Dashboard")
        try t.send("3")
        try t.waitFor(text: "Meals")
        try t.send("a")
        try t.waitFor(text: "Search")
        try t.type("café au lait")
        try t.waitFor(text: "cafe au lait")
        try t.send("C-u")
        try t.type(line)
        try t.waitFor(text: "Enter logs 1 food")
        try t.send("Enter")
        try t.waitFor(text: "Logged 1 food")
        let repos = try BodiiDatabase(url: URL(fileURLWithPath: db)).repositories
        let logged = try repos.foodRecords(in: DateRange(start: TestClock.today, end: TestClock.today))
        #expect(logged.count == 1)
        // The grams the command line reads from the same text (a UTF-8 process): 1½ cups, not 1.
        let json = try JSONSerialization.jsonObject(with: Data(expected.stdout.utf8)) as? [String: Any]
        let entries = json?["entries"] as? [[String: Any]]
        let cliGrams = try #require(entries?.first?["grams"] as? Double)
        let grams = try #require(logged.first?.grams)
        #expect(abs(grams - cliGrams) < 0.05, "the app logged \(grams) g; the CLI reads \(expected.stdout)")
    }
}
