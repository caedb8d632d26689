import Foundation
import Testing

/// Issue 26: at 80×24 with open Review actions the Dashboard dropped the Use soon line; now the two
/// share one row (the real binary in tmux, on a demo database with both).
@Suite(.serialized) struct DashboardRoomTests {
    static let now = "2026-11-25T12:00:00+00:00"

    @Test(.enabled(if: tmuxAvailable, "tmux is not installed: run scripts/test, which installs it"))
    func actionsAndUseSoonBothShowAt80x24() throws {
        let folder = try TemporaryFolder()
        let db = folder.path("room.sqlite")
        let demo = try runBodii(["demo", "--days", "60", "--db", db], environment: ["BODII_NOW": Self.now])
        try #require(demo.status == 0, "\(demo.stderr)")
        let command = "sh -c '\(BodiiBinary.url.path) --db \(db); sleep 60'"
        let t = try TmuxSession(
            command: command, width: 80, height: 24, environment: ["BODII_NOW": Self.now, "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"])
        let screen = try t.waitFor(text: "Calories kcal")
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.contains { $0.contains("Actions ") && $0.contains("open") }, "\(screen)")
        #expect(lines.contains { $0.contains("Use soon ") }, "\(screen)")
        // The charts keep their rows: five plot rows between the chart title and the x labels.
        let chartTop = try #require(lines.firstIndex { $0.contains("Calories kcal") })
        let labels = try #require(lines.indices.first { $0 > chartTop && lines[$0].contains("today") })
        #expect(labels - chartTop - 1 == 5, "\(screen)")
    }
}

/// Issue 26, the done-when captures: the Review at 160×48 on the demo read "(0.0 kg)" under
/// "78.9 kg → 78.8 kg" and a range "55–55 min"; a change agrees with the figures shown.
@Suite(.serialized) struct CaptureTextTests {
    @Test(.enabled(if: tmuxAvailable, "tmux is not installed: run scripts/test, which installs it"))
    func theReviewsFiguresAgreeWithEachOther() throws {
        let folder = try TemporaryFolder()
        let db = folder.path("review.sqlite")
        let demo = try runBodii(["demo", "--days", "60", "--db", db], environment: ["BODII_NOW": DashboardRoomTests.now])
        try #require(demo.status == 0, "\(demo.stderr)")
        let command = "sh -c '\(BodiiBinary.url.path) --db \(db); sleep 60'"
        let t = try TmuxSession(
            command: command, width: 160, height: 48,
            environment: ["BODII_NOW": DashboardRoomTests.now, "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"])
        try t.waitFor(text: "charts: last")
        try t.send("7")
        let screen = try t.waitFor(text: "Summary")
        let trend = try #require(screen.split(separator: "\n").first { $0.contains("Weight    trend") }.map(String.init))
        let numbers = trend.split { !($0.isNumber || $0 == "." || $0 == "−" || $0 == "+") }.map(String.init).filter { $0.contains(".") }
        try #require(numbers.count >= 3, "\(trend)")
        let (from, to) = (Double(numbers[0]) ?? 0, Double(numbers[1]) ?? 0)
        let change = Double(numbers[2].replacingOccurrences(of: "−", with: "-").replacingOccurrences(of: "+", with: "")) ?? 99
        #expect(abs((to - from) - change) < 0.001, "\(trend)")
        for line in screen.split(separator: "\n") {
            let words = line.split(separator: " ")
            for w in words where w.contains("–") {
                let ends = w.split(separator: "–")
                #expect(ends.count != 2 || ends[0] != ends[1], "a range of one value: \(line)")
            }
        }
    }
}
