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
