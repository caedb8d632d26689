// bodii-bench: the speed and memory budgets of ARCHITECTURE.md, measured on a release build over a
// generated 10-year history. Run: scripts/build-release --product bodii-bench && scripts/build-release && .build/release/bodii-bench
//   bodii-bench            everything
//   bodii-bench catalog    the food catalog only (seeding, lookups; a few seconds)
//   bodii-bench day-steps  3000 dashboard day steps on the 10-year history, for a profiler
//   bodii-bench app        the app's interactions on the 10-year history and its first frame only
//                          (issue 45's budgets: no catalog, queries or other processes; a minute less)
//   bodii-bench after-write [Review|Pantry|…] [runs]  one tab opened after another process's
//                          write, 500 times: a steady loop for a profiler
//   bodii-bench health     Apple Health import of a generated 5-year export (HealthBench.swift)
//   bodii-bench cronometer Cronometer servings import of a generated 10-year export (CronometerBench.swift)
//   bodii-bench export     peak memory of `bodii export` (JSON, CSV, zip) on 10 and 20 years (ExportBench.swift)
//   bodii-bench search     food search, typed letter by letter (SearchBench.swift; the first run
//                          generates a catalog of a million foods, which takes minutes)
//   bodii-bench sync       issue 30's sync budgets as whole processes: catch-up on 10 years, a
//                          day's edits, `bodii log weight` with and without sync (SyncBench.swift)
//   bodii-bench line       issue 41: a 5-food line parsed and searched in process; `bodii log food
//                          "…" --json` as a process against `bodii search` (MealLineBench.swift)
//   bodii-bench process    `bodii search` as a process against `fzf --filter`, query by query
//                          (ProcessBench.swift; needs fzf)
import BodiiApp
import BodiiDomain
import BodiiStore
import BodiiUI
import Foundation
import TerminalKit
import SharedCharts

if CommandLine.arguments.dropFirst().first == "health" {
    try HealthBench.run(arguments: Array(CommandLine.arguments.dropFirst(2)))
    exit(0)
}

if CommandLine.arguments.dropFirst().first == "cronometer" {
    try CronometerBench.run(arguments: Array(CommandLine.arguments.dropFirst(2)))
    exit(0)
}

if CommandLine.arguments.dropFirst().first == "export" {
    try ExportBench.run(arguments: Array(CommandLine.arguments.dropFirst(2)))
    exit(0)
}

// `bodii-bench line`: issue 41's one-line logging budgets (MealLineBench.swift).
if CommandLine.arguments.dropFirst().first == "line" {
    try MealLineBench.run(arguments: Array(CommandLine.arguments.dropFirst(2)))
    exit(0)
}

if CommandLine.arguments.dropFirst().first == "process" {
    try ProcessBench.run(arguments: Array(CommandLine.arguments.dropFirst(2)))
    exit(0)
}

// `bodii-bench sync`: issue 30's budgets (SyncBench.swift; needs bodii beside bodii-bench).
if CommandLine.arguments.dropFirst().first == "sync" {
    try SyncBench.run(arguments: Array(CommandLine.arguments.dropFirst(2)))
    exit(0)
}

// `bodii-bench planner`: issue 29's grocery plan over 300 foods.
if CommandLine.arguments.dropFirst().first == "planner" {
    PlannerBench.run()
    exit(0)
}
if CommandLine.arguments.dropFirst().first == "search" {
    try SearchBench.run(arguments: Array(CommandLine.arguments.dropFirst(2)))
    exit(0)
}

let mode = CommandLine.arguments.dropFirst().first ?? "all"
guard ["all", "catalog", "day-steps", "app", "after-write"].contains(mode) else {
    print(
        "usage: bodii-bench [catalog | search | process | sync [--days N] [--runs N] | planner | day-steps | app | after-write [tab] [runs] | health [days] [heart-rate readings an hour] | cronometer [days]]"
    )
    exit(64)
}

let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bodii-bench-\(UUID().uuidString)")
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: folder) }
let dbURL = folder.appendingPathComponent("bench.sqlite")
let today = LocalDate.today()

print("bodii-bench — \(ProcessInfo.processInfo.processorCount) cores")

