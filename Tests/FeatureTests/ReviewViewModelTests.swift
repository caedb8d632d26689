import Testing
import SnapshotTesting
import BodiiDomain
import BodiiStore
import TerminalKit
import SharedCharts
import ReviewFeature
import DashboardFeature

/// The Review tab driven by keys on a real database: a weekly review from the open actions to a
/// metric-bound action, period and week/month keys, edit, delete with undo; and its snapshots.
@MainActor
@Suite struct ReviewViewModelTests {
    /// The demo history of `days` days with the demo's past reviews.
    static func reviewDatabase(days: Int = 60, meals: Bool = false) throws -> TestDatabase {
        let db = try TestDatabase.demo(days: days, meals: meals)
        var batch = HistoryBatch()
        (batch.reviewItems, batch.actions) = DemoHistory(days: days, endDate: db.clock.today).reviews()
        try db.repositories.write(batch)
        return db
    }

    private func tab(_ db: TestDatabase) -> FlowHost<ReviewViewModel> {
        let vm = FlowHost(ReviewViewModel(source: db.repositories, clock: db.clock))
        vm.didBecomeVisible()
        return vm
    }

    private var week: ReviewPeriod { ReviewPeriod(.week, containing: TestDay.fixed, weekStart: .monday) }

    @Test func aSundayReviewByKeyboard() throws {
        let db = try Self.reviewDatabase()
        let vm = tab(db)
        // Opens on last weeks' open actions, before anything new.
        #expect(vm.focus == .carried)
        #expect(vm.tab.cards(in: .carried).count == 4)
        vm.press(.char("j"))  // "Sleep 7 h or more on 5 nights"
        vm.press(.char("d"))
        #expect(try db.repositories.action(id: 4)?.status == .done)
        #expect(try db.repositories.action(id: 4)?.closedOn == TestDay.fixed)
        vm.press(.char("j"))
        vm.press(.char("D"))  // drop with a note
        vm.type("no longer needed")
        vm.press(.enter)
        let dropped = try #require(try db.repositories.action(id: 5))
        #expect(dropped.status == .dropped && dropped.dropNote == "no longer needed")

        vm.press(.char("l"))
        #expect(vm.focus == .keep)
        vm.press(.char("a")); vm.type("Slept well on weekdays"); vm.press(.enter)
        vm.press(.char("l"))
        vm.press(.char("a")); vm.type("Late dinners"); vm.press(.enter)
        vm.press(.char("l"))
        vm.press(.char("a")); vm.type("Dinner before 19:30"); vm.press(.tab); vm.type("1"); vm.press(.enter)
        vm.press(.right)
        #expect(vm.focus == .action)
        vm.press(.char("a"))
        vm.type("In bed by 23:00 on 5 nights")
        vm.press(.tab); vm.type("1")  // from Try 1
        vm.press(.tab); vm.type("2026-11-29")  // due
        vm.press(.tab); vm.press(.right)  // metric: sleep
        vm.press(.tab); vm.type("5")
        vm.press(.enter)
        #expect(vm.form == nil, "\(String(describing: vm.status))")

        let items = try db.repositories.reviewItems(in: week)
        #expect(items.map(\.kind) == [.keep, .problem, .try])
        #expect(items[2].problemId == items[1].id)
        let action = try #require(try db.repositories.actions(in: week).first)
        #expect(action.tryId == items[2].id && action.metric == .sleep && action.target == 5 && action.due == LocalDate(iso: "2026-11-29"))
        #expect(vm.status?.text == "Added the action, judged 23–29 Nov 2026.")
        let screen = render(vm, .small).text
        #expect(screen.contains("In bed by 23:00 on 5 nights"))
        #expect(screen.contains("from 23 Nov: target 5"))
    }

    @Test func badInputStaysInTheFormAndWritesNothing() throws {
        let db = try Self.reviewDatabase()
        let vm = tab(db)
        vm.press(.char("l"), times: 4)
        #expect(vm.focus == .action)
        vm.press(.char("a"))
        vm.type("Walk")
        vm.press(.tab); vm.press(.tab); vm.type("2026-11-01")  // in the past
        vm.press(.enter)
        #expect(vm.form != nil)
        #expect(vm.form?.form.errors["due"]?.hasPrefix("due date \"2026-11-01\" is out of range") == true)
        vm.press(.escape)
        vm.press(.char("a")); vm.press(.enter)  // empty text
        #expect(vm.form?.form.errors["text"]?.hasPrefix("action is empty") == true)
        #expect(try db.repositories.actions(in: week).isEmpty)
    }

