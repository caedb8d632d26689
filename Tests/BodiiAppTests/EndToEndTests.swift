import BodiiDomain
import BodiiStore
import Foundation
import Testing

/// The real binary in tmux on a temporary database, used the way a person would.
@Suite(.serialized) struct EndToEndTests {
    let folder: TemporaryFolder
    init() throws { folder = try TemporaryFolder() }

    /// Runs bodii, then prints its exit status and whether the terminal is back in cooked mode.
    func appCommand(db: String, extra: String = "") -> String {
        let bin = BodiiBinary.url.path
        // One line, printed only once the modes are known, so a test never reads half of it.
        return
            "sh -c '\(bin) --db \(db) \(extra); code=$?; modes=$(stty -a | tr \" \" \"\\n\" | grep -x -e icanon -e -icanon -e echo -e -echo | tr \"\\n\" \" \"); echo \"EXITED $code modes: $modes.\"; sleep 60'"
    }

    @Test(.enabled(if: tmuxAvailable, "tmux is not installed: run scripts/test, which installs it"))
    func onboardingTabsHelpResizeAndQuit() throws {
        let db = folder.path("e2e.sqlite")
        let t = try TmuxSession(command: appCommand(db: db), environment: ["LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"])
        try t.waitFor(text: "Welcome to Bodii")

        // Onboarding: a bad height is caught inline, then fixed.
        try t.type("Robin")
        try t.send("Tab", "Tab", "Tab", "Tab")
        try t.type("5")
        try t.send("Tab")
        try t.type("72.5")
        try t.send("Enter")
        try t.waitFor(text: "Out of range: allowed 100–250 cm")
        // The cursor is already on the first field with an error.
        try t.send("C-u")
        try t.type("175")
        try t.send("Enter")
        try t.waitFor(text: "Welcome, Robin!")
        try t.waitFor(text: "72.5 kg")

        // Every tab by its number.
        let tabs = [("2", "History"), ("3", "Meals"), ("4", "Sessions"), ("5", "Nights"), ("6", "Profile"), ("1", "Calories")]
        for (key, marker) in tabs {
            try t.send(key)
            try t.waitFor(text: marker)
        }
        try t.send("Tab")
        try t.waitFor(text: "History")

        // Help lists the view's keys and the global ones; Esc closes it.
        try t.send("?")
        try t.waitFor(text: "quit at once")
        try t.send("Escape")
        try t.waitFor("help closed") { !$0.contains("quit at once") }

        // Tiny terminal: a clear message, no garbage; back to normal after.
        try t.resize(width: 20, height: 5)
        try t.waitFor(text: "Terminal too small")
        try t.resize(width: 100, height: 30)
        try t.waitFor(text: "1 Dashboard")

        try t.send("q")
        let final = try t.waitFor("exit") { $0.contains("EXITED") && $0.contains(".") && $0.contains("modes:") }
        #expect(final.contains("EXITED 0"))
        #expect(final.contains("icanon") && !final.contains("-icanon"), "terminal left in raw mode:\n\(final)")
        #expect(final.contains("echo") && !final.contains("-echo"), "terminal left without echo:\n\(final)")

        let repos = try BodiiDatabase(url: URL(fileURLWithPath: db)).repositories
        let profile = try #require(try repos.loadProfile())
        #expect(profile.name == "Robin")
        #expect(profile.heightCm == 175)
        #expect(try repos.latestBodyRecord(onOrBefore: TestClock.today)?.weightKg == 72.5)
    }

    @Test(.enabled(if: tmuxAvailable, "tmux is not installed: run scripts/test, which installs it"))
    func weightLoggedOnTheCommandLineShowsOnScreenAndCtrlCRestores() throws {
        let db = folder.path("cli.sqlite")
        #expect(try runBodii(["demo", "--days", "20", "--db", db]).status == 0)
        #expect(try runBodii(["log", "weight", "77.7", "--db", db]).status == 0)
        let t = try TmuxSession(command: appCommand(db: db), environment: ["LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"])
        try t.waitFor(text: "77.7 kg")
        try t.send("2")
        try t.waitFor(text: "77.7 kg")
        // Ctrl-C in the middle of a form: quits at once, nothing half-written, terminal restored.
        try t.send("a")
        try t.waitFor(text: "Log weight")
        try t.type("66")
        try t.send("C-c")
        let final = try t.waitFor("exit") { $0.contains("EXITED") && $0.contains(".") && $0.contains("modes:") }
        #expect(final.contains("EXITED 0"))
        #expect(final.contains("icanon") && !final.contains("-icanon"))
        let weights = try BodiiDatabase(url: URL(fileURLWithPath: db)).repositories.bodyRecords(
            in: DateRange(ending: TestClock.today, days: 3))
        #expect(!weights.contains { $0.weightKg == 66 })
    }