// The food catalog: seeding the shipped USDA SR24 on a database's first catalog use (one
// transaction), then what later processes pay: the release check on their first catalog call.
func benchCatalog() throws {
    var seeds: [Double] = []
    var firstCalls: [Double] = []
    for run in 0..<5 {
        let url = folder.appendingPathComponent("catalog-\(run).sqlite")
        let fresh = try BodiiDatabase(url: url)
        seeds += try measure(1) { try fresh.repositories.prepareFoodCatalog() }.samples
        try fresh.close()
        let later = try BodiiDatabase(url: url)
        firstCalls += try measure(1) { _ = try later.repositories.food(id: FoodID("usda:09040")) }.samples
        try later.close()
    }
    print("catalog seed (8,855 foods, 15k servings): " + Stats(samples: seeds).line)
    print("first catalog call, seeded database:   " + Stats(samples: firstCalls).line)
    let db = try BodiiDatabase(url: folder.appendingPathComponent("catalog-0.sqlite"))
    defer { try? db.close() }
    print("food(id:) with servings:               " + (try measure(500) { _ = try db.repositories.food(id: FoodID("usda:09040")) }).line)
}

if mode == "all" || mode == "catalog" { try benchCatalog() }
if mode == "catalog" { exit(0) }

// A 10-year demo history, written the way `bodii demo --days 3650` writes it (meals included).
let database = try BodiiDatabase(url: dbURL)
var menu: [FoodID: Food] = [:]
for id in DemoHistory.menuFoodIDs { menu[id] = try database.repositories.food(id: id) }
var batch = DemoHistory(days: 3650, endDate: today).makeBatch(foods: menu)
(batch.reviewItems, batch.actions) = DemoHistory(days: 3650, endDate: today).reviews()
try database.repositories.saveProfile(DemoHistory.profile)
let write = try measure(1) { try database.repositories.write(batch) }
if let last = batch.body.last {
    try database.repositories.saveActiveGoal(ProfileSetup.goal(.lose, tdee: last.1.tdee, weightKg: last.0.weightKg, on: today))
}
print(
    "history write, 10 years (\(batch.body.count) weigh-ins, \(batch.exercise.count) workouts, \(batch.sleep.count) nights, \(batch.food.count) foods): \(String(format: "%.0f", write.median)) ms"
)
let pantryPurchases = try PantryBench.fill(database.repositories, today: today)
if mode == "day-steps" {
    // Only the dashboard's day step (the history and pantry as the full run has them), many
    // times: a steady loop for a profiler (perf, callgrind).
    try database.close()
    try MainActor.assumeIsolated {
        let app = try HeadlessApp(databasePath: dbURL.path)
        print(
            "day step on dashboard + render (3000): "
                + measure(3000) {
                    app.press(.char("["))
                    _ = app.render(width: 200, height: 60)
                }.line)
    }
    exit(0)
}
/// The tabs timed after another process's write (`bodii-bench app` and `after-write`).
let afterWriteTabs: [(name: String, keys: String)] = [
    ("Body (2)", "2"), ("Review (7)", "7"), ("Pantry (8)", "8"), ("Nutrients (3, N)", "3N"), ("Dot grid (1, g)", "g"),
]
if mode == "after-write" {
    // One tab (or all) after a write, many times: a steady loop for a profiler.
    let only = CommandLine.arguments.dropFirst(2).first
    let runs = CommandLine.arguments.dropFirst(3).first.flatMap { Int($0) } ?? 500
    try database.close()
    try MainActor.assumeIsolated {
        let app = try HeadlessApp(databasePath: dbURL.path)
        _ = app.render(width: 200, height: 60)
        try afterWrites(app, tabs: afterWriteTabs.filter { tab in only.map { tab.name.hasPrefix($0) } ?? true }, runs: runs)
    }
    exit(0)
}
if mode == "all" {
    print("recent foods (20) over 10 years:  " + (try measure(200) { _ = try database.repositories.recentFoods(limit: 20) }).line)
    print("pantry: \(pantryPurchases) purchases over 10 years")
}
// Closing checkpoints the WAL, as `bodii demo` does when it exits.
try database.close()
if mode == "all" { try benchQueries(dbURL: dbURL, today: today) }

