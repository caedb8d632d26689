import BodiiDomain
import Foundation

import Testing
@testable import BodiiStore

/// The review board on a real database: notes and actions round-trip, links survive or are cut
/// cleanly, the carry-over of open actions is a query across periods, and metric-bound actions
/// are judged from the data of the period after their review.
@Suite struct ReviewStoreTests {
    let w1 = ReviewPeriod(.week, containing: day("2026-11-02"), weekStart: .monday)
    var w2: ReviewPeriod { w1.moved(by: 1) }
    var w3: ReviewPeriod { w1.moved(by: 2) }
    var w4: ReviewPeriod { w1.moved(by: 3) }

    @Test func migrationV6MakesTheReviewTables() throws {
        try withDatabase { db, _ throws in
            let applied = try db.appliedMigrations()
            #expect(applied.contains("v6"))
            // Migrations apply in the order of their ids, so a database's history reads the same everywhere.
            #expect(applied == (1...Schema.migrations.count).map { "v\($0)" })
        }
    }

    @Test func notesRoundTripWithTheProblemATryAnswers() throws {
        try withDatabase { _, repos in
            let problem = try repos.addReviewItem(ReviewItem(period: w1, kind: .problem, text: "Late screens"))
            let answer = try repos.addReviewItem(
                ReviewItem(period: w1, kind: .try, text: "Phone out of the bedroom", problemId: problem.id))
            _ = try repos.addReviewItem(ReviewItem(period: w2, kind: .keep, text: "Another week"))
            #expect(try repos.reviewItems(in: w1) == [problem, answer])
            var edited = answer
            edited.text = "Phone in the kitchen"
            try repos.updateReviewItem(edited)
            #expect(try repos.reviewItems(in: w1).last == edited)
            // Deleting the Problem cuts the Try's link; undo puts the note back under its own id.
            let problemId = try #require(problem.id)
            let deleted = try #require(try repos.deleteReviewItem(id: problemId))
            #expect(try repos.reviewItems(in: w1).map(\.problemId) == [nil])
            #expect(try repos.addReviewItem(deleted).id == problem.id)
            #expect(try repos.deleteReviewItem(id: 999) == nil)
        }
    }

