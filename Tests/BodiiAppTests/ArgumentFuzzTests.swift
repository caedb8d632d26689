import BodiiDomain
import Foundation
import Testing

/// Every argument of every command, given values no command accepts (issue 10, "Done when"):
/// each run is refused with one line on stderr, exit 64 or 65, nothing on stdout, and the
/// database is byte for byte what it was. Every case runs in-process; a smoke set of them also
/// through the binary (the whole corpus with BODII_FULL_FUZZ=1).
@Suite struct ArgumentFuzzTests {
    /// Values no slot below accepts: non-numbers, negatives, empty, whitespace, 10 kB, control
    /// characters, emoji, right-to-left text.
    static let values = [
        "abc", "-5", "-0.5", "", " \t ", String(repeating: "9", count: 10_000), "\u{1B}]0;pwned\u{07}",
        "\u{9B}2J", "\n", "🍌🍌", "\u{202E}غذاء", "NaN", "1e308",
    ]

    /// Each command with `V` where the value goes; `names` slots take any printable text as a
    /// name or a query, so only the values nothing accepts there are used for them.
    static let slots: [[String]] = [
        ["log", "weight", "V"], ["log", "weight", "80", "--fat", "V"], ["log", "weight", "80", "--muscle", "V"],
        ["log", "weight", "80", "--date", "V"], ["log", "weight", "80", "--unit", "V"],
        ["log", "food", "banana", "--grams", "V"], ["log", "food", "banana", "--serving", "V"],
        ["log", "food", "banana", "--serving", "medium", "--qty", "V"], ["log", "food", "banana", "--grams", "100", "--meal", "V"],
        ["log", "food", "banana", "--grams", "100", "--date", "V"], ["log", "food", "--id", "V", "--grams", "100"],
        ["log", "exercise", "yoga", "--minutes", "V"], ["log", "exercise", "yoga", "--minutes", "30", "--intensity", "V"],
        ["log", "exercise", "yoga", "--minutes", "30", "--date", "V"],
        ["log", "sleep", "--bed", "V", "--wake", "07:00"], ["log", "sleep", "--bed", "23:00", "--wake", "V"],
        ["log", "sleep", "--duration", "V"], ["log", "sleep", "--duration", "7h", "--quality", "V"],
        ["log", "sleep", "--duration", "7h", "--date", "V"],
        ["log", "measure", "V", "82"], ["log", "measure", "waist", "V"], ["log", "measure", "waist", "82", "--unit", "V"],
        ["log", "measure", "waist", "82", "--date", "V"], ["log", "bp", "V"], ["log", "rhr", "V"], ["log", "rhr", "58", "--date", "V"],
        ["search", "egg", "--limit", "V"], ["today", "--date", "V"], ["today", "--json", "--date", "V"],
        ["report", "--range", "V"], ["report", "--width", "V"], ["demo", "--days", "V"],
        ["export", "--format", "V"], ["export", "--from", "V"], ["export", "--to", "V"],
        ["profile", "set", "--name", "Ann", "--sex", "V", "--birth-date", "1990-01-01", "--height", "170"],
        ["profile", "set", "--name", "Ann", "--sex", "female", "--birth-date", "V", "--height", "170"],
        ["profile", "set", "--name", "Ann", "--sex", "female", "--birth-date", "1990-01-01", "--height", "V"],
        ["profile", "set", "--name", "Ann", "--sex", "female", "--birth-date", "1990-01-01", "--height", "170", "--activity", "V"],
        ["review", "--period", "V"], ["review", "--json", "--date", "V"], ["review", "add", "V", "a note"],
        ["review", "add", "keep", "a note", "--period", "V"], ["review", "add", "keep", "a note", "--date", "V"],
        ["action", "add", "walk", "--due", "V"], ["action", "add", "walk", "--metric", "V", "--target", "3"],
        ["action", "add", "walk", "--metric", "exercise", "--target", "V"], ["action", "done", "V"], ["action", "drop", "V"],
        ["pantry", "add", "--name", "Rice", "--qty", "V"], ["pantry", "add", "--name", "Rice", "--qty", "1", "--unit", "V"],
        ["pantry", "add", "--name", "Rice", "--qty", "1", "--price", "V"],
        ["pantry", "add", "--name", "Rice", "--qty", "1", "--best-before", "V"],
        ["pantry", "list", "--soon", "V"], ["pantry", "use", "V"], ["pantry", "waste", "V"], ["pantry", "waste", "1", "--qty", "V"],
        ["shop", "add", "--name", "Rice", "--qty", "V"], ["shop", "buy", "V"], ["shop", "buy", "1", "--price", "V"],
        ["budget", "set", "V"], ["budget", "set", "60", "--period", "V"],
    ]
    static let nameSlots: [[String]] = [
        ["log", "food", "V", "--grams", "100"], ["log", "exercise", "V", "--minutes", "30"], ["search", "V"],
        ["pantry", "add", "V", "--qty", "1"], ["shop", "add", "V", "--qty", "1"],
    ]
    /// What a name or a query refuses: nothing to search by, control characters, too long.
    static let nameValues = ["", " \t ", "\u{1B}]0;pwned\u{07}", "\u{9B}", "\n", "🍌🍌", "!!!", "-", String(repeating: "x", count: 10_000)]
    /// A person's name may be an emoji or "-": only what no name may hold.
    static let profileNameValues = [
        "", " \t ", "\u{1B}]0;pwned\u{07}", "\u{9B}", "\n", "\u{202E}Ann", String(repeating: "x", count: 10_000),
    ]