    /// Issue 26: every bad field at once, as the other forms report them.
    @Test func theActionFormReportsEveryBadFieldAtOnce() throws {
        let db = try Self.reviewDatabase()
        let vm = tab(db)
        vm.press(.char("l"), times: 4)
        vm.press(.char("a"))
        vm.press(.tab); vm.type("9")  // no Try 9
        vm.press(.tab); vm.type("2026-11-01")  // in the past
        vm.press(.enter)  // and the text is empty
        let errors = try #require(vm.form?.form.errors)
        #expect(Set(errors.keys) == ["text", "from", "due"])
        #expect(errors["text"]?.hasPrefix("action is empty") == true)
        #expect(errors["due"]?.hasPrefix("due date \"2026-11-01\" is out of range") == true)
        #expect(vm.form?.form.focusedID == "text", "the focus goes to the first bad field")
        #expect(vm.status?.text == "Please fix the marked fields.")
        #expect(try db.repositories.actions(in: week).isEmpty)
    }

    @Test func periodsMoveAndSwitchBetweenWeekAndMonth() throws {
        let db = try Self.reviewDatabase()
        let vm = tab(db)
        vm.press(.char("["))
        #expect(vm.period.start == LocalDate(iso: "2026-11-09"))
        #expect(vm.tab.cards(in: .keep).map(\.text) == ["Three runs, all easy pace"])
        vm.press(.char("]"))
        vm.press(.char("]"))  // never past this week
        #expect(vm.period == week && vm.status?.text == "This is the current week.")
        vm.press(.char("-"))
        #expect(vm.period == ReviewPeriod(.month, containing: TestDay.fixed, weekStart: .monday))
        vm.press(.char("["))
        #expect(vm.tab.cards(in: .problem).map(\.text) == ["Too little strength training"])
        vm.press(.char("+"))
        vm.press(.char("t"))
        #expect(vm.period == week)
    }

    @Test func editDeleteAndUndo() throws {
        let db = try Self.reviewDatabase()
        let vm = tab(db)
        vm.press(.char("["))
        vm.press(.char("l"), times: 2)  // Problem of last week
        vm.press(.char("e"))
        vm.type("Weekend meals over target")
        vm.press(.enter)
        let last = week.moved(by: -1)
        #expect(try db.repositories.reviewItems(in: last).first { $0.kind == .problem }?.text == "Weekend meals over target")
        vm.press(.char("x"))
        vm.press(.char("y"))
        #expect(try db.repositories.reviewItems(in: last).filter { $0.kind == .problem }.isEmpty)
        #expect(vm.status?.text.hasSuffix("u to undo.") == true)
        vm.press(.char("u"))
        #expect(try db.repositories.reviewItems(in: last).filter { $0.kind == .problem }.map(\.text) == ["Weekend meals over target"])
    }

    /// Issue 23 #21: undoing the delete of a Problem gives its Try back the link (`problem_id`),
    /// and undoing the delete of a Try gives its action back the link (`try_id`).
    @Test func undoRestoresTheLinksTheDeleteCut() throws {
        let db = try Self.reviewDatabase()
        let repos = db.repositories
        let problem = try repos.addReviewItem(ReviewItem(period: week, kind: .problem, text: "Late dinners"))
        let answer = try repos.addReviewItem(ReviewItem(period: week, kind: .try, text: "Dinner before 19:30", problemId: problem.id))
        let action = try repos.addAction(
            ReviewAction(period: week, text: "Eat by 19:30 on 5 days", tryId: answer.id, createdOn: TestDay.fixed))
        let vm = tab(db)

        vm.press(.char("l"), times: 2)  // the Problem column
        #expect(vm.focus == .problem)
        vm.press(.char("x")); vm.press(.char("y"))
        #expect(try repos.reviewItems(in: week).first { $0.id == answer.id }?.problemId == nil, "the delete cuts the link")
        vm.press(.char("u"))
        #expect(try repos.reviewItems(in: week).first { $0.id == problem.id }?.text == "Late dinners")
        #expect(try repos.reviewItems(in: week).first { $0.id == answer.id }?.problemId == problem.id)

        vm.press(.char("l"))  // the Try column
        #expect(vm.focus == .try)
        vm.press(.char("x")); vm.press(.char("y"))
        #expect(try repos.action(id: #require(action.id))?.tryId == nil)
        vm.press(.char("u"))
        let restored = try #require(try repos.reviewItems(in: week).first { $0.id == answer.id })
        #expect(restored.problemId == problem.id, "a restored Try keeps its own link")
        #expect(try repos.action(id: #require(action.id))?.tryId == answer.id)
    }