    @Test func theDatabaseRefusesWhatTheDomainWouldNeverWrite() throws {
        try withDatabase { _, repos throws in
            // A metric without a target, and a closed action without its closing day.
            #expect(throws: (any Error).self) {
                try repos.addAction(ReviewAction(period: w1, text: "x", metric: .sleep, target: nil, createdOn: day("2026-11-08")))
            }
            #expect(throws: (any Error).self) {
                try repos.addAction(ReviewAction(period: w1, text: "x", status: .done, createdOn: day("2026-11-08"), closedOn: nil))
            }
            let stored = try repos.allActions(includingClosed: true)
            #expect(stored.isEmpty)
        }
    }

    /// An action written in week 1 shows in weeks 2 and 3 while open; closed in week 3, it still
    /// shows there (it was open when week 3 began) and no longer in week 4. Nothing is copied.
    @Test func openActionsCarryOverAcrossThreePeriods() throws {
        try withDatabase { _, repos in
            var action = try repos.addAction(ReviewAction(period: w1, text: "Walk after lunch", createdOn: w1.end))
            let id = try #require(action.id)
            _ = try repos.addAction(ReviewAction(period: w2, text: "Written in week 2", createdOn: w2.end))
            #expect(try repos.actionsCarriedOver(into: w1).isEmpty)
            #expect(try repos.actionsCarriedOver(into: w2).map(\.id) == [id])
            #expect(try repos.actionsCarriedOver(into: w3).map(\.text) == ["Walk after lunch", "Written in week 2"])
            action.status = .done
            action.closedOn = w3.start.adding(days: 2)
            try repos.updateAction(action)
            #expect(try repos.actionsCarriedOver(into: w3).map(\.status) == [.done, .open])
            #expect(try repos.actionsCarriedOver(into: w4).map(\.text) == ["Written in week 2"])
            #expect(try repos.actions(in: w1).map(\.id) == [id])  // still one row, in its own review
            #expect(try repos.allActions(includingClosed: false).map(\.text) == ["Written in week 2"])
            #expect(try repos.allActions(includingClosed: true).count == 2)
            // A month's review carries the weeks' actions too.
            #expect(
                try repos.actionsCarriedOver(into: ReviewPeriod(.month, containing: day("2026-12-01"), weekStart: .monday)).map(\.text) == [
                    "Written in week 2"
                ])
        }
    }

    @Test func reviewedWeeksAreThoseWithSomethingWritten() throws {
        try withDatabase { _, repos in
            let note = try repos.addReviewItem(ReviewItem(period: w1, kind: .keep, text: "x"))
            _ = try repos.addAction(ReviewAction(period: w3, text: "y", createdOn: w3.end))
            let span = DateRange(start: w1.start, end: w4.end)
            #expect(try repos.reviewedPeriods(.week, startingIn: span) == [w1.start, w3.start])
            let noteId = try #require(note.id)
            _ = try repos.deleteReviewItem(id: noteId)
            #expect(try repos.reviewedPeriods(.week, startingIn: span) == [w3.start])
        }
    }

    /// "Sleep 7 h on 4 nights", written in week 1, is judged over week 2: 4 of its nights are 7 h
    /// or more (6 h 59 is not). While week 2 runs it is "so far"; on the Monday after, met.
    @Test func aMetricActionIsJudgedWhenItsPeriodEnds() throws {
        try withDatabase { _, repos in
            for (offset, minutes) in [(0, 420), (1, 419), (2, 480), (3, 500), (5, 430)] {
                let d = w2.start.adding(days: offset)
                try repos.addSleepRecord(
                    SleepRecord(
                        date: d, bedtime: nil, wakeTime: nil, minutes: minutes, quality: nil,
                        status: SleepMath.status(minutes: minutes)))
            }
            try repos.addExerciseRecord(exercise(w2.start, kcal: 200, minutes: 40))
            let sleep = try repos.addAction(ReviewAction(period: w1, text: "Sleep", metric: .sleep, target: 4, createdOn: w1.end))
            let moves = try repos.addAction(ReviewAction(period: w1, text: "Move", metric: .exercise, target: 150, createdOn: w1.end))
            let steps = try repos.addAction(ReviewAction(period: w1, text: "Steps", metric: .steps, target: 8000, createdOn: w1.end))

            let before = try #require(try ActionProgress.judge(sleep, today: w1.end, source: repos))
            #expect(before.started == false && before.value == nil && before.met == nil)
            let midweek = try #require(try ActionProgress.judge(sleep, today: w2.start.adding(days: 2), source: repos))
            #expect(midweek.value == 2 && midweek.met == nil && midweek.verdict == "so far 2/4 nights ≥ 7 h")
            let sunday = try #require(try ActionProgress.judge(sleep, today: w2.end, source: repos))
            #expect(sunday.value == 4 && sunday.met == nil)
            let monday = try #require(try ActionProgress.judge(sleep, today: w3.start, source: repos))
            #expect(monday.met == true && monday.verdict == "met 4/4 nights ≥ 7 h")
            let exercise = try #require(try ActionProgress.judge(moves, today: w3.start, source: repos))
            #expect(exercise.met == false && exercise.value == 40)
            // No activity is imported yet: steps cannot be judged, and say so.
            let walked = try #require(try ActionProgress.judge(steps, today: w3.start, source: repos))
            #expect(walked.met == nil && walked.value == nil)
            #expect(
                try ActionProgress.judge(ReviewAction(period: w1, text: "plain", createdOn: w1.end), today: w3.start, source: repos) == nil)

            let review = try PeriodReview.load(w3, today: w3.start, source: repos)
            let sleepId = try #require(sleep.id)
            #expect(review.carriedOver.count == 3 && review.progress[sleepId]?.met == true)
        }
    }
}