    struct Run {
        let arguments: [String]
        let process: RunningBodii
    }

    /// Every case in-process (`InProcessBodii`), then its process smoke set through the binary
    /// (all of it with BODII_FULL_FUZZ=1): the same checks on both.
    @Test func everyArgumentRefusesNonsenseInOneLineAndWritesNothing() throws {
        let folder = try TemporaryFolder()
        let db = folder.path("fuzz.sqlite")
        #expect(try runBodii(["demo", "--days", "3", "--db", db]).status == 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: db))

        var cases: [[String]] = []
        for slot in Self.slots { for value in Self.values { cases.append(slot.map { $0 == "V" ? value : $0 }) } }
        for slot in Self.nameSlots { for value in Self.nameValues { cases.append(slot.map { $0 == "V" ? value : $0 }) } }
        for value in Self.profileNameValues {
            cases.append(["profile", "set", "--name", value, "--sex", "female", "--birth-date", "1990-01-01", "--height", "170"])
        }

        var failures: [String] = []
        for args in cases { failures += Self.refusalProblems(args, try InProcessBodii.run(args + ["--db", db]), inProcess: true) }
        // A few processes at a time: each is short, and two cores are enough to overlap start-ups.
        let smoke = InProcessBodii.processSmokeSet(cases, every: 37)
        for batch in stride(from: 0, to: smoke.count, by: 4) {
            let runs = try smoke[batch..<min(batch + 4, smoke.count)].map { args in
                Run(arguments: args, process: try startBodii(args + ["--db", db]))
            }
            for run in runs { failures += Self.refusalProblems(run.arguments, run.process.finish(), inProcess: false) }
        }
        let report = "\(failures.count) problems in \(cases.count) cases in-process and \(smoke.count) as processes:\n"
        #expect(failures.isEmpty, "\(report + failures.prefix(40).joined(separator: "\n"))")
        #expect(try Data(contentsOf: URL(fileURLWithPath: db)) == before, "the database changed")
        // Nothing waits in a -wal either. (Runs overlap: the last to close may be a read-only
        // connection, which SQLite lets leave an empty -wal and the -shm behind.)
        let wal = (try? Data(contentsOf: URL(fileURLWithPath: db + "-wal"))) ?? Data()
        #expect(wal.isEmpty, "\(wal.count) bytes in the -wal")
    }

    /// What is wrong with one refusal: exit 64 or 65 (`search` finding nothing: 1), one line on
    /// stderr starting "bodii: ", no raw control character, short, nothing on stdout.
    static func refusalProblems(_ arguments: [String], _ r: CommandResult, inProcess: Bool) -> [String] {
        let shown = arguments.map { $0.count > 40 ? String($0.prefix(12)) + "…" : $0 }.debugDescription + (inProcess ? " (in-process)" : "")
        var failures: [String] = []
        // `search` finding nothing exits 1, like grep (PRODUCT.md §4); the rest refuse with 64 or 65.
        let allowed: Set<Int32> = arguments.first == "search" ? [1, 64, 65] : [64, 65]
        if !allowed.contains(r.status) { failures.append("\(shown): exit \(r.status) \(r.stderr)") }
        if !(r.stderr.hasPrefix("bodii: ") && r.stderr.filter({ $0 == "\n" }).count == 1) {
            failures.append("\(shown): not one line: \(r.stderr.prefix(300).debugDescription)")
        }
        if r.stderr.unicodeScalars.contains(where: { TerminalText.isUnsafe($0) && $0 != "\n" }) {
            failures.append("\(shown): raw control character on stderr")
        }
        if r.stderr.count > 400 { failures.append("\(shown): \(r.stderr.count) characters on stderr") }
        if !r.stdout.isEmpty { failures.append("\(shown): printed \(r.stdout.prefix(100).debugDescription)") }
        return failures
    }