    @Test(.enabled(if: tmuxAvailable, "tmux is not installed: run scripts/test, which installs it"))
    func foodLoggedThroughTheSearchShowsInTheDayAndInToday() throws {
        let db = folder.path("diet.sqlite")
        #expect(try runBodii(["demo", "--days", "5", "--db", db]).status == 0)
        func today() throws -> (eaten: Double, foods: [[String: Any]]) {
            let r = try runBodii(["today", "--json", "--db", db])
            let json = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
            let calories = try #require(json["calories"] as? [String: Any])
            return (try #require(num(calories["eaten"])), try #require(json["foods"] as? [[String: Any]]))
        }
        let before = try today()
        let t = try TmuxSession(command: appCommand(db: db), environment: ["LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"])
        try t.waitFor(text: "Calories")
        try t.send("3")
        try t.waitFor(text: "Day total")
        // a, the first letters, then Enter for the food, the serving, the amount and the meal.
        try t.send("a")
        try t.waitFor(text: "Add food")
        try t.type("bana")
        try t.waitFor(text: "Bananas, raw")
        try t.send("Enter")
        try t.waitFor(text: "How much? Pick a serving")
        try t.send("Enter")
        try t.waitFor(text: "How many")
        try t.send("Enter")
        try t.waitFor(text: "Which meal?")
        try t.send("Enter")
        let screen = try t.waitFor(text: "Logged Bananas, raw")
        #expect(!screen.contains("Add food"), "the modal is closed")

        // Esc in the middle writes nothing.
        try t.send("/")
        try t.waitFor(text: "Add food")
        try t.type("egg")
        try t.send("Enter")
        try t.waitFor(text: "How much? Pick a serving")
        try t.send("Escape", "Escape")
        try t.waitFor(text: "Nothing logged.")

        try t.send("q")
        let final = try t.waitFor("exit") { $0.contains("EXITED") && $0.contains(".") && $0.contains("modes:") }
        #expect(final.contains("EXITED 0"))

        let after = try today()
        #expect(after.foods.count == before.foods.count + 1)
        let banana = try #require(after.foods.last)
        #expect(banana["name"] as? String == "Bananas, raw")
        #expect(banana["id"] as? String == "usda:09040")
        let kcal = try #require(num(banana["kcal"]))
        let grams = try #require(num(banana["grams"]))
        #expect(abs(kcal - grams * 0.89) < 0.1, "89 kcal per 100 g")
        // Three figures rounded to 0.1 kcal in the JSON: they agree within 0.15.
        #expect(abs(after.eaten - (before.eaten + kcal)) <= 0.15)
        // The day's total on screen is the same number.
        let total = Int(after.eaten.rounded())
        #expect(
            screen.contains("\(after.foods.count) entries, \(total) kcal") || screen.contains("1 entry, \(total) kcal"),
            "the day's total in the header:\n\(screen)")
    }

    @Test(.enabled(if: tmuxAvailable, "tmux is not installed: run scripts/test, which installs it"))
    func asciiModeAndSigtermRestoreTheTerminal() throws {
        let db = folder.path("ascii.sqlite")
        #expect(try runBodii(["demo", "--days", "20", "--db", db]).status == 0)
        let t = try TmuxSession(
            command: appCommand(db: db, extra: "--ascii"), width: 80, height: 24,
            environment: ["LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"])
        let screen = try t.waitFor(text: "Calories")
        #expect(screen.contains("+-"))
        #expect(!screen.contains("╭"))
        // SIGTERM from outside: the app restores the terminal and exits 128+15.
        try t.send("5")
        try t.waitFor(text: "Nights")
        let pids = try t.tmux(["list-panes", "-t", t.name, "-F", "#{pane_pid}"]).trimmingCharacters(in: .whitespacesAndNewlines)
        let kill = Process()
        kill.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        kill.arguments = ["pkill", "-TERM", "-P", pids, "-x", "bodii"]
        try kill.run()
        kill.waitUntilExit()
        let final = try t.waitFor("exit") { $0.contains("EXITED") && $0.contains(".") && $0.contains("modes:") }
        #expect(final.contains("EXITED 143"))
        #expect(final.contains("icanon") && !final.contains("-icanon"))
    }

    /// Issue 23 #8: a fatal signal (a Swift trap is SIGILL or SIGTRAP; a bad pointer SIGSEGV)
    /// restores the terminal first — normal screen, cooked mode — and the process still dies by
    /// that signal (exit 128+n). The signal is sent from outside: the binary has no crash switch.
    @Test(
        .enabled(if: tmuxAvailable, "tmux is not installed: run scripts/test, which installs it"),
        arguments: [("SEGV", 139), ("ILL", 132), ("TRAP", 133), ("ABRT", 134)])
    func aFatalSignalRestoresTheTerminal(signal: String, status: Int) throws {
        let db = folder.path("crash-\(signal).sqlite")
        #expect(try runBodii(["demo", "--days", "10", "--db", db]).status == 0)
        // The Swift runtime's backtracer would wait for a key on a terminal: not in a test.
        let t = try TmuxSession(
            command: appCommand(db: db),
            environment: [
                "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8",
                "SWIFT_BACKTRACE": "enable=yes,interactive=no",
            ])
        try t.waitFor(text: "Calories")
        #expect(try t.tmux(["display", "-p", "-t", t.name, "#{alternate_on}"]).hasPrefix("1"))
        let pids = try t.tmux(["list-panes", "-t", t.name, "-F", "#{pane_pid}"]).trimmingCharacters(in: .whitespacesAndNewlines)
        let kill = Process()
        kill.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        kill.arguments = ["pkill", "-\(signal)", "-P", pids, "-x", "bodii"]
        try kill.run()
        kill.waitUntilExit()
        let final = try t.waitFor("exit", timeout: 60) { $0.contains("EXITED") && $0.contains(".") && $0.contains("modes:") }
        #expect(final.contains("EXITED \(status) "), "\(final)")
        #expect(final.contains("icanon") && !final.contains("-icanon"), "raw mode is gone")
        #expect(final.contains("echo") && !final.contains("-echo"))
        #expect(try t.tmux(["display", "-p", "-t", t.name, "#{alternate_on}"]).hasPrefix("0"), "back in the normal screen")
    }
}