try MainActor.assumeIsolated {
    print(
        "open + build shell + 1st render: "
            + (try measure(20) {
                _ = try HeadlessApp(databasePath: dbURL.path).render(width: 200, height: 60)
            }).line)
    let app = try HeadlessApp(databasePath: dbURL.path)
    _ = app.render(width: 200, height: 60)
    print("dashboard render 200×60:        " + measure(300) { _ = app.render(width: 200, height: 60) }.line)
    var tab = 0
    print(
        "keystroke (switch tab) + render: "
            + measure(300) {
                tab = (tab + 1) % 6
                app.press(.char(Character(String(tab + 1))))
                _ = app.render(width: 200, height: 60)
            }.line)
    print(
        "switch to Body (2 years) + render: "
            + measure(100) {
                app.press(.char("1"))
                app.press(.char("2"))
                _ = app.render(width: 200, height: 60)
            }.line)
    app.press(.char("1"))
    print(
        "day step on dashboard + render:  "
            + measure(300) {
                app.press(.char("["))
                _ = app.render(width: 200, height: 60)
            }.line)
    app.press(.char("t"))
    // Week → month → quarter → year and back, each step a keystroke.
    let zoomKeys: [Key] = [.char("-"), .char("-"), .char("-"), .char("+"), .char("+"), .char("+")]
    var z = 0
    print(
        "dashboard range switch + render: "
            + measure(300) {
                app.press(zoomKeys[z % zoomKeys.count])
                z += 1
                _ = app.render(width: 200, height: 60)
            }.line)
    // The dot grid (issue 47 item 4): opening it on the year, and its keys, each with a render.
    print(
        "dot grid open (g) + render:      "
            + measure(100) {
                app.press(.char("g"))
                _ = app.render(width: 200, height: 60)
                app.press(.escape)
            }.line)
    app.press(.char("g"))
    let gridKeys: [Key] = [.left, .left, .up, .right, .right, .down]
    var gridStep = 0
    print(
        "dot grid cursor move + render:   "
            + measure(300) {
                app.press(gridKeys[gridStep % gridKeys.count])
                gridStep += 1
                _ = app.render(width: 200, height: 60)
            }.line)
    // Year → month → week → day and back; the day reads its records in every series.
    let ladder: [Key] = [.enter, .enter, .enter, .escape, .escape, .escape]
    var rung = 0
    print(
        "dot grid zoom in/out + render:   "
            + measure(300) {
                app.press(ladder[rung % ladder.count])
                rung += 1
                _ = app.render(width: 200, height: 60)
            }.line)
    print(
        "dot grid series (s) + render:    "
            + measure(300) {
                app.press(.char("s"))
                _ = app.render(width: 200, height: 60)
            }.line)
    // A year back and forward: each year read once, then kept.
    var yearBack = true
    print(
        "dot grid year step + render:     "
            + measure(200) {
                app.press(.char(yearBack ? "[" : "]"))
                yearBack.toggle()
                _ = app.render(width: 200, height: 60)
            }.line)
    app.press(.escape)
    // Review (issue 12, budget 5 ms): opening the tab, and moving a week back or forward.
    print(
        "open Review (7) + render:        "
            + measure(100) {
                app.press(.char("1"))
                app.press(.char("7"))
                _ = app.render(width: 200, height: 60)
            }.line)
    var back = true
    print(
        "Review period step + render:     "
            + measure(200) {
                app.press(.char(back ? "[" : "]"))
                back.toggle()
                _ = app.render(width: 200, height: 60)
            }.line)
    // Nutrients (issue 27, budget 5 ms): the Diet tab's Nutrients view opened and drawn.
    print(
        "open Nutrients (3, N) + render:  "
            + measure(100) {
                app.press(.char("3"))
                app.press(.char("N"))
                _ = app.render(width: 200, height: 60)
                app.press(.escape)
            }.line)
    // Pantry (issue 14, budget 5 ms): opening the tab, and switching its views.
    print(
        "open Pantry (8) + render:        "
            + measure(100) {
                app.press(.char("1"))
                app.press(.char("8"))
                _ = app.render(width: 200, height: 60)
            }.line)
    let pantryViews: [Character] = ["l", "p", "s"]
    var v = 0
    print(
        "Pantry view switch + render:     "
            + measure(300) {
                app.press(.char(pantryViews[v % 3]))
                v += 1
                _ = app.render(width: 200, height: 60)
            }.line)
    // Each view on its own, switched to from another (the switch away is not timed).
    for (key, name) in [("s", "stock"), ("l", "list"), ("p", "prices")] {
        var samples: [Double] = [], cpu: [Double] = []
        for _ in 0..<100 {
            app.press(.char(key == "s" ? "l" : "s"))
            let one = measure(1) {
                app.press(.char(Character(key)))
                _ = app.render(width: 200, height: 60)
            }
            samples += one.samples
            cpu += one.cpu
        }
        print("Pantry to \(name) + render:".padding(toLength: 33, withPad: " ", startingAt: 0) + Stats(samples: samples, cpu: cpu).line)
    }
    try afterWrites(app, tabs: afterWriteTabs, runs: 50)
}