    /// Issue 23, item 25: a negative number is a bad value, named in one line (exit 65), never the
    /// parser's "Missing expected argument" — positional ids and amounts included.
    static let numberSlots: [[String]] = [
        ["budget", "set", "V"], ["budget", "set", "V", "--period", "month"], ["pantry", "use", "V"], ["pantry", "waste", "V"],
        ["pantry", "use", "1", "--qty", "V"], ["pantry", "waste", "1", "--qty", "V"], ["action", "done", "V"], ["action", "drop", "V"],
        ["action", "drop", "V", "--note", "x"], ["log", "weight", "V"], ["log", "weight", "80", "--fat", "V"],
        ["log", "weight", "80", "--muscle", "V"],
        ["log", "food", "banana", "--grams", "V"], ["log", "food", "banana", "--serving", "medium", "--qty", "V"],
        ["log", "exercise", "yoga", "--minutes", "V"], ["log", "sleep", "--duration", "V"],
        ["log", "sleep", "--duration", "7h", "--quality", "V"], ["log", "measure", "waist", "V"], ["log", "bp", "V"], ["log", "rhr", "V"],
        ["pantry", "add", "--name", "Rice", "--qty", "V"], ["pantry", "add", "--name", "Rice", "--qty", "1", "--price", "V"],
        ["pantry", "list", "--soon", "V"], ["shop", "add", "--name", "Rice", "--qty", "V"], ["shop", "buy", "1", "--price", "V"],
        ["shop", "buy", "1", "--qty", "V"], ["action", "add", "walk", "--metric", "exercise", "--target", "V"],
        ["profile", "set", "--name", "Ann", "--sex", "female", "--birth-date", "1990-01-01", "--height", "V"],
    ]
    /// Display options (how many, how wide) refuse a negative as bad usage (64), naming it.
    static let displaySlots: [[String]] = [
        ["demo", "--days", "V"], ["search", "egg", "--limit", "V"], ["report", "--width", "V"], ["history", "oats", "--limit", "V"],
    ]

    @Test func negativeNumbersAreBadValuesNamedInOneLine() throws {
        let folder = try TemporaryFolder()
        let db = folder.path("negative.sqlite")
        #expect(try runBodii(["demo", "--days", "3", "--db", db]).status == 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: db))
        var cases: [(args: [String], value: String, wanted: Int32)] = []
        for (slots, wanted) in [(Self.numberSlots, Int32(65)), (Self.displaySlots, Int32(64))] {
            for slot in slots {
                for value in ["-1", "-5", "-0.5", "-1e3"] { cases.append((slot.map { $0 == "V" ? value : $0 }, value, wanted)) }
            }
        }
        // Every case in-process, its smoke set (all with BODII_FULL_FUZZ=1) through the binary.
        var failures: [String] = []
        func check(_ c: (args: [String], value: String, wanted: Int32), _ r: CommandResult, _ how: String) {
            let args = "\(c.args)\(how)"
            if r.status != c.wanted { failures.append("\(args): exit \(r.status), wanted \(c.wanted): \(r.stderr)") }
            if !(r.stderr.hasPrefix("bodii: ") && r.stderr.filter({ $0 == "\n" }).count == 1 && r.stderr.contains(c.value)) {
                failures.append("\(args): \(r.stderr.debugDescription) does not name \(c.value) in one line")
            }
            if r.stderr.contains("Missing expected argument") { failures.append("\(args): the parser's message") }
        }
        for c in cases { check(c, try InProcessBodii.run(c.args + ["--db", db]), " (in-process)") }
        let smoke = InProcessBodii.processSmokeSet(cases, every: 7)
        for c in smoke { check(c, try runBodii(c.args + ["--db", db]), "") }
        let report = "\(failures.count) problems in \(cases.count) cases in-process and \(smoke.count) as processes:\n"
            + failures.prefix(40).joined(separator: "\n")
        #expect(failures.isEmpty, "\(report)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: db)) == before, "the database changed")
    }
}