    /// Written on Sunday, on the dashboard on Monday with its progress so far; the review week
    /// is marked on the check-in card.
    @Test func mondayShowsTheNewActionOnTheDashboard() throws {
        let db = try Self.reviewDatabase()
        _ = try db.repositories.addAction(
            ReviewAction(
                period: week, text: "In bed by 23:00", due: LocalDate(iso: "2026-11-29"), metric: .sleep,
                target: 5, createdOn: TestDay.fixed))
        let monday = FixedClock(day: TestDay.fixed.adding(days: 1))
        let vm = DashboardViewModel(source: db.repositories, clock: monday)
        vm.didBecomeVisible()
        var buffer = Buffer(width: 120, height: 40, for: snapshotContext)
        vm.render(in: buffer.area, buffer: &buffer, context: snapshotContext)
        let screen = buffer.text
        #expect(screen.contains("In bed by 23:00"), "\(screen)")
        #expect(screen.contains("so far 0/5 nights"), "\(screen)")  // no night logged for Monday yet
        // The reviewed week's row ends in R (it was "*", the ASCII full dot).
        #expect(screen.split(separator: "\n").contains { $0.contains("9 Nov ") && $0.contains("R ") }, "\(screen)")
        let small = render(vm, .small).text
        #expect(small.contains("Actions 5 open, 1 overdue · Log every meal this week not met"), "\(small)")
    }

    // MARK: snapshots

    private func snap(_ vm: FlowHost<ReviewViewModel>, width: Int, height: Int, label: String, testName: String = #function, line: UInt = #line) {
        var buffer = Buffer(width: width, height: height, for: snapshotContext)
        vm.render(in: buffer.area, buffer: &buffer, context: snapshotContext)
        assertSnapshot(of: buffer.text, as: .lines, named: "\(width)x\(height)-\(label)", testName: testName, line: line)
    }

    @Test func snapshots() throws {
        let db = try Self.reviewDatabase(meals: true)
        let vm = tab(db)
        snap(vm, width: 80, height: 21, label: "week")
        snap(vm, width: 160, height: 45, label: "week")
        vm.press(.char("-"))
        snap(vm, width: 100, height: 40, label: "month")
        vm.press(.char("+"))
        vm.press(.char("l"), times: 4)
        vm.press(.char("a"))
        snap(vm, width: 80, height: 21, label: "action-form")
        let ascii = RenderContext(theme: .fallback, symbols: .ascii)
        var buffer = Buffer(width: 80, height: 21, for: ascii)
        vm.press(.escape)
        vm.render(in: buffer.area, buffer: &buffer, context: ascii)
        let screen = buffer.text
        let nonASCII = screen.unicodeScalars.filter { !$0.isASCII }
        #expect(nonASCII.isEmpty, "\(screen)")
    }

    /// Cards wrap into the rows below them and are cut with "…" only when rows run out (issue 26:
    /// cut at 16 characters at 80×24 and 27 at 120×40 with 20 empty rows below).
    @Test func cardsWrapIntoTheRowsTheColumnHas() throws {
        let db = try Self.reviewDatabase()
        let vm = tab(db)
        vm.press(.char("l"))  // Keep
        vm.press(.char("a")); vm.type("Slept well on weekdays thanks to the earlier dinners"); vm.press(.enter)
        vm.press(.char("a")); vm.type("Walked to work"); vm.press(.enter)
        vm.press(.char("l"))  // Problem
        let long = Array(repeating: "late dinners again", count: 12).joined(separator: " and ")
        vm.press(.char("a")); vm.type(long); vm.press(.enter)
        for (width, height) in [(80, 24), (120, 40)] {
            var buffer = Buffer(width: width, height: height, for: snapshotContext)
            vm.render(in: buffer.area, buffer: &buffer, context: snapshotContext)
            let lines = buffer.text.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0) }
            let top = try #require(lines.firstIndex { String($0).contains("╭─ Keep") })
            let bottom = try #require(lines[top...].firstIndex { String($0).hasPrefix("╰") })
            let columnWidth = width / 4
            func column(_ n: Int) -> [String] {
                lines[(top + 1)..<bottom].map { String($0[(n * columnWidth + 1)..<((n + 1) * columnWidth - 1)]).trimmingCharacters(in: .whitespaces) }
            }
            let keep = column(0).joined(separator: " ")
            #expect(keep.contains("1. Slept well on weekdays thanks to the earlier dinners"), "\(keep)")
            #expect(keep.contains("2. Walked to work"), "\(keep)")
            // The long card fills the column's rows and is marked where it stops; with rows to
            // spare (120×40) it reads whole.
            let problem = column(1)
            if height == 24 {
                #expect(problem.allSatisfy { !$0.isEmpty } && problem.last?.hasSuffix("…") == true, "\(problem)")
            } else {
                #expect(problem.joined(separator: " ").contains("1. " + long), "\(problem)")
            }
            assertSnapshot(of: buffer.text, as: .lines, named: "\(width)x\(height)-cards")
        }
    }

    @Test func tinySizesNeverTrap() throws {
        let db = try Self.reviewDatabase(days: 10)
        let vm = tab(db)
        for width in [0, 1, 2, 5, 13, 40] {
            for height in [0, 1, 2, 3, 7, 12] {
                var buffer = Buffer(width: width, height: height, for: snapshotContext)
                vm.render(in: buffer.area, buffer: &buffer, context: snapshotContext)
            }
        }
    }
}
