import BodiiDomain
import BodiiStore
import Foundation
import Testing

/// The weekly review as a user does it on Sunday: in the real binary in tmux by keyboard, and
/// from the command line (`review`, `review add`, `action add|list|done|drop`), with the JSON of
/// PRODUCT.md §8 and one-line refusals that write nothing.
@Suite(.serialized) struct ReviewEndToEndTests {
    let folder: TemporaryFolder
    init() throws { folder = try TemporaryFolder() }

    func demo(_ name: String, days: Int = 30) throws -> String {
        let db = folder.path(name)
        let r = try runBodii(["demo", "--days", "\(days)", "--db", db])
        try #require(r.status == 0, "\(r.stderr)")
        return db
    }

    func json(_ args: [String], db: String) throws -> Any {
        let out = try runBodii(args + ["--json", "--db", db])
        try #require(out.status == 0, "\(out.stderr)")
        return try JSONSerialization.jsonObject(with: Data(out.stdout.utf8))
    }

    @Test(.enabled(if: tmuxAvailable, "tmux is not installed: run scripts/test, which installs it"))
    func aWeeklyReviewByKeyboardShowsOnTheDashboard() throws {
        let db = try demo("tmux.sqlite")
        let t = try startAppInTmux(db: db)
        try t.waitFor(text: "Calories")
        try t.send("7")
        try t.waitFor("the week's summary and last week's actions") {
            $0.contains("Week 16–22 Nov 2026") && $0.contains("Open actions from earlier periods") && $0.contains("#4 Sleep 7 h")
        }
        try t.send("j", "d")  // last week's sleep action: done
        try t.waitFor(text: "Marked “Sleep 7 h or more on 5 nights” done.")
        try t.send("l", "a")
        try t.waitFor(text: "Add a Keep")
        try t.type("Slept well on weekdays")
        try t.send("Enter", "l", "a")
        try t.waitFor(text: "Add a Problem")
        try t.type("Late dinners")
        try t.send("Enter", "l", "a")
        try t.waitFor(text: "Add a Try")
        try t.type("Dinner before 19:30")
        try t.send("Tab")
        try t.type("1")
        try t.send("Enter", "l", "a")
        try t.waitFor(text: "Add an action")
        try t.type("In bed by 23:00")
        try t.send("Tab")
        try t.type("1")
        try t.send("Tab")
        try t.type("2026-11-29")
        try t.send("Tab", "Right", "Tab")
        try t.type("5")
        try t.send("Enter")
        try t.waitFor(text: "Added the action, judged 23–29 Nov 2026.")
        try t.send("1")
        // Four open now: last week's sleep action is done, the new one came in.
        try t.waitFor("the dashboard's Actions card") { $0.contains("─ Actions ─") && $0.contains("4 open") }
        try t.send("q")
        try t.waitFor(text: "EXITED 0.")

        let week = try #require(try json(["review"], db: db) as? [String: Any])
        #expect((week["keep"] as? [[String: Any]])?.first?["text"] as? String == "Slept well on weekdays")
        let tries = try #require(week["try"] as? [[String: Any]])
        let problems = try #require(week["problem"] as? [[String: Any]])
        #expect(tries.first?["problem_id"] as? Int == problems.first?["id"] as? Int)
        let actions = try #require(week["actions"] as? [[String: Any]])
        let mine = try #require(actions.first { $0["text"] as? String == "In bed by 23:00" })
        #expect(mine["metric"] as? String == "sleep" && mine["target"] as? Int == 5 && mine["due"] as? String == "2026-11-29")
        #expect(mine["met"] is NSNull && mine["status"] as? String == "open")
        #expect(actions.first { $0["id"] as? Int == 4 }?["status"] as? String == "done")
    }

    @Test func reviewJSONHasTheShapeOfTheSpec() throws {
        let db = try demo("json.sqlite")
        let week = try #require(try json(["review", "--period", "week", "--date", "2026-11-15"], db: db) as? [String: Any])
        for key in [
            "period", "start", "end", "wellness_score", "wellness_parts", "sleep", "exercise", "steps", "weight", "calories", "mood",
            "keep", "problem", "try", "actions",
        ] {
            #expect(week.keys.contains(key), "missing \(key)")
        }
        #expect(week["period"] as? String == "week" && week["start"] as? String == "2026-11-09" && week["end"] as? String == "2026-11-15")
        let parts = try #require(week["wellness_parts"] as? [String: Any])
        #expect(Set(parts.keys) == ["sleep", "exercise", "nutrition", "mood", "steps"])
        #expect(parts["steps"] is NSNull)
        #expect((week["steps"] as? [String: Any])?["avg"] is NSNull)
        #expect(Set((week["sleep"] as? [String: Any] ?? [:]).keys) == ["nights", "avg_minutes", "bedtime_sd_minutes"])
        #expect(Set((week["weight"] as? [String: Any] ?? [:]).keys) == ["start_trend_kg", "end_trend_kg", "change_kg"])
        #expect(Set((week["calories"] as? [String: Any] ?? [:]).keys) == ["logged_days", "adherent_days", "avg_eaten", "avg_target"])
        #expect(Set((week["mood"] as? [String: Any] ?? [:]).keys) == ["days", "avg_mood", "avg_energy"])
        let month = try #require(try json(["review", "--period", "month"], db: db) as? [String: Any])
        #expect(month["start"] as? String == "2026-11-01" && month["end"] as? String == "2026-11-30")

        // A week before any history: every figure is null or a count of 0.
        let fresh = try demo("fresh.sqlite", days: 1)
        let old = try #require(try json(["review", "--date", "2026-01-07"], db: fresh) as? [String: Any])
        #expect(old["wellness_score"] is NSNull)
        #expect((old["sleep"] as? [String: Any])?["avg_minutes"] is NSNull)
        #expect((old["calories"] as? [String: Any])?["avg_eaten"] is NSNull)
        #expect((old["weight"] as? [String: Any])?["change_kg"] is NSNull)
    }

