// bodii-bench: the speed and memory budgets of ARCHITECTURE.md, measured on a release build over a
// generated 10-year history. Run: swift build -c release && swift run -c release bodii-bench
import BodiiApp
import BodiiDomain
import BodiiStore
import Foundation
import TerminalKit

struct Stats {
    let samples: [Double]   // milliseconds
    func percentile(_ p: Double) -> Double {
        let s = samples.sorted()
        return s[min(s.count - 1, Int((Double(s.count - 1) * p).rounded()))]
    }
    var median: Double { percentile(0.5) }
    var line: String { String(format: "median %.3f ms  p99 %.3f ms  (n=%d)", median, percentile(0.99), samples.count) }
}

func measure(_ n: Int, _ body: () throws -> Void) rethrows -> Stats {
    var samples: [Double] = []
    for _ in 0..<n {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
    }
    return Stats(samples: samples)
}

func shell(_ command: String) -> Int32 {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: "/bin/sh")
    p.arguments = ["-c", command]
    p.standardOutput = FileHandle.nullDevice
    p.standardError = FileHandle.nullDevice
    do { try p.run() } catch { return -1 }
    p.waitUntilExit()
    return p.terminationStatus
}

let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bodii-bench-\(UUID().uuidString)")
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: folder) }
let dbURL = folder.appendingPathComponent("bench.sqlite")
let today = LocalDate.today()

print("bodii-bench — \(ProcessInfo.processInfo.processorCount) cores")

// A 10-year demo history, written the way `bodii demo --days 3650` writes it.
let batch = DemoHistory(days: 3650, endDate: today).makeBatch()
let database = try BodiiDatabase(url: dbURL)
try database.repositories.saveProfile(DemoHistory.profile)
let write = try measure(1) { try database.repositories.write(batch) }
if let last = batch.body.last {
    try database.repositories.saveActiveGoal(ProfileSetup.goal(.lose, tdee: last.1.tdee, weightKg: last.0.weightKg, on: today))
}
print("history write, 10 years (\(batch.body.count) weigh-ins, \(batch.exercise.count) workouts, \(batch.sleep.count) nights): \(String(format: "%.0f", write.median)) ms")

let query = DaySummaryQuery(source: database.repositories)
print("today query:                    " + (try measure(500) { _ = try query.summary(for: today) }).line)

try MainActor.assumeIsolated {
    let app = try HeadlessApp(databasePath: dbURL.path)
    _ = app.render(width: 200, height: 60)
    print("dashboard render 200×60:        " + measure(300) { _ = app.render(width: 200, height: 60) }.line)
    var tab = 0
    print("keystroke (switch tab) + render: " + measure(300) {
        tab = (tab + 1) % 6
        app.press(.char(Character(String(tab + 1))))
        _ = app.render(width: 200, height: 60)
    }.line)
    app.press(.char("1"))
    print("day step on dashboard + render:  " + measure(300) {
        app.press(.char("["))
        _ = app.render(width: 200, height: 60)
    }.line)
}

// Start to first full frame: the real binary in a pseudo-terminal (script), minus script's own cost.
let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("bodii").path
if FileManager.default.isExecutableFile(atPath: binary) {
    let env = "TERM=xterm-256color LANG=C.UTF-8 COLUMNS=200 LINES=60"
    let baseline = measure(21) { _ = shell("\(env) script -qec true /dev/null") }
    let firstFrame = measure(21) { _ = shell("\(env) script -qec '\(binary) --db \(dbURL.path) --exit-after-first-frame' /dev/null") }
    print("start to first frame (process): " + firstFrame.line)
    print(String(format: "  of which the pty wrapper:     median %.3f ms → app ≈ %.1f ms", baseline.median, firstFrame.median - baseline.median))
    let rssFile = folder.appendingPathComponent("rss.txt").path
    _ = shell("\(env) script -qec '\(binary) --db \(dbURL.path) --exit-after-first-frame 2>\(rssFile)' /dev/null")
    if let text = try? String(contentsOfFile: rssFile, encoding: .utf8) {
        print("memory: " + text.trimmingCharacters(in: .whitespacesAndNewlines).replacingOccurrences(of: "first frame drawn; ", with: ""))
    }
} else {
    print("start to first frame: build the bodii product first (swift build -c release)")
}