/// The tabs after another process's write (noticed at a tick, untimed): nothing kept, what the
/// first visit after a change costs.
@MainActor func afterWrites(_ app: HeadlessApp, tabs: [(name: String, keys: String)], runs: Int) throws {
    let writer = try BodiiDatabase(url: dbURL, access: .command)
    for (name, keys) in tabs {
        var samples: [Double] = [], cpu: [Double] = []
        for _ in 0..<runs {
            app.press(.escape)
            app.press(.char("1"))
            try writer.repositories.saveProfile(DemoHistory.profile)
            app.tick()
            let one = measure(1) {
                for key in keys { app.press(.char(key)) }
                _ = app.render(width: 200, height: 60)
            }
            samples += one.samples
            cpu += one.cpu
        }
        print("\(name) after a write:".padding(toLength: 33, withPad: " ", startingAt: 0) + Stats(samples: samples, cpu: cpu).line)
    }
    try writer.close()
}

// Start to first full frame: the real binary on a pseudo-terminal of our own (curses needs a TTY),
// timed from spawn to exit; the app exits right after drawing its first full frame.
let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("bodii").path

/// Python's pty module gives the app a real terminal (Swift's Glibc hides posix_openpt); the timer
/// runs inside Python, from just before the fork to the app's exit, so Python's start-up is not counted.
let ptyTimer = """
    import os, pty, re, sys, time
    binary, db, runs = sys.argv[1], sys.argv[2], int(sys.argv[3])
    env = {"TERM": "xterm-256color", "LANG": "C.UTF-8", "COLUMNS": "200", "LINES": "60", "HOME": "/tmp"}
    rss = 0
    for _ in range(runs):
        t0 = time.perf_counter()
        pid, fd = pty.fork()
        if pid == 0:
            os.execve(binary, [binary, "--db", db, "--exit-after-first-frame"], env)
        out = b""
        frame = None
        while True:
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                break
            if not chunk:
                break
            out += chunk
            # The footer is the last line drawn: once it is out, the whole first frame is.
            if frame is None and b"quit" in out:
                frame = time.perf_counter()
        os.waitpid(pid, 0)
        end = time.perf_counter()
        print("%.3f %.3f" % (((frame or end) - t0) * 1000, (end - t0) * 1000))
        m = re.search(rb"peak resident memory (\\d+) kB", out)
        rss = max(rss, int(m.group(1))) if m else rss
        os.close(fd)
    print("rss %d" % rss)
    """

func firstFrames(runs: Int) -> (frame: Stats, exit: Stats, rss: Int)? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", ptyTimer, binary, dbURL.path, "\(runs)"]
    let out = Pipe()
    process.standardOutput = out
    guard (try? process.run()) != nil else { return nil }
    let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    let lines = text.split(separator: "\n")
    let pairs = lines.compactMap { line -> (Double, Double)? in
        let parts = line.split(separator: " ").compactMap { Double($0) }
        return parts.count == 2 ? (parts[0], parts[1]) : nil
    }
    let rss = lines.first { $0.hasPrefix("rss ") }.flatMap { Int($0.dropFirst(4)) } ?? 0
    return pairs.isEmpty ? nil : (Stats(samples: pairs.map(\.0)), Stats(samples: pairs.map(\.1)), rss)
}

if FileManager.default.isExecutableFile(atPath: binary) {
    if mode == "all" {
        // `bodii review --json` as a whole process (budget 40 ms), spawned directly (no shell).
        print(
            "bodii review --json, process:    "
                + measure(21) {
                    let p = Process()
                    p.executableURL = URL(fileURLWithPath: binary)
                    p.arguments = ["--db", dbURL.path, "review", "--json"]
                    p.standardOutput = FileHandle.nullDevice
                    guard (try? p.run()) != nil else { return }
                    p.waitUntilExit()
                }.line)
        // `bodii insights --json` over the 10 years as a whole process (budget 300 ms).
        print(
            "bodii insights --json, process:  "
                + measure(5) {
                    let p = Process()
                    p.executableURL = URL(fileURLWithPath: binary)
                    p.arguments = ["--db", dbURL.path, "insights", "--days", "3653", "--json"]
                    p.standardOutput = FileHandle.nullDevice
                    guard (try? p.run()) != nil else { return }
                    p.waitUntilExit()
                }.line)
    }
    if let result = firstFrames(runs: 21) {
        print("start to first full frame:       " + result.frame.line)
        print("  … to exit (closes the database): " + result.exit.line)
        print("peak resident memory at first frame: \(result.rss) kB")
    } else {
        print("start to first frame: needs python3 for a pseudo-terminal")
    }
} else {
    print("start to first frame: build the bodii product first (swift build -c release)")
}