    @Test func actionsFromTheCommandLine() throws {
        let db = try demo("cli.sqlite")
        let add = try runBodii([
            "action", "add", "Walk 30 minutes after lunch", "--due", "2026-11-29", "--metric", "exercise", "--target", "150",
            "--db", db,
        ])
        #expect(add.status == 0, "\(add.stderr)")
        #expect(
            add.stdout.contains(
                "Added action #7: Walk 30 minutes after lunch, due 2026-11-29; judged 2026-11-23 to 2026-11-29: 150 min exercise"))
        let open = try #require(try json(["action", "list"], db: db) as? [[String: Any]])
        #expect(open.map { $0["id"] as? Int } == [1, 4, 5, 6, 7])
        // Judged over last week, which is over: met when at least 5 of its nights were 7 h or more.
        let sleepAction = try #require(open.first { $0["id"] as? Int == 4 })
        let nights = try #require(sleepAction["progress"] as? Int)
        #expect(sleepAction["met"] as? Bool == (nights >= 5) && sleepAction["judged_end"] as? String == "2026-11-15")
        #expect(try runBodii(["action", "done", "1", "--db", db]).status == 0)
        let drop = try runBodii(["action", "drop", "6", "--note", "the knee is fine", "--db", db])
        #expect(drop.status == 0 && drop.stdout.contains("Dropped: #6 Book a physio appointment for the knee (the knee is fine)"))
        let all = try #require(try json(["action", "list", "--all"], db: db) as? [[String: Any]])
        #expect(all.count == 7)
        #expect(all.first { $0["id"] as? Int == 6 }?["drop_note"] as? String == "the knee is fine")
        let review = try runBodii(["review", "add", "problem", "Too many late nights", "--db", db])
        #expect(review.status == 0 && review.stdout.contains("Added Problem #13"), "\(review.stdout)\(review.stderr)")
        let text = try runBodii(["review", "--db", db])
        #expect(text.stdout.contains("Problem\n  - Too many late nights"), "\(text.stdout)")
        let report = try runBodii(["report", "--review", "--db", db])
        #expect(
            report.status == 0 && report.stdout.contains("Review — Week 16–22 Nov 2026 (so far)")
                && report.stdout.contains("Too many late nights"))
    }

    @Test func badInputIsRefusedInOneLineAndWritesNothing() throws {
        let db = try demo("refuse.sqlite")
        let before = try #require(try json(["action", "list", "--all"], db: db) as? [[String: Any]]).count
        let cases: [([String], Int32, String)] = [
            (["action", "add", ""], 65, "text is empty"),
            (["action", "add", String(repeating: "x", count: 10_240)], 65, "is too long"),
            (["action", "add", "bad\u{1B}[2Jtext"], 65, "contains control characters"),
            (["action", "add", "late", "--due", "2026-11-01"], 65, "due date \"2026-11-01\" is out of range"),
            (["action", "add", "absurd", "--due", "9999-12-31"], 65, "is out of range"),
            (["action", "add", "naps", "--metric", "naps", "--target", "3"], 65, "metric \"naps\""),
            (["action", "add", "neg", "--metric", "exercise", "--target", "-5"], 65, "target \"-5\" is out of range"),
            (["action", "add", "half", "--metric", "exercise"], 64, "--metric and --target together"),
            (["action", "done", "99"], 65, "action \"99\" does not exist"),
            (["action", "done", "abc"], 65, "id \"abc\" is not a number"),  // a bad value, as `pantry use abc`
            (["action", "done", "-1"], 65, "id \"-1\" is out of range"),
            (["action", "drop", "1", "--note", ""], 64, "--note is empty"),
            (["review", "--date", ""], 64, "--date is empty"),
            (["review", "add", "wish", "more sleep"], 64, "column \"wish\" is not one of keep, problem, try"),
            (["review", "--period", "year"], 64, "period \"year\" is not one of week, month"),
            (["review", "--date", "2027-01-01"], 65, "is in the future"),
        ]
        for (args, code, message) in cases {
            let r = try runBodii(args + ["--db", db])
            #expect(r.status == code, "\(args): \(r.status) \(r.stderr)")
            #expect(r.stderr.contains(message), "\(args): \(r.stderr)")
            #expect(r.stderr.split(separator: "\n").count == 1, "\(args): one line, got \(r.stderr)")
        }
        #expect(try runBodii(["action", "done", "2", "--db", db]).stderr.contains("already done"))
        let after = try #require(try json(["action", "list", "--all"], db: db) as? [[String: Any]])
        #expect(after.count == before && after.first { $0["id"] as? Int == 1 }?["status"] as? String == "open")
    }
}
